package cputime

import (
	"runtime"
	"time"
)

// Of runs f on a thread of its own and returns the CPU time that thread
// spent in it, and the clock read: "CPU", or "wall" where the thread's
// clock is not available.
func Of(f func()) (time.Duration, string) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	c0, ok0 := threadCPU()
	start := time.Now()
	f()
	wall := time.Since(start)
	if c1, ok1 := threadCPU(); ok0 && ok1 {
		return c1 - c0, "CPU"
	}
	return wall, "wall"
}
