//go:build !unix

package harness

import "os/exec"

// group does nothing where there are no process groups.
func group(*exec.Cmd) {}

// killGroup ends the harness only.
func killGroup(cmd *exec.Cmd) {
	if cmd.Process != nil {
		cmd.Process.Kill() //nolint:errcheck // it may be gone
	}
}
