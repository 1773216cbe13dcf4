package report

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
	"unicode"

	"github.com/google/go-cmp/cmp"
	sjs "github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/protocheck/protocheck/internal/testutil/optional"
	"github.com/protocheck/protocheck/validate"
)

// hostile is text a transcript may carry into a finding: an ANSI escape, a
// bidirectional override, a newline and CR, and the characters each format
// treats specially (% , : for workflow commands, | and ` for markdown,
// < & " for XML).
const hostile = "evil\x1b[31m\u202e\n\r%2C,:|`<&\"\u0085"

// sample returns findings of two files, one of which has a hostile name,
// and a drift-like finding without a file.
func sample() []Finding {
	return []Finding{
		{Finding: validate.Finding{File: "a.jsonl", Line: 1, Column: 91, Variant: "result.success", Pointer: "/num_turns",
			Keyword: "tolerant/protocol.schema.json#/x", Rule: "schema/type", Severity: validate.Error,
			Message: "result/success: `num_turns`: expected integer, got string"}, Hash: "00aa"},
		{Finding: validate.Finding{File: "a.jsonl", Line: 3, Column: 2, Pointer: "/type", Rule: "variant/unknown-type",
			Severity: validate.Warning, Message: "unknown message type \"" + hostile + "\""}, Hash: "00bb"},
		{Finding: validate.Finding{File: "dir/" + hostile + ".jsonl", Line: 2, Column: 1, Variant: "control_cancel_request",
			Pointer: "/request_id", Rule: "schema/required", Severity: validate.Error, Message: "required property `request_id` is missing"}},
		{Finding: validate.Finding{File: "dir/" + hostile + ".jsonl", Rule: "input/empty", Severity: validate.Warning, Message: "the input is empty"}},
	}
}

func sampleSummary() Summary {
	return Summary{Summary: validate.Summary{Files: 3, Lines: 4, Variants: map[string]int{"result.success": 1}, Errors: 2, Warnings: 2, Elapsed: time.Millisecond},
		Stale: []BaselineEntry{{File: "a.jsonl", Rule: "schema/enum", Variant: "assistant", Pointer: "/error", Hash: "ff", Count: 2}}}
}

func sampleMeta() *Meta {
	return &Meta{Command: "validate", Version: "v0.0.0-test", Rules: ValidateRules(), Inputs: []string{"a.jsonl", "clean.jsonl", "dir/" + hostile + ".jsonl"}, FailOn: validate.Error}
}

func render(t *testing.T, f Format, findings []Finding, s Summary) []byte {
	t.Helper()
	var buf bytes.Buffer
	w := New(&buf, f, sampleMeta())
	for _, x := range findings {
		w.Finding(x)
	}
	if err := w.End(s); err != nil {
		t.Fatalf("%s: End: %v", f, err)
	}
	return buf.Bytes()
}

// noRawControls fails when the output holds a character validate.Escape
// escapes, other than the newlines and indentation the format itself
// writes.
func noRawControls(t *testing.T, f Format, out []byte) {
	t.Helper()
	for i, r := range string(out) {
		if r == '\n' || r == '\t' {
			continue
		}
		if unicode.IsControl(r) || unicode.Is(unicode.Cf, r) {
			t.Errorf("%s: raw %U at byte %d", f, r, i)
		}
	}
}

// TestTextAndJSONUnchanged: the text and json forms are validate's
// Printer's, byte for byte, when the Filter held nothing back.
func TestTextAndJSONUnchanged(t *testing.T) {
	s := sampleSummary()
	s.Stale = nil
	for _, f := range []Format{Text, JSON} {
		var want bytes.Buffer
		p := validate.NewPrinter(&want, validate.Format(f), false)
		for _, x := range sample() {
			p.Finding(x.Finding)
		}
		if err := p.Summary(s.Summary); err != nil {
			t.Fatal(err)
		}
		got := render(t, f, sample(), s)
		if diff := cmp.Diff(want.String(), string(got)); diff != "" {
			t.Errorf("%s mismatch (-validate.Printer +report):\n%s", f, diff)
		}
		noRawControls(t, f, got)
	}
}

// TestJSONAdoption: the json summary gains baselined, ignored and
// stale_baseline when the filter held findings back.
func TestJSONAdoption(t *testing.T) {
	s := sampleSummary()
	s.Baselined, s.Ignored = 3, 1
	var doc struct {
		Summary struct {
			Errors    int             `json:"errors"`
			Baselined int             `json:"baselined"`
			Ignored   int             `json:"ignored"`
			Stale     []BaselineEntry `json:"stale_baseline"`
		} `json:"summary"`
	}
	if err := json.Unmarshal(render(t, JSON, nil, s), &doc); err != nil {
		t.Fatal(err)
	}
	if doc.Summary.Errors != 2 || doc.Summary.Baselined != 3 || doc.Summary.Ignored != 1 || len(doc.Summary.Stale) != 1 {
		t.Errorf("summary = %+v", doc.Summary)
	}
}

var githubLine = regexp.MustCompile(`^::(error|warning|notice) ([^:]*)::(.*)$`)

func githubUnescape(s string) string {
	return strings.NewReplacer("%25", "%", "%0D", "\r", "%0A", "\n", "%3A", ":", "%2C", ",").Replace(s)
}

// TestGitHub: one workflow command a finding, with file, line, col and
// the rule as title; properties and data escaped as the runner reads them,
// so that a hostile file name can neither end a property nor start a new
// command.
func TestGitHub(t *testing.T) {
	out := render(t, GitHub, sample(), sampleSummary())
	noRawControls(t, GitHub, out)
	lines := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
	type cmd struct {
		Level string
		Props map[string]string
	}
	var got []cmd
	for _, l := range lines {
		m := githubLine.FindStringSubmatch(l)
		if m == nil {
			if strings.HasPrefix(l, "::") {
				t.Errorf("malformed command %q", l)
			}
			continue
		}
		props := map[string]string{}
		for _, p := range strings.Split(m[2], ",") {
			k, v, ok := strings.Cut(p, "=")
			if !ok || strings.ContainsAny(v, ":,\r\n") {
				t.Errorf("property %q not escaped in %q", p, l)
			}
			props[k] = githubUnescape(v)
		}
		if strings.ContainsAny(m[3], "\r\n") {
			t.Errorf("data not escaped: %q", l)
		}
		got = append(got, cmd{m[1], props})
	}
	hostileFile := validate.Escape("dir/" + hostile + ".jsonl")
	want := []cmd{
		{"error", map[string]string{"file": "a.jsonl", "line": "1", "col": "91", "title": "schema/type"}},
		{"warning", map[string]string{"file": "a.jsonl", "line": "3", "col": "2", "title": "variant/unknown-type"}},
		{"error", map[string]string{"file": hostileFile, "line": "2", "col": "1", "title": "schema/required"}},
		{"warning", map[string]string{"file": hostileFile, "title": "input/empty"}},
		{"warning", map[string]string{"file": "a.jsonl", "title": "baseline/stale"}},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("github commands mismatch (-want +got):\n%s", diff)
	}
	if !strings.Contains(string(out), "%252C%2C%3A") {
		t.Errorf("%% , : in the file name not escaped as %%25 %%2C %%3A:\n%s", out)
	}
}

func TestGitHubEscaping(t *testing.T) {
	for _, tc := range []struct{ in, data, prop string }{
		{"a%b", "a%25b", "a%25b"},
		{"a\r\nb", "a%0D%0Ab", "a%0D%0Ab"},
		{"a:b,c", "a:b,c", "a%3Ab%2Cc"},
	} {
		if got := githubData(tc.in); got != tc.data {
			t.Errorf("githubData(%q) = %q, want %q", tc.in, got, tc.data)
		}
		if got := githubProperty(tc.in); got != tc.prop {
			t.Errorf("githubProperty(%q) = %q, want %q", tc.in, got, tc.prop)
		}
	}
}

// sarifSchema is the official SARIF 2.1.0 schema, pinned by
// testdata/sarif/package-lock.json and installed there by .ci/run (npm ci).
const sarifSchema = "testdata/sarif/node_modules/@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json"

// TestSARIFSchema validates the sarif form against the official schema.
// Without the schema installed it skips, except in CI (CI set), where it
// fails.
func TestSARIFSchema(t *testing.T) {
	f, err := os.Open(sarifSchema)
	if err != nil {
		optional.Skip(t, "the SARIF schema is not installed (cd internal/report/testdata/sarif && npm ci): %v", err)
	}
	defer f.Close()
	doc, err := sjs.UnmarshalJSON(f)
	if err != nil {
		t.Fatal(err)
	}
	c := sjs.NewCompiler()
	if err := c.AddResource("sarif.json", doc); err != nil {
		t.Fatal(err)
	}
	schema, err := c.Compile("sarif.json")
	if err != nil {
		t.Fatal(err)
	}
	s := sampleSummary()
	s.Baselined = 2
	for name, findings := range map[string][]Finding{"findings": sample(), "none": nil} {
		out := render(t, SARIF, findings, s)
		noRawControls(t, SARIF, out)
		inst, err := sjs.UnmarshalJSON(bytes.NewReader(out))
		if err != nil {
			t.Fatalf("%s: not JSON: %v", name, err)
		}
		if err := schema.Validate(inst); err != nil {
			t.Errorf("%s: the SARIF log breaks the official schema: %v", name, err)
		}
	}
	// And a break of the schema is caught: the test is not vacuous.
	bad := bytes.Replace(render(t, SARIF, sample(), s), []byte(`"level": "error"`), []byte(`"level": "fatal"`), 1)
	inst, _ := sjs.UnmarshalJSON(bytes.NewReader(bad))
	if schema.Validate(inst) == nil {
		t.Error("a result with level fatal passed the schema")
	}
}

// TestSARIFContent: rules in tool.driver.rules, and each result's rule,
// level, message and location.
func TestSARIFContent(t *testing.T) {
	var log struct {
		Version string `json:"version"`
		Runs    []struct {
			Tool struct {
				Driver struct {
					Rules []struct {
						ID               string `json:"id"`
						ShortDescription struct{ Text string }
						Help             struct{ Text string }
					} `json:"rules"`
				} `json:"driver"`
			} `json:"tool"`
			Results []struct {
				RuleID    string `json:"ruleId"`
				RuleIndex int    `json:"ruleIndex"`
				Level     string `json:"level"`
				Message   struct{ Text string }
				Locations []struct {
					PhysicalLocation struct {
						ArtifactLocation struct{ URI string }
						Region           struct{ StartLine, StartColumn int }
					}
				}
				PartialFingerprints map[string]string
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal(render(t, SARIF, sample(), sampleSummary()), &log); err != nil {
		t.Fatal(err)
	}
	run := log.Runs[0]
	if len(run.Tool.Driver.Rules) != len(validate.Rules) {
		t.Errorf("%d rules described, want %d", len(run.Tool.Driver.Rules), len(validate.Rules))
	}
	for _, r := range run.Tool.Driver.Rules {
		if r.ShortDescription.Text == "" || r.Help.Text == "" {
			t.Errorf("rule %s: no description or help", r.ID)
		}
	}
	if len(run.Results) != 4 {
		t.Fatalf("%d results, want 4", len(run.Results))
	}
	r := run.Results[0]
	loc := r.Locations[0].PhysicalLocation
	if r.RuleID != "schema/type" || run.Tool.Driver.Rules[r.RuleIndex].ID != "schema/type" || r.Level != "error" ||
		loc.ArtifactLocation.URI != "a.jsonl" || loc.Region.StartLine != 1 || loc.Region.StartColumn != 91 {
		t.Errorf("first result = %+v", r)
	}
	if run.Results[1].Level != "warning" || r.PartialFingerprints["protocheck/v1"] == "" {
		t.Errorf("second result = %+v", run.Results[1])
	}
	if u := run.Results[2].Locations[0].PhysicalLocation.ArtifactLocation.URI; strings.ContainsAny(u, " \n%|`<") && !strings.Contains(u, "%") {
		t.Errorf("uri %q not percent-encoded", u)
	}
}

// TestJUnit parses the junit form back: a suite per input, clean ones with
// one passing case, a case per finding, failures for errors only.
func TestJUnit(t *testing.T) {
	out := render(t, JUnit, sample(), sampleSummary())
	noRawControls(t, JUnit, out)
	var doc junitSuites
	if err := xml.Unmarshal(out, &doc); err != nil {
		t.Fatalf("junit does not parse: %v\n%s", err, out)
	}
	type suite struct {
		Name            string
		Tests, Failures int
	}
	var got []suite
	for _, s := range doc.Suites {
		got = append(got, suite{s.Name, s.Tests, s.Failures})
		n := 0
		for _, c := range s.Cases {
			if c.Failure != nil {
				n++
				if c.Failure.Type == "" || c.Failure.Message == "" {
					t.Errorf("failure without type or message: %+v", c)
				}
			}
		}
		if n != s.Failures {
			t.Errorf("suite %s: failures=%d, %d failure elements", s.Name, s.Failures, n)
		}
	}
	want := []suite{{"a.jsonl", 2, 1}, {"clean.jsonl", 1, 0}, {validate.Escape("dir/" + hostile + ".jsonl"), 2, 1}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("suites mismatch (-want +got):\n%s", diff)
	}
	if doc.Tests != 5 || doc.Failures != 2 {
		t.Errorf("testsuites tests=%d failures=%d, want 5 and 2", doc.Tests, doc.Failures)
	}
}

// TestGitLab: the code-quality shape, and fingerprints that are unique in
// a report and stable when the same findings move to other lines.
func TestGitLab(t *testing.T) {
	out := render(t, GitLab, sample(), sampleSummary())
	noRawControls(t, GitLab, out)
	var issues []map[string]any
	if err := json.Unmarshal(out, &issues); err != nil {
		t.Fatalf("not a JSON array: %v\n%s", err, out)
	}
	if len(issues) != 4 {
		t.Fatalf("%d issues, want 4", len(issues))
	}
	seen := map[string]bool{}
	for _, is := range issues {
		for _, k := range []string{"description", "check_name", "fingerprint", "severity"} {
			if s, _ := is[k].(string); s == "" {
				t.Errorf("issue without %s: %v", k, is)
			}
		}
		loc, _ := is["location"].(map[string]any)
		lines, _ := loc["lines"].(map[string]any)
		if p, _ := loc["path"].(string); p == "" || lines["begin"] == nil || lines["begin"].(float64) < 1 {
			t.Errorf("issue location %v", loc)
		}
		fp := is["fingerprint"].(string)
		if seen[fp] {
			t.Errorf("fingerprint %s twice", fp)
		}
		seen[fp] = true
	}
	if s := issues[0]["severity"]; s != "major" {
		t.Errorf("error severity = %v, want major", s)
	}
	// The same findings two lines further down (lines added above them):
	// the findings with a known line hash keep their fingerprints.
	moved := sample()
	for i := range moved {
		if moved[i].Line > 0 {
			moved[i].Line += 2
		}
	}
	var again []map[string]any
	if err := json.Unmarshal(render(t, GitLab, moved, sampleSummary()), &again); err != nil {
		t.Fatal(err)
	}
	for i := range 2 {
		if issues[i]["fingerprint"] != again[i]["fingerprint"] {
			t.Errorf("issue %d: fingerprint changed when its line moved", i)
		}
	}
	// A second, identical finding gets its own fingerprint.
	twice := append(sample()[:1], sample()[:1]...)
	var two []map[string]any
	if err := json.Unmarshal(render(t, GitLab, twice, sampleSummary()), &two); err != nil {
		t.Fatal(err)
	}
	if two[0]["fingerprint"] == two[1]["fingerprint"] {
		t.Error("two identical findings share a fingerprint")
	}
}

// TestMarkdown: verdict, a row per rule, the findings listed, and table
// cells that hostile text cannot break.
func TestMarkdown(t *testing.T) {
	out := string(render(t, Markdown, sample(), sampleSummary()))
	noRawControls(t, Markdown, []byte(out))
	if !strings.HasPrefix(out, "### protocheck validate: failed\n") {
		t.Errorf("no verdict heading:\n%s", out)
	}
	for _, want := range []string{"| `schema/type` | error | 1 |", "| `variant/unknown-type` | warning | 1 |", "stale"} {
		if !strings.Contains(out, want) {
			t.Errorf("markdown lacks %q:\n%s", want, out)
		}
	}
	// Every table row has as many unescaped | as its table's header.
	bars := func(l string) int { return strings.Count(strings.ReplaceAll(l, `\|`, ""), "|") }
	lines := strings.Split(out, "\n")
	want := 0
	for i, l := range lines {
		if !strings.HasPrefix(l, "|") {
			continue
		}
		if i+1 < len(lines) && strings.HasPrefix(lines[i+1], "|---") {
			want = bars(l)
		}
		if n := bars(l); n != want {
			t.Errorf("row with %d cell bars, want %d: %q", n, want, l)
		}
		if strings.Count(strings.ReplaceAll(l, "\\`", ""), "`")%2 != 0 {
			t.Errorf("unbalanced backticks: %q", l)
		}
		if strings.Contains(l, "<&") {
			t.Errorf("raw < or & in %q", l)
		}
	}
	// Stale entries fail the verdict under --fail-on-stale.
	clean := sampleSummary()
	clean.Errors, clean.Warnings = 0, 0
	for _, stale := range []bool{false, true} {
		m := sampleMeta()
		m.FailOnStale = stale
		var buf bytes.Buffer
		if err := New(&buf, Markdown, m).End(clean); err != nil {
			t.Fatal(err)
		}
		want := map[bool]string{false: "passed", true: "failed"}[stale]
		if !strings.HasPrefix(buf.String(), "### protocheck validate: "+want+"\n") {
			t.Errorf("FailOnStale %v: verdict not %s:\n%s", stale, want, buf.String())
		}
	}
	// A cap on the findings listed.
	m := sampleMeta()
	m.MaxListed = 1
	var buf bytes.Buffer
	w := New(&buf, Markdown, m)
	for _, f := range sample() {
		w.Finding(f)
	}
	if err := w.End(sampleSummary()); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), "The first 1 of 4 findings") {
		t.Errorf("no cap note:\n%s", buf.String())
	}
}

func TestParseTarget(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want Target
		err  bool
	}{
		{in: "github", want: Target{Format: GitHub}},
		{in: "markdown=/tmp/summary.md", want: Target{Format: Markdown, Path: "/tmp/summary.md"}},
		{in: "sarif=a=b.sarif", want: Target{Format: SARIF, Path: "a=b.sarif"}},
		{in: "xml", err: true},
		{in: "json=", err: true},
	} {
		got, err := ParseTarget(tc.in, Formats)
		if (err != nil) != tc.err || got != tc.want {
			t.Errorf("ParseTarget(%q) = %+v, %v", tc.in, got, err)
		}
	}
	if _, err := ParseTarget("gitlab", []Format{Text}); err == nil || !strings.Contains(err.Error(), "not available") {
		t.Errorf("a format not allowed: %v", err)
	}
}

// TestFileOutputs: every format's writer takes the same input, so a run
// can write several; a write error stops a writer.
func TestWriteError(t *testing.T) {
	for _, f := range Formats {
		w := New(failWriter{}, f, sampleMeta())
		for _, x := range sample() {
			w.Finding(x)
		}
		if err := w.End(sampleSummary()); err == nil {
			t.Errorf("%s: a failing writer reported no error", f)
		}
	}
}

type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, os.ErrClosed }

var _ = filepath.Join
