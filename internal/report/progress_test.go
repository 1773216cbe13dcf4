package report

import (
	"bytes"
	"io"
	"strings"
	"sync"
	"testing"
	"time"
)

func TestRenderProgress(t *testing.T) {
	tests := []struct {
		name, reason        string
		files, lines, bytes int64
		elapsed             time.Duration
		want                string
	}{
		{name: "rates", files: 3, lines: 1204551, bytes: 512_300_000, elapsed: 4 * time.Second,
			want: "validate: 3 files, 1,204,551 lines, 512.3 MB in 4.0s (128.1 MB/s)"},
		{name: "one of each", files: 1, lines: 1, bytes: 50_000, elapsed: time.Second,
			want: "validate: 1 file, 1 line, 0.1 MB in 1.0s (0.1 MB/s)"},
		{name: "big", reason: "gigabytes past 10 GB, whole seconds past 100", files: 2, lines: 3, bytes: 12_345_000_000, elapsed: 150 * time.Second,
			want: "validate: 2 files, 3 lines, 12.3 GB in 150s (82.3 MB/s)"},
		{name: "no time yet", reason: "no rate without elapsed time", files: 0, lines: 0, bytes: 0, elapsed: 0,
			want: "validate: 0 files, 0 lines, 0.0 MB in 0.0s"},
	}
	for _, tt := range tests {
		if got := renderProgress(tt.files, tt.lines, tt.bytes, tt.elapsed); got != tt.want {
			t.Errorf("%s: renderProgress = %q, want %q (%s)", tt.name, got, tt.want, tt.reason)
		}
	}
	// A run of a day over a thousand files and ten billion lines still
	// fits 80 columns.
	if got := renderProgress(1234, 12_345_678_901, 9_999_999_000_000, 86399*time.Second); len(got) >= 80 {
		t.Errorf("renderProgress of big counts is %d columns: %q", len(got), got)
	}
}

func TestGroup(t *testing.T) {
	for n, want := range map[int64]string{0: "0", 999: "999", 1000: "1,000", 1234567: "1,234,567", -1234: "-1,234"} {
		if got := group(n); got != want {
			t.Errorf("group(%d) = %q, want %q", n, got, want)
		}
	}
}

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

// fakeTerminals makes IsTerminal true for the given writers only, and
// shortens the progress line's timing, for one test.
func fakeTerminals(t *testing.T, ttys ...io.Writer) {
	old, oldDelay, oldEvery := IsTerminal, ProgressDelay, ProgressEvery
	t.Cleanup(func() { IsTerminal, ProgressDelay, ProgressEvery = old, oldDelay, oldEvery })
	IsTerminal = func(w io.Writer) bool {
		for _, tty := range ttys {
			if w == tty {
				return true
			}
		}
		return false
	}
	ProgressDelay, ProgressEvery = 0, 5*time.Millisecond
}

// TestProgressErasedBeforeReport puts both streams on one fake terminal:
// the report's writes must erase the progress line first, so that no
// report line starts after a progress line's text.
func TestProgressErasedBeforeReport(t *testing.T) {
	screen := &syncBuffer{}
	errw := &struct{ io.Writer }{screen} // two writers, one screen
	outw := &struct{ io.Writer }{screen}
	fakeTerminals(t, errw, outw)
	pl := StartProgress(errw, false)
	for !strings.Contains(screen.String(), "validate:") {
		time.Sleep(time.Millisecond)
	}
	w := pl.Wrap(outw)
	io.WriteString(w, "finding\n")
	pl.Stop()
	got := screen.String()
	i := strings.Index(got, "finding\n")
	if i < 0 || !strings.HasSuffix(got[:i], EraseLine) {
		t.Errorf("screen = %q, want the progress line erased just before the report's write", got)
	}
	if strings.Contains(got[i:], "validate:") && !strings.HasSuffix(got, EraseLine) {
		t.Errorf("screen = %q, want a redrawn line erased at Stop", got)
	}
	pl.Stop() // a second Stop is harmless
}
