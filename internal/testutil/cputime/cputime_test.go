package cputime

import (
	"runtime"
	"testing"
	"time"
)

// TestOfCountsWorkNotWaiting: a sleep costs the thread no CPU; a busy
// loop does.
func TestOfCountsWorkNotWaiting(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the thread's CPU clock is read on Linux only")
	}
	slept, clock := Of(func() { time.Sleep(200 * time.Millisecond) })
	if clock != "CPU" || slept > 100*time.Millisecond {
		t.Errorf("a 200 ms sleep: %v of %s time; want well under 100 ms of CPU", slept, clock)
	}
	busy, _ := Of(func() {
		for start := time.Now(); time.Since(start) < 300*time.Millisecond; {
		}
	})
	if busy == 0 {
		t.Error("a busy loop cost no CPU time")
	}
}
