package corpustest

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/protocheck/protocheck/validate"
)

// RunFromCorpus runs a corpus/<job> package's tests from the corpus folder,
// where the data they read lives: scenarios/, captures/, duplex/ and
// testdata/, named so in findings and goldens. It is a TestMain's body and
// does not return.
func RunFromCorpus(m *testing.M) {
	if err := os.Chdir(".."); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	os.Exit(m.Run())
}

// CaptureInputs returns the committed captures of every pinned version, as
// inputs named by their path (captures/<cli-version>/<scenario>.jsonl,
// read from the corpus folder RunFromCorpus moves to).
func CaptureInputs(t testing.TB) []validate.Input {
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
