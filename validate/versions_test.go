package validate

import (
	"context"
	"strings"
	"testing"
)

// TestVersionPick: an input's set comes from its first system/init, found
// among the lines read before the input pauses, but not past holdLines
// lines: an init after that many is too late, and the input is checked as
// one with no init, against every set, with one info finding that names
// the releases whose sets accept it.
func TestVersionPick(t *testing.T) {
	v, err := New(Options{Jobs: 2})
	if err != nil {
		t.Fatal(err)
	}
	newest := v.index.VersionSets[len(v.index.VersionSets)-1].Set
	init := `{"type":"system","subtype":"init","claude_code_version":"2.0.20","apiKeySource":"none","cwd":"/","tools":[],"mcp_servers":[],"model":"m","permissionMode":"default","slash_commands":[],"output_style":"default","uuid":"u","session_id":"s"}`
	keep := `{"type":"keep_alive"}`
	for _, c := range []struct {
		name   string
		before int // keep_alive lines before the init
		set    string
		warned bool
	}{
		{"init first", 0, "2.0.20", false},
		{"init third", 2, "2.0.20", false},
		{"init too late", holdLines + 10, newest, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			text := strings.Repeat(keep+"\n", c.before) + init + "\n"
			var rules []string
			sum, err := v.Stream(context.Background(), "t.jsonl", strings.NewReader(text), func(f Finding) { rules = append(rules, f.Rule) })
			if err != nil {
				t.Fatal(err)
			}
			if len(sum.FileSets) != 1 || sum.FileSets[0].Set != c.set {
				t.Fatalf("file_sets %+v, want set %s", sum.FileSets, c.set)
			}
			warned := len(rules) > 0 && rules[len(rules)-1] == RuleVersionRange.ID
			if warned != c.warned {
				t.Errorf("findings %v: warned = %v, want %v", rules, warned, c.warned)
			}
		})
	}
}
