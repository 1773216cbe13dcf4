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

// waitFindings waits until a file in dir (the pending version of a report
// written there, which the run flushes whenever it waits for input) holds
// n findings of rule: a state, where a wait for the process to go idle was
// a time (a process that gets no CPU on a loaded machine looks idle too).
// On Linux the pending version has no name (O_TMPFILE): it is read through
// the descriptors of process pid that point into dir.
// It fails t when the process ends first, or after a minute without them.
func waitFindings(t *testing.T, pid int, dir, rule string, n int, exited <-chan struct{}) {
	t.Helper()
	count := func() int {
		var files []string
		entries, _ := os.ReadDir(dir)
		for _, e := range entries {
			files = append(files, filepath.Join(dir, e.Name()))
		}
		fds := fmt.Sprintf("/proc/%d/fd", pid)
		entries, _ = os.ReadDir(fds)
		for _, e := range entries {
			if to, err := os.Readlink(filepath.Join(fds, e.Name())); err == nil && strings.HasPrefix(to, dir+"/") {
				files = append(files, filepath.Join(fds, e.Name()))
			}
		}
		most := 0
		for _, f := range files {
			data, _ := os.ReadFile(f)
			most = max(most, bytes.Count(data, []byte(`"rule":"`+rule+`"`)))
		}
		return most
	}
	for deadline := time.Now().Add(time.Minute); ; {
		if got := count(); got >= n {
			return
		} else if time.Now().After(deadline) {
			t.Fatalf("after a minute the report in %s holds %d findings of %s; want %d", dir, got, rule, n)
		}
		select {
		case <-exited:
			t.Fatalf("protocheck ended before its report held %d findings of %s", n, rule)
		case <-time.After(10 * time.Millisecond):
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
		exited := make(chan struct{})
		go func() { cmd.Wait(); close(exited) }()
		// The lines are checked (the pipe stays open): the pending json
		// report holds their 50 findings.
		waitFindings(t, cmd.Process.Pid, dir, "schema/type", 50, exited)
		cmd.Process.Signal(tt.sig)
		select {
		case <-exited:
		case <-time.After(time.Minute):
			cmd.Process.Kill()
			t.Fatalf("%s: still running a minute after the signal", tt.name)
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
