//go:build unix

package capture

import (
	"bufio"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// floodCLI writes a stand-in for the CLI: --version answers, and a run
// runs body (sh).
func floodCLI(t *testing.T, body string) string {
	t.Helper()
	cli := filepath.Join(t.TempDir(), "claude")
	script := "#!/bin/sh\nif [ \"$1\" = --version ]; then echo '2.1.330 (Claude Code)'; exit 0; fi\n" + body + "\n"
	if err := os.WriteFile(cli, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return cli
}

// floodScenario writes a scenario that runs the stand-in once.
func floodScenario(t *testing.T) *Scenario {
	t.Helper()
	p := filepath.Join(t.TempDir(), "flood.json")
	if err := os.WriteFile(p, []byte(`{"args": ["-p", "hi"], "model": {"turns": []}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	sc, err := LoadScenario(p)
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

// TestRunCaps: a CLI that prints a line longer than the line cap, or
// floods its stdout without end, is stopped at the cap, at once (long
// before the timeout), with a *CapError naming the scenario and the line,
// and the capture keeps none of its output.
func TestRunCaps(t *testing.T) {
	sc := floodScenario(t)
	for _, tt := range []struct {
		name, body string
		opts       CaptureOptions
		want       CapError
	}{
		{"a line over the line cap", `echo '{"type":"keep_alive"}'; head -c 3000000 /dev/zero | tr '\0' a; echo`,
			CaptureOptions{MaxLineBytes: 1 << 20}, CapError{Line: 2, Limit: 1 << 20}},
		{"a line over the line cap, with no newline", `head -c 3000000 /dev/zero | tr '\0' a`,
			CaptureOptions{MaxLineBytes: 1 << 20}, CapError{Line: 1, Limit: 1 << 20}},
		{"stdout flooded without end", `yes '{"type":"keep_alive"}'`,
			CaptureOptions{MaxOutputBytes: 1 << 20}, CapError{Line: 1<<20/22 + 1, Limit: 1 << 20, Total: true}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			opts := tt.opts
			opts.CLI, opts.Scenario, opts.Version, opts.Timeout = floodCLI(t, tt.body), sc, "2.1.330", time.Minute
			start := time.Now()
			c, err := Run(context.Background(), opts)
			var ce *CapError
			if !errors.As(err, &ce) {
				t.Fatalf("Run = %v, want a *CapError", err)
			}
			want := tt.want
			want.Scenario = sc.File
			if *ce != want {
				t.Errorf("CapError = %+v, want %+v", *ce, want)
			}
			if msg := err.Error(); !strings.Contains(msg, sc.File) || !strings.Contains(msg, "line ") {
				t.Errorf("the error %q names neither the scenario nor the line", msg)
			}
			// Stopped at the cap, not by the minute's timeout: a state,
			// where a bound on the wall time changed with the load.
			if c.Meta.TimedOut {
				t.Errorf("stopped after %s by the timeout; want it stopped at the cap", time.Since(start))
			}
			if len(c.Stdout) != 0 || len(c.Session) != 0 {
				t.Errorf("the capture kept %d bytes and %d session lines of a run stopped at a cap", len(c.Stdout), len(c.Session))
			}
		})
	}
}

// TestRunWithinCaps: output right at the caps is taken whole.
func TestRunWithinCaps(t *testing.T) {
	sc := floodScenario(t)
	line := `{"type":"keep_alive"}`
	cli := floodCLI(t, "echo '"+line+"'; echo '"+line+"'; printf '%s' '"+line+"'")
	c, err := Run(context.Background(), CaptureOptions{CLI: cli, Scenario: sc, Version: "2.1.330",
		MaxLineBytes: int64(len(line)), MaxOutputBytes: int64(3*len(line) + 2)})
	if err != nil {
		t.Fatal(err)
	}
	if want := line + "\n" + line + "\n" + line; string(c.Stdout) != want || len(c.Session) != 3 {
		t.Errorf("Stdout = %q (%d session lines), want %q (3)", c.Stdout, len(c.Session), want)
	}
}

// TestReadLine: the line cap counts the bytes before the newline.
func TestReadLine(t *testing.T) {
	for _, tt := range []struct {
		in      string
		max     int64
		want    string
		tooLong bool
	}{
		{"abcd\nx", 4, "abcd\n", false},
		{"abcde\nx", 4, "", true},
		{"abcd", 4, "abcd", false},
		{"abcde", 4, "", true},
		{"\n", 1, "\n", false},
		{strings.Repeat("a", 40) + "\n", 40, strings.Repeat("a", 40) + "\n", false},
		{strings.Repeat("a", 41) + "\n", 40, "", true},
	} {
		// A small buffer, so that a line spans several reads.
		got, err := readLine(bufio.NewReaderSize(strings.NewReader(tt.in), 16), tt.max)
		if errors.Is(err, errLineTooLong) != tt.tooLong || string(got) != tt.want {
			t.Errorf("readLine(%q, %d) = %q, %v; want %q (too long: %v)", tt.in, tt.max, got, err, tt.want, tt.tooLong)
		}
	}
}

// TestCLIVersionFlood: a CLI whose --version floods is stopped at once.
func TestCLIVersionFlood(t *testing.T) {
	cli := filepath.Join(t.TempDir(), "claude")
	if err := os.WriteFile(cli, []byte("#!/bin/sh\nyes 2.1.330\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	// Without the cap the flood runs into CLIVersion's timeout, whose error
	// says so: the message tells the two apart at any load.
	_, err := CLIVersion(context.Background(), cli, "")
	if err == nil || !strings.Contains(err.Error(), "printed more than") {
		t.Errorf("CLIVersion = %v, want an error on the flood", err)
	}
}

// TestNegativeTimeouts: a negative timeout is refused, in a scenario (the
// file, line and column named) and in the options.
func TestNegativeTimeouts(t *testing.T) {
	dir := t.TempDir()
	for _, body := range []string{
		`{"args": ["-p"], "timeout": "-1s", "model": {"turns": []}}`,
		`{"args": ["-p"], "stdin": [{"sleep": "-1s"}], "model": {"turns": []}}`,
		`{"args": ["-p"], "stdin": [{"wait": {"type": "result", "timeout": "-2m"}}], "model": {"turns": []}}`,
	} {
		p := filepath.Join(dir, "neg.json")
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := LoadScenario(p); err == nil || !strings.Contains(err.Error(), p+":1:") || !strings.Contains(err.Error(), "negative") {
			t.Errorf("LoadScenario(%s) = %v, want an error naming the file and line, and the negative duration", body, err)
		}
	}
	sc := floodScenario(t)
	if _, err := Run(context.Background(), CaptureOptions{CLI: floodCLI(t, "exit 0"), Scenario: sc, Version: "2.1.330", Timeout: -time.Second}); err == nil || !strings.Contains(err.Error(), "negative") {
		t.Errorf("Run(Timeout -1s) = %v, want it refused", err)
	}
}

// TestWriteFilesAllOrNothing: when one file of a set cannot be written,
// none is: the others keep their old contents and no temporary file is
// left beside them.
func TestWriteFilesAllOrNothing(t *testing.T) {
	dir := t.TempDir()
	old := filepath.Join(dir, "t.jsonl")
	if err := os.WriteFile(old, []byte("old\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	blocker := filepath.Join(dir, "file")
	if err := os.WriteFile(blocker, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	err := WriteFiles(
		OutFile{old, []byte("new\n")},
		OutFile{filepath.Join(dir, "new.meta.json"), []byte("{}\n")},
		OutFile{filepath.Join(blocker, "under-a-file.jsonl"), []byte("x\n")},
	)
	if err == nil {
		t.Fatal("WriteFiles wrote under a regular file")
	}
	if b, _ := os.ReadFile(old); string(b) != "old\n" {
		t.Errorf("%s = %q after a failed set, want its old contents", old, b)
	}
	entries, _ := os.ReadDir(dir)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if strings.Join(names, " ") != "file t.jsonl" {
		t.Errorf("the folder holds %v after a failed set; want only file and t.jsonl", names)
	}
	if err := WriteFiles(OutFile{old, []byte("new\n")}, OutFile{filepath.Join(dir, "sub", "d.jsonl"), []byte("d\n")}); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(old); string(b) != "new\n" {
		t.Errorf("%s = %q, want the new contents", old, b)
	}
}
