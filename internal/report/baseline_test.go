package report

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/protocheck/protocheck/validate"
)

func TestLineHash(t *testing.T) {
	for _, tc := range []struct {
		name, a, b string
		same       bool
	}{
		{name: "spacing and member order do not matter", a: `{"type":"x","n":1}`, b: ` { "n" : 1, "type" : "x" } `, same: true},
		{name: "a value does", a: `{"type":"x","n":1}`, b: `{"type":"x","n":2}`},
		{name: "numbers keep their text", a: `{"n":1.0}`, b: `{"n":1}`},
		{name: "escapes are read", a: `{"s":"\u0041"}`, b: `{"s":"A"}`, same: true},
		{name: "invalid JSON is trimmed", a: `{"type":`, b: "  {\"type\":\t", same: true},
		{name: "invalid JSON differs by content", a: `{"type":`, b: `{"typo":`},
	} {
		ha, hb := LineHash([]byte(tc.a)), LineHash([]byte(tc.b))
		if (ha == hb) != tc.same || ha == "" {
			t.Errorf("%s: LineHash(%q)=%s, LineHash(%q)=%s", tc.name, tc.a, ha, tc.b, hb)
		}
	}
	if LineHash(nil) != "" {
		t.Error("LineHash(nil) is not empty")
	}
}

func finding(file string, line int, rule, ptr, hash string) Finding {
	return Finding{Finding: validate.Finding{File: file, Line: line, Rule: rule, Pointer: ptr, Severity: validate.Error}, Hash: hash}
}

// TestBaselineRoundTrip: the file is sorted, one entry a line, the same
// bytes for the same findings in any order, and parses back.
func TestBaselineRoundTrip(t *testing.T) {
	fs := []Finding{
		finding("b.jsonl", 9, "schema/type", "/n", "h1"),
		finding("./a.jsonl", 3, "schema/type", "/n", "h1"),
		finding("a.jsonl", 7, "schema/type", "/n", "h1"),
		finding("a.jsonl", 1, "input/invalid-json", "", "h2"),
	}
	data := NewBaseline(fs).Marshal()
	want := `{"version": 1, "entries": [
  {"file":"a.jsonl","rule":"input/invalid-json","pointer":"","hash":"h2","count":1},
  {"file":"a.jsonl","rule":"schema/type","pointer":"/n","hash":"h1","count":2},
  {"file":"b.jsonl","rule":"schema/type","pointer":"/n","hash":"h1","count":1}
]}
`
	if diff := cmp.Diff(want, string(data)); diff != "" {
		t.Errorf("baseline mismatch (-want +got):\n%s", diff)
	}
	rev := []Finding{fs[3], fs[2], fs[1], fs[0]}
	if string(NewBaseline(rev).Marshal()) != string(data) {
		t.Error("the order of findings changed the file")
	}
	b, err := ParseBaseline("x.json", data)
	if err != nil {
		t.Fatal(err)
	}
	if string(b.Marshal()) != string(data) {
		t.Error("parse and marshal changed the file")
	}
	if string(NewBaseline(nil).Marshal()) != "{\"version\": 1, \"entries\": []}\n" {
		t.Errorf("empty baseline: %q", NewBaseline(nil).Marshal())
	}
}

func TestParseBaselineErrors(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"{\"version\": 1,\n \"entries\": [\n {\"file\": 3}]}", "x.json:3: "},
		{"{\"version\": 1, \"entries\": [], \"extra\": 1}", "unknown field"},
		{"{\"version\": 2, \"entries\": []}", "version 2"},
		{"{\"version\": 1, \"entries\": [{\"file\":\"a\",\"rule\":\"r\",\"pointer\":\"\",\"hash\":\"\",\"count\":0}]}", "entry 1"},
		{"{\"version\": 1, \"entries\": []} []", "after the document"},
	} {
		_, err := ParseBaseline("x.json", []byte(tc.in))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("ParseBaseline(%q) = %v, want an error with %q", tc.in, err, tc.want)
		}
	}
}

// TestMatcher: an entry accepts up to its count, wherever the lines are;
// what it did not accept is stale.
func TestMatcher(t *testing.T) {
	b := NewBaseline([]Finding{
		finding("a.jsonl", 1, "schema/type", "/n", "h1"),
		finding("a.jsonl", 2, "schema/type", "/n", "h1"),
		finding("a.jsonl", 3, "schema/enum", "/e", "h3"),
	})
	m := b.Matcher()
	got := []bool{
		m.Match(finding("a.jsonl", 40, "schema/type", "/n", "h1")), // moved: still known
		m.Match(finding("a.jsonl", 41, "schema/type", "/n", "h1")),
		m.Match(finding("a.jsonl", 42, "schema/type", "/n", "h1")), // a third: new
		m.Match(finding("a.jsonl", 1, "schema/type", "/n", "h9")),  // other content: new
		m.Match(finding("b.jsonl", 1, "schema/type", "/n", "h1")),  // other file: new
	}
	if diff := cmp.Diff([]bool{true, true, false, false, false}, got); diff != "" {
		t.Errorf("Match mismatch (-want +got):\n%s", diff)
	}
	stale, err := m.Stale()
	if err != nil || len(stale.Listed) != 1 || stale.Listed[0].Rule != "schema/enum" || stale.Listed[0].Count != 1 || stale.Entries != 1 || stale.Findings != 1 {
		t.Errorf("Stale() = %+v, %v", stale, err)
	}
}

func TestMatchGlob(t *testing.T) {
	for _, tc := range []struct {
		glob, name string
		want       bool
	}{
		{"legacy/**", "legacy/a.jsonl", true},
		{"legacy/**", "legacy/x/y/a.jsonl", true},
		{"legacy/**", "new/a.jsonl", false},
		{"**/*.gz", "a.gz", true},
		{"**/*.gz", "x/y/a.gz", true},
		{"**/*.gz", "x/y/a.jsonl", false},
		{"a/*/c.jsonl", "a/b/c.jsonl", true},
		{"a/*/c.jsonl", "a/b/x/c.jsonl", false},
		{"a/**/c.jsonl", "a/c.jsonl", true},
		{"*.jsonl", "dir/a.jsonl", false},
	} {
		if got := MatchGlob(tc.glob, tc.name); got != tc.want {
			t.Errorf("MatchGlob(%q, %q) = %v, want %v", tc.glob, tc.name, got, tc.want)
		}
	}
}

func TestParseIgnore(t *testing.T) {
	ids := []string{"schema/type", "schema/enum", "input/empty"}
	for _, tc := range []struct {
		in   string
		want Ignore
		err  string
	}{
		{in: "schema/type", want: Ignore{Rule: "schema/type"}},
		{in: "schema/*:legacy/**", want: Ignore{Rule: "schema/*", Glob: "legacy/**"}},
		{in: "schema/typo", err: "no rule"},
		{in: "[", err: "bad rule"},
		{in: "schema/type:[", err: "bad path glob"},
	} {
		got, err := ParseIgnore(tc.in, ids)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("ParseIgnore(%q) = %v, want an error with %q", tc.in, err, tc.err)
			}
			continue
		}
		if err != nil || got != tc.want {
			t.Errorf("ParseIgnore(%q) = %+v, %v", tc.in, got, err)
		}
	}
}

// TestFilter: severity overrides, ignores, the baseline and the cap, and
// the summary's counts made those of what is reported.
func TestFilter(t *testing.T) {
	base := NewBaseline([]Finding{finding("a.jsonl", 5, "schema/enum", "/e", "h")})
	fl := &Filter{
		Severity:    map[string]validate.Severity{"input/empty": Off, "schema/const": validate.Warning},
		Ignores:     []Ignore{{Rule: "schema/type", Glob: "legacy/**"}},
		Baseline:    base.Matcher(),
		MaxFindings: 1,
	}
	in := []Finding{
		finding("legacy/x.jsonl", 1, "schema/type", "/n", ""), // ignored
		finding("a.jsonl", 1, "schema/type", "/n", ""),        // reported
		finding("a.jsonl", 2, "input/empty", "", ""),          // off
		finding("a.jsonl", 9, "schema/enum", "/e", "h"),       // baselined
		finding("a.jsonl", 3, "schema/const", "/c", ""),       // a warning now, past the cap
	}
	var verdicts []Verdict
	for _, f := range in {
		_, v := fl.Apply(f)
		verdicts = append(verdicts, v)
	}
	if diff := cmp.Diff([]Verdict{Ignored, Report, Ignored, Baselined, Omitted}, verdicts); diff != "" {
		t.Errorf("verdicts mismatch (-want +got):\n%s", diff)
	}
	s := Summary{Summary: validate.Summary{Errors: 5}}
	fl.Adjust(&s)
	if s.Errors != 1 || s.Warnings != 1 || s.Ignored != 2 || s.Baselined != 1 || s.Omitted != 1 || len(s.Stale) != 0 {
		t.Errorf("adjusted summary = %+v", s)
	}
}

// TestPairer: each finding gets its own line's hash, whether it comes
// before the line's result (the line's own findings) or after it (checks
// across lines), and a finding of a line without a result gets none.
func TestPairer(t *testing.T) {
	var got []string
	p := &Pairer{Out: func(f Finding) { got = append(got, f.Rule+"@"+f.Hash) }}
	l1, l2 := []byte(`{"a":1}`), []byte(`{"b":2}`)
	p.Finding(validate.Finding{File: "f", Line: 1, Rule: "own1"})
	p.Line(validate.LineResult{File: "f", Line: 1, Text: l1})
	p.Finding(validate.Finding{File: "f", Line: 1, Rule: "after1"})
	p.Finding(validate.Finding{File: "f", Line: 3, Rule: "io"}) // no result will come for line 3
	p.Line(validate.LineResult{File: "f", Line: 2, Text: l2})
	p.Finding(validate.Finding{File: "f", Rule: "file"})
	p.Close()
	h1, h2 := LineHash(l1), LineHash(l2)
	want := []string{"own1@" + h1, "after1@" + h1, "io@", "file@"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("pairs mismatch (-want +got):\n%s", diff)
	}
	_ = h2
}
