//go:build linux

package cli

import (
	"bytes"
	"compress/gzip"
	"fmt"
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
	cmd := exec.Command(bin, args...)
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
