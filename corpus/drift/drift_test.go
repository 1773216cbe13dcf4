package drift

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

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
