//go:build unix

package harness

import (
	"os/exec"
	"syscall"
)

// group puts the harness in a process group of its own, so that what it
// starts (a fake CLI, a subprocess of its SDK) ends with it.
func group(cmd *exec.Cmd) { cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true} }

// killGroup ends the harness's process group.
func killGroup(cmd *exec.Cmd) {
	if cmd.Process != nil {
		syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) //nolint:errcheck // the group may be gone
		cmd.Process.Kill()                              //nolint:errcheck // it may be gone
	}
}
