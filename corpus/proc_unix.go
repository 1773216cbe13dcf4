//go:build unix

package corpus

import (
	"os/exec"
	"syscall"
)

// setProcessGroup puts the CLI in its own process group and makes a
// cancelled run kill the whole group, hooks and tools included.
func setProcessGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
}
