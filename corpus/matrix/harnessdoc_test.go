package matrix

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/protocheck/protocheck/corpus/harness"
	"github.com/protocheck/protocheck/corpus/internal/corpustest"
	"github.com/protocheck/protocheck/internal/testutil/optional"
	"github.com/protocheck/protocheck/validate"
)

// docHarness returns the code block under the heading of docs/harness.md
// that starts with heading.
func docHarness(t *testing.T, heading string) string {
	t.Helper()
	doc, err := os.ReadFile(filepath.Join("..", "docs", "harness.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(doc), "\n"+heading)
	if !ok {
		t.Fatalf("docs/harness.md has no heading %q", heading)
	}
	_, rest, _ = strings.Cut(rest, "```")
	_, rest, _ = strings.Cut(rest, "\n")
	code, _, ok := strings.Cut(rest, "```")
	if !ok {
		t.Fatalf("docs/harness.md: no code block under %q", heading)
	}
	return code
}

// pinnedSDK returns the pinned SDK named name, or skips when it is not
// installed (make harnesses).
func pinnedSDK(t *testing.T, name string) harness.SDK {
	t.Helper()
	sdks, err := harness.LoadSDKs("..")
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range sdks {
		if s.Name == name {
			if !s.Installed("..") {
				optional.Skip(t, "the harness %s is not installed (make harnesses)", name)
			}
			return s
		}
	}
	t.Fatalf("no pinned SDK %s", name)
	return harness.SDK{}
}

// sameVerdicts asks both harnesses about each line and reports where
// their verdicts differ.
func sameVerdicts(t *testing.T, small, full *harness.Runner, lines map[string]string) {
	t.Helper()
	ctx := context.Background()
	differ := 0
	for line, where := range lines {
		a, ok := small.Read(ctx, where, []byte(line))
		b, ok2 := full.Read(ctx, where, []byte(line))
		if !ok || !ok2 {
			t.Fatalf("%s: no answer (small %v, full %v): %v %v", where, ok, ok2, small.Problems(), full.Problems())
		}
		if a.Verdict != b.Verdict {
			if differ++; differ <= 5 {
				t.Errorf("%s: the documented harness says %s (%s%s), the pinned one %s (%s%s)", where, a.Verdict, a.As, a.Error, b.Verdict, b.As, b.Error)
			}
		}
	}
	if differ > 5 {
		t.Errorf("... %d lines in all differ", differ)
	}
}

// captureLines returns the distinct lines of the captures, each with its
// first place; keep chooses the rows (nil: every line).
func captureLines(t *testing.T, keep func(row string) bool) map[string]string {
	t.Helper()
	wire, err := wireChecker(MatrixOptions{})
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	rows := map[string]bool{}
	for _, in := range corpustest.CaptureInputs(t) {
		validate.ReadLines(context.Background(), in, 0, func(n int, line []byte) error { //nolint:errcheck // what was read is judged
			if len(strings.TrimSpace(string(line))) == 0 {
				return nil
			}
			if _, seen := out[string(line)]; seen {
				return nil
			}
			if keep != nil {
				row := wireRow(wire.Check(in.Name, n, line))
				if !keep(row) || rows[row] {
					return nil
				}
				rows[row] = true
			}
			out[string(line)] = in.Name + ":" + itoa(n)
			return nil
		})
	}
	return out
}

func itoa(n int) string { return strconv.Itoa(n) }

// TestDocPythonHarness: the smallest Python harness of docs/harness.md
// gives every distinct captured line the verdict the pinned harness gives
// it (the control frames the SDK routes are handled, not dropped).
func TestDocPythonHarness(t *testing.T) {
	sdk := pinnedSDK(t, "py-sdk-0.2.188")
	script := filepath.Join(t.TempDir(), "harness.py")
	if err := os.WriteFile(script, []byte(docHarness(t, "### Python")), 0o644); err != nil {
		t.Fatal(err)
	}
	full := sdk.Spec("..")
	small := harness.Spec{Name: "doc", Command: []string{full.Command[0], script}, Env: []string{"PYTHONPATH=" + filepath.Join(sdk.Dir(".."), "sdk")}, Timeout: 20 * time.Second}
	rs, rf := harness.NewRunner(small), harness.NewRunner(full)
	defer rs.Close()
	defer rf.Close()
	sameVerdicts(t, rs, rf, captureLines(t, nil))
}

// TestDocTypeScriptHarness: the smallest TypeScript harness of
// docs/harness.md gives the verdict of the pinned one on a line of each
// row where a runtime can handle, drop or yield (it starts the runtime per
// line, so not on every line).
func TestDocTypeScriptHarness(t *testing.T) {
	sdk := pinnedSDK(t, "ts-sdk-0.3.330")
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "harness.mjs"), []byte(docHarness(t, "### TypeScript")), 0o644); err != nil {
		t.Fatal(err)
	}
	fake, err := os.ReadFile(filepath.Join("harness", "sdks", "ts", "fakecli.mjs"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "fakecli.mjs"), fake, 0o755); err != nil {
		t.Fatal(err)
	}
	abs, err := filepath.Abs(sdk.Dir(".."))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(abs, "node_modules"), filepath.Join(dir, "node_modules")); err != nil {
		t.Fatal(err)
	}
	small := harness.Spec{Name: "doc", Command: []string{"sh", "-c", "cd " + dir + " && exec node harness.mjs"}, Timeout: 30 * time.Second}
	rs, rf := harness.NewRunner(small), harness.NewRunner(sdk.Spec(".."))
	defer rs.Close()
	defer rf.Close()
	sameVerdicts(t, rs, rf, captureLines(t, func(row string) bool {
		return strings.HasPrefix(row, "control_") || row == "keep_alive" || row == "assistant" || row == "result.success" || row == "system.init"
	}))
}
