//go:build unix && !linux

package capture

import (
	"os/exec"
	"syscall"
)

// prepare puts the CLI in its own process group; see procTree.
func (t *procTree) prepare(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

// kill ends the CLI's process group; descendants that left it are not
// found without /proc (see procTree).
func (t *procTree) kill() {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.cli > 0 {
		syscall.Kill(-t.cli, syscall.SIGKILL) //nolint:errcheck // the group may be gone
	}
}
