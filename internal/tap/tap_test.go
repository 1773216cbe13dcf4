package tap

import (
	"bufio"
	"bytes"
	"crypto/rand"
	"errors"
	"io"
	"os"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/protocheck/protocheck/validate"
)

// memRecord is a record kept in memory.
type memRecord struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (m *memRecord) Write(p []byte) (int, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.b.Write(p)
}
func (m *memRecord) Flush() error { return nil }
func (m *memRecord) lines() []string {
	m.mu.Lock()
	defer m.mu.Unlock()
	return strings.Split(strings.TrimSuffix(m.b.String(), "\n"), "\n")
}

// run runs a session of argv with stdin as the SDK's writes and returns
// what the SDK read and the result. It fails the test when the session
// does not end within limit.
func run(t *testing.T, cfg Config, stdin io.Reader, limit time.Duration) ([]byte, Result) {
	t.Helper()
	var out bytes.Buffer
	cfg.Stdin, cfg.Stdout = stdin, &out
	if cfg.Stderr == nil {
		cfg.Stderr = io.Discard
	}
	type ret struct {
		res Result
		err error
	}
	done := make(chan ret, 1)
	go func() {
		res, err := Run(cfg)
		done <- ret{res, err}
	}()
	select {
	case r := <-done:
		if r.err != nil {
			t.Fatal(r.err)
		}
		return out.Bytes(), r.res
	case <-time.After(limit):
		t.Fatalf("the session did not end within %s", limit)
	}
	return nil, Result{}
}

// TestPassThroughByteForByte: whatever bytes the SDK writes (partial
// lines, bytes that are not UTF-8, NULs, CRLF, a last line without a
// newline) reach the CLI and come back unchanged, and the record holds
// each line.
func TestPassThroughByteForByte(t *testing.T) {
	junk := make([]byte, 300_000)
	rand.Read(junk)
	in := append([]byte("{\"type\":\"keep_alive\"}\r\ncaf\xe9\n\x00\x01\n"), junk...)
	in = append(in, "\nlast line without a newline"...)
	rec := &memRecord{}
	out, res := run(t, Config{Argv: []string{"cat"}, Record: rec}, bytes.NewReader(in), 20*time.Second)
	if !bytes.Equal(out, in) {
		t.Fatalf("the SDK read %d bytes, not the %d it wrote (or other bytes)", len(out), len(in))
	}
	if res.ExitCode != 0 || res.StdinBytes != int64(len(in)) || res.StdoutBytes != int64(len(in)) {
		t.Errorf("result %+v", res)
	}
	want := bytes.Count(in, []byte("\n")) + 1
	if res.StdinLines != want || res.StdoutLines != want {
		t.Errorf("lines %d stdin, %d stdout; want %d each", res.StdinLines, res.StdoutLines, want)
	}
	lines := rec.lines()
	if len(lines) != 2*want {
		t.Fatalf("the record has %d lines, want %d", len(lines), 2*want)
	}
	// cat prints a line only after it read it: the record never has the
	// k-th stdout line before the k-th stdin line.
	in1, out1 := 0, 0
	for i, l := range lines {
		if strings.HasPrefix(l, `{"dir":"stdin"`) {
			in1++
		} else if out1++; out1 > in1 {
			t.Fatalf("record line %d: stdout line %d comes before stdin line %d that caused it", i+1, out1, out1)
		}
	}
	if !strings.HasPrefix(lines[0], `{"dir":"stdin","t":`) || !strings.HasSuffix(lines[0], `"msg":{"type":"keep_alive"}}`) {
		t.Errorf("first record line %q", lines[0])
	}
}

// TestExitStatusAndSignal: the CLI's exit code, and the signal that
// killed it, are the session's result.
func TestExitStatusAndSignal(t *testing.T) {
	_, res := run(t, Config{Argv: []string{"sh", "-c", "exit 3"}}, strings.NewReader(""), time.Minute)
	if res.ExitCode != 3 || res.Signal != 0 {
		t.Errorf("exit 3: got %+v", res)
	}
	rec := &memRecord{}
	out, res := run(t, Config{Argv: []string{"sh", "-c", `printf '{"type":"keep_alive"}\n{"type":"assi'; kill -9 $$`}, Record: rec},
		strings.NewReader(""), time.Minute)
	if res.Signal != syscall.SIGKILL || res.ExitCode != -1 {
		t.Errorf("killed CLI: got %+v", res)
	}
	if string(out) != "{\"type\":\"keep_alive\"}\n{\"type\":\"assi" {
		t.Errorf("the SDK read %q", out)
	}
	// The cut line is recorded as it was: not JSON, so "raw".
	if l := rec.lines(); len(l) != 2 || !strings.Contains(l[1], `"raw":"{\"type\":\"assi"`) {
		t.Errorf("record %q", l)
	}
}

// readyWriter closes ready at its first write.
type readyWriter struct {
	once  sync.Once
	ready chan struct{}
}

func (w *readyWriter) Write(p []byte) (int, error) {
	w.once.Do(func() { close(w.ready) })
	return len(p), nil
}

// TestSDKGone: the SDK stops reading (its end of stdout is closed): the
// CLI sees what it would see without the tap (here: SIGPIPE).
func TestSDKGone(t *testing.T) {
	cfg := Config{Argv: []string{"yes"}, Stdin: strings.NewReader(""), Stdout: failWriter{}, Stderr: io.Discard}
	done := make(chan Result, 1)
	go func() {
		res, _ := Run(cfg)
		done <- res
	}()
	select {
	case res := <-done:
		if !res.SDKGone || res.Signal != syscall.SIGPIPE {
			t.Errorf("got %+v; want the CLI dead of SIGPIPE", res)
		}
	case <-time.After(time.Minute): // a bound on a hang
		t.Fatal("the session did not end when the SDK went away")
	}
}

type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("broken pipe") }

// TestStdinClosedEndsSession: when the SDK closes stdin, the CLI gets
// EOF (cat ends) even though its stdout is still open. Without it cat
// waits for ever: the minute is a bound on a hang, not a measurement.
func TestStdinClosedEndsSession(t *testing.T) {
	run(t, Config{Argv: []string{"cat"}}, strings.NewReader("a\n"), time.Minute)
}

// TestHugeLine: a 50 MB line passes whole, is recorded whole, and a line
// over the cap passes whole and is noted, not recorded.
func TestHugeLine(t *testing.T) {
	line := append(append([]byte(`{"type":"keep_alive","pad":"`), bytes.Repeat([]byte("x"), 50<<20)...), "\"}\n"...)
	rec := &memRecord{}
	limit := 60 * time.Second // a hang, not a speed: the race detector slows every byte some tenfold
	if raceEnabled {
		limit *= 10
	}
	out, res := run(t, Config{Argv: []string{"cat"}, Record: rec}, bytes.NewReader(line), limit)
	if !bytes.Equal(out, line) || res.TooLong != 0 {
		t.Fatalf("50 MB line: read %d bytes of %d, %d too long", len(out), len(line), res.TooLong)
	}
	if l := rec.lines(); len(l) != 2 || len(l[1]) < 50<<20 {
		t.Errorf("record: %d lines", len(l))
	}
	rec = &memRecord{}
	out, res = run(t, Config{Argv: []string{"cat"}, Record: rec, MaxLineBytes: 1 << 20}, bytes.NewReader(line), limit)
	if !bytes.Equal(out, line) || res.TooLong != 2 {
		t.Fatalf("over the cap: read %d bytes of %d, %d too long", len(out), len(line), res.TooLong)
	}
	if l := rec.lines(); len(l) != 2 || !strings.Contains(l[0], "was passed through but not recorded") {
		t.Errorf("record %q", l)
	}
}

// TestSlowCheckerNeverDelays: a checker that takes 20ms a line does not
// slow a flood of 200,000 lines; the lines it had no room for are counted.
func TestSlowCheckerNeverDelays(t *testing.T) {
	var in bytes.Buffer
	for i := range 200_000 {
		in.WriteString(`{"type":"keep_alive","n":`)
		in.WriteString(strings.Repeat("1", i%7+1))
		in.WriteString("}\n")
	}
	var mu sync.Mutex
	checked := 0
	cfg := Config{Argv: []string{"cat"}, QueueLines: 64, Drain: 100 * time.Millisecond,
		Lines: func(int, string, []byte) {
			time.Sleep(20 * time.Millisecond)
			mu.Lock()
			checked++
			mu.Unlock()
		}}
	limit := 5 * time.Minute // a hang, not a speed (see TestHugeLine)
	if raceEnabled {
		limit *= 2
	}
	start := time.Now()
	out, res := run(t, cfg, bytes.NewReader(in.Bytes()), limit)
	d := time.Since(start)
	if !bytes.Equal(out, in.Bytes()) {
		t.Fatalf("read %d bytes of %d", len(out), in.Len())
	}
	mu.Lock()
	defer mu.Unlock()
	if res.Unchecked == 0 || res.Unchecked+res.Abandoned+checked != 400_000 {
		t.Errorf("unchecked %d + abandoned %d + checked %d != 400000 lines", res.Unchecked, res.Abandoned, checked)
	}
	// A tap that waited for the checker would take 400,000 x 20 ms, over
	// two hours; the flood takes well under a second idle, and a minute
	// leaves room for any load (the race detector slows the forwarding
	// itself some tenfold: not judged there).
	if d > time.Minute && !raceEnabled {
		t.Errorf("the flood took %s through a slow checker", d)
	}
	t.Logf("200k lines each way in %s; %d checked, %d unchecked, %d abandoned at the drain", d, checked, res.Unchecked, res.Abandoned)
}

// TestCheckerNumbersLikeTheRecord: findings of a live session point at the
// record's lines, a missed line included, and an invalid line from either
// side is reported where it is.
func TestCheckerNumbersLikeTheRecord(t *testing.T) {
	v, err := validate.New(validate.Options{Jobs: 1})
	if err != nil {
		t.Fatal(err)
	}
	var findings []validate.Finding
	c := NewChecker(v, "rec.jsonl", func(f validate.Finding) { findings = append(findings, f) }, nil)
	c.Line(1, validate.DuplexStdin, append(validate.DuplexLine(validate.DuplexStdin, []byte(`{"type":"keep_alive"}`)), '\n'))
	// Line 2 never reached the checker (its queue was full).
	c.Line(3, validate.DuplexStdin, append(validate.DuplexLine(validate.DuplexStdin, []byte(`not json`)), '\n'))
	c.Line(4, validate.DuplexStdout, append(validate.DuplexLine(validate.DuplexStdout, []byte(`{"type":"result"`)), '\n'))
	sum, err := c.Close()
	if err != nil {
		t.Fatal(err)
	}
	got := map[int]string{}
	for _, f := range findings {
		got[f.Line] += f.Rule + " "
	}
	if !strings.Contains(got[3], "input/invalid-json") || !strings.Contains(got[4], "input/invalid-json") || sum.Lines != 4 || sum.Blank != 1 {
		t.Errorf("findings %v, summary %d lines %d blank", got, sum.Lines, sum.Blank)
	}
}

// TestRecordAfterPartialStdin: a line the SDK had not finished when the
// CLI exited is recorded as it was.
func TestRecordAfterPartialStdin(t *testing.T) {
	pr, pw := io.Pipe()
	go func() {
		pw.Write([]byte(`{"type":"user","mess`))
		time.Sleep(300 * time.Millisecond)
		// the SDK never finishes the line; the CLI exits first
	}()
	rec := &memRecord{}
	_, res := run(t, Config{Argv: []string{"sh", "-c", "sleep 0.1; head -c 5 >/dev/null; exit 4"}, Record: rec}, pr, time.Minute)
	if res.ExitCode != 4 {
		t.Errorf("exit %d", res.ExitCode)
	}
	sc := bufio.NewScanner(strings.NewReader(strings.Join(rec.lines(), "\n")))
	n := 0
	for sc.Scan() {
		n++
		if !strings.Contains(sc.Text(), `"raw":"{\"type\":\"user\",\"mess"`) {
			t.Errorf("record line %q", sc.Text())
		}
	}
	if n != 1 {
		t.Errorf("%d record lines, want 1", n)
	}
}

// TestStdinBeforeExitRecorded: what the SDK wrote before the CLI exited is
// recorded, even when the tap had not read it yet when the CLI was gone
// (its stdin pump not yet run: seen under load in TestSDKKilledMidSession),
// and the tap does not wait for the SDK to close stdin.
func TestStdinBeforeExitRecorded(t *testing.T) {
	for i := range 40 {
		r, w, err := os.Pipe()
		if err != nil {
			t.Fatal(err)
		}
		w.WriteString(`{"type":"keep_alive"}` + "\n") // the SDK's line; w stays open
		rec := &memRecord{}
		// A tap that waited for the SDK to close stdin would wait for
		// ever: the minute bounds a hang.
		_, res := run(t, Config{Argv: []string{"sh", "-c", "exit 3"}, Record: rec}, r, time.Minute)
		r.Close()
		w.Close()
		if l := rec.lines(); res.ExitCode != 3 || res.StdinLines != 1 || len(l) != 1 || !strings.HasPrefix(l[0], `{"dir":"stdin"`) {
			t.Fatalf("session %d: exit %d, %d stdin lines, record %q", i, res.ExitCode, res.StdinLines, l)
		}
	}
}
