package atomicfile

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// errNoSpace stands for the error a full filesystem gives.
var errNoSpace = errors.New("no space left on device")

// failAfter lets n bytes through, then fails as a full disk does.
type failAfter struct {
	w io.Writer
	n int
}

func (f *failAfter) Write(p []byte) (int, error) {
	if len(p) <= f.n {
		f.n -= len(p)
		return f.w.Write(p)
	}
	k, _ := f.w.Write(p[:f.n])
	f.n = 0
	return k, errNoSpace
}

// TestWriteFailureLeavesOriginal injects a write error after N bytes (as a
// full disk does halfway through a file) and checks that the original file
// is intact and that no temporary file is left beside it.
func TestWriteFailureLeavesOriginal(t *testing.T) {
	original := strings.Repeat("original line\n", 100)
	newData := []byte(strings.Repeat("new, longer line!\n", 200))
	tests := []struct {
		name    string
		failAt  int // bytes written before the disk is full; -1: never
		fillErr error
		wantErr error
	}{
		{name: "fails at once", failAt: 0, wantErr: errNoSpace},
		{name: "fails mid-file", failAt: 1000, wantErr: errNoSpace},
		{name: "fails one byte short", failAt: len(newData) - 1, wantErr: errNoSpace},
		{name: "the producer fails", failAt: -1, fillErr: io.ErrUnexpectedEOF, wantErr: io.ErrUnexpectedEOF},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "golden.jsonl")
			if err := os.WriteFile(path, []byte(original), 0o600); err != nil {
				t.Fatal(err)
			}
			if tt.failAt >= 0 {
				testWrap = func(w io.Writer) io.Writer { return &failAfter{w: w, n: tt.failAt} }
				defer func() { testWrap = nil }()
			}
			err := Write(path, 0o644, func(w io.Writer) error {
				// Write in chunks, as a streaming producer does.
				for rest := newData; len(rest) > 0; {
					n := min(len(rest), 512)
					if _, err := w.Write(rest[:n]); err != nil {
						return err
					}
					rest = rest[n:]
				}
				return tt.fillErr
			})
			if !errors.Is(err, tt.wantErr) {
				t.Errorf("Write() error = %v, want %v", err, tt.wantErr)
			}
			got, rerr := os.ReadFile(path)
			if rerr != nil {
				t.Fatal(rerr)
			}
			if string(got) != original {
				t.Errorf("after a failed Write the file has %d bytes, want the original %d", len(got), len(original))
			}
			if diff := cmp.Diff([]string{"golden.jsonl"}, names(t, dir)); diff != "" {
				t.Errorf("folder after a failed Write mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

func TestWriteFileReplacesAndKeepsMode(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "f")
	if err := os.WriteFile(path, []byte("old"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := WriteFile(path, []byte("new"), 0o644); err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(path)
	fi, _ := os.Stat(path)
	if string(got) != "new" || fi.Mode().Perm() != 0o600 {
		t.Errorf("WriteFile over a 0600 file: contents %q mode %v, want \"new\" 0600", got, fi.Mode().Perm())
	}
	fresh := filepath.Join(dir, "g")
	if err := WriteFile(fresh, []byte("x"), 0o640); err != nil {
		t.Fatal(err)
	}
	if fi, _ := os.Stat(fresh); fi.Mode().Perm() != 0o640 {
		t.Errorf("WriteFile of a new file: mode %v, want 0640", fi.Mode().Perm())
	}
	if diff := cmp.Diff([]string{"f", "g"}, names(t, dir)); diff != "" {
		t.Errorf("folder mismatch (-want +got):\n%s", diff)
	}
}

func TestCommitAfterAbortFails(t *testing.T) {
	path := filepath.Join(t.TempDir(), "f")
	f, err := Create(path, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	f.Write([]byte("x"))
	f.Abort()
	if err := f.Commit(); err == nil {
		t.Errorf("Commit after Abort succeeded")
	}
	if _, err := os.Stat(path); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("Abort left %s: %v", path, err)
	}
}

func names(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range entries {
		out = append(out, e.Name())
	}
	return out
}
