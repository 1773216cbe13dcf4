//go:build unix

package tap

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// TestQueueBoundedInBytes: the checker's queue holds at most QueueBytes of
// lines, whatever QueueLines allows: 32 lines of 1 MB that the checker is
// slow to take, with room for 32 lines but 4 MB, are not all queued; the
// rest are counted as unchecked (the queue's size), none as abandoned.
func TestQueueBoundedInBytes(t *testing.T) {
	var in bytes.Buffer
	for range 32 {
		in.WriteString(`{"type":"keep_alive","pad":"` + strings.Repeat("x", 1<<20) + `"}` + "\n")
	}
	// The checker is held until the record has the last line: by then
	// every line but that one has been offered to the queue (the record
	// is written just before the offer), whatever the machine's speed.
	release := make(chan struct{})
	rec := &releaseRecord{after: 32, release: release}
	var mu sync.Mutex
	checked := 0
	cfg := Config{Argv: []string{"sh", "-c", "cat >/dev/null"}, QueueLines: 32, QueueBytes: 4 << 20, Drain: time.Hour, Record: rec,
		Lines: func(int, string, []byte) {
			<-release
			mu.Lock()
			checked++
			mu.Unlock()
		}}
	_, res := run(t, cfg, bytes.NewReader(in.Bytes()), 10*time.Minute)
	mu.Lock()
	defer mu.Unlock()
	t.Logf("%d checked, %d unchecked, %d abandoned", checked, res.Unchecked, res.Abandoned)
	// One line in the checker's hands, at most 4 MB queued, and the last
	// line, offered after the release.
	if checked > 6 || res.Unchecked+checked+res.Abandoned != 32 {
		t.Errorf("checked %d, unchecked %d, abandoned %d of 32 lines of 1 MB: want at most 6 checked (4 MB queued)", checked, res.Unchecked, res.Abandoned)
	}
}

// releaseRecord closes release once it has after lines.
type releaseRecord struct {
	memRecord
	after   int
	n       int
	release chan struct{}
}

func (r *releaseRecord) Write(p []byte) (int, error) {
	r.n += bytes.Count(p, []byte("\n"))
	if r.n >= r.after && r.release != nil {
		close(r.release)
		r.release = nil
	}
	return len(p), nil
}

// TestDrainNotBlamedOnQueue: lines left in the queue when the drain runs
// out are counted as abandoned, not as lines the queue had no room for.
func TestDrainNotBlamedOnQueue(t *testing.T) {
	in := strings.Repeat(`{"type":"keep_alive"}`+"\n", 20)
	cfg := Config{Argv: []string{"cat"}, QueueLines: 64, Drain: 100 * time.Millisecond,
		Lines: func(int, string, []byte) { time.Sleep(300 * time.Millisecond) }}
	_, res := run(t, cfg, strings.NewReader(in), 30*time.Second)
	if res.Unchecked != 0 || res.Abandoned == 0 {
		t.Errorf("unchecked %d, abandoned %d: the lines left at the drain are abandoned, the queue had room for all", res.Unchecked, res.Abandoned)
	}
}

// TestCutLineNotChecked: a line the SDK had not finished when the CLI
// exited is recorded as it was and counted as cut, not handed to the
// checker (where it was an invalid-JSON finding against the SDK).
func TestCutLineNotChecked(t *testing.T) {
	pr, pw := io.Pipe()
	defer pw.Close()
	go pw.Write([]byte(`{"type":"keep_alive"}` + "\n" + `{"type":"user","mess`))
	var got []string
	var mu sync.Mutex
	rec := &memRecord{}
	cfg := Config{Argv: []string{"sh", "-c", "sleep 0.3; exit 4"}, Record: rec,
		Lines: func(_ int, _ string, env []byte) {
			mu.Lock()
			got = append(got, string(env))
			mu.Unlock()
		}}
	_, res := run(t, cfg, pr, 10*time.Second)
	mu.Lock()
	defer mu.Unlock()
	if res.Cut != 1 || len(got) != 1 || len(rec.lines()) != 2 {
		t.Errorf("cut %d, checked %q, recorded %d lines: want the cut line recorded, not checked", res.Cut, got, len(rec.lines()))
	}
}

// TestCLIIgnoringSignalKilled: a CLI that ignores the signals forwarded
// to it is killed KillGrace later, and the session ends.
func TestCLIIgnoringSignalKilled(t *testing.T) {
	pr, pw := io.Pipe()
	defer pw.Close()
	done := make(chan Result, 1)
	go func() {
		res, err := Run(Config{Argv: []string{"sh", "-c", `trap "" USR1; echo ready; while :; do sleep 1; done`}, Stdin: pr, Stdout: io.Discard, Stderr: io.Discard,
			Signals: []os.Signal{syscall.SIGUSR1}, KillGrace: 200 * time.Millisecond})
		if err != nil {
			t.Error(err)
		}
		done <- res
	}()
	time.Sleep(500 * time.Millisecond)
	syscall.Kill(os.Getpid(), syscall.SIGUSR1)
	select {
	case res := <-done:
		if res.Signal != syscall.SIGKILL || !res.Killed {
			t.Errorf("the CLI ended with %+v, want killed", res)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("a CLI that ignores the forwarded signal kept the session alive")
	}
}

// TestTapKilledTakesCLI: a tap killed with SIGKILL leaves no CLI behind,
// even one that never reads its stdin (Linux: the parent-death signal).
func TestTapKilledTakesCLI(t *testing.T) {
	if os.Getenv("PROTOCHECK_TAP_CHILD") != "" {
		pidFile := os.Getenv("PROTOCHECK_TAP_CHILD")
		Run(Config{Argv: []string{"sh", "-c", `echo $$ > "$0.tmp"; mv "$0.tmp" "$0"; exec sleep 600`, pidFile}, //nolint:errcheck // killed
			Stdin: os.Stdin, Stdout: io.Discard, Stderr: io.Discard})
		return
	}
	if _, err := os.Stat("/proc/self"); err != nil {
		t.Skip("the parent-death signal is Linux's")
	}
	pidFile := filepath.Join(t.TempDir(), "cli.pid")
	cmd := exec.Command(os.Args[0], "-test.run=^TestTapKilledTakesCLI$")
	cmd.Env = append(os.Environ(), "PROTOCHECK_TAP_CHILD="+pidFile)
	stdin, _ := cmd.StdinPipe() // kept open: the CLI never sees its stdin end
	defer stdin.Close()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	var pid int
	for range 300 {
		if b, err := os.ReadFile(pidFile); err == nil {
			pid, _ = strconv.Atoi(strings.TrimSpace(string(b)))
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	if pid == 0 {
		cmd.Process.Kill()
		cmd.Wait()
		t.Fatal("the CLI did not start")
	}
	cmd.Process.Kill()
	cmd.Wait()
	for range 200 {
		if syscall.Kill(pid, 0) != nil {
			return // gone
		}
		if b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid)); err == nil {
			if f := strings.Fields(string(b)); len(f) > 2 && f[2] == "Z" {
				return // dead, not yet reaped
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	syscall.Kill(pid, syscall.SIGKILL)
	t.Errorf("the CLI (pid %d) still ran 10 s after its tap was killed", pid)
}

// slowWriter is an SDK that takes its time over its first read.
type slowWriter struct {
	bytes.Buffer
	first bool
}

func (w *slowWriter) Write(p []byte) (int, error) {
	if !w.first {
		w.first = true
		time.Sleep(time.Second)
	}
	return w.Buffer.Write(p)
}

// TestCLIsLastBytesDrained: what the CLI wrote before it exited reaches
// the SDK whole even when the tap reads it later than Grace after the exit
// (here the SDK is slow to take the first chunk; under load the tap's own
// pump is): the pipe still holds the bytes, so the tap waits for them
// rather than closing it (60 KB were lost).
func TestCLIsLastBytesDrained(t *testing.T) {
	var out slowWriter
	script := `printf a; sleep 0.2; head -c 60000 /dev/zero | tr '\0' b; exit 0`
	res, err := Run(Config{Argv: []string{"sh", "-c", script}, Stdin: strings.NewReader(""), Stdout: &out, Stderr: io.Discard, Grace: 100 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	if out.Len() != 60001 || res.StdoutBytes != 60001 {
		t.Errorf("the SDK read %d bytes (tap %d), want 60001", out.Len(), res.StdoutBytes)
	}
}

// TestRecordBoundedInBytes: the lines on their way to the record hold at
// most RecordBytes, and the record still gets every line: 64 lines of
// 256 KB with a record that takes nothing until either the tap waits for
// room (the bound) or the SDK's writes are all read (no bound: every line
// queued) are recorded whole, with at most 1 MB in flight.
func TestRecordBoundedInBytes(t *testing.T) {
	const lines, size, bound = 64, 256 << 10, 1 << 20
	var in bytes.Buffer
	for range lines {
		in.WriteString(`{"type":"keep_alive","pad":"` + strings.Repeat("x", size) + `"}` + "\n")
	}
	release := make(chan struct{})
	var once sync.Once
	open := func() { once.Do(func() { close(release) }) }
	recordWaitHook = open
	defer func() { recordWaitHook = nil }()
	rec := &gateRecord{release: release}
	cfg := Config{Argv: []string{"sh", "-c", "cat >/dev/null"}, Record: rec, RecordBytes: bound}
	_, res := run(t, cfg, &eofReader{r: bytes.NewReader(in.Bytes()), eof: open}, 10*time.Minute)
	t.Logf("peak %d bytes in flight to the record, %d lines recorded", res.RecordPeak, len(rec.lines()))
	if res.RecordPeak > bound {
		t.Errorf("%d bytes were on their way to the record at once: want at most RecordBytes, %d", res.RecordPeak, bound)
	}
	if got := len(rec.lines()); got != lines || res.RecordErr != nil {
		t.Errorf("the record has %d lines (error %v): want all %d", got, res.RecordErr, lines)
	}
}

// gateRecord takes nothing until release is closed.
type gateRecord struct {
	memRecord
	release chan struct{}
}

func (r *gateRecord) Write(p []byte) (int, error) {
	<-r.release
	return r.memRecord.Write(p)
}

// eofReader calls eof when r is exhausted.
type eofReader struct {
	r   io.Reader
	eof func()
}

func (e *eofReader) Read(p []byte) (int, error) {
	n, err := e.r.Read(p)
	if err == io.EOF {
		e.eof()
	}
	return n, err
}
