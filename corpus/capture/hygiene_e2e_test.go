//go:build linux

package capture

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// TestE2ECaptureKilledLeavesNothing drives the real CLI through a scenario
// whose hook and background Bash tool start processes that would outlive
// it (each in a process group of its own), stops the capture mid-run, as a
// signal to protocheck does, and checks that no process and no folder of
// the capture is left.
func TestE2ECaptureKilledLeavesNothing(t *testing.T) {
	cli := e2eCLI(t)
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	sc, err := LoadScenario(filepath.Join("testdata", "scenarios", "outliving.json"))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := runAsync(ctx, CaptureOptions{CLI: cli.Path, Scenario: sc, Version: cli.Version})
	var pids []int
	for _, name := range []string{"hook.pid", "bash.pid"} {
		deadline := time.Now().Add(90 * time.Second)
		var path string
		for path == "" && time.Now().Before(deadline) {
			if m, _ := filepath.Glob(filepath.Join(tmp, "protocheck-capture-*", "work", name)); len(m) > 0 {
				path = m[0]
				break
			}
			select {
			case r := <-done:
				t.Fatalf("the capture ended before %s appeared: %v\nstderr:\n%s", name, r.err, stderrOf(r.c))
			case <-time.After(100 * time.Millisecond):
			}
		}
		if path == "" {
			t.Fatalf("no %s after 90s", name)
		}
		pid := waitPid(t, path, time.Minute) // a bound on a wait for a state
		t.Cleanup(func() { syscall.Kill(pid, syscall.SIGKILL) })
		pids = append(pids, pid)
	}
	cancel()
	var r runResult
	select {
	case r = <-done:
	case <-time.After(60 * time.Second):
		t.Fatalf("Run did not return 60s after it was cancelled")
	}
	if !errors.Is(r.err, context.Canceled) {
		t.Errorf("Run() error = %v, want context.Canceled", r.err)
	}
	for i, pid := range pids {
		if err := syscall.Kill(pid, 0); !errors.Is(err, syscall.ESRCH) {
			state, ppid, _ := procStat(pid)
			t.Errorf("the %s's process %d is still there (state %c, parent %d)", []string{"hook", "Bash tool"}[i], pid, state, ppid)
		}
	}
	if left, _ := os.ReadDir(tmp); len(left) != 0 {
		t.Errorf("Run left %s in TMPDIR", left[0].Name())
	}
	assertNoProcessIn(t, tmp)
}

// TestE2EAncestorClaudeMDChangesNothing captures a scenario twice, once with
// a clean TMPDIR and once with TMPDIR in a folder whose parent holds a
// CLAUDE.md, and checks that the second run sends the model the same
// requests as the first (the CLI puts a CLAUDE.md it finds at the head of
// the user's message) and did not run below the CLAUDE.md.
func TestE2EAncestorClaudeMDChangesNothing(t *testing.T) {
	cli := e2eCLI(t)
	sc, err := LoadScenario(filepath.Join("scenarios", "hello_text.json"))
	if err != nil {
		t.Fatal(err)
	}
	type request struct {
		Messages, Tools int
		LastUser        string
	}
	capture := func(tmp string) (*Capture, []request) {
		t.Helper()
		t.Setenv("TMPDIR", tmp)
		c, err := Run(context.Background(), CaptureOptions{CLI: cli.Path, Scenario: sc, Version: cli.Version})
		if err != nil {
			t.Fatalf("Run: %v\nstderr:\n%s", err, stderrOf(c))
		}
		if c.Meta.ExitCode != 0 || c.Meta.APIRequests["turns"] == 0 {
			t.Fatalf("the CLI exited %d after %v requests\nstderr:\n%s", c.Meta.ExitCode, c.Meta.APIRequests, c.Stderr)
		}
		var rs []request
		for _, r := range c.Requests {
			rs = append(rs, request{r.Messages, r.Tools, r.LastUser})
		}
		return c, rs
	}
	_, clean := capture(t.TempDir())

	parent := t.TempDir()
	if err := os.WriteFile(filepath.Join(parent, "CLAUDE.md"), []byte("# PROTOCHECK-ANCESTOR-MARKER\nAlways answer in French.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tmp := filepath.Join(parent, "tmp")
	if err := os.Mkdir(tmp, 0o755); err != nil {
		t.Fatal(err)
	}
	c, got := capture(tmp)
	if diff := cmp.Diff(clean, got); diff != "" {
		t.Errorf("requests to the fake API with a CLAUDE.md above $TMPDIR mismatch (-clean +with it):\n%s", diff)
	}
	for _, p := range c.Paths {
		if strings.HasPrefix(p.Path, parent) {
			t.Errorf("the capture ran under %s, below the CLAUDE.md in %s", p.Path, parent)
		}
	}
}
