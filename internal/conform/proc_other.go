//go:build !linux

package conform

import (
	"os"
	"os/exec"
	"syscall"
	"time"
)

// sysProcAttr: no process group or parent-death signal here; the command
// is killed alone at the timeout.
func sysProcAttr() *syscall.SysProcAttr { return nil }

// startAndWait starts cmd and closes exited once it has exited.
func startAndWait(cmd *exec.Cmd, exited chan<- struct{}) error {
	if err := cmd.Start(); err != nil {
		return err
	}
	go func() {
		cmd.Wait() //nolint:errcheck // the status is read from ProcessState
		close(exited)
	}()
	return nil
}

// stopGroup kills the command and waits for it.
func stopGroup(p *os.Process, exited <-chan struct{}, _ time.Duration) {
	p.Kill() //nolint:errcheck // it may be gone
	<-exited
}
