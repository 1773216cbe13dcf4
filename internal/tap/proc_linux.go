package tap

import (
	"os"
	"os/exec"
	"runtime"
	"syscall"
)

// SysProcAttr puts the CLI in a process group of its own, so that a
// terminal's Ctrl-C reaches it once (forwarded by the tap) rather than
// twice, and has the kernel kill it when the tap dies, however it dies
// (SIGKILL included): a CLI that never reads its stdin would otherwise
// run on for good. See StartAndWait for the thread this needs.
func SysProcAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
}

// StartAndWait starts cmd and closes exited once it has exited. Linux
// sends the parent-death signal when the thread that started the child
// ends, not the process; Go may end an idle thread, so the CLI is started
// from a goroutine locked to its thread, which waits for the CLI there.
func StartAndWait(cmd *exec.Cmd, exited chan<- struct{}) error {
	started := make(chan error, 1)
	go func() {
		runtime.LockOSThread()
		// Never unlocked: the goroutine ends when the CLI has, and its
		// thread ends with it.
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

// killTree kills the CLI and its process group.
func killTree(p *os.Process) {
	syscall.Kill(-p.Pid, syscall.SIGKILL) //nolint:errcheck // it may be gone
	p.Kill()                              //nolint:errcheck // it may be gone
}
