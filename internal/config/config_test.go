package config

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

func TestParse(t *testing.T) {
	in := `# a comment
profile: strict
strict: true
fail-on: warning
baseline: base.json
format: [github, markdown=summary.md]
ignore:
  - schema/*:legacy/**
rules:
  input/duplicate-key: off
`
	c, err := Parse("ci/.protocheck.yaml", []byte(in))
	if err != nil {
		t.Fatal(err)
	}
	yes := true
	want := &Config{Path: "ci/.protocheck.yaml", Profile: "strict", Strict: &yes, FailOn: "warning", Baseline: "base.json",
		Format: []string{"github", "markdown=summary.md"}, Ignore: []string{"schema/*:legacy/**"},
		Rules: map[string]string{"input/duplicate-key": "off"},
		Lines: map[string]int{"format.0": 6, "format.1": 6, "ignore.0": 8, "rules.input/duplicate-key": 10}}
	if diff := cmp.Diff(want, c); diff != "" {
		t.Errorf("Parse mismatch (-want +got):\n%s", diff)
	}
	if got := c.Rel(c.Baseline); got != filepath.Join("ci", "base.json") {
		t.Errorf("Rel = %s", got)
	}
}

// TestParseErrors: each error names the file and the line.
func TestParseErrors(t *testing.T) {
	for _, tc := range []struct{ name, in, want string }{
		{"unknown key", "profile: tolerant\nfail_on: error\n", `c.yaml:2: unknown key "fail_on"`},
		{"wrong type", "profile: tolerant\nstrict: maybe\n", "c.yaml:2: cannot unmarshal"},
		{"list wanted", "format:\n  a: b\n", "c.yaml:2: cannot unmarshal"},
		{"not a mapping", "- a\n", "c.yaml:1: want a mapping"},
		{"rules not a mapping", "rules: [a]\n", "c.yaml:1: rules: want a mapping"},
		{"bad yaml", "profile: [\n", "c.yaml:1: did not find"},
	} {
		_, err := Parse("c.yaml", []byte(tc.in))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: Parse = %v, want an error with %q", tc.name, err, tc.want)
		}
	}
	if c, err := Parse("c.yaml", nil); err != nil || c.Profile != "" {
		t.Errorf("an empty file: %+v, %v", c, err)
	}
}

// TestStarter: the file config init writes parses, and sets only what the
// defaults already are.
func TestStarter(t *testing.T) {
	c, err := Parse("starter", []byte(Starter))
	if err != nil {
		t.Fatal(err)
	}
	if c.Profile != "tolerant" || c.FailOn != "error" || c.Strict == nil || *c.Strict {
		t.Errorf("starter = %+v", c)
	}
}

func TestFind(t *testing.T) {
	root := t.TempDir()
	sub := filepath.Join(root, "a", "b")
	if err := os.MkdirAll(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	if p, err := Find(sub); err != nil || p != "" {
		t.Errorf("no config: %q, %v", p, err)
	}
	if err := os.Mkdir(filepath.Join(root, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, FileName), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if p, err := Find(sub); err != nil || p != filepath.Join(root, FileName) {
		t.Errorf("at the git root: %q, %v", p, err)
	}
	if err := os.WriteFile(filepath.Join(sub, FileName), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if p, err := Find(sub); err != nil || p != filepath.Join(sub, FileName) {
		t.Errorf("here: %q, %v", p, err)
	}
}

// TestRepeatedKeysLinear: a file of 23,000 repeated keys (414 KB), which
// ran the YAML library's quadratic duplicate check out of memory, is one
// error naming both lines, in CPU time linear in the file: ten times the
// keys cost less than 30 times as much (quadratic: 100 times), a CPU-time
// ratio that load does not move; so is a rule given twice.
func TestRepeatedKeysLinear(t *testing.T) {
	parse := func(n int) time.Duration {
		data := []byte(strings.Repeat("profile: tolerant\n", n))
		runtime.LockOSThread()
		defer runtime.UnlockOSThread()
		start, ok := threadCPU()
		if !ok {
			t.Skip("no thread CPU clock here")
		}
		_, err := Parse("c.yaml", data)
		end, _ := threadCPU()
		if err == nil || !strings.Contains(err.Error(), "c.yaml:2:") || !strings.Contains(err.Error(), "first at line 1") {
			t.Errorf("%d repeated keys: %v; want an error at line 2 naming line 1", n, err)
		}
		return end - start
	}
	small := min(parse(2300), parse(2300))
	big := min(parse(23000), parse(23000))
	if big > 30*small+20*time.Millisecond {
		t.Errorf("23,000 repeated keys cost %v of CPU, 2,300 %v", big, small)
	}
	if _, err := Parse("c.yaml", []byte("rules:\n  a/b: off\n  a/b: error\n")); err == nil || !strings.Contains(err.Error(), "c.yaml:3:") {
		t.Errorf("a rule given twice: %v; want an error at line 3", err)
	}
}
