package conform

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/protocheck/protocheck/internal/usage"
)

// TestPrepare: each wrong flag value is a *usage.Error naming the flag,
// checked before anything runs; a right request plans the scenario's
// absolute path and the folder of installed releases.
func TestPrepare(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	ok := Request{Command: []string{"true"}, Scenario: "hello_text", Jobs: 1, Timeout: time.Minute, Format: "text", Dir: root, Self: "/bin/true", CLIDir: "/nowhere"}
	tests := []struct {
		name string
		edit func(*Request)
		want string
	}{
		{"format", func(r *Request) { r.Format = "pdf" }, "--format: "},
		{"no command", func(r *Request) { r.Command = nil }, "conform needs the command to run"},
		{"report", func(r *Request) { r.Reports = []string{"junit"} }, `--report "junit": want FORMAT=PATH`},
		{"jobs", func(r *Request) { r.Jobs = 0 }, "--jobs and --timeout must be positive"},
		{"mutate", func(r *Request) { r.Mutate = []string{"bogus"} }, `--mutate "bogus"`},
		{"expected", func(r *Request) { r.Expected = filepath.Join(t.TempDir(), "none") }, "--expected: "},
		{"scenario", func(r *Request) { r.Scenario = "no_such_scenario" }, "--scenario: "},
	}
	for _, tt := range tests {
		req := ok
		tt.edit(&req)
		_, err := Prepare(req)
		if !usage.Is(err) || !strings.HasPrefix(err.Error(), tt.want) {
			t.Errorf("%s: Prepare error %v, want a *usage.Error starting %q", tt.name, err, tt.want)
		}
	}
	p, err := Prepare(ok)
	if err != nil {
		t.Fatal(err)
	}
	if want := filepath.Join(root, "corpus", "scenarios", "hello_text.json"); p.scenario != want || len(p.where.Dirs) != 1 || p.where.Dirs[0] != "/nowhere" {
		t.Errorf("plan: scenario %s, dirs %v; want %s, [/nowhere]", p.scenario, p.where.Dirs, want)
	}
}

// TestCLIDir: the flag wins, then $PROTOCHECK_CLI_DIR, then the nearest
// .cache/cli at or above the folder.
func TestCLIDir(t *testing.T) {
	dir := t.TempDir()
	deep := filepath.Join(dir, "a", "b")
	if err := os.MkdirAll(filepath.Join(dir, ".cache", "cli"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(deep, 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PROTOCHECK_CLI_DIR", "")
	if got := cliDir("", deep); got != filepath.Join(dir, ".cache", "cli") {
		t.Errorf("cliDir found %q", got)
	}
	if got := cliDir("flag", deep); got != "flag" {
		t.Errorf("cliDir with a flag: %q", got)
	}
	t.Setenv("PROTOCHECK_CLI_DIR", "env")
	if got := cliDir("", deep); got != "env" {
		t.Errorf("cliDir with the variable: %q", got)
	}
}

// TestReproducer: the reproducer quotes what sh needs quoted and keeps %
// out of the format.
func TestReproducer(t *testing.T) {
	got := reproducer([]string{"python", "my test.py", "100%"}, "hello_text")
	want := "protocheck conform --cli %s --scenario hello_text --mutate %s -- python 'my test.py' '100%%'"
	if got != want {
		t.Errorf("reproducer = %q, want %q", got, want)
	}
}
