package capture

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSaveStopped: a signal that comes after the CLI exited, while the
// capture normalises, ends Save with the signal's error and no file
// written (it used to write them all and exit 0).
func TestSaveStopped(t *testing.T) {
	ctx, cancel := context.WithCancelCause(context.Background())
	cancel(errors.New("interrupted by SIGTERM"))
	line := `{"type":"system","subtype":"init","session_id":"4541d1c6-9aa6-4505-81c0-7336c30be556"}`
	c := &Capture{Stdout: []byte(line + "\n"), Session: []SessionLine{{Line: []byte(line)}}}
	dir := t.TempDir()
	err := c.Save(ctx, SaveOptions{Output: filepath.Join(dir, "x.jsonl")}, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "SIGTERM") || !strings.Contains(err.Error(), "nothing written") {
		t.Errorf("Save after SIGTERM = %v, want the signal's error", err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) > 0 {
		t.Errorf("files written after SIGTERM: %v", entries)
	}
}

// TestSave: without a signal, Save writes the normalised transcript, its
// metadata and the duplex transcript beside it.
func TestSave(t *testing.T) {
	line := `{"type":"system","subtype":"init","session_id":"4541d1c6-9aa6-4505-81c0-7336c30be556"}`
	c := &Capture{Stdout: []byte(line + "\n"), Session: []SessionLine{{Line: []byte(line)}}}
	dir := t.TempDir()
	out := filepath.Join(dir, "x.jsonl")
	if err := c.Save(context.Background(), SaveOptions{Output: out}, io.Discard); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(out)
	if err != nil || strings.Contains(string(data), "4541d1c6") {
		t.Errorf("transcript %q, %v: want it normalised", data, err)
	}
	for _, f := range []string{"x.meta.json", "x.duplex.jsonl"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Errorf("%s not written: %v", f, err)
		}
	}
}
