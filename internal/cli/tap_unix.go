//go:build !windows

package cli

import (
	"os"
	"os/signal"
	"syscall"
	"time"
)

// reraise ends tap with the signal that ended the CLI, so that the SDK
// sees the same wait status it would have seen without tap. It returns
// only if that failed; the caller then exits 128+sig.
func reraise(sig syscall.Signal) {
	signal.Reset(sig)
	syscall.Kill(os.Getpid(), sig) //nolint:errcheck // falls back to exit 128+sig
	time.Sleep(100 * time.Millisecond)
}
