package corpus

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/protocheck/protocheck/validate"
)

// TestCapturesValidate: every committed capture of the real CLI, on every
// pinned version, passes protocheck validate with no errors, and no line
// is of an unknown variant or kind.
func TestCapturesValidate(t *testing.T) {
	files, err := filepath.Glob("captures/*/*.jsonl")
	if err != nil || len(files) == 0 {
		t.Fatalf("no captures: %v", err)
	}
	v, err := validate.New(validate.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var inputs []validate.Input
	for _, f := range files {
		inputs = append(inputs, validate.Input{Name: f, Open: func() (io.ReadCloser, error) { return os.Open(f) }})
	}
	sum, err := v.Run(context.Background(), inputs, func(f validate.Finding) {
		if f.Severity == validate.Error || f.Rule != validate.RuleEmpty.ID {
			t.Errorf("%s", f)
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d captures, %d lines, %d variants, %d unknown properties", sum.Files, sum.Lines, len(sum.Variants), sum.UnknownProperties)
}
