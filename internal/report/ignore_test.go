package report

import (
	"fmt"
	"testing"
	"time"

	"github.com/protocheck/protocheck/internal/testutil/cputime"
	"github.com/protocheck/protocheck/validate"
)

// TestIgnoreIndexAgrees: the filter's index of ignores drops exactly the
// findings that trying each ignore in turn drops: rule IDs and patterns,
// globs with and without a literal prefix, with **, and none.
func TestIgnoreIndexAgrees(t *testing.T) {
	ignores := []Ignore{
		{Rule: "schema/required", Glob: "logs/a*.jsonl"},
		{Rule: "schema/*", Glob: "**/b.jsonl"},
		{Rule: "input/*", Glob: ""},
		{Rule: "tools/use-unanswered", Glob: "x/y/z.jsonl"},
		{Rule: "session/*", Glob: "x/*/q?.jsonl"},
		{Rule: "hooks/no-response", Glob: "[ab]/**"},
	}
	rules := []string{"schema/required", "schema/type", "input/invalid-json", "tools/use-unanswered", "session/id-changed", "hooks/no-response", "turns/unclosed"}
	files := []string{"logs/a1.jsonl", "logs/b.jsonl", "b.jsonl", "x/y/z.jsonl", "x/y/q1.jsonl", "x/y/qq1.jsonl", "a/deep/f.jsonl", "c/f.jsonl", "-", "./logs/a2.jsonl"}
	fl := &Filter{Ignores: ignores}
	for _, rule := range rules {
		for _, file := range files {
			f := Finding{Finding: validate.Finding{Rule: rule, File: file, Severity: validate.Error}}
			want := false
			for _, ig := range ignores {
				want = want || ig.Matches(f.Finding)
			}
			for range 2 { // the second time from the index's memory
				if _, v := fl.Apply(f); (v == Ignored) != want {
					t.Errorf("%s in %s: verdict %v, want ignored %v", rule, file, v, want)
				}
			}
		}
	}
}

// TestIgnoreManyPatterns: 10,000 --ignore entries against 20,000
// findings in 2,000 files take well under a second; trying each entry on
// each finding took 20 s (and 10,000 x 100k findings over 120 s).
func TestIgnoreManyPatterns(t *testing.T) {
	fl := &Filter{}
	for i := range 10_000 {
		fl.Ignores = append(fl.Ignores, Ignore{Rule: "schema/required", Glob: fmt.Sprintf("sessions/s%d/*.jsonl", i)})
	}
	ignored := 0
	// The thread's CPU time: the machine's load does not move it.
	took, clock := cputime.Of(func() {
		for i := range 20_000 {
			f := Finding{Finding: validate.Finding{Rule: "schema/required", File: fmt.Sprintf("sessions/s%d/t%d.jsonl", i%2_000*7, i%3), Severity: validate.Error}}
			if _, v := fl.Apply(f); v == Ignored {
				ignored++
			}
		}
	})
	t.Logf("10,000 ignores x 20,000 findings: %v of %s time, %d ignored", took, clock, ignored)
	if ignored != 14_290 { // the files of s0 to s9999: 1,429 of every 2,000
		t.Errorf("%d findings ignored", ignored)
	}
	if took > 2*time.Second {
		t.Errorf("10,000 ignores x 20,000 findings took %v of %s time; want under 2 s", took, clock)
	}
}
