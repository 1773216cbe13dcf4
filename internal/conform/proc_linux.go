package conform

import (
	"os"
	"os/exec"
	"runtime"
	"syscall"
	"time"
)

// sysProcAttr puts the command in a process group of its own (killed
// whole at the timeout) and has the kernel kill it when conform dies,
// however it dies: a conform killed outright leaves no command behind (and
// each shim's tap takes its CLI with it the same way).
func sysProcAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
}

// startAndWait starts cmd and closes exited once it has exited. The
// parent-death signal follows the thread that started the child, so the
// command is started from a goroutine locked to its thread, which waits
// for it there.
func startAndWait(cmd *exec.Cmd, exited chan<- struct{}) error {
	started := make(chan error, 1)
	go func() {
		runtime.LockOSThread()
		if err := cmd.Start(); err != nil {
			started <- err
			return
		}
		started <- nil
		cmd.Wait() //nolint:errcheck // the status is read from ProcessState
		close(exited)
	}()
	return <-started
}

// stopGroup stops the command's process group: SIGTERM (a shim's tap
// passes it to its CLI and removes its own folders), then, for what is
// still there after grace, SIGKILL. It returns once the command itself
// has exited.
func stopGroup(p *os.Process, exited <-chan struct{}, grace time.Duration) {
	syscall.Kill(-p.Pid, syscall.SIGTERM) //nolint:errcheck // it may be gone
	deadline := time.Now().Add(grace)
	for time.Now().Before(deadline) {
		if syscall.Kill(-p.Pid, 0) != nil {
			break // the whole group is gone
		}
		time.Sleep(20 * time.Millisecond)
	}
	syscall.Kill(-p.Pid, syscall.SIGKILL) //nolint:errcheck // it may be gone
	p.Kill()                              //nolint:errcheck // it may be gone
	<-exited
}
