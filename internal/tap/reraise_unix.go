//go:build !windows

package tap

import (
	"os"
	"os/signal"
	"syscall"
	"time"
)

// Reraise ends this process with the signal that ended the CLI, so that
// the SDK sees the same wait status it would have seen without the tap
// ('protocheck tap' calls it when Result.Signal is set). It returns only
// if that failed; the caller then exits 128+sig (CommandResult.ExitCode).
func Reraise(sig syscall.Signal) {
	signal.Reset(sig)
	syscall.Kill(os.Getpid(), sig) //nolint:errcheck // falls back to exit 128+sig
	time.Sleep(100 * time.Millisecond)
}
