package cli

import "syscall"

// reraise does nothing on Windows: the caller exits 128+sig.
func reraise(syscall.Signal) {}
