package validate

import (
	"strings"
	"testing"
)

// TestCaseTwinMember: the published schemas declare toolUseResult (the
// bundle's name) by an exact pattern beside its property tool_use_result,
// so that code generators see one field; the validator reads it as the
// property it is, in both profiles, and still refuses a name it does not
// know.
func TestCaseTwinMember(t *testing.T) {
	const line = `{"type":"user","message":{"role":"user","content":"plain"},"parent_tool_use_id":null,"session_id":"s","tool_use_result":{"a":1},"toolUseResult":{"a":1}}`
	for _, profile := range []string{"tolerant", "strict"} {
		v, err := New(Options{Direction: DirectionAuto, Profile: profile, CLIVersion: "2.1.331"})
		if err != nil {
			t.Fatal(err)
		}
		if fs := v.Check("t", 1, []byte(line)).Findings; len(fs) != 0 {
			t.Errorf("%s: toolUseResult: %+v", profile, fs)
		}
		if profile != "strict" {
			continue
		}
		var rules []string
		for _, f := range v.Check("t", 1, []byte(strings.Replace(line, `"toolUseResult"`, `"toolUseResultX"`, 1))).Findings {
			rules = append(rules, f.Rule+" "+f.Pointer)
		}
		if len(rules) != 1 || rules[0] != "schema/unknown-property /toolUseResultX" {
			t.Errorf("strict: toolUseResultX gave %q, want one schema/unknown-property at /toolUseResultX", rules)
		}
	}
}
