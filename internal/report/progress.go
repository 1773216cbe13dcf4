package report

import (
	"fmt"
	"io"
	"os"
	"sync"
	"time"

	"github.com/protocheck/protocheck/validate"
)

// Timing of the progress line: it shows only once a run has taken
// ProgressDelay (short runs print nothing) and is redrawn every
// ProgressEvery, a few times a second. Tests shorten them.
var (
	ProgressDelay = time.Second
	ProgressEvery = 250 * time.Millisecond
)

// IsTerminal reports whether w is a terminal that understands the carriage
// return and erase-line codes the progress line uses. Tests replace it.
var IsTerminal = func(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok || os.Getenv("TERM") == "dumb" {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

// EraseLine returns the cursor to the start of the line and erases it.
const EraseLine = "\r\x1b[K"

// A ProgressLine shows, on standard error, what a validate run has read so
// far: files, lines, megabytes and the rate. It reads the run's counters
// (validate.Progress, updated once per batch) from its own goroutine, so
// the run itself does no more work for it than adding to them.
//
// A nil *ProgressLine is valid and does nothing: it is what validate uses
// when standard error is not a terminal or --quiet is given.
type ProgressLine struct {
	counts validate.Progress
	w      io.Writer
	start  time.Time

	mu      sync.Mutex
	visible bool // a progress line is on the screen
	stopped bool

	quit chan struct{}
	done chan struct{}
}

// StartProgress starts the progress line on errw, unless quiet is set or
// errw is not a terminal; then it returns nil.
func StartProgress(errw io.Writer, quiet bool) *ProgressLine {
	if quiet || !IsTerminal(errw) {
		return nil
	}
	pl := &ProgressLine{w: errw, start: time.Now(), quit: make(chan struct{}), done: make(chan struct{})}
	go pl.loop()
	return pl
}

// Counts returns the counters the run must update, or nil for a nil line.
func (pl *ProgressLine) Counts() *validate.Progress {
	if pl == nil {
		return nil
	}
	return &pl.counts
}

func (pl *ProgressLine) loop() {
	defer close(pl.done)
	delay := time.NewTimer(ProgressDelay)
	defer delay.Stop()
	select {
	case <-delay.C:
	case <-pl.quit:
		return
	}
	tick := time.NewTicker(ProgressEvery)
	defer tick.Stop()
	for {
		pl.draw()
		select {
		case <-tick.C:
		case <-pl.quit:
			return
		}
	}
}

func (pl *ProgressLine) draw() {
	line := renderProgress(pl.counts.Files.Load(), pl.counts.Lines.Load(), pl.counts.Bytes.Load(), time.Since(pl.start))
	pl.mu.Lock()
	defer pl.mu.Unlock()
	if pl.stopped {
		return
	}
	io.WriteString(pl.w, EraseLine+line)
	pl.visible = true
}

// clear erases the line, if shown; the caller holds mu.
func (pl *ProgressLine) clear() {
	if pl.visible {
		io.WriteString(pl.w, EraseLine)
		pl.visible = false
	}
}

// Stop ends the progress line and erases it. It may be called more than
// once.
func (pl *ProgressLine) Stop() {
	if pl == nil {
		return
	}
	pl.mu.Lock()
	if !pl.stopped {
		pl.stopped = true
		close(pl.quit)
	}
	pl.clear()
	pl.mu.Unlock()
	<-pl.done
}

// Wrap returns the writer the report goes to. When out is a terminal too
// (both streams on one screen), each write first erases the progress line,
// which the next tick draws again below the new output; otherwise out is
// returned as it is.
func (pl *ProgressLine) Wrap(out io.Writer) io.Writer {
	if pl == nil || !IsTerminal(out) {
		return out
	}
	return progressWriter{pl, out}
}

type progressWriter struct {
	pl  *ProgressLine
	out io.Writer
}

func (pw progressWriter) Write(p []byte) (int, error) {
	pw.pl.mu.Lock()
	defer pw.pl.mu.Unlock()
	pw.pl.clear()
	return pw.out.Write(p)
}

// renderProgress is the text of the progress line, kept under 80 columns
// for any realistic count (a longer line would wrap, and the erase code
// clears only the last row):
//
//	validate: 3 files, 1,204,551 lines, 512.3 MB in 4.1s (125.0 MB/s)
func renderProgress(files, lines, bytes int64, elapsed time.Duration) string {
	mb := float64(bytes) / 1e6
	size := fmt.Sprintf("%.1f MB", mb)
	if mb >= 10000 {
		size = fmt.Sprintf("%.1f GB", mb/1000)
	}
	took := fmt.Sprintf("%.1fs", elapsed.Seconds())
	if elapsed >= 100*time.Second {
		took = fmt.Sprintf("%ds", int64(elapsed.Seconds()))
	}
	s := fmt.Sprintf("validate: %s %s, %s %s, %s in %s", group(files), plural(int(min(files, 2)), "file", "files"), group(lines), plural(int(min(lines, 2)), "line", "lines"), size, took)
	if sec := elapsed.Seconds(); sec > 0 {
		s += fmt.Sprintf(" (%.1f MB/s)", mb/sec)
	}
	return s
}

// group writes n with thousands separated by commas.
func group(n int64) string {
	s := fmt.Sprint(n)
	neg := n < 0
	if neg {
		s = s[1:]
	}
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	if neg {
		s = "-" + s
	}
	return s
}
