package cli

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/spf13/cobra"

	"github.com/protocheck/protocheck/corpus/capture"
)

// TestCaptureSignalWhileNormalising: a signal that comes after the CLI
// exited, while the capture normalises, ends the run with an error and no
// file written (it used to write them all and exit 0).
func TestCaptureSignalWhileNormalising(t *testing.T) {
	ctx, cancel := context.WithCancelCause(context.Background())
	cancel(interrupted{syscall.SIGTERM})
	cmd := &cobra.Command{}
	cmd.SetContext(ctx)
	var line strings.Builder
	line.WriteString(`{"type":"system","subtype":"init","session_id":"4541d1c6-9aa6-4505-81c0-7336c30be556"}`)
	c := &capture.Capture{Stdout: []byte(line.String() + "\n"),
		Session: []capture.SessionLine{{Line: []byte(line.String())}}}
	dir := t.TempDir()
	out := filepath.Join(dir, "x.jsonl")
	err := writeCapture(cmd, captureOptions{output: out}, c)
	if err == nil || !strings.Contains(err.Error(), "SIGTERM") {
		t.Errorf("writeCapture after SIGTERM = %v, want the signal's error", err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) > 0 {
		t.Errorf("files written after SIGTERM: %v", entries)
	}
}
