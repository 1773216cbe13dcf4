//go:build linux

package capture

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// outlivingCLI is a shell script that stands for the CLI: it starts a
// grandchild in a session of its own (as the CLI does with hooks and Bash
// tools), which writes its pid to $PIDFILE and sleeps for a long time, then
// exits or hangs as its first argument says.
const outlivingCLI = `#!/bin/sh
if [ "$1" = --version ]; then echo "9.9.9 (fake)"; exit 0; fi
case "$1" in
*hold*) setsid sh -c 'echo $$ > "$PIDFILE.tmp"; mv "$PIDFILE.tmp" "$PIDFILE"; exec sleep 1000' & ;;
*) setsid sh -c 'echo $$ > "$PIDFILE.tmp"; mv "$PIDFILE.tmp" "$PIDFILE"; exec sleep 1000' </dev/null >/dev/null 2>&1 & ;;
esac
while [ ! -s "$PIDFILE" ]; do sleep 0.05; done
echo '{"type":"system","subtype":"init"}'
case "$1" in
exit*) exit 0 ;;
*) exec sleep 1000 ;;
esac
`

// TestCaptureLeavesNothing runs a fake CLI whose grandchild would outlive
// it, and checks that after Run no process of the capture is left (the
// grandchild is killed and reaped) and its temporary folder is gone (kept
// with KeepDir), whether the CLI exits, times out or the run is cancelled
// (what a signal to protocheck does).
func TestCaptureLeavesNothing(t *testing.T) {
	tests := []struct {
		name    string
		mode    string // the fake CLI's argument
		timeout time.Duration
		cancel  bool // cancel the run once the grandchild is up
		keep    bool
		wantErr bool
		reason  string
	}{
		{name: "the CLI exits", mode: "exit", reason: "the grandchild left the CLI's process group and session"},
		{name: "the CLI exits, the grandchild holds its stdout", mode: "exit-hold",
			reason: "Run must not wait for the grandchild to close the pipe"},
		{name: "timeout", mode: "hang", timeout: 2 * time.Second, wantErr: true},
		{name: "cancelled", mode: "hang-hold", cancel: true, wantErr: true},
		{name: "cancelled, folder kept", mode: "hang", cancel: true, keep: true, wantErr: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tmp := t.TempDir()
			t.Setenv("TMPDIR", tmp)
			dir := t.TempDir()
			cli := filepath.Join(dir, "claude")
			if err := os.WriteFile(cli, []byte(outlivingCLI), 0o755); err != nil {
				t.Fatal(err)
			}
			pidFile := filepath.Join(dir, "grandchild.pid")
			sc := &Scenario{Name: "fake", File: "fake.json", Args: []string{tt.mode},
				Env: map[string]string{"PIDFILE": pidFile}, Timeout: Duration{tt.timeout}}
			if sc.Timeout.Duration == 0 {
				sc.Timeout.Duration = time.Minute
			}
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			done := runAsync(ctx, CaptureOptions{CLI: cli, Scenario: sc, Version: "9.9.9", KeepDir: tt.keep})
			pid := waitPid(t, pidFile, 20*time.Second)
			t.Cleanup(func() { syscall.Kill(pid, syscall.SIGKILL) }) // on a failure, leave nothing either
			if tt.cancel {
				cancel()
			}
			var r runResult
			select {
			case r = <-done:
			case <-time.After(30 * time.Second):
				t.Fatalf("Run did not return 30s after the grandchild started (%s)", tt.reason)
			}
			if (r.err != nil) != tt.wantErr {
				t.Errorf("Run() error = %v, want error: %v", r.err, tt.wantErr)
			}
			if err := syscall.Kill(pid, 0); !errors.Is(err, syscall.ESRCH) {
				state, ppid, _ := procStat(pid)
				t.Errorf("the grandchild %d is still there after Run (state %c, parent %d): %s", pid, state, ppid, tt.reason)
			}
			left, _ := os.ReadDir(tmp)
			switch {
			case tt.keep && (r.c == nil || len(left) != 1 || r.c.Dir != filepath.Join(tmp, left[0].Name())):
				t.Errorf("with KeepDir, TMPDIR holds %v, want the kept folder %v", left, r.c)
			case !tt.keep && len(left) != 0:
				t.Errorf("Run left %s in TMPDIR", left[0].Name())
			}
			assertNoProcessIn(t, tmp)
		})
	}
}

// A runResult is what Run returned.
type runResult struct {
	c   *Capture
	err error
}

// runAsync starts Run with opts and hands its result on the channel.
func runAsync(ctx context.Context, opts CaptureOptions) <-chan runResult {
	done := make(chan runResult, 1)
	go func() {
		c, err := Run(ctx, opts)
		done <- runResult{c, err}
	}()
	return done
}

// waitPid waits for a pid file and returns its pid.
func waitPid(t *testing.T, path string, timeout time.Duration) int {
	t.Helper()
	deadline := time.Now().Add(timeout)
	for time.Now().Before(deadline) {
		if b, err := os.ReadFile(path); err == nil && len(bytes.TrimSpace(b)) > 0 {
			pid, err := strconv.Atoi(string(bytes.TrimSpace(b)))
			if err != nil {
				t.Fatalf("%s: %v", path, err)
			}
			return pid
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("no pid in %s after %s", path, timeout)
	return 0
}

// assertNoProcessIn fails when a live process has dir in its environment
// (a capture's HOME, TMPDIR and working directory are under it).
func assertNoProcessIn(t *testing.T, dir string) {
	t.Helper()
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil || pid == os.Getpid() {
			continue
		}
		if state, _, ok := procStat(pid); !ok || state == 'Z' {
			continue
		}
		env, err := os.ReadFile("/proc/" + e.Name() + "/environ")
		if err == nil && bytes.Contains(env, []byte(dir)) {
			cmdline, _ := os.ReadFile("/proc/" + e.Name() + "/cmdline")
			t.Errorf("process %d (%s) of the capture is still running", pid, strings.ReplaceAll(string(cmdline), "\x00", " "))
			syscall.Kill(pid, syscall.SIGKILL)
		}
	}
}
