package validate

import (
	"os"
	"syscall"
	"time"
	"unsafe"
)

// threadCPU returns the CPU time the calling thread has used (Linux's
// CLOCK_THREAD_CPUTIME_ID), and true; the caller holds its thread
// (runtime.LockOSThread). Time the thread spent waiting for a CPU is not
// counted: a timing test that reads it is not moved by the machine's load.
func threadCPU() (time.Duration, bool) {
	const clockThreadCPUTimeID = 3
	var ts syscall.Timespec
	if _, _, e := syscall.Syscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTimeID, uintptr(unsafe.Pointer(&ts)), 0); e != 0 {
		return 0, false
	}
	return time.Duration(ts.Nano()), true
}

// haveRusage says childUsage reads what a child process used.
const haveRusage = true

// childUsage returns the CPU time (user and system) and the peak
// resident memory in KB of an ended child process.
func childUsage(ps *os.ProcessState) (time.Duration, int64) {
	ru := ps.SysUsage().(*syscall.Rusage)
	return ps.UserTime() + ps.SystemTime(), ru.Maxrss
}

// processCPU returns the CPU time (user and system) every thread of the
// process has used, and true.
func processCPU() (time.Duration, bool) {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
