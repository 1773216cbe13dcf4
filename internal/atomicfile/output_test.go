package atomicfile

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"
)

// TestWriteOutput: without a path the output goes to stdout; with one it
// goes to the file, and a failed write leaves the file as it was.
func TestWriteOutput(t *testing.T) {
	var out bytes.Buffer
	if err := WriteOutput(&out, "", func(w io.Writer) error { _, err := io.WriteString(w, "a"); return err }); err != nil || out.String() != "a" {
		t.Errorf("to stdout: %q, %v", out.String(), err)
	}
	path := filepath.Join(t.TempDir(), "f")
	if err := WriteOutput(&out, path, func(w io.Writer) error { _, err := io.WriteString(w, "b"); return err }); err != nil {
		t.Fatal(err)
	}
	fail := errors.New("failed")
	if err := WriteOutput(&out, path, func(w io.Writer) error { io.WriteString(w, "c"); return fail }); err != fail {
		t.Errorf("failed write: %v, want %v", err, fail)
	}
	if data, _ := os.ReadFile(path); string(data) != "b" || out.String() != "a" {
		t.Errorf("file %q, stdout %q; want b, a", data, out.String())
	}
}
