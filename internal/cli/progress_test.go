package cli

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/protocheck/protocheck/internal/report"
)

// syncBuffer is a bytes.Buffer that the progress goroutine and the test may
// use at once.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// fakeTerminals makes report.IsTerminal true for the given writers only, and
// shortens the progress line's timing, for one test.
func fakeTerminals(t *testing.T, ttys ...io.Writer) {
	old, oldDelay, oldEvery := report.IsTerminal, report.ProgressDelay, report.ProgressEvery
	t.Cleanup(func() { report.IsTerminal, report.ProgressDelay, report.ProgressEvery = old, oldDelay, oldEvery })
	report.IsTerminal = func(w io.Writer) bool {
		for _, tty := range ttys {
			if w == tty {
				return true
			}
		}
		return false
	}
	report.ProgressDelay, report.ProgressEvery = 0, 5*time.Millisecond
}

// TestProgressOnlyOnTerminal checks who decides: standard error must be a
// terminal and --quiet absent; otherwise not a byte of progress is written.
func TestProgressOnlyOnTerminal(t *testing.T) {
	file := filepath.Join(t.TempDir(), "t.jsonl")
	os.WriteFile(file, []byte(okLine+"\n"), 0o644)
	tests := []struct {
		name     string
		tty      bool
		args     []string
		progress bool
	}{
		{name: "terminal", tty: true, progress: true},
		{name: "terminal, --quiet", tty: true, args: []string{"--quiet"}},
		{name: "terminal, -q", tty: true, args: []string{"-q"}},
		{name: "not a terminal"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout bytes.Buffer
			stderr := &syncBuffer{}
			if tt.tty {
				fakeTerminals(t, stderr)
			} else {
				fakeTerminals(t)
			}
			// The input is a pipe held open until the line has been
			// counted, so the run lasts long enough for a redraw.
			pr, pw := io.Pipe()
			code := make(chan int)
			go func() {
				code <- run(context.Background(), append([]string{"validate", "-"}, tt.args...), pr, &stdout, stderr)
			}()
			io.WriteString(pw, okLine+"\n")
			deadline := time.Now().Add(200 * time.Millisecond)
			if tt.progress {
				deadline = time.Now().Add(hangBound)
			}
			for time.Now().Before(deadline) && !strings.Contains(stderr.String(), "1 line,") {
				time.Sleep(time.Millisecond)
			}
			pw.Close()
			if c := <-code; c != ExitOK {
				t.Fatalf("exit code %d, want 0; stderr:\n%s", c, stderr)
			}
			got := stderr.String()
			if !tt.progress {
				if got != "" {
					t.Errorf("stderr = %q, want nothing", got)
				}
				return
			}
			if !strings.Contains(got, report.EraseLine+"validate: 1 file, 1 line,") {
				t.Errorf("stderr = %q, want a progress line counting 1 file, 1 line", got)
			}
			if !strings.HasSuffix(got, report.EraseLine) {
				t.Errorf("stderr = %q, want it to end erased", got)
			}
			if strings.Contains(stdout.String(), "\r") || !strings.Contains(stdout.String(), "1 line in 1 file") {
				t.Errorf("stdout = %q, want the summary and no progress", stdout.String())
			}
		})
	}
}
