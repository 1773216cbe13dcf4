package cli

import (
	"os/signal"
	"syscall"
)

// ignoreSIGPIPE makes a write to a closed pipe an EPIPE error, which the
// command reports and turns into exit code 2, rather than a signal that
// kills the process.
func ignoreSIGPIPE() { signal.Ignore(syscall.SIGPIPE) }
