package audit

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/protocheck/protocheck/corpus/harness"
	"github.com/protocheck/protocheck/corpus/matrix"
	"github.com/protocheck/protocheck/validate"
)

// TestCheckClaims: corpus run --check fails on a fix-list claim a model's
// real SDK contradicts on the same lines, and holds when the SDK bears the
// claims out.
func TestCheckClaims(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "t.jsonl")
	if err := os.WriteFile(file, []byte(`{"type":"keep_alive"}`+"\n"+`{"type":"prompt_suggestion","suggestion":"x","uuid":"u","session_id":"s"}`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	all, err := matrix.BuiltinDialects()
	if err != nil {
		t.Fatal(err)
	}
	ds, err := matrix.SelectDialects(all, []string{"python"})
	if err != nil {
		t.Fatal(err)
	}
	m, err := matrix.RunMatrix(context.Background(), []validate.Input{{Name: file, Open: func() (io.ReadCloser, error) { return os.Open(file) }}}, ds, matrix.MatrixOptions{})
	if err != nil {
		t.Fatal(err)
	}
	outcomes := func(v harness.Verdict) *matrix.Agreement {
		ag := &matrix.Agreement{Model: "python", SDK: "py-test", Outcomes: map[string]*matrix.SDKOutcome{}}
		for _, c := range m.Cells {
			if c.Dialect != "python" {
				continue
			}
			for _, r := range c.Reasons {
				ag.Outcomes[matrix.OutcomeKey(c.Variant, r)] = &matrix.SDKOutcome{Variant: c.Variant, Reason: r, Lines: r.Count, Verdicts: map[harness.Verdict]int{v: r.Count}}
			}
		}
		return ag
	}
	ledger := filepath.Join(dir, "ledger.txt")
	if err := os.WriteFile(ledger, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	var errb bytes.Buffer
	// python skips an unknown type: the SDK dropping the lines bears it out.
	if n, err := checkClaims(&errb, m, map[string]*matrix.Agreement{"python": outcomes(harness.Dropped)}, ledger, dir); err != nil || n != 0 {
		t.Errorf("claims the SDK bears out: %d contradicted, %v\n%s", n, err, errb.String())
	}
	errb.Reset()
	if n, err := checkClaims(&errb, m, map[string]*matrix.Agreement{"python": outcomes(harness.Accepted)}, ledger, dir); err != nil || n == 0 || !strings.Contains(errb.String(), "fix list claim contradicted by py-test") {
		t.Errorf("claims the SDK contradicts: %d contradicted, %v\n%s", n, err, errb.String())
	}
}
