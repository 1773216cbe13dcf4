package capture

import (
	"context"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/protocheck/protocheck/validate"
)

// fakeCLI writes a stand-in CLI that answers --version with version and
// otherwise follows plan, one line per run: "ok" or "extra" (a member the
// golden lacks), then the exit code. It returns the CLI and a func that
// counts its runs.
func fakeCLI(t *testing.T, version string, plan ...string) (PinnedCLI, func() int) {
	t.Helper()
	if runtime.GOOS == "windows" {
		t.Skip("shell script stand-in")
	}
	dir := t.TempDir()
	state := filepath.Join(dir, "state")
	if err := os.WriteFile(filepath.Join(dir, "plan"), []byte(strings.Join(plan, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	script := `#!/bin/sh
if [ "$1" = "--version" ]; then echo "` + version + ` (Claude Code)"; exit 0; fi
n=$(cat '` + state + `' 2>/dev/null || echo 0); n=$((n+1)); echo $n > '` + state + `'
set -- $(sed -n "${n}p" '` + filepath.Join(dir, "plan") + `')
if [ "$1" = extra ]; then
  echo '{"type":"system","subtype":"init","session_id":"s1","cwd":"/","new_member":1}'
else
  echo '{"type":"system","subtype":"init","session_id":"s1","cwd":"/"}'
fi
echo '{"type":"result","subtype":"success","session_id":"s1","is_error":false}'
exit ${2:-0}
`
	cli := filepath.Join(dir, "claude")
	if err := os.WriteFile(cli, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	runs := func() int {
		b, err := os.ReadFile(state)
		if err != nil {
			return 0
		}
		n, err := strconv.Atoi(strings.TrimSpace(string(b)))
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	return PinnedCLI{Version: "9.8.7", Path: cli}, runs
}

// regressCorpus writes a corpus with one scenario and no goldens.
func regressCorpus(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "scenarios"), 0o755); err != nil {
		t.Fatal(err)
	}
	sc := `{"doc": "stand-in", "args": ["-p", "hi"], "model": {"turns": [{"blocks": [{"type": "text", "text": "hi"}]}]}}`
	if err := os.WriteFile(filepath.Join(dir, "scenarios", "one.json"), []byte(sc), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

func regress(t *testing.T, dir string, cli PinnedCLI, update bool, attempts int) *RegressRun {
	t.Helper()
	runs, err := Regress(context.Background(), RegressOptions{Dir: dir, CLIs: []PinnedCLI{cli}, Update: update, Jobs: 1, Attempts: attempts})
	if err != nil {
		t.Fatal(err)
	}
	if len(runs) != 1 {
		t.Fatalf("got %d runs, want 1", len(runs))
	}
	return runs[0]
}

func rules(fs validate.Findings) []string {
	var out []string
	for _, f := range fs {
		out = append(out, f.Rule+" "+f.Pointer)
	}
	return out
}

func TestRegressAttemptsAndExitCode(t *testing.T) {
	dir := regressCorpus(t)
	// Run 1 writes the golden (exit 0). Run 2 drifts, run 3 does not: with
	// two attempts that passes. Run 4 drifts and with one attempt that is
	// reported. Run 5 exits with 3: drift/exit-code.
	cli, count := fakeCLI(t, "9.8.7", "ok 0", "extra 0", "ok 0", "extra 0", "ok 3")

	if r := regress(t, dir, cli, true, 2); r.Status() != StatusUpdated || r.Attempts != 1 {
		t.Fatalf("update: status %s, attempts %d, err %v", r.Status(), r.Attempts, r.Err)
	}
	meta, err := ReadMeta(MetaPath(GoldenPath(dir, "9.8.7", "one")))
	if err != nil || meta.ExitCode != 0 {
		t.Fatalf("golden meta = %+v, %v", meta, err)
	}

	r := regress(t, dir, cli, false, 2)
	if r.Status() != StatusOK || r.Attempts != 2 {
		t.Fatalf("flaky run: status %s, attempts %d, findings %v, err %v", r.Status(), r.Attempts, rules(r.Findings), r.Err)
	}
	if rep := Report([]*RegressRun{r}); rep.Summary.Flaky != 1 || rep.Runs[0].Attempts != 2 {
		t.Errorf("report of the flaky run: %+v", rep)
	}

	r = regress(t, dir, cli, false, 1)
	if got := rules(r.Findings); r.Status() != StatusDrift || len(got) != 1 || got[0] != "drift/key-added /new_member" {
		t.Errorf("one attempt with drift: status %s, findings %v", r.Status(), got)
	}

	r = regress(t, dir, cli, false, 1)
	if got := rules(r.Findings); len(got) != 1 || got[0] != "drift/exit-code /exit_code" {
		t.Errorf("exit code 3 against 0: findings %v", got)
	} else if f := r.Findings[0]; f.File != MetaPath(r.Golden) || !strings.Contains(f.Message, "code 3") {
		t.Errorf("exit-code finding: %+v", f)
	}
	if got := count(); got != 5 {
		t.Errorf("the CLI ran %d times, want 5", got)
	}
}

func TestRegressVersionMismatch(t *testing.T) {
	dir := regressCorpus(t)
	cli, count := fakeCLI(t, "9.9.9", "ok 0")
	r := regress(t, dir, cli, true, 2)
	if r.Err == nil || !strings.Contains(r.Err.Error(), "reports version 9.9.9, but its folder says 9.8.7") {
		t.Fatalf("err = %v", r.Err)
	}
	if count() != 0 {
		t.Errorf("a CLI of the wrong version was run for a capture")
	}
	if rep := Report([]*RegressRun{r}); rep.Summary.Errors != 1 || rep.Runs[0].Status != StatusError || rep.Runs[0].Error == "" {
		t.Errorf("report: %+v", rep)
	}
}
