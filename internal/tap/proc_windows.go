package tap

import (
	"os"
	"os/exec"
	"syscall"
)

// SysProcAttr: on Windows the CLI starts as any child does.
func SysProcAttr() *syscall.SysProcAttr { return nil }

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

// killTree kills the CLI.
func killTree(p *os.Process) { p.Kill() } //nolint:errcheck // it may be gone
