//go:build !windows && !linux

package tap

import (
	"os"
	"os/exec"
	"syscall"
)

// SysProcAttr puts the CLI in a process group of its own, so that a
// terminal's Ctrl-C reaches it once (forwarded by the tap) rather than
// twice. (There is no parent-death signal here: a tap killed outright
// closes the CLI's stdin, and a CLI that reads it ends on that.)
func SysProcAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true}
}

// StartAndWait starts cmd and closes exited once it has exited.
func StartAndWait(cmd *exec.Cmd, exited chan<- struct{}) error {
	if err := cmd.Start(); err != nil {
		return err
	}
	go func() {
		cmd.Wait() //nolint:errcheck // the status is read from ProcessState
		close(exited)
	}()
	return nil
}

// killTree kills the CLI and its process group.
func killTree(p *os.Process) {
	syscall.Kill(-p.Pid, syscall.SIGKILL) //nolint:errcheck // it may be gone
	p.Kill()                              //nolint:errcheck // it may be gone
}
