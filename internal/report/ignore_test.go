package report

import (
	"fmt"
	"path"
	"runtime"
	"strings"
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
		{Rule: "schema/type", Glob: "**/deep/**"},
		{Rule: "schema/type", Glob: "*/*/*.jsonl"},
		{Rule: "turns/unclosed", Glob: "**/*1.json?"},
		{Rule: "turns/unclosed", Glob: "*/q[0-9]*"},
		{Rule: "turns/unclosed", Glob: "?/d*p/[^x]*"},
		{Rule: "tools/use-unanswered", Glob: "*/[xy]/\\z*"},
	}
	rules := []string{"schema/required", "schema/type", "input/invalid-json", "tools/use-unanswered", "session/id-changed", "hooks/no-response", "turns/unclosed"}
	files := []string{"logs/a1.jsonl", "logs/b.jsonl", "b.jsonl", "x/y/z.jsonl", "x/y/q1.jsonl", "x/y/qq1.jsonl", "a/deep/f.jsonl", "c/f.jsonl", "-", "./logs/a2.jsonl", "c/q7.json", "a/dp/y.jsonl", "deep/a/b/c/d.jsonl"}
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

// cpu runs f with the thread held and returns the thread CPU time it took.
func cpu(t *testing.T, f func()) time.Duration {
	t.Helper()
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	start, ok := threadCPU()
	if !ok {
		t.Skip("no thread CPU clock here")
	}
	f()
	end, _ := threadCPU()
	return end - start
}

// TestIgnorePrefixlessCost: 10,000 --ignore globs with no literal prefix
// ("**/sN/*.jsonl", "*/tN*.jsonl", "*/*N.log", ...) against 5,000 files
// cost a few times what one such glob costs, not one match of every glob
// on every file (that was some 40 times as much at 1,000 globs). A
// CPU-time ratio with a wide margin.
func TestIgnorePrefixlessCost(t *testing.T) {
	run := func(n int) time.Duration {
		fl := &Filter{}
		for i := range n {
			var g string
			switch i % 4 {
			case 0:
				g = fmt.Sprintf("**/s%d/*.jsonl", i)
			case 1:
				g = fmt.Sprintf("*/t%d*.jsonl", i)
			case 2:
				g = fmt.Sprintf("*/*.x%d", i)
			default:
				g = fmt.Sprintf("**/*-%d-*/*", i)
			}
			fl.Ignores = append(fl.Ignores, Ignore{Rule: "schema/required", Glob: g})
		}
		return cpu(t, func() {
			for i := range 5_000 {
				f := Finding{Finding: validate.Finding{Rule: "schema/required", File: fmt.Sprintf("sessions/s%d/t%d.jsonl", i*7, i%3), Severity: validate.Error}}
				fl.Apply(f)
			}
		})
	}
	one := min(run(4), run(4))
	many := min(run(10_000), run(10_000))
	t.Logf("4 globs: %v, 10,000 globs: %v", one, many)
	if many > 10*one+50*time.Millisecond {
		t.Errorf("10,000 prefix-less globs x 5,000 files cost %v of CPU, 4 globs %v", many, one)
	}
}

// TestMatchGlobDoubleStars: a glob of many ** segments is matched in time
// that grows with its segments times the name's, not exponentially: 24 **
// cost a few times what 12 do against a name 8 folders deep that they do
// not match (it was C(32,8)/C(20,8), some 240 times as much, and 36 ran
// for hours). A CPU-time ratio with a wide margin; the run of 24 stops as
// soon as it is over the limit.
func TestMatchGlobDoubleStars(t *testing.T) {
	name := "a/b/c/d/e/f/g/h/i.jsonl"
	few := strings.Repeat("**/", 12) + "x.jsonl"
	many := strings.Repeat("**/", 24) + "x.jsonl"
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	start, ok := threadCPU()
	if !ok {
		t.Skip("no thread CPU clock here")
	}
	reps := 0
	for now := start; now-start < 20*time.Millisecond; now, _ = threadCPU() {
		if MatchGlob(few, name) {
			t.Fatalf("MatchGlob(%q, %q) = true", few, name)
		}
		reps++
	}
	mid, _ := threadCPU()
	limit := 6*(mid-start) + 10*time.Millisecond
	for i := range reps {
		if MatchGlob(many, name) {
			t.Fatalf("MatchGlob(%q, %q) = true", many, name)
		}
		if now, _ := threadCPU(); now-mid > limit {
			t.Fatalf("%d matches of 24 ** took %v of CPU, more than 6 times what %d of 12 ** took (%v)", i+1, now-mid, reps, mid-start)
		}
	}
	end, _ := threadCPU()
	t.Logf("%d matches: 12 ** %v, 24 ** %v", reps, mid-start, end-mid)
}

// TestMatchGlobAgreesWithRecursion: the linear matcher says what trying
// every split of every ** says.
func TestMatchGlobAgreesWithRecursion(t *testing.T) {
	globs := []string{"**", "**/a", "a/**", "a/**/b", "**/a/**/b/**", "*/**/*", "**/**/c", "a/*/**/d", "[ab]/**/?", "**/b/**/b", ""}
	names := []string{"", "a", "b", "a/b", "a/b/c", "a/x/b", "a/b/b", "b/a/b/c/d", "a/b/c/d", "x/y/c", "c"}
	for _, g := range globs {
		for _, n := range names {
			if got, want := MatchGlob(g, n), recursiveGlob(strings.Split(g, "/"), strings.Split(n, "/")); got != want {
				t.Errorf("MatchGlob(%q, %q) = %v, want %v", g, n, got, want)
			}
		}
	}
}

// recursiveGlob is the definition: ** takes any number of segments.
func recursiveGlob(glob, name []string) bool {
	if len(glob) == 0 {
		return len(name) == 0
	}
	if glob[0] == "**" {
		for i := 0; i <= len(name); i++ {
			if recursiveGlob(glob[1:], name[i:]) {
				return true
			}
		}
		return false
	}
	if len(name) == 0 {
		return false
	}
	ok, _ := path.Match(glob[0], name[0])
	return ok && recursiveGlob(glob[1:], name[1:])
}
