package validate_test

import (
	"context"
	"io"
	"slices"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/google/go-cmp/cmp"

	"github.com/protocheck/protocheck/schemas"
	"github.com/protocheck/protocheck/validate"
)

// exampleOptions returns the Options of 'protocheck validate' run with the
// flags an example names. It knows the flags the examples use; an example
// that names another fails the test until it is added here.
func exampleOptions(t *testing.T, flags []string) validate.Options {
	t.Helper()
	var o validate.Options
	atoi := func(s string) int {
		n, err := strconv.Atoi(s)
		if err != nil {
			t.Fatalf("flags %q: %v", flags, err)
		}
		return n
	}
	for i := 0; i < len(flags); i++ {
		flag, arg := flags[i], ""
		if flag != "--show-unknown" {
			if i+1 == len(flags) {
				t.Fatalf("flags %q: %s without its value", flags, flag)
			}
			i++
			arg = flags[i]
		}
		switch flag {
		case "--show-unknown":
			o.ShowUnknown = true
		case "--max-line-bytes":
			o.MaxLineBytes = atoi(arg)
		case "--max-depth":
			o.MaxDepth = atoi(arg)
		case "--rules-budget":
			o.RulesBudget = atoi(arg)
		case "--cli-version":
			o.CLIVersion = arg
		case "--profile":
			p, err := validate.ParseProfile(arg)
			if err != nil {
				t.Fatal(err)
			}
			o.Profile = p
		case "--direction":
			d, err := validate.ParseDirection(arg)
			if err != nil {
				t.Fatal(err)
			}
			o.Direction = d
		default:
			t.Fatalf("flags %q: exampleOptions does not know %s", flags, flag)
		}
	}
	return o
}

// runText validates text as one input named example.jsonl, and returns
// the findings.
func runText(t *testing.T, opts validate.Options, text string) []validate.Finding {
	t.Helper()
	v, err := validate.New(opts)
	if err != nil {
		t.Fatal(err)
	}
	in := validate.Input{Name: "example.jsonl", Open: func() (io.ReadCloser, error) { return io.NopCloser(strings.NewReader(text)), nil }}
	var fs []validate.Finding
	if _, err := v.Run(context.Background(), []validate.Input{in}, func(f validate.Finding) { fs = append(fs, f) }); err != nil {
		t.Fatal(err)
	}
	return fs
}

// TestRuleExamples: every rule is documented (Fix, and an Example, an
// Abridged example or a Case: what 'protocheck rules --format markdown'
// shows), and every rule's Example, validated as 'protocheck validate'
// with its Flags validates it, reports the rule.
func TestRuleExamples(t *testing.T) {
	ran := 0
	for _, r := range validate.Rules {
		t.Run(r.ID, func(t *testing.T) {
			if r.Fix == "" || r.Example == "" && r.Abridged == "" && r.Case == "" {
				t.Fatalf("%s: want a Fix and an Example, an Abridged example or a Case", r.ID)
			}
			if r.Example == "" {
				if len(r.Flags) > 0 {
					t.Errorf("%s: Flags without an Example", r.ID)
				}
				return
			}
			ran++
			fs := runText(t, exampleOptions(t, r.Flags), r.Example+"\n")
			if !slices.ContainsFunc(fs, func(f validate.Finding) bool { return f.Rule == r.ID }) {
				t.Errorf("%s: its example does not report it; findings:\n%s", r.ID, findingList(fs))
			}
		})
	}
	if ran < 25 {
		t.Errorf("ran %d examples, want at least 25", ran)
	}
}

func findingList(fs []validate.Finding) string {
	var b strings.Builder
	for _, f := range fs {
		b.WriteString("  " + f.String() + "\n")
	}
	return b.String()
}

// TestLineGates: a line that more than one of the rules that stop a line's
// check would report gets the first one's finding only, in the order of
// the gates (validate's lineGates): the bytes, then the JSON, then the
// variant.
func TestLineGates(t *testing.T) {
	const ok = `{"type":"keep_alive"}` + "\n"
	tests := []struct {
		name, text string
		want       []string
		reason     string
	}{
		{name: "NUL before UTF-8", text: "{\"type\":\"caf\xe9\"}\x00\n", want: []string{"input/nul-byte"}},
		{name: "UTF-8 before a stray BOM", text: ok + "\ufeff{\"type\":\"caf\xe9\"}\n", want: []string{"input/invalid-utf8"}},
		{name: "stray BOM before JSON", text: ok + "\ufeff{\"type\":\n", want: []string{"input/stray-bom"}},
		{name: "BOM on line 1", text: "\ufeff" + ok, want: nil, reason: "an input's first line may carry one"},
		{name: "JSON before the object", text: "[1,\n", want: []string{"input/invalid-json"}},
		{name: "not an object", text: `"keep_alive"` + "\n", want: []string{"input/not-object"}},
		{name: "object before type", text: `[{"type":"keep_alive"}]` + "\n", want: []string{"input/not-object"}},
		{name: "no type", text: `{"subtype":"init"}` + "\n", want: []string{"variant/missing-type"}},
		{name: "unknown type given twice", text: `{"type":"keep_alive","type":"teleport"}` + "\n", want: []string{"input/duplicate-key", "variant/unknown-type"},
			reason: "the last type counts; the scan, which never ran on the line, cannot see the duplicate"},
		{name: "no subtype", text: `{"type":"system"}` + "\n", want: []string{"variant/missing-subtype"}},
		{name: "unknown subtype", text: `{"type":"system","subtype":"teleport"}` + "\n", want: []string{"variant/unknown-subtype"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, f := range runText(t, validate.Options{CLIVersion: "2.1.330", NoCrossLine: true}, tt.text) {
				got = append(got, f.Rule)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("rules of %q mismatch (-want +got) (%s):\n%s", tt.text, tt.reason, diff)
			}
		})
	}
}

// keepAliveSchemas is a schema set of one variant, keep_alive, whose
// members are defined by members (a JSON object's members, without braces).
func keepAliveSchemas(members string) fstest.MapFS {
	index := `{"schema_version":1,"base_id":"https://protocheck.dev/test/","profiles":["tolerant"],
		"union":{"tolerant":"tolerant/protocol.schema.json"},"subtype_paths":{},
		"variants":[{"name":"keep_alive","type":"keep_alive","direction":"both","files":{"tolerant":"tolerant/keep_alive.schema.json"}}]}`
	union := `{"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://protocheck.dev/test/tolerant/protocol.schema.json",
		"$defs":{"keep_alive":{"type":"object","required":["type"],"properties":{"type":{"const":"keep_alive"},` + members + `}}}}`
	return fstest.MapFS{
		schemas.IndexFile:               {Data: []byte(index)},
		"tolerant/protocol.schema.json": {Data: []byte(union)},
	}
}

// TestSchemaFormatAndOther: a string not of the format its schema asserts
// is schema/format when formats are asserted (and nothing when they are
// annotations, the default); a keyword without a rule of its own (minimum)
// is schema/other. The protocol's own schemas use neither, so a schema set
// of the test's own shows them.
func TestSchemaFormatAndOther(t *testing.T) {
	fsys := keepAliveSchemas(`"id":{"type":"string","format":"uuid"},"n":{"type":"integer","minimum":0}`)
	tests := []struct {
		name    string
		opts    validate.Options
		line    string
		want    []string
		pointer string
	}{
		{"format asserted", validate.Options{AssertFormats: true}, `{"type":"keep_alive","id":"not-a-uuid"}`, []string{"schema/format"}, "/id"},
		{"format annotated", validate.Options{}, `{"type":"keep_alive","id":"not-a-uuid"}`, nil, ""},
		{"a uuid", validate.Options{AssertFormats: true}, `{"type":"keep_alive","id":"0b7c5c4e-8f7a-4c5e-9d3b-2f1a6e4d8c90"}`, nil, ""},
		{"below the minimum", validate.Options{}, `{"type":"keep_alive","n":-1}`, []string{"schema/other"}, "/n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			opts := tt.opts
			opts.Schemas, opts.NoCrossLine, opts.Jobs = fsys, true, 1
			var got []string
			for _, f := range runText(t, opts, tt.line+"\n") {
				got = append(got, f.Rule)
				if f.Pointer != tt.pointer {
					t.Errorf("%s: pointer %q, want %q", f.Rule, f.Pointer, tt.pointer)
				}
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("rules of %s mismatch (-want +got):\n%s", tt.line, diff)
			}
		})
	}
}

// TestRulesListsEveryRuleOnce: Rules is one declared table; the cross-line
// rules are in it, once each, in the order of CrossLineRules.
func TestRulesListsEveryRuleOnce(t *testing.T) {
	seen := map[string]bool{}
	for _, r := range validate.Rules {
		if seen[r.ID] {
			t.Errorf("Rules lists %s twice", r.ID)
		}
		seen[r.ID] = true
	}
	last := -1
	for _, c := range validate.CrossLineRules {
		i := slices.Index(validate.Rules, c.Rule)
		if i < 0 || i < last {
			t.Errorf("cross-line rule %s is at %d of Rules, after %d: want it listed, in the order of CrossLineRules", c.Rule.ID, i, last)
		}
		last = i
	}
	for _, r := range []*validate.Rule{validate.RuleRulesBudget, validate.RuleDuplexEnvelope} {
		if !slices.Contains(validate.Rules, r) {
			t.Errorf("Rules does not list %s", r.ID)
		}
	}
}
