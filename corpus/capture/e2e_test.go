package capture

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/protocheck/protocheck/internal/testutil/optional"
)

// e2eCLI returns the CLI the end-to-end tests drive: $PROTOCHECK_CLI, else
// the newest pinned CLI under $PROTOCHECK_CLI_DIR or ../.cache/cli. It
// skips the test when there is none (run: make cli).
func e2eCLI(t *testing.T) PinnedCLI {
	t.Helper()
	if p := os.Getenv("PROTOCHECK_CLI"); p != "" {
		v, err := CLIVersion(context.Background(), p, "")
		if err != nil {
			t.Fatalf("$PROTOCHECK_CLI: %v", err)
		}
		return PinnedCLI{Version: v, Path: p}
	}
	dir := os.Getenv("PROTOCHECK_CLI_DIR")
	if dir == "" {
		dir = filepath.Join("..", ".cache", "cli")
	}
	clis, err := FindCLIs(dir)
	if err != nil {
		optional.Skip(t, "no CLI to drive (set $PROTOCHECK_CLI or run make cli): %v", err)
	}
	return clis[len(clis)-1]
}

// TestE2EToolUse drives the real CLI through a Bash tool cycle against the
// fake API and checks the transcript, then compares it with the golden.
func TestE2EToolUse(t *testing.T) {
	cli := e2eCLI(t)
	sc, err := LoadScenario(filepath.Join("scenarios", "tool_bash.json"))
	if err != nil {
		t.Fatal(err)
	}
	c, err := Run(context.Background(), CaptureOptions{CLI: cli.Path, Scenario: sc})
	if err != nil {
		t.Fatalf("Run: %v\nstderr:\n%s", err, stderrOf(c))
	}
	if c.Meta.ExitCode != 0 {
		t.Fatalf("the CLI exited %d\nstderr:\n%s", c.Meta.ExitCode, c.Stderr)
	}
	if got := c.Meta.APIRequests["turns"]; got != 2 {
		t.Errorf("the fake API answered %d main turns, want 2 (requests: %+v)", got, c.Requests)
	}
	out, err := (&Normalizer{Paths: c.Paths}).Transcript(c.Stdout)
	if err != nil {
		t.Fatal(err)
	}
	lines, err := diffLines(out, "fresh")
	if err != nil {
		t.Fatal(err)
	}
	var keys []string
	for _, l := range lines {
		keys = append(keys, l.key)
	}
	got := strings.Join(keys, " ")
	for _, want := range []string{"system/init", "assistant:tool_use", "user:tool_result", "assistant:text", "result/success"} {
		if !strings.Contains(got, want) {
			t.Errorf("the transcript has no %s line; it has: %s", want, got)
		}
	}
	if !strings.Contains(string(out), `"content":"hi"`) {
		t.Errorf("the tool result does not carry the command's output \"hi\"")
	}
	if strings.Contains(string(out), c.Paths[len(c.Paths)-1].Path) {
		t.Errorf("the normalised transcript still names the temporary folder %s", c.Paths[len(c.Paths)-1].Path)
	}
	golden := GoldenPath(".", cli.Version, sc.Name)
	want, err := os.ReadFile(golden)
	if os.IsNotExist(err) {
		optional.Skip(t, "no golden for CLI %s at %s", cli.Version, golden)
	}
	if err != nil {
		t.Fatal(err)
	}
	fs, err := Diff(want, out, DiffOptions{Golden: golden, Fresh: "fresh", Volatile: sc.Volatile})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range fs {
		t.Errorf("drift: %s", f)
	}
}

func stderrOf(c *Capture) []byte {
	if c == nil {
		return nil
	}
	return c.Stderr
}
