//go:build unix

package tap

import (
	"io"
	"os"
	"syscall"
	"testing"
	"time"
)

// TestSignalsForwarded: a signal to the tap reaches the CLI, which dies
// of it; the tap itself goes on.
func TestSignalsForwarded(t *testing.T) {
	pr, pw := io.Pipe()
	defer pw.Close()
	out := &readyWriter{ready: make(chan struct{})}
	done := make(chan Result, 1)
	go func() {
		res, err := Run(Config{Argv: []string{"sh", "-c", `echo ready; exec sleep 30`}, Stdin: pr, Stdout: out, Stderr: io.Discard,
			Signals: []os.Signal{syscall.SIGUSR1}})
		if err != nil {
			t.Error(err)
		}
		done <- res
	}()
	// The CLI has started (and the tap listens for the signal) once it
	// has written: a state, where a fixed sleep was a guess; a signal
	// sent before the tap listens kills the test binary.
	select {
	case <-out.ready:
	case <-time.After(time.Minute):
		t.Fatal("the CLI wrote nothing for a minute")
	}
	syscall.Kill(os.Getpid(), syscall.SIGUSR1)
	select {
	case res := <-done:
		if res.Signal != syscall.SIGUSR1 {
			t.Errorf("the CLI ended with %+v, not of SIGUSR1", res)
		}
	case <-time.After(time.Minute): // a bound on a hang
		t.Fatal("the forwarded signal did not end the CLI")
	}
}
