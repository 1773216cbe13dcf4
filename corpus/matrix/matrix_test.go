package matrix

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/protocheck/protocheck/corpus/internal/corpustest"
	"github.com/protocheck/protocheck/internal/report"
	"github.com/protocheck/protocheck/internal/testutil/sharedcorpus"
	"github.com/protocheck/protocheck/validate"
)

// TestJudge: each kind of unknown gets the action the policy names, and the
// line's verdict is the worst of its causes.
func TestJudge(t *testing.T) {
	f := func(rule *validate.Rule, pointer string) validate.Finding {
		return validate.Finding{Rule: rule.ID, Severity: rule.Severity, Pointer: pointer}
	}
	required := f(validate.RuleRequired, "/uuid")
	unknownType := f(validate.RuleUnknownType, "/type")
	unknownSubtype := f(validate.RuleUnknownSubtype, "/subtype")
	unknownKind := f(validate.RuleUnknownKind, "/message/content/0/type")
	unknownMember := validate.Finding{Rule: validate.RuleUnknownProperty.ID, Severity: validate.Info, Pointer: "/message/content/3/caller"}
	all := func(a Action) Policy { return Policy{Type: a, Subtype: a, Block: a, Member: a} }
	tests := []struct {
		name     string
		policy   Policy
		findings []validate.Finding
		want     Verdict
		ignored  int
		reason   string // the first reason's key
	}{
		{name: "clean", policy: all(Fail), want: Accepted},
		{name: "schema error", policy: all(Skip), findings: []validate.Finding{required}, want: Rejected, reason: "rejected schema/required /uuid"},
		{name: "unknown type, fail", policy: all(Fail), findings: []validate.Finding{unknownType}, want: Rejected, reason: "rejected variant/unknown-type /type"},
		{name: "unknown type, skip", policy: all(Skip), findings: []validate.Finding{unknownType}, want: Dropped, reason: "dropped variant/unknown-type /type"},
		{name: "unknown type, raw", policy: all(Raw), findings: []validate.Finding{unknownType}, want: Dropped, reason: "dropped variant/unknown-type /type"},
		{name: "unknown subtype follows the subtype action", policy: Policy{Type: Skip, Subtype: Fail, Block: Skip, Member: Skip},
			findings: []validate.Finding{unknownSubtype}, want: Rejected, reason: "rejected variant/unknown-subtype /subtype"},
		{name: "unknown block, fail", policy: Policy{Type: Skip, Subtype: Skip, Block: Fail, Member: Skip},
			findings: []validate.Finding{unknownKind}, want: Rejected, reason: "rejected variant/unknown-kind /message/content/*/type"},
		{name: "unknown block, skip", policy: all(Skip), findings: []validate.Finding{unknownKind}, want: Dropped, reason: "dropped variant/unknown-kind /message/content/*/type"},
		{name: "unknown member, skip: accepted, member ignored", policy: all(Skip), findings: []validate.Finding{unknownMember},
			want: Accepted, ignored: 1, reason: "ignored schema/unknown-property /message/content/*/caller"},
		{name: "unknown member, fail", policy: all(Fail), findings: []validate.Finding{unknownMember}, want: Rejected,
			reason: "rejected schema/unknown-property /message/content/*/caller"},
		{name: "a reject outweighs a drop", policy: Policy{Type: Skip, Subtype: Skip, Block: Skip, Member: Skip},
			findings: []validate.Finding{unknownKind, required}, want: Rejected, reason: "rejected schema/required /uuid"},
		{name: "warnings that are not unknowns do not count", policy: all(Fail),
			findings: []validate.Finding{{Rule: validate.RuleDuplicateKey.ID, Severity: validate.Warning, Pointer: "/a"}}, want: Accepted},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := &Cell{}
			c.judge(tt.policy, validate.LineResult{File: "f", Line: 3, Findings: tt.findings}, 1, 2, nil)
			got := map[Verdict]int{Accepted: c.Accepted, Rejected: c.Rejected, Dropped: c.Dropped}
			want := map[Verdict]int{Accepted: 0, Rejected: 0, Dropped: 0}
			want[tt.want] = 1
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("verdicts mismatch (-want +got):\n%s", diff)
			}
			if c.IgnoredMembers != tt.ignored {
				t.Errorf("IgnoredMembers = %d, want %d", c.IgnoredMembers, tt.ignored)
			}
			var first string
			if len(c.Reasons) > 0 {
				first = c.Reasons[0].Key()
			}
			if first != tt.reason {
				t.Errorf("first reason = %q, want %q", first, tt.reason)
			}
			if tt.reason != "" && (len(c.Evidence) == 0 || c.Evidence[0].Line != 3) {
				t.Errorf("evidence = %v, want line 3", c.Evidence)
			}
		})
	}
}

var (
	capturesMatrixOnce sync.Once
	capturesMatrix     *Matrix
	capturesMatrixErr  error
)

// matrixOfCaptures runs every built-in dialect over the committed captures
// once for the tests that read the result.
func matrixOfCaptures(t *testing.T) *Matrix {
	t.Helper()
	capturesMatrixOnce.Do(func() {
		var ds []*Dialect
		if ds, capturesMatrixErr = BuiltinDialects(); capturesMatrixErr != nil {
			return
		}
		capturesMatrix, capturesMatrixErr = RunMatrix(context.Background(), corpustest.CaptureInputs(t), ds, MatrixOptions{})
	})
	if capturesMatrixErr != nil {
		t.Fatal(capturesMatrixErr)
	}
	return capturesMatrix
}

// TestMatrixCaptures pins cells that follow from what each dialect's source
// says, on the committed captures of the real CLI.
func TestMatrixCaptures(t *testing.T) {
	m := matrixOfCaptures(t)
	if m.Dialects[0] != "wire" {
		t.Fatalf("dialects = %v, want the wire first", m.Dialects)
	}
	lines, acc, _, _ := m.Totals("wire")
	if lines != m.Lines || acc != lines {
		t.Errorf("wire accepts %d of %d lines (matrix has %d): it must accept every captured line", acc, lines, m.Lines)
	}
	tests := []struct {
		dialect, variant string
		verdict          Verdict
		reason           string // a reason key the cell must have
		why              string
	}{
		{"spec02", "system.thinking_tokens", Rejected, "rejected variant/unknown-subtype /subtype", "spec02 errors on a system subtype it does not list"},
		{"spec02", "stream_event", Accepted, "", "spec02 models stream_event as the wire does"},
		{"goat", "assistant", Rejected, "rejected schema/required /content", "goat flattens the assistant body the CLI nests in message"},
		{"goat", "user.replay", Rejected, "", "goat reads type user_replay; a real replay is type user, which goat cannot read either"},
		{"ts-docs", "system.status", Dropped, "dropped variant/unknown-subtype /subtype", "the TS runtime passes unknown subtypes through untyped"},
		{"ts-docs", "system.init", Rejected, "rejected schema/enum /apiKeySource", "ts-docs lists four apiKeySource values; the CLI sends none of them"},
		{"ts-docs", "result.success", Rejected, "rejected schema/const /is_error", "ts-docs types is_error as the literal false on success; API failures end in success with is_error true"},
	}
	for _, tt := range tests {
		c := m.Cell(tt.dialect, tt.variant)
		if c == nil {
			t.Errorf("%s %s: no cell", tt.dialect, tt.variant)
			continue
		}
		got := map[Verdict]int{Accepted: c.Accepted, Rejected: c.Rejected, Dropped: c.Dropped}
		if got[tt.verdict] == 0 {
			t.Errorf("%s %s: %v, want some %s lines (%s)", tt.dialect, tt.variant, got, tt.verdict, tt.why)
		}
		if tt.verdict == Accepted && c.Accepted != c.Lines {
			t.Errorf("%s %s: %v, want every line accepted (%s)", tt.dialect, tt.variant, got, tt.why)
		}
		if tt.reason != "" && c.reasonAt[tt.reason] == nil {
			var keys []string
			for _, r := range c.Reasons {
				keys = append(keys, r.Key())
			}
			t.Errorf("%s %s: no reason %q among %q (%s)", tt.dialect, tt.variant, tt.reason, keys, tt.why)
		}
	}
	// Coverage: the partial-message captures carry every stream event; no
	// capture has an MCP tool block.
	if m.Coverage.Kinds["StreamEvent"]["message_start"] == 0 || m.Coverage.Kinds["ContentBlock"]["tool_use"] == 0 {
		t.Errorf("coverage kinds = %v, want message_start and tool_use counted", m.Coverage.Kinds)
	}
	if !slices.Contains(m.Coverage.KindsMissing["ContentBlock"], "mcp_tool_use") {
		t.Errorf("coverage kinds missing = %v, want mcp_tool_use among them", m.Coverage.KindsMissing)
	}
	if m.Coverage.Variants["stream_event"] == 0 || !slices.Contains(m.Coverage.Missing, "active_goal") {
		t.Errorf("coverage variants: stream_event %d, missing %v", m.Coverage.Variants["stream_event"], m.Coverage.Missing)
	}
	// The writing side: spec02's replies carry no response.subtype.
	var found bool
	for _, w := range m.Writes {
		if w.Dialect == "spec02" && w.Name == "can_use_tool allow reply" {
			found = true
			if w.Verdict != Rejected || len(w.Findings) == 0 || w.Findings[0].Rule != validate.RuleMissingSubtype.ID {
				t.Errorf("spec02 can_use_tool allow reply: %s %v, want rejected for variant/missing-subtype", w.Verdict, w.Findings)
			}
		}
	}
	if !found {
		t.Error("no write result for spec02's can_use_tool allow reply")
	}
}

// TestMatrixFormats: each format prints the matrix; JSON has the documented
// top-level members and one cell per dialect and row; no form carries raw
// control characters from the transcript.
func TestMatrixFormats(t *testing.T) {
	m := matrixOfCaptures(t)
	for _, f := range Formats {
		var buf bytes.Buffer
		if err := m.Print(&buf, f); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		if bytes.ContainsAny(buf.Bytes(), "\x1b\x00") {
			t.Errorf("%s: output carries a raw control character", f)
		}
		switch f {
		case report.JSON:
			var doc map[string]json.RawMessage
			if err := json.Unmarshal(buf.Bytes(), &doc); err != nil {
				t.Fatal(err)
			}
			for _, k := range []string{"report_version", "dialects", "cells", "variants", "writes", "coverage"} {
				if _, ok := doc[k]; !ok {
					t.Errorf("json: no %q member", k)
				}
			}
			var cells []Cell
			if err := json.Unmarshal(doc["cells"], &cells); err != nil {
				t.Fatal(err)
			}
			if len(cells) != len(m.Dialects)*len(m.Variants) {
				t.Errorf("json: %d cells, want %d dialects × %d variants", len(cells), len(m.Dialects), len(m.Variants))
			}
		case report.Markdown:
			if !strings.Contains(buf.String(), "| dialect | accepted | rejected | dropped |") {
				t.Errorf("markdown: no summary table:\n%s", buf.String())
			}
		case report.HTML:
			if strings.Contains(buf.String(), "/*MATRIX*/") {
				t.Error("html: the data was not put into the page")
			}
		}
	}
}

// TestMemoizeDialects: for every built-in dialect, memoized checking gives
// each line the verdict-relevant findings the plain run gives, over the
// captures and copies of them with values that change verdicts (a uuid that
// is not one, for spec02's asserted format; a number for a string).
func TestMemoizeDialects(t *testing.T) {
	ds, err := BuiltinDialects()
	if err != nil {
		t.Fatal(err)
	}
	var data bytes.Buffer
	for _, in := range corpustest.CaptureInputs(t) {
		rc, err := in.Open()
		if err != nil {
			t.Fatal(err)
		}
		b, err := io.ReadAll(rc)
		rc.Close()
		if err != nil {
			t.Fatal(err)
		}
		data.Write(b)
		data.Write(bytes.ReplaceAll(b, []byte(`"uuid":"`), []byte(`"uuid":"not-a-uuid`)))
		data.Write(bytes.ReplaceAll(b, []byte(`"session_id":"`), []byte(`"session_id":2,"x":"`)))
	}
	input := []validate.Input{{Name: "all", Open: func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(data.Bytes())), nil }}}
	for _, d := range ds {
		t.Run(d.Name, func(t *testing.T) {
			run := func(memoize bool) []string {
				v, err := validate.New(validate.Options{Schemas: d.Schemas, ShowUnknown: true, Memoize: memoize, AssertFormats: d.AssertFormats})
				if err != nil {
					t.Fatal(err)
				}
				var out []string
				_, err = v.RunEach(context.Background(), input, nil, func(lr validate.LineResult) {
					var fs []string
					for _, f := range lr.Findings {
						fs = append(fs, f.Rule+" "+f.Pointer)
					}
					slices.Sort(fs)
					out = append(out, fmt.Sprintf("%d %s %s %v", lr.Line, lr.Variant, lr.UnknownKind, fs))
				})
				if err != nil {
					t.Fatal(err)
				}
				return out
			}
			plain, memo := run(false), run(true)
			if len(plain) != len(memo) {
				t.Fatalf("%d lines plain, %d memoized", len(plain), len(memo))
			}
			for i := range plain {
				if plain[i] != memo[i] {
					t.Errorf("differs:\n plain %s\n memo  %s", plain[i], memo[i])
					break
				}
			}
		})
	}
}

// TestMatrixGroupedEqualsStreamed: the one-read run that checks one line
// of each shape gives the counts, reasons and coverage that reading the
// inputs once per dialect gives, over the captures and the public corpus
// (hand-written, faulty and session-file lines among them).
func TestMatrixGroupedEqualsStreamed(t *testing.T) {
	ds, err := BuiltinDialects()
	if err != nil {
		t.Fatal(err)
	}
	inputs := corpustest.CaptureInputs(t)
	if dir := sharedcorpus.DirIfPresent(); dir != "" {
		inputs = append(inputs, validate.Inputs([]string{filepath.Join(dir, "corpus-public")}, nil)...)
	}
	type counts struct {
		Lines, Accepted, Rejected, Dropped, Ignored int
		Reasons                                     []string
	}
	summary := func(m *Matrix) map[string]counts {
		out := map[string]counts{}
		for _, c := range m.Cells {
			k := counts{c.Lines, c.Accepted, c.Rejected, c.Dropped, c.IgnoredMembers, nil}
			for _, r := range c.Reasons {
				k.Reasons = append(k.Reasons, fmt.Sprintf("%s %d in %d sessions", r.Key(), r.Count, r.Sessions))
			}
			slices.Sort(k.Reasons)
			out[c.Dialect+" "+c.Variant] = k
		}
		return out
	}
	grouped, err := RunMatrix(context.Background(), inputs, ds, MatrixOptions{Sessions: true})
	if err != nil {
		t.Fatal(err)
	}
	old := groupBudget
	groupBudget = 0 // the first shape is one too many: the run reads once per dialect
	t.Cleanup(func() { groupBudget = old })
	streamed, err := RunMatrix(context.Background(), inputs, ds, MatrixOptions{Sessions: true})
	if err != nil {
		t.Fatal(err)
	}
	// A reason counts each session once, however many of its lines show it.
	if c := grouped.Cell("rust", "stream_event"); c == nil || len(c.Reasons) == 0 || c.Reasons[0].Sessions == 0 || c.Reasons[0].Sessions >= c.Reasons[0].Count {
		t.Errorf("rust on stream_event: %+v, want fewer sessions than lines, and some", c)
	}
	if grouped.Lines != streamed.Lines || grouped.Files != streamed.Files {
		t.Errorf("grouped: %d lines in %d files; streamed: %d in %d", grouped.Lines, grouped.Files, streamed.Lines, streamed.Files)
	}
	if diff := cmp.Diff(summary(streamed), summary(grouped)); diff != "" {
		t.Errorf("cells mismatch (-streamed +grouped):\n%s", diff)
	}
	if diff := cmp.Diff(streamed.Coverage, grouped.Coverage); diff != "" {
		t.Errorf("coverage mismatch (-streamed +grouped):\n%s", diff)
	}
}
