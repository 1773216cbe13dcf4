//go:build !windows

package tap

import "syscall"

// sysProcAttr puts the CLI in a process group of its own, so that a
// terminal's Ctrl-C reaches it once (forwarded by the tap) rather than
// twice. (No Pdeathsig: Linux sends it when the thread that started the
// CLI ends, which Go does not promise to keep; a tap killed outright
// closes the CLI's stdin, and the CLI ends on that.)
func sysProcAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true}
}
