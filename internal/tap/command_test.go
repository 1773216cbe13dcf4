package tap

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/protocheck/protocheck/internal/report"
	"github.com/protocheck/protocheck/internal/usage"
	"github.com/protocheck/protocheck/validate"
)

// TestCLIEnv: tap's own variables are named after their flags and never
// reach the CLI.
func TestCLIEnv(t *testing.T) {
	if got := EnvName("fail-on"); got != "PROTOCHECK_TAP_FAIL_ON" {
		t.Errorf("EnvName(fail-on) = %q", got)
	}
	got := CLIEnv([]string{"PATH=/bin", "PROTOCHECK_TAP_RECORD=x", "PROTOCHECK_CLI=y"})
	if want := []string{"PATH=/bin", "PROTOCHECK_CLI=y"}; !slices.Equal(got, want) {
		t.Errorf("CLIEnv = %q, want %q", got, want)
	}
}

// commandOptions runs sh with script as a stream-json CLI, its findings
// as text to stderr.
func commandOptions(script string, stdout, stderr *bytes.Buffer) CommandOptions {
	return CommandOptions{
		Session: Options{Argv: []string{"sh", "-c", script, "--output-format", "stream-json"}, Env: os.Environ(),
			Stdin: strings.NewReader(""), Stdout: stdout, Stderr: stderr, Check: true,
			Validate: validate.Options{MaxLineBytes: validate.DefaultMaxLineBytes, MaxFindingsPerLine: 1000, CLIVersion: "2.1.330"}},
		Targets: []report.Target{{Format: report.Text}},
	}
}

// TestCommandFailOn: the findings of a session whose CLI exited 0 fail it
// (exit 1) only when they reach FailOn; the CLI's own status passes
// through; the text findings end with the session's status line.
func TestCommandFailOn(t *testing.T) {
	for _, tt := range []struct {
		name   string
		script string
		failOn validate.Severity
		want   int
	}{
		{"findings do not fail by default", `echo '{"type":"bogus"}'`, 0, 0},
		{"a warning fails under warning", `echo '{"type":"bogus"}'`, validate.Warning, 1},
		{"a warning does not fail under error", `echo '{"type":"bogus"}'`, validate.Error, 0},
		{"the CLI's status wins", `echo '{"type":"bogus"}'; exit 3`, validate.Warning, 3},
	} {
		var stdout, stderr bytes.Buffer
		o := commandOptions(tt.script, &stdout, &stderr)
		o.FailOn = tt.failOn
		res, err := Command(o)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if res.ExitCode != tt.want || !res.Checked || res.Report.Warnings != 1 {
			t.Errorf("%s: exit %d (want %d), checked %v, %d warnings (want 1)", tt.name, res.ExitCode, tt.want, res.Checked, res.Report.Warnings)
		}
		if !strings.Contains(stderr.String(), "variant/unknown-type") || !strings.Contains(stderr.String(), "tap: 0 lines from the SDK, 1 from the CLI; the CLI exited ") {
			t.Errorf("%s: stderr\n%s", tt.name, stderr.String())
		}
	}
}

// TestCommandRefusals: a findings file that is the record (by name or
// through a link), and a scenario that does not exist, are usage errors
// naming the flag, and the CLI does not run.
func TestCommandRefusals(t *testing.T) {
	dir := t.TempDir()
	rec := filepath.Join(dir, "x.jsonl")
	link := filepath.Join(dir, "link")
	os.WriteFile(rec, nil, 0o644) //nolint:errcheck // checked by the refusal below
	os.Symlink(rec, link)         //nolint:errcheck // likewise
	ran := filepath.Join(dir, "ran")
	for _, tt := range []struct {
		name              string
		findings, fakeAPI string
		want              string
	}{
		{"the record's name", rec, "", "--record and --findings name the same file"},
		{"a link to the record", link, "", "--record and --findings name the same file"},
		{"no such scenario", "", "no_such_scenario", "--fake-api: "},
	} {
		var stdout, stderr bytes.Buffer
		o := commandOptions("touch "+ran, &stdout, &stderr)
		o.Record, o.Findings, o.Scenario = rec, tt.findings, tt.fakeAPI
		_, err := Command(o)
		if !usage.Is(err) || !strings.HasPrefix(err.Error(), tt.want) {
			t.Errorf("%s: error %v, want a *usage.Error starting %q", tt.name, err, tt.want)
		}
		if _, err := os.Stat(ran); err == nil {
			t.Errorf("%s: the CLI ran", tt.name)
		}
	}
}

// TestSessionPath: a folder, or a name ending in /, gets a file named
// after the session's start and the process; a file is itself.
func TestSessionPath(t *testing.T) {
	dir := t.TempDir()
	start := time.Date(2026, 11, 27, 1, 2, 3, 4e6, time.UTC)
	want := filepath.Join(dir, "session-20261127T010203.004-"+strconv.Itoa(os.Getpid())+".jsonl")
	if got := sessionPath(dir, ".jsonl", start); got != want {
		t.Errorf("sessionPath(folder) = %q, want %q", got, want)
	}
	if got := sessionPath(filepath.Join(dir, "new")+"/", ".jsonl", start); filepath.Dir(got) != filepath.Join(dir, "new") {
		t.Errorf("sessionPath(new/) = %q", got)
	}
	if got := sessionPath(filepath.Join(dir, "f.jsonl"), ".jsonl", start); got != filepath.Join(dir, "f.jsonl") {
		t.Errorf("sessionPath(file) = %q", got)
	}
}

// TestStartExitCode: a CLI not found is 127, one that cannot run 126.
func TestStartExitCode(t *testing.T) {
	dir := t.TempDir()
	notExec := filepath.Join(dir, "cli")
	os.WriteFile(notExec, []byte("#!/bin/sh\n"), 0o644) //nolint:errcheck // checked below
	for _, tt := range []struct {
		argv []string
		want int
	}{
		{[]string{"no-such-cli-anywhere"}, 127},
		{[]string{filepath.Join(dir, "missing")}, 127},
		{[]string{notExec}, 126},
	} {
		_, err := Run(Config{Argv: tt.argv, Stdin: strings.NewReader(""), Stdout: &bytes.Buffer{}, Stderr: &bytes.Buffer{}})
		if err == nil {
			t.Errorf("%v: started", tt.argv)
			continue
		}
		if got := StartExitCode(err); got != tt.want {
			t.Errorf("%v: StartExitCode(%v) = %d, want %d", tt.argv, err, got, tt.want)
		}
	}
	if got := StartExitCode(exec.ErrWaitDelay); got != 2 {
		t.Errorf("another error: %d, want 2", got)
	}
}
