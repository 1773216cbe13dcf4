package fixlist

import (
	"strings"
	"testing"
)

// argvCount counts the argv items at the head of a fix list.
func argvCount(fl *FixList) int {
	n := 0
	for n < len(fl.Items) && fl.Items[n].Side == SideArgv {
		n++
	}
	return n
}

// TestRustArgvFirst: rusty_claw's permission_prompt_tool_allowlist puts
// --permission-prompt-tool-name in argv, which the CLI refuses ("error:
// unknown option", exit 1): an item of its fix list, among the first, with
// the option that produced it; no argv item comes after another kind, and
// none blames the raw pass-through of extra arguments.
func TestRustArgvFirst(t *testing.T) {
	fl := fixList(t, "rust")
	n := argvCount(fl)
	found := false
	for i, it := range fl.Items {
		if it.Side == SideArgv && i >= n {
			t.Errorf("argv item %d after another kind: %s", i+1, it.Cause)
		}
		if it.Side != SideArgv {
			continue
		}
		if it.Consequence != CannotStart || it.Rule == "" || it.Evidence.Answer == "" {
			t.Errorf("argv item %d: %s / %s / %q", i+1, it.Consequence, it.Rule, it.Evidence.Answer)
		}
		if strings.Contains(it.Cause, "extra_arg") {
			t.Errorf("argv item %d blames the pass-through: %s", i+1, it.Cause)
		}
		if strings.Contains(it.Cause, "permission_prompt_tool_allowlist") && strings.Contains(it.Cause, "--permission-prompt-tool-name") &&
			strings.Contains(it.Evidence.Answer, "error: unknown option '--permission-prompt-tool-name'") {
			found = true
		}
	}
	if !found {
		t.Errorf("no argv item for permission_prompt_tool_allowlist (%d argv items)", n)
	}
}
