package cli

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/protocheck/protocheck/corpus/capture"
)

// TestCaptureSignalWhileNormalising: a signal that comes after the CLI
// exited, while the capture normalises, ends the run with an error and no
// file written (it used to write them all and exit 0).
func TestCaptureSignalWhileNormalising(t *testing.T) {
	ctx, cancel := context.WithCancelCause(context.Background())
	cancel(interrupted{syscall.SIGTERM})
	var line strings.Builder
	line.WriteString(`{"type":"system","subtype":"init","session_id":"4541d1c6-9aa6-4505-81c0-7336c30be556"}`)
	c := &capture.Capture{Stdout: []byte(line.String() + "\n"),
		Session: []capture.SessionLine{{Line: []byte(line.String())}}}
	dir := t.TempDir()
	out := filepath.Join(dir, "x.jsonl")
	err := writeCapture(ctx, streams{stdout: io.Discard, stderr: io.Discard}, captureOptions{output: out}, c)
	if err == nil || !strings.Contains(err.Error(), "SIGTERM") {
		t.Errorf("writeCapture after SIGTERM = %v, want the signal's error", err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) > 0 {
		t.Errorf("files written after SIGTERM: %v", entries)
	}
}
