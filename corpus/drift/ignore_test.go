package drift

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/protocheck/protocheck/validate"
)

// TestIgnore: an ignore file's entries leave out the changes whose rule,
// variant and pointer their globs match (** spans pointer tokens, the
// pointer defaults to **), and the counts are made again; a bad line is
// an error at its file and line.
func TestIgnore(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "ignore.txt")
	body := "# comment\n\ncompat/member-missing system.* **  # kept in data\ncompat/type-changed result.success /usage/*\n"
	if err := os.WriteFile(file, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	ignores, err := ReadIgnores(file)
	if err != nil {
		t.Fatal(err)
	}
	rep := &DriftReport{Changes: []Change{
		{Rule: "compat/member-missing", Variant: "system.init", Pointer: "/a/b/c", Severity: validate.Warning},
		{Rule: "compat/member-missing", Variant: "assistant", Pointer: "/a", Severity: validate.Warning},
		{Rule: "compat/type-changed", Variant: "result.success", Pointer: "/usage/input_tokens", Severity: validate.Error},
		{Rule: "compat/type-changed", Variant: "result.success", Pointer: "/usage/x/y", Severity: validate.Error},
	}}
	if n := rep.Ignore(ignores); n != 2 {
		t.Errorf("Ignore left out %d changes, want 2", n)
	}
	var kept []string
	for _, c := range rep.Changes {
		kept = append(kept, c.Variant+" "+c.Pointer)
	}
	if diff := cmp.Diff([]string{"assistant /a", "result.success /usage/x/y"}, kept); diff != "" {
		t.Errorf("kept changes mismatch (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(map[string]int{"warning": 1, "error": 1}, rep.Counts); diff != "" {
		t.Errorf("counts mismatch (-want +got):\n%s", diff)
	}
	for _, tt := range []struct{ body, want string }{
		{"a b c d\n", "ignore.txt:1: want RULE VARIANT [POINTER]"},
		{"\na [b\n", `ignore.txt:2: "[b" is not a glob`},
	} {
		if err := os.WriteFile(file, []byte(tt.body), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := ReadIgnores(file); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("ReadIgnores(%q) = %v, want an error with %q", tt.body, err, tt.want)
		}
	}
}
