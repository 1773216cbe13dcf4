package e2e

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// tapped is one run of protocheck tap around a fake CLI (an sh script),
// with the test as the SDK.
type tapped struct {
	cmd      *exec.Cmd
	stdin    io.WriteCloser
	stdout   io.ReadCloser
	record   string
	findings string
	stderr   *bytes.Buffer
}

func startTap(t *testing.T, script string, flags ...string) *tapped {
	t.Helper()
	dir := t.TempDir()
	tp := &tapped{record: filepath.Join(dir, "s.jsonl"), findings: filepath.Join(dir, "s.findings"), stderr: &bytes.Buffer{}}
	args := append([]string{"tap", "--record", tp.record, "--findings", tp.findings}, flags...)
	// The script's own arguments say stream-json, as an SDK's would:
	// tap checks only such sessions.
	tp.cmd = exec.Command(bin, append(args, "--", "sh", "-c", script, "sh", "--output-format", "stream-json")...)
	tp.cmd.Stderr = tp.stderr
	tp.stdin, _ = tp.cmd.StdinPipe()
	tp.stdout, _ = tp.cmd.StdoutPipe()
	if err := tp.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	return tp
}

// hangBound is how long a test waits for tap to end before it calls it a
// hang: generous, since tap checks the record when the session ends, and
// compiling the schemas alone took 10 s on a loaded machine.
const hangBound = 2 * time.Minute

// wait waits for tap to end, within limit, and returns its wait status.
func (tp *tapped) wait(t *testing.T, limit time.Duration) syscall.WaitStatus {
	t.Helper()
	done := make(chan error, 1)
	go func() { done <- tp.cmd.Wait() }()
	select {
	case err := <-done:
		var ee *exec.ExitError
		if err != nil && !errors.As(err, &ee) {
			t.Fatal(err)
		}
	case <-time.After(limit):
		tp.cmd.Process.Kill()
		t.Fatalf("tap did not end within %s (a hang)\nstderr:\n%s", limit, tp.stderr)
	}
	return tp.cmd.ProcessState.Sys().(syscall.WaitStatus)
}

// recordLines reads the record, which must have been put in place.
func (tp *tapped) recordLines(t *testing.T) []string {
	t.Helper()
	b, err := os.ReadFile(tp.record)
	if err != nil {
		t.Fatalf("the record was not written: %v", err)
	}
	left, _ := filepath.Glob(filepath.Join(filepath.Dir(tp.record), ".*.tmp-*"))
	if len(left) > 0 {
		t.Errorf("temporary files left: %v", left)
	}
	return strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
}

func (tp *tapped) findingsText(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile(tp.findings)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

const keepAlive = `{"type":"keep_alive"}`

// TestExitStatusPassedOn: tap exits with the CLI's status; --fail-on error
// turns a clean exit with errors into 1, and leaves a failing CLI's own
// status.
func TestExitStatusPassedOn(t *testing.T) {
	for _, c := range []struct {
		script string
		flags  []string
		want   int
	}{
		{"cat >/dev/null; exit 5", nil, 5},
		{"cat >/dev/null; echo 'not json'; exit 0", nil, 0},
		{"cat >/dev/null; echo 'not json'; exit 0", []string{"--fail-on", "error"}, 1},
		{"cat >/dev/null; echo '" + keepAlive + "'; exit 0", []string{"--fail-on", "error"}, 0},
		{"cat >/dev/null; echo 'not json'; exit 7", []string{"--fail-on", "error"}, 7},
	} {
		tp := startTap(t, c.script, c.flags...)
		tp.stdin.Close()
		io.Copy(io.Discard, tp.stdout)
		if ws := tp.wait(t, hangBound); ws.ExitStatus() != c.want {
			t.Errorf("%q %v: exit %d, want %d\n%s", c.script, c.flags, ws.ExitStatus(), c.want, tp.stderr)
		}
	}
}

// TestCLIKilledMidSession: the CLI dies of SIGKILL half way through a
// line: the SDK gets every byte it printed, tap dies of the same signal,
// and the record holds every line, the cut one as "raw".
func TestCLIKilledMidSession(t *testing.T) {
	tp := startTap(t, `read l; echo '`+keepAlive+`'; printf '{"type":"assist'; kill -9 $$`)
	io.WriteString(tp.stdin, keepAlive+"\n")
	out, _ := io.ReadAll(tp.stdout)
	ws := tp.wait(t, hangBound)
	if !ws.Signaled() || ws.Signal() != syscall.SIGKILL {
		t.Errorf("tap's status %v, want killed by SIGKILL like the CLI", ws)
	}
	if string(out) != keepAlive+"\n"+`{"type":"assist` {
		t.Errorf("the SDK read %q", out)
	}
	l := tp.recordLines(t)
	if len(l) != 3 || !strings.Contains(l[2], `"raw":"{\"type\":\"assist"`) {
		t.Errorf("record %q", l)
	}
	if f := tp.findingsText(t); !strings.Contains(f, "s.jsonl:3: error input/invalid-json") || !strings.Contains(f, "killed by signal 9") {
		t.Errorf("findings:\n%s", f)
	}
}

// TestSDKKilledMidSession: the SDK dies (both its pipe ends close) while
// the CLI floods stdout: tap closes the CLI's stdin and stdout as the
// SDK's death would have, everything ends at once, and the record is in
// place.
func TestSDKKilledMidSession(t *testing.T) {
	tp := startTap(t, `while :; do echo '`+keepAlive+`'; done`)
	io.WriteString(tp.stdin, keepAlive+"\n")
	br := bufio.NewReader(tp.stdout)
	for range 1000 {
		if _, err := br.ReadString('\n'); err != nil {
			t.Fatal(err)
		}
	}
	tp.stdin.Close()
	tp.stdout.Close()
	start := time.Now()
	ws := tp.wait(t, hangBound)
	t.Logf("tap ended %s after the SDK died, status %v", time.Since(start), ws)
	// The CLI died of SIGPIPE; tap passes that on as exit 141 (Go does
	// not let a program die of a SIGPIPE it sends itself), which a dead
	// SDK does not see anyway.
	if !(ws.Signaled() && ws.Signal() == syscall.SIGPIPE) && ws.ExitStatus() != 128+int(syscall.SIGPIPE) {
		t.Errorf("tap's status %v, want the CLI's death by SIGPIPE", ws)
	}
	l := tp.recordLines(t)
	stdin := 0
	for _, x := range l {
		if strings.HasPrefix(x, `{"dir":"stdin"`) {
			stdin++
		}
	}
	if len(l) < 1001 || stdin != 1 {
		t.Errorf("record has %d lines, %d of stdin", len(l), stdin)
	}
}

// TestSignalForwarded: SIGTERM sent to tap reaches the CLI, whose trap
// answers it; tap exits with the CLI's status and the record is whole.
func TestSignalForwarded(t *testing.T) {
	tp := startTap(t, `trap 'echo "{\"type\":\"keep_alive\",\"why\":\"term\"}"; exit 143' TERM; echo '`+keepAlive+`'; while :; do sleep 0.05; done`)
	br := bufio.NewReader(tp.stdout)
	if _, err := br.ReadString('\n'); err != nil {
		t.Fatal(err)
	}
	tp.cmd.Process.Signal(syscall.SIGTERM)
	rest, _ := io.ReadAll(br)
	ws := tp.wait(t, hangBound)
	if ws.ExitStatus() != 143 || !strings.Contains(string(rest), `"why":"term"`) {
		t.Errorf("status %v, rest %q", ws, rest)
	}
	if l := tp.recordLines(t); len(l) != 2 {
		t.Errorf("record %q", l)
	}
}

// TestHugeLineThroughTap: a 50 MB line each way passes whole, is recorded
// whole and checked, or, when the checker is still on the first as the
// second comes (the queue holds 64 MiB: load decides), counted as not
// checked: never silently lost.
func TestHugeLineThroughTap(t *testing.T) {
	tp := startTap(t, "cat")
	line := `{"type":"keep_alive","pad":"` + strings.Repeat("x", 50<<20) + `"}` + "\n"
	go func() {
		io.WriteString(tp.stdin, line)
		tp.stdin.Close()
	}()
	start := time.Now()
	out, _ := io.ReadAll(tp.stdout)
	ws := tp.wait(t, hangBound)
	t.Logf("50 MB line through tap and cat: %s", time.Since(start))
	if ws.ExitStatus() != 0 || string(out) != line {
		t.Fatalf("status %v, read %d bytes of %d", ws, len(out), len(line))
	}
	if l := tp.recordLines(t); len(l) != 2 || len(l[1]) < 50<<20 {
		t.Errorf("record: %d lines", len(l))
	}
	f := tp.findingsText(t)
	bothChecked := strings.Contains(f, "2 lines in 1 file")
	oneCounted := strings.Contains(f, "1 line in 1 file") && strings.Contains(f, "1 of 2 lines were not checked")
	if !bothChecked && !oneCounted {
		t.Errorf("findings:\n%s", f)
	}
}

// TestFlood: 300,000 lines sent as fast as the pipes take them (well over
// 100,000 a second) pass whole; what the checker could not keep up with
// is counted in the findings, never silent.
func TestFlood(t *testing.T) {
	tp := startTap(t, "cat")
	var in bytes.Buffer
	for i := range 300_000 {
		fmt.Fprintf(&in, `{"type":"keep_alive","n":%d}`+"\n", i)
	}
	go func() {
		tp.stdin.Write(in.Bytes())
		tp.stdin.Close()
	}()
	start := time.Now()
	out, _ := io.ReadAll(tp.stdout)
	d := time.Since(start)
	ws := tp.wait(t, hangBound)
	t.Logf("300k lines through tap and cat: %s (%.0f lines/s)", d, 300_000/d.Seconds())
	if ws.ExitStatus() != 0 || !bytes.Equal(out, in.Bytes()) {
		t.Fatalf("status %v, read %d bytes of %d", ws, len(out), in.Len())
	}
	if l := tp.recordLines(t); len(l) != 600_000 {
		t.Errorf("record: %d lines, want 600000", len(l))
	}
	f := tp.findingsText(t)
	if !strings.Contains(f, "600000 lines in 1 file") && !strings.Contains(f, "were not checked") {
		t.Errorf("the findings neither checked every line nor said how many were not:\n%s", f)
	}
	t.Logf("findings: %s", f)
}

// TestInvalidLineEitherSide: a line that is not JSON (nor UTF-8), from the
// SDK and from the CLI, reaches the other side byte for byte, is recorded
// and reported at its line of the record, and --fail-on error turns the
// CLI's clean exit into 1.
func TestInvalidLineEitherSide(t *testing.T) {
	// The CLI echoes the SDK's second line to its stderr (the tap's own):
	// what the CLI read is seen whole.
	tp := startTap(t, `read a; echo '`+keepAlive+`'; IFS= read -r b; printf '%s\n' "$b" >&2; printf 'cli says \377 no\n'; cat >/dev/null`, "--fail-on", "error")
	io.WriteString(tp.stdin, keepAlive+"\n")
	br := bufio.NewReader(tp.stdout)
	br.ReadString('\n')
	const sdkLine = "sdk says {oops \376 \\n\t"
	io.WriteString(tp.stdin, sdkLine+"\n")
	l, _ := br.ReadString('\n')
	tp.stdin.Close()
	ws := tp.wait(t, hangBound)
	if ws.ExitStatus() != 1 || l != "cli says \377 no\n" {
		t.Errorf("status %v (want 1: --fail-on error), the SDK read %q", ws, l)
	}
	if got := tp.stderr.String(); got != sdkLine+"\n" {
		t.Errorf("the CLI read %q, want %q", got, sdkLine+"\n")
	}
	if rl := tp.recordLines(t); len(rl) != 4 || !strings.HasPrefix(rl[2], `{"dir":"stdin"`) || !strings.HasPrefix(rl[3], `{"dir":"stdout"`) {
		t.Errorf("record %q", rl)
	}
	f := tp.findingsText(t)
	for _, want := range []string{"s.jsonl:3: error input/invalid-json", "s.jsonl:4: error input/invalid-json"} {
		if !strings.Contains(f, want) {
			t.Errorf("no %q in the findings:\n%s", want, f)
		}
	}
}

// TestRulesBudget: --rules-budget bounds the state of the cross-line rules
// as in validate: past it, one rules/budget warning a group at the line,
// and the session goes on; out of its range it is a usage error (exit 2)
// and nothing is started.
func TestRulesBudget(t *testing.T) {
	hooks := ""
	for i := 1; i <= 3; i++ {
		hooks += fmt.Sprintf(`echo '{"type":"system","subtype":"hook_started","hook_id":"h%d","hook_name":"SessionStart:startup","hook_event":"SessionStart","uuid":"u%d","session_id":"S"}'; `, i, i)
	}
	for _, c := range []struct {
		flags []string
		want  int // rules/budget findings
	}{{nil, 0}, {[]string{"--rules-budget", "150"}, 2}} {
		tp := startTap(t, hooks+"cat >/dev/null", c.flags...)
		tp.stdin.Close()
		out, _ := io.ReadAll(tp.stdout)
		if ws := tp.wait(t, hangBound); ws.ExitStatus() != 0 || strings.Count(string(out), "\n") != 3 {
			t.Errorf("%v: status %v, the SDK read %q", c.flags, ws, out)
		}
		f := tp.findingsText(t)
		if got := strings.Count(f, "s.jsonl:3: warning rules/budget"); got != c.want || strings.Count(f, "rules/budget") != c.want {
			t.Errorf("%v: %d rules/budget findings at line 3, want %d:\n%s", c.flags, got, c.want, f)
		}
	}
	dir := t.TempDir()
	started := filepath.Join(dir, "started")
	cmd := exec.Command(bin, "tap", "--rules-budget", "0", "--", "sh", "-c", "touch "+started, "sh", "--output-format", "stream-json")
	out, err := cmd.CombinedOutput()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != 2 || !strings.Contains(string(out), "--rules-budget 0: want 1 to") {
		t.Errorf("--rules-budget 0: %v\n%s", err, out)
	}
	if _, err := os.Stat(started); err == nil {
		t.Error("--rules-budget 0: the CLI was started")
	}
}

// TestNotStreamJSON: a CLI run that is not a stream-json session (an SDK's
// 'claude --version' probe) passes through and is recorded, not checked:
// its text is no protocol finding.
func TestNotStreamJSON(t *testing.T) {
	dir := t.TempDir()
	findings := filepath.Join(dir, "f")
	out, err := exec.Command(bin, "tap", "--findings", findings, "--", "sh", "-c", "echo '2.1.330 (Claude Code)'", "sh", "--version").Output()
	if err != nil || string(out) != "2.1.330 (Claude Code)\n" {
		t.Fatalf("%v: %q", err, out)
	}
	f, _ := os.ReadFile(findings)
	if strings.Contains(string(f), "error") || !strings.Contains(string(f), "not a stream-json session") {
		t.Errorf("findings:\n%s", f)
	}
}

// TestEnvAndJSON: settings from PROTOCHECK_TAP_* (as a shim run by an SDK
// gets them) choose the record, the findings and their format; the CLI
// does not see them.
func TestEnvAndJSON(t *testing.T) {
	dir := t.TempDir()
	rec, findings := filepath.Join(dir, "r.jsonl"), filepath.Join(dir, "f.json")
	cmd := exec.Command(bin, "tap", "--", "sh", "-c", `env | grep -c PROTOCHECK_TAP_ || true; echo 'not json'`, "sh", "--output-format", "stream-json")
	cmd.Env = append(os.Environ(), "PROTOCHECK_TAP_RECORD="+rec, "PROTOCHECK_TAP_FINDINGS="+findings, "PROTOCHECK_TAP_FORMAT=json", "PROTOCHECK_TAP_FAIL_ON=error")
	out, err := cmd.Output()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != 1 {
		t.Errorf("exit %v, want 1 (--fail-on error from the environment)", err)
	}
	if string(out) != "0\nnot json\n" {
		t.Errorf("the CLI printed %q: it saw PROTOCHECK_TAP_ variables", out)
	}
	f, _ := os.ReadFile(findings)
	if !strings.Contains(string(f), `"report_version"`) || !strings.Contains(string(f), `"input/invalid-json"`) {
		t.Errorf("findings:\n%s", f)
	}
	if _, err := os.Stat(rec); err != nil {
		t.Errorf("no record: %v", err)
	}
}
