package report

import (
	"bytes"
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/protocheck/protocheck/corpus/matrix"
	"github.com/protocheck/protocheck/corpus/probe"
	"github.com/protocheck/protocheck/validate"
)

// fixList builds the fix list of a dialect from the committed captures,
// ledger and probe results.
func fixList(t *testing.T, dialect string) *FixList {
	t.Helper()
	all, err := matrix.BuiltinDialects()
	if err != nil {
		t.Fatal(err)
	}
	ds, err := matrix.SelectDialects(all, []string{dialect})
	if err != nil {
		t.Fatal(err)
	}
	m, err := matrix.RunMatrix(context.Background(), validate.Inputs([]string{filepath.Join("..", "captures")}, nil), ds, matrix.MatrixOptions{})
	if err != nil {
		t.Fatal(err)
	}
	ledger, err := matrix.ReadLedger(filepath.Join("..", "dialects", "ledger.txt"))
	if err != nil {
		t.Fatal(err)
	}
	f, err := probe.Read(filepath.Join("..", "probe", "results", "2.1.330.json"))
	if err != nil {
		t.Fatal(err)
	}
	fl, err := Build(m, dialect, ledger, []*probe.File{f})
	if err != nil {
		t.Fatal(err)
	}
	return fl
}

// TestRustFixListFirst: rusty_claw's two session-breaking write bugs, both
// seen on the real CLI, come first: its hook matchers make initialize
// fail, and its {"allowed": bool} permission reply is refused on every
// tool call.
func TestRustFixListFirst(t *testing.T) {
	fl := fixList(t, "rust")
	if len(fl.Items) < 5 {
		t.Fatalf("%d items", len(fl.Items))
	}
	rest := fl.Items[argvCount(fl):] // the argv items come first (argv_test.go)
	first, second := rest[0], rest[1]
	if first.Consequence != CannotStart || !strings.Contains(first.Cause, "initialize") || !strings.Contains(first.Verified, "verified on CLI 2.1.330") {
		t.Errorf("item 1: %s / %s / %s", first.Consequence, first.Cause, first.Verified)
	}
	if !strings.Contains(first.Evidence.Answer, "hookCallbackIds") {
		t.Errorf("item 1 shows the CLI's answer %q", first.Evidence.Answer)
	}
	if second.Consequence != FlowBroken || !strings.Contains(second.Evidence.Text, `"allowed":true`) || len(second.Writes) != 3 {
		t.Errorf("item 2: %s / %s / %v", second.Consequence, second.Evidence.Text, second.Writes)
	}
	// agents.*.model: null is read by the CLI: no item blames it.
	for _, it := range fl.Items {
		if strings.Contains(it.Cause, "/agents/") {
			t.Errorf("an item blames agents: %s", it.Cause)
		}
	}
	// One policy, one item: the unknown-subtype failures of every variant.
	n := 0
	for _, it := range fl.Items {
		if it.Side == "reads" && it.Rule == "variant/unknown-subtype" {
			n++
			if len(it.Variants) < 10 || it.Reason == "" {
				t.Errorf("unknown-subtype item: %d variants, reason %q", len(it.Variants), it.Reason)
			}
		}
	}
	if n != 1 {
		t.Errorf("%d unknown-subtype items, want 1", n)
	}
	// Ranked: no item before a worse one.
	for i := 1; i < len(fl.Items); i++ {
		if fl.Items[i].Consequence < fl.Items[i-1].Consequence {
			t.Errorf("item %d (%s) after item %d (%s)", i+1, fl.Items[i].Consequence, i, fl.Items[i-1].Consequence)
		}
	}
}

// TestPythonFixList: Python's initialize with "hooks": null, which the real
// CLI reads, is not on its list; every write-side item says how it is known.
func TestPythonFixList(t *testing.T) {
	fl := fixList(t, "python")
	for _, it := range fl.Items {
		if it.Side == "writes" && !strings.HasPrefix(it.Verified, "verified on CLI") && !strings.HasPrefix(it.Verified, "inferred from types") {
			t.Errorf("write item without evidence: %s", it.Cause)
		}
		if strings.Contains(strings.Join(it.Writes, ";"), "initialize without hooks") {
			t.Errorf("initialize without hooks listed: %s", it.Cause)
		}
	}
	for _, f := range Formats {
		var b bytes.Buffer
		if err := fl.Print(&b, f); err != nil {
			t.Fatal(err)
		}
		if b.Len() == 0 {
			t.Errorf("%s: empty", f)
		}
		if f == JSON && !json.Valid(b.Bytes()) {
			t.Errorf("json output is not JSON")
		}
	}
}
