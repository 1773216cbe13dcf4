package argv

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/protocheck/protocheck/protocol"
)

// TestCheck holds the argv check to what the real CLI does with each argv
// (run by hand on 1.0.128, 2.1.112 and 2.1.331: the refusals are the
// CLI's own words, and each exits 1).
func TestCheck(t *testing.T) {
	base := []string{"--output-format", "stream-json", "--verbose", "--input-format", "stream-json"}
	with := func(extra ...string) []string { return append(append([]string(nil), base...), extra...) }
	tests := []struct {
		name    string
		version string
		args    []string
		starts  bool
		rules   []string
		refusal string
		reason  string
	}{
		{name: "defaults", version: "2.1.331", args: base, starts: true},
		{name: "unknown option", version: "2.1.331", args: with("--permission-prompt-tool-name", "Edit"), rules: []string{RuleUnknown},
			refusal: "error: unknown option '--permission-prompt-tool-name'",
			reason:  "rusty_claw's permission_prompt_tool_allowlist: no release has the option"},
		{name: "unknown option with commander's suggestion", version: "2.1.112", args: []string{"-p", "--beta", "x"}, rules: []string{RuleUnknown},
			refusal: "error: unknown option '--beta'\n(Did you mean --betas?)", reason: "what 2.1.112 and 2.1.332 print"},
		{name: "no suggestion of a hidden option", version: "2.1.112", args: []string{"-p", "--session-name", "x"}, rules: []string{RuleUnknown},
			refusal: "error: unknown option '--session-name'"},
		{name: "unknown option on 1.0.128", version: "1.0.128", args: with("--permission-prompt-tool-name", "x"), rules: []string{RuleUnknown},
			refusal: "error: unknown option '--permission-prompt-tool-name'"},
		{name: "value missing", version: "2.1.112", args: []string{"-p", "--output-format"}, rules: []string{RuleMissingValue},
			refusal: "error: option '--output-format <format>' argument missing"},
		{name: "choice", version: "2.1.112", args: []string{"-p", "--output-format", "yaml"}, rules: []string{RuleChoice},
			refusal: "error: option '--output-format <format>' argument 'yaml' is invalid. Allowed choices are text, json, stream-json."},
		{name: "value after =", version: "2.1.331", args: with("--model=x"), starts: true},
		{name: "switch with =", version: "2.1.331", args: with("--verbose=1"), rules: []string{RuleNoValue},
			refusal: "error: unknown option '--verbose=1'"},
		{name: "variadic takes operands", version: "2.1.331", args: with("--allowedTools", "Read", "Edit", "--model", "x"), starts: true},
		{name: "alias", version: "2.1.331", args: with("--allowed-tools", "Read"), starts: true},
		{name: "required value may start with a dash", version: "2.1.331", args: with("--model", "-x"), starts: true,
			reason: "commander takes the next argument for a required value whatever it is"},
		{name: "short with value attached", version: "2.1.331", args: with("-rabc"), starts: true},
		{name: "deprecated is a warning", version: "2.1.112", args: with("--max-thinking-tokens", "100"), starts: true, rules: []string{RuleDeprecated}},
		{name: "after -- nothing is an option", version: "2.1.331", args: with("--", "--nope"), starts: true},
		{name: "prompt operand", version: "2.1.331", args: []string{"-p", "hello"}, starts: true},
		{name: "unknown version: nearest", version: "2.1.9999", args: with("--permission-prompt-tool-name", "x"), rules: []string{RuleUnknown},
			refusal: "error: unknown option '--permission-prompt-tool-name'"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := Check(tt.version, tt.args)
			if err != nil {
				t.Fatal(err)
			}
			var rules []string
			refusal := ""
			for _, f := range res.Findings {
				rules = append(rules, f.Rule)
				if f.Refusal != "" {
					refusal = f.Refusal
				}
			}
			if res.Starts != tt.starts || refusal != tt.refusal || !cmp.Equal(rules, tt.rules) {
				t.Errorf("Check(%s, %q) = starts %v, rules %v, refusal %q; want %v, %v, %q (%s)\n%+v", tt.version, tt.args, res.Starts, rules, refusal, tt.starts, tt.rules, tt.refusal, tt.reason, res.Findings)
			}
		})
	}
}

func TestForNearest(t *testing.T) {
	rs, err := Releases()
	if err != nil {
		t.Fatal(err)
	}
	newest := rs[len(rs)-1].CLI
	tests := []struct {
		version, want string
		exact         bool
	}{
		{"2.1.331", "2.1.331", true},
		{"2.1.330", "2.1.330", true},
		{"2.1.113", "2.1.112", false},
		{"0.2.0", rs[0].CLI, false},
		{"9.0.0", newest, false},
	}
	for _, tt := range tests {
		r, exact, err := For(tt.version)
		if err != nil || r.CLI != tt.want || exact != tt.exact {
			t.Errorf("For(%s) = %v, %v, %v; want %s, %v", tt.version, r, exact, err, tt.want, tt.exact)
		}
	}
	if _, _, err := For("nope"); err == nil {
		t.Error("For(nope): no error")
	}
}

// TestEveryRungKnown: every rung of the ladder has its options (make
// optionfacts after a new rung).
func TestEveryRungKnown(t *testing.T) {
	for _, v := range protocol.Rungs {
		if _, exact, err := For(v); err != nil || !exact {
			t.Errorf("rung %s: no options in %s; run: make optionfacts", v, File)
		}
	}
}

// TestTableFresh holds docs/argv.md to the facts it is made from.
func TestTableFresh(t *testing.T) {
	var b bytes.Buffer
	if err := WriteTable(&b); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(filepath.Join("..", "..", filepath.FromSlash(TableFile)))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, b.Bytes()) {
		t.Errorf("%s is stale; run: make argv-table", TableFile)
	}
}

func TestAdded(t *testing.T) {
	got, ok := added([]string{"a", "b", "c"}, []string{"a", "x", "b", "c", "y"})
	if diff := cmp.Diff([]string{"x", "y"}, got); diff != "" || !ok {
		t.Errorf("added mismatch (-want +got):\n%s", diff)
	}
	if _, ok := added([]string{"a", "b"}, []string{"b"}); ok {
		t.Errorf("added of an argv without the defaults: ok")
	}
}

// TestRemovedNamesReplacement: --mcp-debug, deprecated for --debug, is
// gone from 2.1.198 on; the finding says so and names --debug.
func TestRemovedNamesReplacement(t *testing.T) {
	span, ok := SpanOf("--mcp-debug")
	if !ok || span.Gone != "2.1.198" {
		t.Fatalf("SpanOf(--mcp-debug) = %+v, %v; want gone from 2.1.198", span, ok)
	}
	res, err := Check("2.1.331", []string{"-p", "--mcp-debug"})
	if err != nil {
		t.Fatal(err)
	}
	if res.Starts || len(res.Findings) != 1 || res.Findings[0].Replacement != "--debug" {
		t.Errorf("Check(2.1.331, --mcp-debug) = %+v; want refused, replacement --debug", res)
	}
	res, _ = Check("2.1.112", []string{"-p", "--mcp-debug"})
	if !res.Starts || len(res.Findings) != 1 || res.Findings[0].Rule != RuleDeprecated || res.Findings[0].Replacement != "--debug" {
		t.Errorf("Check(2.1.112, --mcp-debug) = %+v; want a deprecation warning naming --debug", res)
	}
}

// TestVariadicChoices: a variadic option takes every argument up to the
// next option, and each must be one of its choices (a synthetic release:
// no real one has a variadic option with choices).
func TestVariadicChoices(t *testing.T) {
	l := NewLadder([]Release{{CLI: "9.0.0", Options: []Option{
		{Flags: "--kinds <kinds...>", Names: []string{"--kinds"}, Value: Required, Variadic: true, Choices: []string{"a", "b"}},
		{Flags: "-p, --print", Names: []string{"-p", "--print"}, Value: NoValue},
	}}})
	res, err := l.Check("9.0.0", []string{"--kinds", "a", "c", "-p"})
	if err != nil {
		t.Fatal(err)
	}
	if res.Starts || len(res.Findings) != 1 || res.Findings[0].Rule != RuleChoice || res.Findings[0].Arg != "c" {
		t.Errorf("Check(--kinds a c -p) = %+v; want c refused", res)
	}
	if res, _ := l.Check("9.0.0", []string{"--kinds", "a", "-p", "c"}); !res.Starts {
		t.Errorf("Check(--kinds a -p c) = %+v; want c an operand after -p", res)
	}
}
