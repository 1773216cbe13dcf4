//go:build linux

package cli

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestCaptureBounded runs capture on stand-ins for a CLI that floods its
// stdout without end and one that prints a 200 MB line, under a memory
// budget: each is stopped at its cap with exit 2 and an error naming the
// scenario and the line, within memory that follows the caps (before the
// caps: 2.9 GB and 171 s for 200 MB of small lines, 634 MB for the 200 MB
// line), and writes none of its files (an old transcript stays as it was),
// as a run past its timeout does not either.
func TestCaptureBounded(t *testing.T) {
	bin := buildProtocheck(t)
	dir := t.TempDir()
	write := func(name, body string, mode os.FileMode) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(body), mode); err != nil {
			t.Fatal(err)
		}
		return p
	}
	version := "if [ \"$1\" = --version ]; then echo '2.1.330 (Claude Code)'; exit 0; fi\n"
	flood := write("flood", "#!/bin/sh\n"+version+"yes '{\"type\":\"keep_alive\"}'\n", 0o755)
	line := write("line", "#!/bin/sh\n"+version+"echo '{\"type\":\"keep_alive\"}'; head -c 200000000 /dev/zero | tr '\\0' a; echo\n", 0o755)
	slow := write("slow", "#!/bin/sh\n"+version+"echo '{\"type\":\"keep_alive\"}'; sleep 30\n", 0o755)
	sc := write("sc.json", `{"args": ["-p", "hi"], "model": {"turns": []}}`, 0o644)
	out := write("out.jsonl", "old\n", 0o644)
	for _, tt := range []struct {
		name   string
		args   []string
		want   string
		budget int64
	}{
		{"a flood, --max-output-bytes 8 MiB", []string{"--cli", flood, "--max-output-bytes", "8388608"},
			"went over 8388608 bytes at line 381301", 150 << 20},
		{"a 200 MB line, the default caps", []string{"--cli", line},
			"line 2 of the CLI's stdout is longer than 16777216 bytes", 150 << 20},
		{"a 200 MB line, --max-line-bytes 1 MiB", []string{"--cli", line, "--max-line-bytes", "1048576"},
			"line 2 of the CLI's stdout is longer than 1048576 bytes", 60 << 20},
		// A run cut short by its timeout once wrote its transcript, its
		// metadata and its duplex transcript, with exit 2.
		{"a run past its timeout", []string{"--cli", slow, "--timeout", "1s"},
			"the run timed out after 1s", 60 << 20},
	} {
		args := append([]string{"capture", "--scenario", sc, "-o", out}, tt.args...)
		code, peak := peakRSS(t, bin, args...)
		t.Logf("%s: exit %d, peak %d MB", tt.name, code, peak>>20)
		if code != 2 || peak > tt.budget {
			t.Errorf("%s: exit %d, peak memory %d MB; want exit 2 within %d MB", tt.name, code, peak>>20, tt.budget>>20)
		}
		stderr, _ := exec.Command(bin, args...).CombinedOutput()
		if !strings.Contains(string(stderr), sc+": ") || !strings.Contains(string(stderr), tt.want) {
			t.Errorf("%s: stderr %q; want the scenario and %q", tt.name, stderr, tt.want)
		}
		if b, _ := os.ReadFile(out); string(b) != "old\n" {
			t.Errorf("%s: the old transcript became %.40q", tt.name, b)
		}
		entries, _ := os.ReadDir(dir)
		if len(entries) != 5 { // the stand-ins, the scenario, out.jsonl
			var names []string
			for _, e := range entries {
				names = append(names, e.Name())
			}
			t.Errorf("%s: the folder holds %v; want no file beside the old transcript", tt.name, names)
		}
	}
}

// TestCaptureTimeoutRange: a zero or negative --timeout is a usage error
// (exit 2), not the scenario's default nor an instant kill.
func TestCaptureTimeoutRange(t *testing.T) {
	for _, v := range []string{"0s", "-1s", "0"} {
		code, stdout, stderr := pc(t, "capture", "--cli", "/bin/true", "--scenario", "x.json", "--timeout", v)
		if code != 2 || !strings.Contains(stderr, "--timeout") || stdout != "" {
			t.Errorf("--timeout %s: exit %d, stderr %q; want exit 2 naming --timeout", v, code, stderr)
		}
	}
}
