package report

import (
	"strings"
	"testing"

	"github.com/protocheck/protocheck/validate"
)

// FuzzIgnore: no --ignore value makes ParseIgnore or the matching panic;
// MatchGlob says what trying every split of every ** says; and the
// filter's index drops a finding exactly when one of the ignores does.
func FuzzIgnore(f *testing.F) {
	for _, s := range [][2]string{
		{"schema/*:**/a/**/b.jsonl", "x/a/y/b.jsonl"},
		{"schema/type:[ab]/**", "a/deep/f.jsonl"},
		{"input/*:*/q?.json[l]", "x/q1.jsonl"},
		{"schema/required:**/**/**/x", "a/b/c/d/e/f"},
		{"schema/required:\\*/a*b*c", "*/aXbYc"},
		{"schema/required", "f"},
	} {
		f.Add(s[0], s[1])
	}
	ids := []string{"schema/required", "schema/type", "input/invalid-json", "input/duplicate-key"}
	f.Fuzz(func(t *testing.T, ignore, name string) {
		ig, err := ParseIgnore(ignore, ids)
		if err != nil {
			return
		}
		glob := strings.Split(ig.Glob, "/")
		if strings.Count(ig.Glob, "**") <= 8 && len(glob) <= 16 && strings.Count(name, "/") <= 16 {
			if got, want := MatchGlob(ig.Glob, name), recursiveGlob(glob, strings.Split(name, "/")); ig.Glob != "" && got != want {
				t.Fatalf("MatchGlob(%q, %q) = %v, trying every split says %v", ig.Glob, name, got, want)
			}
		}
		fl := &Filter{Ignores: []Ignore{ig, {Rule: "input/*", Glob: "**/*.x"}}}
		for _, rule := range ids {
			fd := validate.Finding{Rule: rule, File: name, Severity: validate.Error}
			want := fl.Ignores[0].Matches(fd) || fl.Ignores[1].Matches(fd)
			if _, v := fl.Apply(Finding{Finding: fd}); (v == Ignored) != want {
				t.Fatalf("the index says ignored %v, the ignores say %v: %q on %s in %q", v == Ignored, want, ignore, rule, name)
			}
		}
	})
}
