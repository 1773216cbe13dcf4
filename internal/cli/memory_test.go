//go:build linux

package cli

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// peakRSS runs protocheck with args and returns its exit code and peak
// resident memory in bytes: the child's own high-water mark (VmHWM), read
// from /proc every few milliseconds while it runs. getrusage's maxrss is
// no use here: Go starts children with vfork, and Linux carries the
// parent's high-water mark across the exec, so the child would be charged
// with whatever the test process holds.
func peakRSS(t *testing.T, bin string, args ...string) (int, int64) {
	t.Helper()
	return peakRSSIn(t, bin, nil, args...)
}

// peakRSSIn is peakRSS with stdin read from in (nil: none).
func peakRSSIn(t *testing.T, bin string, in io.Reader, args ...string) (int, int64) {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Stdin = in
	cmd.Env = append(os.Environ(), "GOMEMLIMIT=", "GOGC=")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	status := fmt.Sprintf("/proc/%d/status", cmd.Process.Pid)
	var peak atomic.Int64
	stop := make(chan struct{})
	polled := make(chan struct{})
	go func() {
		defer close(polled)
		for {
			if kb := vmHWM(status); kb > peak.Load() {
				peak.Store(kb)
			}
			select {
			case <-stop:
				return
			case <-time.After(2 * time.Millisecond):
			}
		}
	}()
	cmd.Wait()
	close(stop)
	<-polled
	if peak.Load() == 0 {
		t.Fatal("no VmHWM in /proc: cannot measure the child's memory")
	}
	return cmd.ProcessState.ExitCode(), peak.Load() << 10
}

// vmHWM returns the VmHWM of a /proc status file in KiB, 0 when it is
// gone (the process ended) or has none.
func vmHWM(status string) int64 {
	data, err := os.ReadFile(status)
	if err != nil {
		return 0
	}
	for line := range strings.Lines(string(data)) {
		if rest, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			n, _ := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
			return n
		}
	}
	return 0
}

// TestMemoryBounded runs each case whose memory once grew with the input
// and checks its peak memory against a budget that does not: an updated
// baseline of two million alike findings (it kept every finding: 575 MB
// here, out of memory at ten million); a report file of every finding
// (--max-findings 0), which was held whole until the run ended.
func TestMemoryBounded(t *testing.T) {
	if testing.Short() {
		t.Skip("builds protocheck and runs it on large inputs")
	}
	bin := buildProtocheck(t)
	dir := t.TempDir()
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	// One message makes it a transcript (input/not-a-transcript looks for
	// one); each line after it is an error of its own.
	zw.Write([]byte(`{"type":"keep_alive"}` + "\n"))
	zw.Write(bytes.Repeat([]byte("{}\n"), 2_000_000))
	zw.Close()
	braces := filepath.Join(dir, "braces.jsonl.gz")
	os.WriteFile(braces, buf.Bytes(), 0o644)
	for _, tt := range []struct {
		name   string
		args   []string
		budget int64
	}{
		{"--update-baseline of 2M alike findings", []string{"validate", "-q", "--cli-version", "2.1.330", "--update-baseline", "--baseline", filepath.Join(dir, "b.json"), braces}, 150 << 20},
		{"--max-findings 0 --format json=PATH of 2M findings", []string{"validate", "-q", "--cli-version", "2.1.330", "--max-findings", "0", "--format", "json=" + filepath.Join(dir, "r.json"), braces}, 150 << 20},
	} {
		code, peak := peakRSS(t, bin, tt.args...)
		t.Logf("%s: exit %d, peak %d MB", tt.name, code, peak>>20)
		if code > 1 || peak > tt.budget {
			t.Errorf("%s: exit %d, peak memory %d MB; want it to finish within %d MB", tt.name, code, peak>>20, tt.budget>>20)
		}
	}
}

// generated streams a transcript to the reader it returns: an init, then
// n lines that line(i) writes (each ends in a newline).
func generated(n int, line func(w io.Writer, i int)) io.Reader {
	r, w := io.Pipe()
	go func() {
		bw := bufio.NewWriterSize(w, 1<<16)
		bw.WriteString(`{"type":"system","subtype":"init","cwd":"/x","session_id":"S","tools":[],"mcp_servers":[],"model":"m","permissionMode":"default","slash_commands":[],"apiKeySource":"none","claude_code_version":"2.1.330","output_style":"default","agents":[],"skills":[],"plugins":[],"uuid":"u-init"}` + "\n")
		for i := range n {
			line(bw, i)
		}
		w.CloseWithError(bw.Flush())
	}()
	return r
}

// TestMemoryBoundedRules runs the cross-line rules on transcripts whose
// state once grew with them, and checks the peak memory against a budget
// that does not: one streamed message of 120 MB of text deltas (every
// delta was kept: 481 MB for 210 MB; now a digest), and 600,000
// hook_started lines with no response, each with its own uuid (the hook
// map and the uuid set grew without bound: 180 MB; now each stops at
// --rules-budget with one rules/budget finding).
func TestMemoryBoundedRules(t *testing.T) {
	if testing.Short() {
		t.Skip("builds protocheck and runs it on large inputs")
	}
	bin := buildProtocheck(t)
	text := strings.Repeat("abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ", 64)
	for _, tt := range []struct {
		name   string
		in     io.Reader
		budget int64
	}{
		{"30,000 text deltas of 4 KiB in one message", generated(30_000, func(w io.Writer, i int) {
			switch i {
			case 0:
				io.WriteString(w, `{"type":"stream_event","event":{"message":{"content":[],"id":"msg_1","model":"m","role":"assistant","stop_reason":null,"stop_sequence":null,"type":"message","usage":{"input_tokens":1,"output_tokens":1}},"type":"message_start"},"session_id":"S","parent_tool_use_id":null,"uuid":"u-start"}`+"\n")
			case 1:
				io.WriteString(w, `{"type":"stream_event","event":{"content_block":{"text":"","type":"text"},"index":0,"type":"content_block_start"},"session_id":"S","parent_tool_use_id":null,"uuid":"u-block"}`+"\n")
			default:
				fmt.Fprintf(w, `{"type":"stream_event","event":{"delta":{"text":"%s%d","type":"text_delta"},"index":0,"type":"content_block_delta"},"session_id":"S","parent_tool_use_id":null,"uuid":"u-%d"}`+"\n", text, i, i)
			}
		}), 120 << 20},
		{"600,000 hooks started, never answered", generated(600_000, func(w io.Writer, i int) {
			fmt.Fprintf(w, `{"type":"system","subtype":"hook_started","hook_id":"%08x-0000-4000-8000-000000000001","hook_name":"SessionStart:startup","hook_event":"SessionStart","uuid":"%08x-0000-4000-8000-000000000002","session_id":"S"}`+"\n", i, i)
		}), 120 << 20},
	} {
		start := time.Now()
		code, peak := peakRSSIn(t, bin, tt.in, "validate", "-q", "-")
		t.Logf("%s: exit %d, peak %d MB, %v", tt.name, code, peak>>20, time.Since(start).Round(time.Millisecond))
		if code > 1 || peak > tt.budget {
			t.Errorf("%s: exit %d, peak memory %d MB; want it to finish within %d MB", tt.name, code, peak>>20, tt.budget>>20)
		}
	}
}

// TestMemoryRulesOnLongLine: the cross-line rules add little to the
// memory a long line needs, whatever the line holds. A line of 2.5 million
// empty content blocks (7.5 MB) kept 48 bytes of facts a block for the
// rules: 435 MB against 290 MB with --no-rules; now only blocks that give
// a fact are kept. (What the line needs without the rules is
// TestMemoryManyLocalFaults' concern.)
func TestMemoryRulesOnLongLine(t *testing.T) {
	if testing.Short() {
		t.Skip("builds protocheck and runs it on large inputs")
	}
	bin := buildProtocheck(t)
	line := func() io.Reader {
		return emptyBlocks(`{"type":"assistant","message":{"id":"m","type":"message","role":"assistant","model":"m","stop_reason":null,"stop_sequence":null,"usage":{"input_tokens":1,"output_tokens":1},"content":[`)
	}
	args := []string{"validate", "-q", "--max-findings-per-line", "1", "--max-findings", "1", "-"}
	_, off := peakRSSIn(t, bin, line(), append([]string{"validate", "--no-rules"}, args[1:]...)...)
	code, on := peakRSSIn(t, bin, line(), args...)
	t.Logf("2.5M empty blocks on one line: peak %d MB with the rules, %d MB without (exit %d)", on>>20, off>>20, code)
	if code > 1 || on > off+40<<20 {
		t.Errorf("exit %d; the rules add %d MB to the %d MB a line of 7.5 MB needs without them; want at most 40 MB", code, (on-off)>>20, off>>20)
	}
}

// emptyBlocks is one line of 2.5 million empty content blocks (7.5 MB),
// each a failure (no type): head opens the message up to its content
// array, and the line closes it as a user or assistant line ends.
func emptyBlocks(head string) io.Reader {
	return generated(1, func(w io.Writer, _ int) {
		io.WriteString(w, head)
		io.WriteString(w, strings.Repeat("{},", 2_500_000-1)+"{}")
		io.WriteString(w, `]},"parent_tool_use_id":null,"session_id":"S","uuid":"u"}`+"\n")
	})
}

// TestMemoryJUnit: a JUnit report of every finding (--max-findings 0) of
// 300,000 lines, each an error: the report's counts come first, so the
// writer held every finding until the end (1.5 GB for a million, here
// about 450 MB); now the cases go to a spool on disk and only the counts
// stay in memory.
func TestMemoryJUnit(t *testing.T) {
	if testing.Short() {
		t.Skip("builds protocheck and runs it on large inputs")
	}
	bin := buildProtocheck(t)
	report := filepath.Join(t.TempDir(), "r.xml")
	in := generated(300_000, func(w io.Writer, _ int) { io.WriteString(w, "{}\n") })
	code, peak := peakRSSIn(t, bin, in, "validate", "-q", "--cli-version", "2.1.330", "--max-findings", "0", "--format", "junit="+report, "-")
	t.Logf("junit of 300,000 findings: exit %d, peak %d MB", code, peak>>20)
	if code > 1 || peak > 120<<20 {
		t.Errorf("exit %d, peak memory %d MB; want it to finish within 120 MB", code, peak>>20)
	}
	data, err := os.ReadFile(report)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(data[:300], []byte(`tests="300000" failures="300000"`)) || !bytes.HasSuffix(data, []byte("</testsuites>\n")) || bytes.Count(data, []byte("<testcase ")) != 300_000 {
		t.Errorf("the report does not hold the 300,000 cases with their counts: %.300s", data)
	}
}

// That -j does not multiply the memory long lines need is
// validate.TestLongLinesGated's concern: it counts the bytes read ahead,
// which peak memory measured too loosely (the same run moved by a whole
// line with the garbage collector's timing).

// TestMemoryNormalize: normalize writes a line value by value instead of
// building its tree, which took some 45 times the line's size (a line of
// 7.6 MB of small objects: 438 MB; 60 MiB ran out of memory); now a few
// times the line.
func TestMemoryNormalize(t *testing.T) {
	if testing.Short() {
		t.Skip("builds protocheck and runs it on large inputs")
	}
	bin := buildProtocheck(t)
	in := generated(1, func(w io.Writer, _ int) {
		io.WriteString(w, `{"type":"assistant","items":[`+strings.Repeat(`{"id":"abc","n":1},`, 400_000-1)+`{"id":"abc","n":1}]}`+"\n")
	})
	code, peak := peakRSSIn(t, bin, in, "normalize", "-")
	t.Logf("normalize of a 7.6 MB line: exit %d, peak %d MB", code, peak>>20)
	if code != 0 || peak > 150<<20 {
		t.Errorf("exit %d, peak memory %d MB; want it to finish within 150 MB", code, peak>>20)
	}
}
