package e2e

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// TestOutcomes: each way an SDK meets what it does not know is the outcome
// conform gives, compared with the unmutated run; a failure is shrunk to
// one frame, with a reproducer.
func TestOutcomes(t *testing.T) {
	mutate := []string{"--mutate", "type,subtype:control_request", "--timeout", "20s"}
	for _, c := range []struct {
		mode     string
		flags    []string
		want     map[string]string
		wantCode int
	}{
		{mode: "tolerant", want: map[string]string{"baseline": "passed", "type": "survived", "subtype:control_request": "survived"}},
		{mode: "strict", want: map[string]string{"baseline": "passed", "type": "crashed", "subtype:control_request": "survived"}, wantCode: 1},
		// A hang is a hang at any timeout: the SDK never reads again.
		{mode: "hang", flags: []string{"--timeout", "4s"}, want: map[string]string{"baseline": "passed", "type": "hung", "subtype:control_request": "survived"}, wantCode: 1},
		{mode: "noanswer", want: map[string]string{"baseline": "passed", "type": "survived", "subtype:control_request": "mis-answered"}, wantCode: 1},
	} {
		t.Run(c.mode, func(t *testing.T) {
			flags := append(append([]string{}, mutate...), c.flags...)
			if c.mode == "hang" {
				flags = append(flags, "--no-shrink")
			}
			r, stderr, code := conform(t, c.mode, flags...)
			if diff := cmp.Diff(c.want, r.outcomes()); diff != "" || code != c.wantCode {
				t.Errorf("exit %d, want %d; outcomes mismatch (-want +got):\n%s\nstderr:\n%s", code, c.wantCode, diff, stderr)
			}
			if c.mode != "strict" {
				return
			}
			m := r.Releases[0].Mutations[0]
			if m.Mutation.At != 1 || !strings.Contains(m.Frame, `"type":"protocheck_next"`) ||
				!strings.Contains(m.Reproduce, "--mutate type@1 --") || !strings.Contains(m.Reproduce, "--cli 2.1.330") {
				t.Errorf("the crash was not shrunk to one frame with a reproducer: %+v", m)
			}
		})
	}
}

// TestExpectedFailures: a failure the file lists does not fail the run; an
// entry that no longer fails does (stale).
func TestExpectedFailures(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "expected.txt")
	os.WriteFile(file, []byte("* type crashed\n"), 0o644)
	r, stderr, code := conform(t, "strict", "--mutate", "type", "--expected", file)
	if code != 0 || len(r.Releases) != 1 || !r.Releases[0].Mutations[0].Expected {
		t.Errorf("an expected crash: exit %d, %+v\n%s", code, r, stderr)
	}
	os.WriteFile(file, []byte("* type crashed\n* baseline failed\n"), 0o644)
	r, _, code = conform(t, "strict", "--mutate", "type", "--expected", file)
	if code != 1 || len(r.Stale) != 1 || r.Stale[0].Mutation != "baseline" {
		t.Errorf("a stale entry: exit %d, stale %+v", code, r.Stale)
	}
}

// TestOfflineRefusesMissingRelease: a release not installed is refused
// offline, naming it, with exit 2; nothing is run.
func TestOfflineRefusesMissingRelease(t *testing.T) {
	cmd := exec.Command(bin, "conform", "--cli", "2.1.299", "--cli-dir", fakeCLIDir(t), "--cache", t.TempDir(), "--offline", "--", "true")
	out, err := cmd.CombinedOutput()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 2 || !strings.Contains(string(out), "CLI 2.1.299 is not installed") {
		t.Errorf("conform --offline of a missing release: %v\n%s", err, out)
	}
}

// TestNothingLeftAfterKill: a conform run killed outright (SIGKILL) or
// stopped (SIGTERM) in the middle of a session leaves no process (the
// SDK, the shim's tap, the CLI) and no temporary folder behind.
func TestNothingLeftAfterKill(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the parent-death signal and the reaper are Linux's")
	}
	for _, sig := range []syscall.Signal{syscall.SIGKILL, syscall.SIGTERM} {
		t.Run(sig.String(), func(t *testing.T) {
			tmp := t.TempDir()
			mark := filepath.Join(t.TempDir(), "hanging")
			self, _ := os.Executable()
			clis := fakeCLIDir(t)
			cmd := exec.Command(bin, "conform", "--cli", "2.1.330", "--cli-dir", clis, "--offline", "--mutate", "type", "--timeout", "5m",
				"--", "env", "FAKE_SDK=hang", "FAKE_SDK_MARK="+mark, self)
			cmd.Dir = root
			cmd.Env = append(os.Environ(), "TMPDIR="+tmp)
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			done := make(chan error, 1)
			go func() { done <- cmd.Wait() }()
			deadline := time.Now().Add(2 * time.Minute)
			for {
				if _, err := os.Stat(mark); err == nil {
					break
				}
				if time.Now().After(deadline) {
					cmd.Process.Kill()
					t.Fatal("the fake SDK never reached the mutation")
				}
				time.Sleep(50 * time.Millisecond)
			}
			if left := processesWith(clis, mark); len(left) < 2 {
				t.Fatalf("before the kill, %d processes of the run were seen (the SDK and the CLI at least): %v", len(left), left)
			}
			cmd.Process.Signal(sig)
			<-done
			// What is left goes within a few seconds: the reaper stops it.
			var left, files []string
			for end := time.Now().Add(20 * time.Second); time.Now().Before(end); time.Sleep(100 * time.Millisecond) {
				left = processesWith(clis, mark)
				files, _ = filepath.Glob(filepath.Join(tmp, "protocheck-*"))
				if len(left) == 0 && len(files) == 0 {
					return
				}
			}
			t.Errorf("after %v: processes left %v, files left %v", sig, left, files)
		})
	}
}

// processesWith lists the processes whose command line or environment
// holds one of the marks.
func processesWith(marks ...string) []string {
	var out []string
	dirs, _ := filepath.Glob("/proc/[0-9]*")
	for _, d := range dirs {
		cmdline, _ := os.ReadFile(filepath.Join(d, "cmdline"))
		environ, _ := os.ReadFile(filepath.Join(d, "environ"))
		for _, m := range marks {
			if strings.Contains(string(cmdline), m) || strings.Contains(string(environ), m) {
				out = append(out, filepath.Base(d)+" "+strings.ReplaceAll(string(cmdline), "\x00", " "))
				break
			}
		}
	}
	return out
}
