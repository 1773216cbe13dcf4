//go:build unix

package cli

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/protocheck/protocheck/internal/report"
)

// buildProtocheck builds the command once per test binary.
func buildProtocheck(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "protocheck")
	cmd := exec.Command("go", "build", "-o", bin, "../../cmd/protocheck")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// waitIdle waits until process pid has used no CPU for 300 ms (it waits on
// its input), or until limit: a fixed sleep was too short on a loaded
// machine, where compiling the schemas alone can take longer.
func waitIdle(pid int, limit time.Duration) {
	stat := fmt.Sprintf("/proc/%d/stat", pid)
	cpu := func() string {
		data, err := os.ReadFile(stat)
		if err != nil {
			return ""
		}
		// utime and stime follow the command name in parentheses.
		f := strings.Fields(string(data[bytes.LastIndexByte(data, ')')+1:]))
		if len(f) < 13 {
			return ""
		}
		return f[11] + " " + f[12]
	}
	last, since := cpu(), time.Now()
	for start := time.Now(); time.Since(start) < limit; {
		time.Sleep(50 * time.Millisecond)
		now := cpu()
		if now != last || now == "" {
			last, since = now, time.Now()
			continue
		}
		if time.Since(since) >= 300*time.Millisecond {
			return
		}
	}
}

// TestSignalLeavesValidReport: SIGINT or SIGTERM in the middle of a run
// (its input a pipe that stays open) ends it with a complete, well-formed
// report of what was checked (JSON parses, SARIF and JUnit too), a message
// that names the signal, and exit code 2 (docs/exit-codes.md).
func TestSignalLeavesValidReport(t *testing.T) {
	bin := buildProtocheck(t)
	for _, tt := range []struct {
		sig    syscall.Signal
		name   string
		format string
	}{
		{syscall.SIGINT, "SIGINT", "json"},
		{syscall.SIGTERM, "SIGTERM", "sarif"},
		{syscall.SIGINT, "SIGINT", "junit"},
	} {
		dir := t.TempDir()
		cmd := exec.Command(bin, "validate", "--cli-version", "2.1.330", "--format", tt.format, "--format", "json="+filepath.Join(dir, "r.json"), "-")
		stdin, _ := cmd.StdinPipe()
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		w := bufio.NewWriter(stdin)
		for range 50 {
			w.WriteString(okLine + "\n" + badLine + "\n")
		}
		w.Flush()
		waitIdle(cmd.Process.Pid, 10*time.Second) // the lines are checked; the pipe stays open
		cmd.Process.Signal(tt.sig)
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			cmd.Process.Kill()
			t.Fatalf("%s: still running 10 s after the signal", tt.name)
		}
		stdin.Close()
		if code := cmd.ProcessState.ExitCode(); code != ExitUsage {
			t.Errorf("%s: exit code %d, want %d", tt.name, code, ExitUsage)
		}
		if !strings.Contains(stderr.String(), "interrupted by "+tt.name) || !strings.Contains(stderr.String(), "covers only") {
			t.Errorf("%s: stderr %q, want it to name the signal and say the report is partial", tt.name, stderr.String())
		}
		if strings.Contains(stderr.String(), "context canceled") {
			t.Errorf("%s: stderr says %q", tt.name, stderr.String())
		}
		var v any
		var err error
		if tt.format == "junit" {
			err = xml.Unmarshal(stdout.Bytes(), new(struct{ XMLName xml.Name }))
		} else {
			err = json.Unmarshal(stdout.Bytes(), &v)
		}
		if err != nil || stdout.Len() == 0 {
			t.Errorf("%s: the %s report on stdout is not well-formed: %v\n%s", tt.name, tt.format, err, stdout.String())
		}
		var r struct {
			Findings []any `json:"findings"`
		}
		data, _ := os.ReadFile(filepath.Join(dir, "r.json"))
		if err := json.Unmarshal(data, &r); err != nil || len(r.Findings) != 50 {
			t.Errorf("%s: the json file report: %v, %d findings; want a whole report with the 50 findings of the lines read", tt.name, err, len(r.Findings))
		}
	}
}

// TestSignalDuringBaselineWrite: a signal that arrives while the new
// baseline is being written leaves the old file whole and the run exits 2,
// not 0 with the signal ignored.
func TestSignalDuringBaselineWrite(t *testing.T) {
	path := filepath.Join(t.TempDir(), "baseline.json")
	os.WriteFile(path, []byte("old"), 0o644)
	ctx, cancel := context.WithCancelCause(context.Background())
	cancel(interrupted{syscall.SIGTERM})
	n, err := writeBaselineUnlessStopped(ctx, path, report.NewBaselineCounter())
	if n != -1 || err != nil {
		t.Errorf("writeBaselineUnlessStopped after SIGTERM = %d, %v; want -1 (dropped)", n, err)
	}
	if got, _ := os.ReadFile(path); string(got) != "old" {
		t.Errorf("the baseline became %q; want the old one whole", got)
	}
	entries, _ := os.ReadDir(filepath.Dir(path))
	if len(entries) != 1 {
		t.Errorf("files left beside the baseline: %v", entries)
	}
	if n, err := writeBaselineUnlessStopped(context.Background(), path, report.NewBaselineCounter()); n != 0 || err != nil {
		t.Errorf("without a signal: %d, %v", n, err)
	}
}
