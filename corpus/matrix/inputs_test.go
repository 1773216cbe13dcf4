package matrix

import (
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/protocheck/protocheck/validate"
)

// captureInputs returns the committed captures of every pinned version, as
// inputs named by their path (captures/<cli-version>/<scenario>.jsonl;
// TestMain runs the tests from the corpus folder).
func captureInputs(t *testing.T) []validate.Input {
	t.Helper()
	files, err := filepath.Glob("captures/*/*.jsonl")
	if err != nil || len(files) == 0 {
		t.Fatalf("no captures: %v", err)
	}
	var inputs []validate.Input
	for _, f := range files {
		inputs = append(inputs, validate.Input{Name: f, Open: func() (io.ReadCloser, error) { return os.Open(f) }})
	}
	return inputs
}
