//go:build linux

package report

import (
	"syscall"
	"time"
	"unsafe"
)

// threadCPU returns the CPU time the calling thread has used (Linux's
// CLOCK_THREAD_CPUTIME_ID), and true; the caller holds its thread
// (runtime.LockOSThread). Time spent waiting for a CPU is not counted, so
// a ratio of two readings is not moved by the machine's load.
func threadCPU() (time.Duration, bool) {
	const clockThreadCPUTimeID = 3
	var ts syscall.Timespec
	if _, _, e := syscall.Syscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTimeID, uintptr(unsafe.Pointer(&ts)), 0); e != 0 {
		return 0, false
	}
	return time.Duration(ts.Nano()), true
}
