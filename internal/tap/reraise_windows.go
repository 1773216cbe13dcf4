package tap

import "syscall"

// Reraise does nothing on Windows: the caller exits 128+sig.
func Reraise(syscall.Signal) {}
