package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/protocheck/protocheck/schemas"
	"github.com/protocheck/protocheck/validate"
)

// TestValidateVersions: each capture is checked against the schema set of
// the CLI version that wrote it, read from its system/init (its shape for
// 1.0.x, which sends no claude_code_version), with zero errors in both
// profiles; forcing the newest set on older captures finds the members
// those versions never sent; a version newer than every rung gets the
// newest set, no finding and one note for the run, one older than every
// set the oldest set and the note, an input without init the range of
// releases that accept it.
func TestValidateVersions(t *testing.T) {
	captures := "../../corpus/captures"
	wantSet := map[string]struct{ set, by string }{
		"1.0.128": {"1.0.128", "init-shape"},
		"2.0.20":  {"2.0.20", "init"},
		"2.1.112": {"2.1.112", "init"},
		"2.1.330": {"2.1.330", "init"},
	}
	for version, want := range wantSet {
		file := filepath.Join(captures, version, "hello_text.jsonl")
		for _, profile := range []string{"tolerant", "strict"} {
			report, code := runAuto(t, "validate", "--format", "json", "--profile", profile, filepath.Join(captures, version))
			if code != 0 || report.Summary.Errors != 0 {
				t.Errorf("%s %s: exit %d, %d errors; want a clean run", version, profile, code, report.Summary.Errors)
			}
		}
		report, _ := runAuto(t, "validate", "--format", "json", file)
		if len(report.Summary.FileSets) != 1 {
			t.Fatalf("%s: file_sets = %+v, want one entry", version, report.Summary.FileSets)
		}
		got := report.Summary.FileSets[0]
		if got.Set != want.set || got.By != want.by || got.File != file {
			t.Errorf("%s: file set %+v, want set %s by %s", version, got, want.set, want.by)
		}
		forced, code := runAuto(t, "validate", "--format", "json", "--cli-version", "2.1.330", file)
		if older := version != "2.1.112" && version != "2.1.330"; older != (forced.Summary.Errors > 0) || (older && code != 1) {
			t.Errorf("%s forced to 2.1.330: %d errors, exit %d", version, forced.Summary.Errors, code)
		}
	}

	init := `{"type":"system","subtype":"init","claude_code_version":"%s","apiKeySource":"none","cwd":"/","tools":[],"mcp_servers":[],"model":"m","permissionMode":"default","slash_commands":[],"output_style":"default","skills":[],"plugins":[],"uuid":"u","session_id":"s"}`
	dir := t.TempDir()
	idx, err := schemas.LoadIndex()
	if err != nil {
		t.Fatal(err)
	}
	newest := idx.VersionSets[len(idx.VersionSets)-1].Set
	for _, c := range []struct {
		name, text, set, rule string
	}{
		{"newer", strings.Replace(init, "%s", "9.9.9", 1), newest, ""},
		{"between", strings.Replace(init, "%s", "2.0.25", 1), "2.0.21", ""},
		{"older", strings.Replace(init, "%s", "0.2.9", 1), "1.0.0", ""},
		{"not-a-version", strings.Replace(init, "%s", "next", 1), newest, validate.RuleVersionNewer.ID},
		{"no-init", `{"type":"keep_alive"}`, newest, validate.RuleVersionRange.ID},
		{"no-init-rejected", `{"type":"keep_alive","pad":[`, newest, validate.RuleVersionNoInit.ID},
	} {
		path := filepath.Join(dir, c.name+".jsonl")
		if err := os.WriteFile(path, []byte(c.text+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		report, _ := runAuto(t, "validate", "--format", "json", path)
		var rules []string
		for _, f := range report.Findings {
			rules = append(rules, f.Rule)
		}
		if len(report.Summary.FileSets) != 1 || report.Summary.FileSets[0].Set != c.set {
			t.Errorf("%s: file_sets %+v, want set %s", c.name, report.Summary.FileSets, c.set)
		}
		if want := c.rule; (want == "" && len(rules) > 0) || (want != "" && (len(rules) == 0 || rules[len(rules)-1] != want)) {
			t.Errorf("%s: findings %v, want only %q", c.name, rules, want)
		}
		offLadder := c.name == "newer" || c.name == "older"
		if notes := report.Summary.Notes; offLadder != (len(notes) == 1) || (offLadder && !strings.Contains(notes[0], "protocheck corpus add-release")) {
			t.Errorf("%s: notes %q, want one note saying how to add the release: %v", c.name, notes, offLadder)
		}
	}

	var out, errb bytes.Buffer
	if code := run(t.Context(), []string{"validate", "--cli-version", "two", "x.jsonl"}, nil, &out, &errb); code != 2 || !strings.Contains(errb.String(), "--cli-version") {
		t.Errorf("--cli-version two: exit %d, stderr %q; want 2 and a message naming the flag", code, errb.String())
	}
}

// runAuto runs protocheck validate as a user would, without the
// --cli-version runJSON adds, and parses its JSON report.
func runAuto(t *testing.T, args ...string) (validate.JSONReport, int) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(context.Background(), args, nil, &out, &errb)
	var report validate.JSONReport
	if err := json.Unmarshal(out.Bytes(), &report); err != nil {
		t.Fatalf("output is not a JSON report: %v\n%s\nstderr: %s", err, out.String(), errb.String())
	}
	return report, code
}
