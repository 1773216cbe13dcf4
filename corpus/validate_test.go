package corpus

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/protocheck/protocheck/internal/ledger"
	"github.com/protocheck/protocheck/protocol"
	"github.com/protocheck/protocheck/validate"
)

// TestCapturesValidate: every committed capture of the real CLI, on every
// pinned version, passes protocheck validate with no errors, and no line
// is of an unknown variant or kind.
func TestCapturesValidate(t *testing.T) {
	v, err := validate.New(validate.Options{})
	if err != nil {
		t.Fatal(err)
	}
	sum, err := v.Run(context.Background(), captureInputs(t), func(f validate.Finding) {
		if f.Severity == validate.Error || f.Rule != validate.RuleEmpty.ID {
			t.Errorf("%s", f)
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d captures, %d lines, %d variants, %d unknown properties", sum.Files, sum.Lines, len(sum.Variants), sum.UnknownProperties)
}

// captureInputs returns the committed captures of every pinned version, as
// inputs named by their path (captures/<cli-version>/<scenario>.jsonl).
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

var undeclaredLedger = ledger.File{
	Path: "testdata/undeclared.ledger",
	Header: []string{
		"Members the pinned CLIs print, in the committed captures, that the protocol's types do not",
		"define: \"<cli-version> <variant> <pointer>\", array indexes written as *. Each is drift between",
		"what the CLI prints and what the TypeScript types (sdk.d.ts " + protocol.SDKVersion + ") declare, checked by hand.",
		"Regenerate with: go test ./corpus -run CapturesUndeclared -update-ledger [-force]",
	},
}

// TestCapturesUndeclared lists every member the pinned CLIs print that the
// protocol does not define, and holds the list to a ledger: a member that
// appears (a new CLI, or one the types forgot) or stops appearing (now
// modelled) fails the test until the ledger says why.
func TestCapturesUndeclared(t *testing.T) {
	v, err := validate.New(validate.Options{ShowUnknown: true})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	_, err = v.Run(context.Background(), captureInputs(t), func(f validate.Finding) {
		if f.Rule == validate.RuleUnknownProperty.ID {
			version := filepath.Base(filepath.Dir(f.File))
			got = append(got, fmt.Sprintf("%s %s %s", version, f.Variant, anyIndex(f.Pointer)))
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(got)
	undeclaredLedger.Check(t, got)
}

// anyIndex writes the array indexes of a JSON Pointer as *. A pointer alone
// cannot tell an index from a member named "0"; no member of the protocol
// has such a name.
func anyIndex(pointer string) string {
	tokens := strings.Split(pointer, "/")
	for i, tok := range tokens {
		if tok != "" && strings.Trim(tok, "0123456789") == "" {
			tokens[i] = "*"
		}
	}
	return strings.Join(tokens, "/")
}
