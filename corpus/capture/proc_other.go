//go:build !unix

package capture

import (
	"os"
	"os/exec"
)

// prepare does nothing where there are no process groups.
func (t *procTree) prepare(*exec.Cmd) {}

// kill ends the CLI only.
func (t *procTree) kill() {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.cli > 0 {
		if p, err := os.FindProcess(t.cli); err == nil {
			p.Kill() //nolint:errcheck // it may be gone
		}
	}
}
