package tap

import "syscall"

// sysProcAttr: on Windows the CLI starts as any child does.
func sysProcAttr() *syscall.SysProcAttr { return nil }
