package drift

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/protocheck/protocheck/corpus/harness"
	"github.com/protocheck/protocheck/corpus/matrix"
	"github.com/protocheck/protocheck/validate"
)

var updateGolden = flag.Bool("update", false, "rewrite the golden files under testdata")

// TestDriftGolden holds protocheck drift's text output for pairs of
// dialects to goldens in testdata/drift (regenerate with -update and review
// the diff).
func TestDriftGolden(t *testing.T) {
	all, err := matrix.BuiltinDialects()
	if err != nil {
		t.Fatal(err)
	}
	byName := func(t *testing.T, name string) *matrix.Dialect {
		d, err := DialectOrVersion(all, name)
		if err != nil {
			t.Fatal(err)
		}
		return d
	}
	// The last pair is the oldest pinned CLI against the newest: what the
	// protocol changed between them, from the version facts.
	for _, pair := range [][2]string{{"wire", "rust"}, {"ts-sdk", "wire"}, {"wire", "spec02"}, {"wire", "python"}, {"1.0.128", "2.1.330"}} {
		t.Run(pair[0]+"-"+pair[1], func(t *testing.T) {
			rep, err := Drift(byName(t, pair[0]), byName(t, pair[1]))
			if err != nil {
				t.Fatal(err)
			}
			var buf bytes.Buffer
			if err := rep.WriteText(&buf); err != nil {
				t.Fatal(err)
			}
			golden := filepath.Join("testdata", "drift", pair[0]+"-"+pair[1]+".txt")
			if *updateGolden {
				if err := os.MkdirAll(filepath.Dir(golden), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(golden, buf.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run: go test ./corpus/drift -run DriftGolden -update)", err)
			}
			if diff := cmp.Diff(string(want), buf.String()); diff != "" {
				t.Errorf("drift --from %s --to %s mismatch (-want +got):\n%s", pair[0], pair[1], diff)
			}
		})
	}
}

// TestDriftRules: each kind of change is found, with the severity its side
// gives it, on two small hand-written schema sets.
func TestDriftRules(t *testing.T) {
	from := map[string]*schemaMember{
		"/a": {types: map[string]bool{"string": true}, required: true},
		"/b": {types: map[string]bool{"integer": true}},
		"/c": {types: map[string]bool{"string": true}, enum: []string{"x", "y"}},
		"/d": {types: map[string]bool{"string": true}, nullable: true},
	}
	to := map[string]*schemaMember{
		"/b": {types: map[string]bool{"string": true}, required: true},
		"/c": {types: map[string]bool{"string": true}, enum: []string{"x", "z"}},
		"/d": {types: map[string]bool{"string": true}},
		"/e": {types: map[string]bool{"boolean": true}, required: true},
	}
	from["/f[type=x]"] = &schemaMember{types: map[string]bool{"object": true}}
	type change struct {
		Rule, Pointer string
		Severity      validate.Severity
	}
	run := func(side string) []change {
		var got []change
		add := func(r *DriftRule, sev validate.Severity, _, _, p, _ string) {
			got = append(got, change{r.ID, p, sev})
		}
		for _, p := range []string{"/a", "/b", "/c", "/d", "/e", "/f[type=x]"} {
			compareMember(add, side, "v", p, from[p], to[p], "from", &matrix.Dialect{Name: "to", Policy: matrix.Policy{Type: matrix.Skip, Subtype: matrix.Skip, Block: matrix.Fail, Member: matrix.Skip}})
		}
		return got
	}
	wantRead := []change{
		{"compat/member-missing", "/a", validate.Warning},
		{"compat/required-added", "/b", validate.Error},
		{"compat/type-changed", "/b", validate.Error},
		{"compat/enum-narrowed", "/c", validate.Error},
		{"compat/enum-widened", "/c", validate.Info},
		{"compat/nullable-removed", "/d", validate.Error},
		{"compat/member-extra", "/e", validate.Error},
		{"compat/member-missing", "/f[type=x]", validate.Error}, // a kind the reader fails on (block: fail)
	}
	if diff := cmp.Diff(wantRead, run("read")); diff != "" {
		t.Errorf("read side mismatch (-want +got):\n%s", diff)
	}
	wantWrite := []change{
		{"compat/member-missing", "/a", validate.Error},
		{"compat/required-added", "/b", validate.Info},
		{"compat/type-changed", "/b", validate.Info},
		{"compat/enum-narrowed", "/c", validate.Info},
		{"compat/enum-widened", "/c", validate.Error},
		{"compat/nullable-removed", "/d", validate.Info},
		{"compat/member-extra", "/e", validate.Error},
		{"compat/member-missing", "/f[type=x]", validate.Warning},
	}
	if diff := cmp.Diff(wantWrite, run("write")); diff != "" {
		t.Errorf("write side mismatch (-want +got):\n%s", diff)
	}
}

// TestDriftNoFalseErrors holds the drift reports to what the CLI and the
// SDKs do, where the last round's were false: the wire reads initialize's
// hooks as a map of any hook event; a member the wire takes as any value
// takes null; ts-sdk's user MessageParam of role system describes no user
// line; a required member below an optional one is required where that
// one is there; a result variant carries its own subtype only; rusty_claw
// and Python keep control answers raw; Python writes systemPromptSnapshot
// when the option is set.
func TestDriftNoFalseErrors(t *testing.T) {
	all, err := matrix.BuiltinDialects()
	if err != nil {
		t.Fatal(err)
	}
	report := func(from, to string) *DriftReport {
		t.Helper()
		a, err := matrix.DialectByName(all, from)
		if err != nil {
			t.Fatal(err)
		}
		b, err := matrix.DialectByName(all, to)
		if err != nil {
			t.Fatal(err)
		}
		r, err := Drift(a, b)
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	ts := report("ts-sdk", "wire")
	for _, c := range ts.Changes {
		if c.Severity != validate.Error {
			continue
		}
		switch {
		case strings.Contains(c.Pointer, "/hooks/"):
			t.Errorf("ts-sdk -> wire: a hook event key: %s %s", c.Rule, c.Pointer)
		case c.Rule == DriftNullableRemoved.ID:
			t.Errorf("ts-sdk -> wire: null where the wire takes any value: %s %s", c.Variant, c.Pointer)
		case c.Variant == "user" || strings.HasPrefix(c.Variant, "result."):
			t.Errorf("ts-sdk -> wire: %s %s %s: %s", c.Rule, c.Variant, c.Pointer, c.Message)
		case c.Rule == DriftRequiredAdded.ID && strings.Count(c.Pointer, "/") > 3:
			t.Errorf("ts-sdk -> wire: required below an optional member: %s %s", c.Variant, c.Pointer)
		}
	}
	if ts.Counts["error"] > 2 {
		t.Errorf("ts-sdk -> wire: %d errors, want at most the 2 input_transformations ones", ts.Counts["error"])
	}
	for _, to := range []string{"rust", "python"} {
		for _, c := range report("wire", to).Changes {
			if strings.HasPrefix(c.Variant, "control_response.") && c.Side == "read" && c.Rule == DriftMemberMissing.ID && !strings.Contains(c.Message, "kept raw") {
				t.Errorf("wire -> %s: %s %s: %s, want kept raw", to, c.Variant, c.Pointer, c.Message)
			}
			if to == "python" && c.Pointer == "/request/systemPromptSnapshot" && c.Rule == DriftMemberMissing.ID {
				t.Errorf("wire -> python: %s", c.Message)
			}
		}
	}
}

// TestDriftHeldToSDK: a read claim of drift that the real SDK's own code
// contradicts on the lines that show it is listed; one it bears out is
// not.
func TestDriftHeldToSDK(t *testing.T) {
	all, err := matrix.BuiltinDialects()
	if err != nil {
		t.Fatal(err)
	}
	rust, err := matrix.DialectByName(all, "rust")
	if err != nil {
		t.Fatal(err)
	}
	r, err := Drift(matrix.Wire, rust)
	if err != nil {
		t.Fatal(err)
	}
	outcome := func(variant string, v matrix.Verdict, rule, pointer string, verdicts map[harness.Verdict]int, member map[string]int) *matrix.SDKOutcome {
		return &matrix.SDKOutcome{Variant: variant, Reason: &matrix.Reason{Verdict: v, Rule: rule, Pointer: pointer}, Lines: 3, Verdicts: verdicts, Member: member}
	}
	ag := &matrix.Agreement{Model: "rust", SDK: "sdk-test", Outcomes: map[string]*matrix.SDKOutcome{
		"a": outcome("stream_event", matrix.Rejected, validate.RuleUnknownType.ID, "", map[harness.Verdict]int{harness.Rejected: 3}, nil),
		"b": outcome("assistant", matrix.Ignored, validate.RuleUnknownProperty.ID, "/uuid", map[harness.Verdict]int{harness.Accepted: 3}, map[string]int{"lost": 3}),
	}}
	if got := r.HoldToSDK(ag); len(got) != 0 {
		t.Errorf("claims the SDK bears out are listed: %q", got)
	}
	ag.Outcomes["a"].Verdicts = map[harness.Verdict]int{harness.Accepted: 3}
	ag.Outcomes["b"].Member = map[string]int{"kept": 3}
	got := r.HoldToSDK(ag)
	if len(got) != 2 || !strings.Contains(strings.Join(got, "\n"), "stream_event") || !strings.Contains(strings.Join(got, "\n"), "/uuid") {
		t.Errorf("contradicted claims %q, want stream_event's and /uuid's", got)
	}
}
