package capture

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/protocheck/protocheck/validate"
)

// duplexFiles returns the committed duplex transcripts.
func duplexFiles(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob("duplex/*/*.jsonl")
	if err != nil || len(files) == 0 {
		t.Fatalf("no duplex transcripts: %v", err)
	}
	return files
}

// TestDuplexMatchesCapture: every capture has its duplex transcript, and
// the CLI's side of it is the capture, line for line (structurally, as
// corpus regress compares two captures: the two come from one run of the
// CLI, or from two when only the volatile values differ).
func TestDuplexMatchesCapture(t *testing.T) {
	captures, _ := filepath.Glob("captures/*/*.jsonl")
	scenarios, err := LoadScenarios("scenarios")
	if err != nil {
		t.Fatal(err)
	}
	byName := map[string]*Scenario{}
	for _, s := range scenarios {
		byName[s.Name] = s
	}
	for _, c := range captures {
		version, name := filepath.Base(filepath.Dir(c)), strings.TrimSuffix(filepath.Base(c), ".jsonl")
		d := DuplexGoldenPath(".", version, name)
		data, err := os.ReadFile(d)
		if err != nil {
			t.Errorf("%s: no duplex transcript (%v): run protocheck corpus regress --update", c, err)
			continue
		}
		plain, err := os.ReadFile(c)
		if err != nil {
			t.Fatal(err)
		}
		var stdout bytes.Buffer
		for i, l := range bytes.Split(bytes.TrimSpace(data), []byte("\n")) {
			if len(l) == 0 {
				continue
			}
			var e struct {
				Dir string          `json:"dir"`
				Msg json.RawMessage `json:"msg"`
			}
			if err := json.Unmarshal(l, &e); err != nil {
				t.Fatalf("%s:%d: %v", d, i+1, err)
			}
			if e.Dir == validate.DuplexStdout {
				stdout.Write(e.Msg)
				stdout.WriteByte('\n')
			}
		}
		sc := byName[name]
		if sc == nil {
			t.Errorf("%s: no scenario %s", d, name)
			continue
		}
		findings, err := Diff(plain, stdout.Bytes(), DiffOptions{Golden: c, Fresh: d, Volatile: sc.Volatile, Concurrent: sc.Concurrent})
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range findings {
			t.Errorf("%s", f)
		}
	}
}

// TestCapturesCrossLine: the cross-line rules are derived from the real
// CLI, so every committed capture, plain and duplex, on every pinned
// version, gives none of them. The only other findings are the ones the
// scenarios make on purpose: the empty output of non_json_stdin and the
// line it writes to stdin that is not JSON, and the unknown control
// subtype stream_input_control sends.
func TestCapturesCrossLine(t *testing.T) {
	// The line of that subtype: scenario and the pointer of the subtype
	// the finding names.
	known := map[string]string{"stream_input_control.jsonl": "/request/subtype"}
	// Each rung's files are checked as its CLI version, as the capture
	// tests do (1.0.x prints no version in system/init).
	byVersion := captureInputsByVersion(t)
	for _, f := range duplexFiles(t) {
		v := filepath.Base(filepath.Dir(f))
		byVersion[v] = append(byVersion[v], validate.Input{Name: f, Open: func() (io.ReadCloser, error) { return os.Open(f) }})
	}
	cl := &validate.CrossLineSummary{}
	lines := 0
	for version, inputs := range byVersion {
		v, err := validate.New(validate.Options{CLIVersion: version})
		if err != nil {
			t.Fatal(err)
		}
		sum, err := v.Run(context.Background(), inputs, func(f validate.Finding) {
			switch {
			case f.Rule == validate.RuleEmpty.ID && strings.HasSuffix(f.File, "non_json_stdin.jsonl"):
			case f.Rule == validate.RuleInvalidJSON.ID && strings.HasPrefix(f.File, "duplex/") && strings.HasSuffix(f.File, "non_json_stdin.jsonl"):
			case f.Rule == validate.RuleUnknownSubtype.ID && strings.HasPrefix(f.File, "duplex/") && known[filepath.Base(f.File)] == f.Pointer:
			default:
				t.Errorf("%s", f)
			}
		})
		if err != nil {
			t.Fatal(err)
		}
		lines += sum.Lines
		if c := sum.CrossLine; c != nil {
			cl.Duplex += c.Duplex
			cl.Transcripts += c.Transcripts
			cl.Rules = c.Rules
		}
	}
	if cl == nil || cl.Duplex == 0 || cl.Transcripts <= cl.Duplex || len(cl.Rules) != len(validate.CrossLineRules) {
		t.Fatalf("cross-line summary %+v: want every rule over plain and duplex transcripts", cl)
	}
	t.Logf("%d lines in %d transcripts (%d duplex), %d cross-line rules: no finding", lines, cl.Transcripts, cl.Duplex, len(cl.Rules))
}

// idMember matches a member whose value is an id that ties lines together.
var idMember = regexp.MustCompile(`"(session_id|uuid|id|tool_use_id|parent_tool_use_id|request_id|hook_id|task_id|toolUseID)":"([^"\\]+)"`)

// TestCrossLineMutants mutates the committed duplex transcripts as real
// bugs would (a line dropped, a line duplicated, two neighbours swapped, an
// id changed, is_error turned false) and counts what the cross-line rules catch: each rule must
// catch some realistic mutant, and the untouched transcripts give nothing.
// With -v it prints the catch table.
func TestCrossLineMutants(t *testing.T) {
	if testing.Short() {
		t.Skip("mutates every duplex transcript")
	}
	v, err := validate.New(validate.Options{})
	if err != nil {
		t.Fatal(err)
	}
	type mutant struct {
		kind string
		text []byte
	}
	var mutants []mutant
	for _, f := range duplexFiles(t) {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		lines := bytes.Split(bytes.TrimSpace(data), []byte("\n"))
		join := func(ls [][]byte) []byte { return append(bytes.Join(ls, []byte("\n")), '\n') }
		mutants = append(mutants, mutant{"untouched", join(lines)})
		for i := range lines {
			mutants = append(mutants, mutant{"drop", join(slices.Delete(slices.Clone(lines), i, i+1))})
			mutants = append(mutants, mutant{"duplicate", join(slices.Insert(slices.Clone(lines), i, lines[i]))})
			if i+1 < len(lines) {
				sw := slices.Clone(lines)
				sw[i], sw[i+1] = sw[i+1], sw[i]
				mutants = append(mutants, mutant{"swap", join(sw)})
			}
			if j := bytes.Index(lines[i], []byte(`"is_error":true`)); j >= 0 {
				fl := slices.Clone(lines)
				fl[i] = slices.Concat(lines[i][:j], []byte(`"is_error":false`), lines[i][j+len(`"is_error":true`):])
				mutants = append(mutants, mutant{"flip is_error", join(fl)})
			}
			for k, m := range idMember.FindAllSubmatchIndex(lines[i], -1) {
				ch := slices.Clone(lines)
				l := slices.Clone(lines[i])
				ch[i] = slices.Concat(l[:m[4]], []byte(fmt.Sprintf("changed-%d", k)), l[m[5]:])
				mutants = append(mutants, mutant{"change " + string(lines[i][m[2]:m[3]]), join(ch)})
			}
		}
	}
	inputs := make([]validate.Input, len(mutants))
	for i, m := range mutants {
		inputs[i] = validate.Input{Name: fmt.Sprint(i), Open: func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(m.text)), nil }}
	}
	caught := make([]map[string]bool, len(mutants))
	_, err = v.Run(context.Background(), inputs, func(f validate.Finding) {
		var i int
		fmt.Sscan(f.File, &i)
		for _, r := range validate.CrossLineRules {
			if r.ID == f.Rule {
				if caught[i] == nil {
					caught[i] = map[string]bool{}
				}
				caught[i][f.Rule] = true
			}
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	byKind := map[string][2]int{}
	byRule := map[string]int{}
	for i, m := range mutants {
		k := byKind[m.kind]
		k[0]++
		if len(caught[i]) > 0 {
			k[1]++
		}
		byKind[m.kind] = k
		for r := range caught[i] {
			byRule[r]++
		}
		if m.kind == "untouched" && len(caught[i]) > 0 {
			t.Errorf("an untouched transcript breaks %v", caught[i])
		}
	}
	kinds := make([]string, 0, len(byKind))
	for k := range byKind {
		kinds = append(kinds, k)
	}
	sort.Strings(kinds)
	for _, k := range kinds {
		n := byKind[k]
		t.Logf("%-28s %5d mutants, %5d caught (%.1f%%)", k, n[0], n[1], 100*float64(n[1])/float64(n[0]))
	}
	for _, r := range validate.CrossLineRules {
		t.Logf("%-28s catches %5d mutants", r.ID, byRule[r.ID])
		if byRule[r.ID] == 0 {
			t.Errorf("%s catches no mutant of a real transcript", r.ID)
		}
	}
}
