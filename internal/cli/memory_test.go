//go:build linux

package cli

import (
	"bytes"
	"compress/gzip"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
)

// peakRSS runs protocheck with args and returns its exit code and peak
// resident memory in bytes (getrusage, no cgroup needed).
func peakRSS(t *testing.T, bin string, args ...string) (int, int64) {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Env = append(os.Environ(), "GOMEMLIMIT=", "GOGC=")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	cmd.Run()
	ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	if !ok {
		t.Fatal("no rusage on this system")
	}
	return cmd.ProcessState.ExitCode(), ru.Maxrss * 1024
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
