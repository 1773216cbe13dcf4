package tap

import "syscall"

// sysProcAttr puts the CLI in a process group of its own, so that a
// terminal's Ctrl-C reaches it once (forwarded by the tap) rather than
// twice, and has it killed when the tap dies without a chance to forward
// anything (SIGKILL).
func sysProcAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
}
