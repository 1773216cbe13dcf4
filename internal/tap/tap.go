package tap

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"strconv"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/protocheck/protocheck/validate"
)

// Config says what to run and where the session goes.
type Config struct {
	// Argv is the CLI's command line, its executable first.
	Argv []string
	// Env is the CLI's environment; nil means the tap's own.
	Env []string
	// Dir is the CLI's working directory; empty means the tap's own.
	Dir string
	// Stdin, Stdout and Stderr are the SDK's side of the pipes. Stderr is
	// handed to the CLI as it is (an *os.File is inherited, not copied).
	Stdin  io.Reader
	Stdout io.Writer
	Stderr io.Writer
	// Record, when not nil, gets the duplex transcript, one line at a
	// time, each with its time ("t"). It is written off the forwarding
	// path; Flush is called whenever the session goes quiet.
	Record RecordWriter
	// Lines, when not nil, gets every line of the session (wrapped in its
	// duplex envelope, without "t", newline-terminated) through a queue of
	// QueueLines lines; a line that finds the queue full is not sent and
	// counted in Result.Unchecked. Lines is called on one goroutine, in
	// order; Seq numbers the lines from 1, as the record does, so that the
	// consumer can tell which ones it missed.
	Lines func(seq int, dir string, env []byte)
	// Idle, when not nil, is called on the goroutine of Lines whenever the
	// queue is empty: a consumer that batches lines passes them on then.
	Idle func()
	// QueueLines bounds the checker's queue (default 8192 lines).
	QueueLines int
	// QueueBytes bounds the bytes of the lines in the checker's queue
	// (default DefaultQueueBytes): a line that would take the queue past it
	// is not sent, as one that finds it full of lines is not. Without it,
	// a few lines of tens of MB that are slow to check held hundreds of MB.
	QueueBytes int
	// RecordBytes bounds the bytes of the lines on their way to the
	// record (default DefaultRecordBytes). The record never drops a
	// line: a line that would take the bytes in flight past the bound
	// waits until the record has taken enough of them (the tap then
	// reads no further, in either direction); a line larger than the
	// bound goes alone. Without it, 1,024 lines of tens of MB waiting
	// for a slow record held tens of GB.
	RecordBytes int
	// MaxLineBytes bounds the line kept for the record and the checker
	// (default validate.DefaultMaxLineBytes); a longer line is passed
	// through whole, and recorded as a "raw" note of its size.
	MaxLineBytes int
	// Signals, when not nil, replaces the signals the tap forwards (for
	// tests); nil means SIGINT, SIGTERM and SIGHUP.
	Signals []os.Signal
	// Grace bounds how long the tap waits for the CLI's stdout to close
	// after the CLI has exited (a descendant may hold it); default 200ms.
	Grace time.Duration
	// Done, when not nil, is called as soon as the CLI has exited and its
	// stdout has been passed on to its end, before the record and the
	// checker are finished: the caller closes the SDK's stdout there, so
	// that the SDK sees the end at once.
	Done func()
	// Drain bounds how long the tap waits, once the CLI has exited, for
	// the checker to take the lines still queued (default 1s); the lines
	// left are counted in Result.Abandoned.
	Drain time.Duration
	// KillGrace bounds how long a CLI may run on after a signal was
	// forwarded to it (default DefaultKillGrace); then it is killed.
	KillGrace time.Duration
	// Rewrite, when not nil, turns the CLI's stdout into lines: each whole
	// line (without its newline) is replaced by the lines Rewrite returns
	// (the line itself, changed, or with others after it), which are what
	// the SDK gets and the record holds. A last line without a newline
	// passes as it is. For conform's mutations: bytes are then held until
	// their line is whole.
	Rewrite func(line []byte) [][]byte
	// Absorb, when not nil, turns the SDK's stdin into lines: a whole line
	// for which Absorb reports true is recorded but not passed to the CLI
	// (the SDK's answer to a request the CLI never made).
	Absorb func(line []byte) bool
	// StdinClosed, when not nil, is called once the SDK's stdin has ended
	// (the SDK closed it, or reading it failed): the SDK can answer
	// nothing after that.
	StdinClosed func()
}

// A RecordWriter takes the duplex transcript.
type RecordWriter interface {
	io.Writer
	Flush() error
}

// Result is what a session came to.
type Result struct {
	// ExitCode is the CLI's exit code, or -1 when a signal ended it.
	ExitCode int
	// Signal is the signal that ended the CLI, if one did.
	Signal syscall.Signal
	// Lines counts the lines of each direction.
	StdinLines, StdoutLines int
	// StdinBytes and StdoutBytes count the bytes passed through.
	StdinBytes, StdoutBytes int64
	// Unchecked counts the lines the checker's queue had no room for
	// (QueueLines or QueueBytes).
	Unchecked int
	// Abandoned counts the lines still queued for the checker when Drain
	// ran out: not checked, through no fault of the queue's size.
	Abandoned int
	// Cut counts the lines the SDK had not finished (no newline) when the
	// CLI exited: recorded as they were, not checked (a line cut off is
	// no fault of the SDK's JSON).
	Cut int
	// Killed says the CLI outlived a forwarded signal by KillGrace and
	// was killed.
	Killed bool
	// TooLong counts the lines longer than MaxLineBytes (passed through,
	// not recorded or checked).
	TooLong int
	// RecordPeak is the most bytes of lines that were on their way to
	// the record at once (at most RecordBytes, or one line larger).
	RecordPeak int64
	// RecordErr is the first error writing the record, if any; the
	// session went on without it.
	RecordErr error
	// SDKGone says the SDK stopped reading stdout (a write failed); the
	// CLI's stdout was then closed, as the SDK's end would have been.
	SDKGone bool
}

// Defaults.
const (
	DefaultQueueLines  = 8192
	DefaultGrace       = 200 * time.Millisecond
	DefaultDrain       = time.Second
	DefaultQueueBytes  = 64 << 20
	DefaultRecordBytes = 64 << 20
	DefaultKillGrace   = 5 * time.Second
	chunkSize          = 64 << 10
)

// DefaultSignals are the signals forwarded to the CLI.
var DefaultSignals = []os.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP}

// item is one line of the session on its way to the sink.
type item struct {
	seq  int
	dir  string
	t    time.Duration
	line []byte
	long int  // the size of a line too long to keep, or 0
	cut  bool // a line the SDK had not finished when the CLI exited
}

// session is one run.
type session struct {
	cfg   Config
	start time.Time

	mu     sync.Mutex // orders the lines of both directions
	seq    int
	closed bool
	split  [2]splitter
	res    Result

	sink      chan item
	check     chan item
	unchecked atomic.Int64
	abandoned atomic.Int64
	queued    atomic.Int64 // bytes of the lines in the check queue
	abandon   atomic.Bool
	sinkDone  chan struct{}
	checkDone chan struct{}
	// recordErr is the first error writing the record; only runSink
	// touches it until sinkDone (it must not take mu: a producer waiting
	// for room holds mu).
	recordErr error
	// flight counts the bytes of the lines sent to the sink and not yet
	// written (see RecordBytes); room is signalled when it falls.
	flightMu sync.Mutex
	room     *sync.Cond
	flight   int64
	peak     int64
	// reading says the stdin pump is waiting in a Read (see settleStdin).
	reading atomic.Bool
}

// splitter cuts one direction's bytes into lines.
type splitter struct {
	dir  string
	buf  []byte
	long int // bytes of the current line past the cap
}

// Run runs one session and returns its result. The error reports a
// session that could not start; once the CLI runs, what goes wrong is in
// the Result (the session itself always goes on).
func Run(cfg Config) (Result, error) {
	if len(cfg.Argv) == 0 {
		return Result{}, errors.New("tap: no CLI to run")
	}
	if cfg.QueueLines <= 0 {
		cfg.QueueLines = DefaultQueueLines
	}
	if cfg.MaxLineBytes <= 0 {
		cfg.MaxLineBytes = validate.DefaultMaxLineBytes
	}
	if cfg.Grace <= 0 {
		cfg.Grace = DefaultGrace
	}
	if cfg.Drain <= 0 {
		cfg.Drain = DefaultDrain
	}
	if cfg.Signals == nil {
		cfg.Signals = DefaultSignals
	}
	if cfg.QueueBytes <= 0 {
		cfg.QueueBytes = DefaultQueueBytes
	}
	if cfg.KillGrace <= 0 {
		cfg.KillGrace = DefaultKillGrace
	}
	if cfg.RecordBytes <= 0 {
		cfg.RecordBytes = DefaultRecordBytes
	}
	s := &session{cfg: cfg, sink: make(chan item, 1024), check: make(chan item, cfg.QueueLines),
		sinkDone: make(chan struct{}), checkDone: make(chan struct{})}
	s.room = sync.NewCond(&s.flightMu)
	s.split[0].dir, s.split[1].dir = validate.DuplexStdin, validate.DuplexStdout

	cmd := exec.Command(cfg.Argv[0], cfg.Argv[1:]...)
	cmd.Env, cmd.Dir = cfg.Env, cfg.Dir
	cmd.SysProcAttr = SysProcAttr()
	// Pipes of our own: Wait returns when the CLI exits, not when every
	// descendant holding a copy of a pipe has closed it.
	stdinR, stdinW, err := os.Pipe()
	if err != nil {
		return Result{}, err
	}
	stdoutR, stdoutW, err := os.Pipe()
	if err != nil {
		stdinR.Close()
		stdinW.Close()
		return Result{}, err
	}
	cmd.Stdin, cmd.Stdout, cmd.Stderr = stdinR, stdoutW, cfg.Stderr
	// The signals are caught before the CLI starts, so none is lost; a
	// caught SIGPIPE makes a write to a closed pipe an error (EPIPE) and
	// leaves the CLI's own SIGPIPE at its default.
	sigs := make(chan os.Signal, 8)
	signal.Notify(sigs, cfg.Signals...)
	signal.Notify(make(chan os.Signal, 1), syscall.SIGPIPE)
	defer signal.Stop(sigs)
	s.start = time.Now()
	exited := make(chan struct{})
	err = StartAndWait(cmd, exited)
	stdinR.Close()
	stdoutW.Close()
	if err != nil {
		stdinW.Close()
		stdoutR.Close()
		return Result{}, fmt.Errorf("starting %s: %w", cfg.Argv[0], err)
	}

	go s.runSink()
	go s.runCheck()

	go func() {
		var kill <-chan time.Time
		for {
			select {
			case sig := <-sigs:
				cmd.Process.Signal(sig) //nolint:errcheck // it may be gone
				if kill == nil {
					kill = time.After(cfg.KillGrace)
				}
			case <-kill:
				s.mu.Lock()
				s.res.Killed = true
				s.mu.Unlock()
				killTree(cmd.Process)
				return
			case <-exited:
				return
			}
		}
	}()

	// stdin: the SDK's writes go to the CLI; at EOF the CLI's stdin is
	// closed. A CLI that stopped reading makes the write fail: stdin is
	// then only read and recorded (the SDK's writes must not block on a
	// CLI that is gone).
	stdinDone := make(chan struct{})
	go func() {
		defer close(stdinDone)
		if cfg.StdinClosed != nil {
			defer cfg.StdinClosed()
		}
		if cfg.Absorb != nil {
			s.pumpLines(cfg.Stdin, stdinW, 0, func(l []byte) [][]byte {
				if cfg.Absorb(l) {
					return nil
				}
				return [][]byte{l}
			}, func() { stdinW.Close() })
			return
		}
		s.pump(cfg.Stdin, stdinW, 0, func() { stdinW.Close() })
	}()
	// stdout: the CLI's lines go to the SDK; a failed write (the SDK is
	// gone) closes our end, so the CLI sees what it would have seen.
	stdoutDone := make(chan struct{})
	go func() {
		defer close(stdoutDone)
		gone := func() {
			s.mu.Lock()
			s.res.SDKGone = true
			s.mu.Unlock()
			stdoutR.Close()
		}
		if cfg.Rewrite != nil {
			s.pumpLines(stdoutR, cfg.Stdout, 1, cfg.Rewrite, gone)
			return
		}
		s.pump(stdoutR, cfg.Stdout, 1, gone)
	}()

	<-exited
	s.awaitStdout(stdoutR, stdoutDone)
	stdinW.Close() // unblocks nothing the CLI needs: it is gone
	if cfg.Done != nil {
		cfg.Done()
	}
	s.settleStdin(stdinDone)
	s.finish(stdinDone)
	if ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		s.res.Signal = ws.Signal()
	}
	s.res.ExitCode = cmd.ProcessState.ExitCode()
	return s.res, nil
}

// maxDrainRounds bounds the Grace periods awaitStdout adds while the
// pipe still holds bytes.
const maxDrainRounds = 50

// awaitStdout waits, once the CLI has exited, for its stdout to reach its
// end, at most Grace; then it closes it (a descendant holds it: its later
// bytes are not the CLI's). While the pipe still holds bytes (the CLI's
// last writes, not yet read by a pump slowed by the machine's load), the
// wait goes on, up to maxDrainRounds Graces: closing it then lost them.
func (s *session) awaitStdout(stdoutR *os.File, done <-chan struct{}) {
	for range maxDrainRounds {
		select {
		case <-done:
			return
		case <-time.After(s.cfg.Grace):
		}
		if n, ok := unread(stdoutR); !ok || n == 0 {
			break
		}
	}
	stdoutR.Close()
	<-done
}

// pump copies src to dst chunk by chunk; each chunk's lines are cut and
// numbered (a copy, no waiting on the checker) just before it is passed on. When a write fails, gone is called once and src is
// still read (and recorded) to its end.
func (s *session) pump(src io.Reader, dst io.Writer, d int, gone func()) {
	buf := make([]byte, chunkSize)
	failed := false
	for {
		if d == 0 {
			s.reading.Store(true)
		}
		n, err := src.Read(buf)
		if d == 0 {
			s.reading.Store(false)
		}
		if n > 0 {
			// The chunk's lines are numbered before they are passed on:
			// the other side may answer a line as soon as it has it, and
			// its answer must come after it in the record.
			s.feed(d, buf[:n])
			if !failed {
				if _, werr := dst.Write(buf[:n]); werr != nil {
					failed = true
					gone()
				}
			}
		}
		if err != nil {
			// A last line without a newline is recorded before the CLI
			// sees the end of its stdin (and answers it, or exits).
			s.endLine(d, false)
			if d == 0 && !failed {
				gone() // the SDK closed stdin (or reading it failed)
			}
			return
		}
	}
}

// pumpLines is pump a whole line at a time: each line src gives is
// replaced by the lines of rewrite (recorded, then written with their
// newlines); an absorbed line (rewrite returns none) is still recorded.
func (s *session) pumpLines(src io.Reader, dst io.Writer, d int, rewrite func([]byte) [][]byte, gone func()) {
	buf := make([]byte, chunkSize)
	var line []byte
	failed := false
	write := func(p []byte) {
		if failed {
			return
		}
		if _, err := dst.Write(p); err != nil {
			failed = true
			gone()
		}
	}
	for {
		if d == 0 {
			s.reading.Store(true)
		}
		n, err := src.Read(buf)
		if d == 0 {
			s.reading.Store(false)
		}
		p := buf[:n]
		for len(p) > 0 {
			i := bytes.IndexByte(p, '\n')
			if i < 0 {
				line = append(line, p...)
				break
			}
			line = append(line, p[:i]...)
			p = p[i+1:]
			outs := rewrite(line)
			if len(outs) == 0 { // absorbed: recorded, not passed on
				s.feed(d, append(line, '\n'))
			}
			for _, o := range outs {
				o = append(bytes.Clone(o), '\n')
				s.feed(d, o)
				write(o)
			}
			line = line[:0]
		}
		if err != nil {
			if len(line) > 0 { // no newline: passed as it is
				s.feed(d, line)
				write(line)
			}
			s.endLine(d, false)
			if d == 0 && !failed {
				gone()
			}
			return
		}
	}
}

// feed cuts a chunk of direction d into lines and sends each whole one on.
func (s *session) feed(d int, p []byte) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if d == 0 {
		s.res.StdinBytes += int64(len(p))
	} else {
		s.res.StdoutBytes += int64(len(p))
	}
	sp := &s.split[d]
	for len(p) > 0 {
		i := bytes.IndexByte(p, '\n')
		part := p
		if i >= 0 {
			part = p[:i]
		}
		if sp.long > 0 || len(sp.buf)+len(part) > s.cfg.MaxLineBytes {
			sp.long += len(sp.buf) + len(part)
			sp.buf = sp.buf[:0]
		} else {
			sp.buf = append(sp.buf, part...)
		}
		if i < 0 {
			return
		}
		s.emitLocked(d, false)
		p = p[i+1:]
	}
}

// endLine sends on direction d's last line when it had no newline; cut
// says the line was cut off (see Result.Cut).
func (s *session) endLine(d int, cut bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.split[d].buf) > 0 || s.split[d].long > 0 {
		if cut {
			s.res.Cut++
		}
		s.emitLocked(d, cut)
	}
}

func (s *session) emitLocked(d int, cut bool) {
	if s.closed {
		return
	}
	sp := &s.split[d]
	s.seq++
	it := item{seq: s.seq, dir: sp.dir, t: time.Since(s.start), long: sp.long, cut: cut}
	if sp.long == 0 {
		it.line = bytes.Clone(bytes.TrimSuffix(sp.buf, []byte("\r")))
	} else {
		s.res.TooLong++
	}
	if d == 0 {
		s.res.StdinLines++
	} else {
		s.res.StdoutLines++
	}
	sp.buf, sp.long = sp.buf[:0], 0
	if cap(sp.buf) > 1<<20 {
		sp.buf = nil // do not keep a huge line's buffer
	}
	s.reserve(int64(len(it.line)))
	s.sink <- it
}

// recordWaitHook, when not nil, is called as a producer starts waiting
// for the record to make room (for tests).
var recordWaitHook func()

// reserve waits until n more bytes fit in RecordBytes (or nothing is in
// flight), then counts them in flight.
func (s *session) reserve(n int64) {
	s.flightMu.Lock()
	defer s.flightMu.Unlock()
	for s.flight > 0 && s.flight+n > int64(s.cfg.RecordBytes) {
		if recordWaitHook != nil {
			recordWaitHook()
		}
		s.room.Wait()
	}
	s.flight += n
	s.peak = max(s.peak, s.flight)
}

// release takes n bytes out of flight.
func (s *session) release(n int64) {
	s.flightMu.Lock()
	s.flight -= n
	s.flightMu.Unlock()
	s.room.Broadcast()
}

// runSink writes each line to the record and offers it to the checker.
func (s *session) runSink() {
	defer close(s.sinkDone)
	defer close(s.check)
	for it := range s.sink {
		var env []byte
		if it.long > 0 {
			env = validate.DuplexLine(it.dir, []byte(fmt.Sprintf("protocheck tap: a line of %d bytes, more than --max-line-bytes, was passed through but not recorded", it.long)))
		} else {
			env = validate.DuplexLine(it.dir, it.line)
		}
		if r := s.cfg.Record; r != nil && s.recordErr == nil {
			if err := writeTimed(r, env, it.t); err != nil {
				s.recordErr = err
			} else if len(s.sink) == 0 {
				s.recordErr = r.Flush()
			}
		}
		s.release(int64(len(it.line)))
		if s.cfg.Lines == nil || it.cut {
			continue
		}
		it.line = env
		if s.queued.Load()+int64(len(env)) > int64(s.cfg.QueueBytes) {
			s.unchecked.Add(1)
			continue
		}
		s.queued.Add(int64(len(env)))
		select {
		case s.check <- it:
		default:
			s.queued.Add(-int64(len(env)))
			s.unchecked.Add(1)
		}
	}
}

// writeTimed writes a duplex line with its time: `{"dir":"stdout","t":1.5,`
// and the rest of env.
func writeTimed(w io.Writer, env []byte, t time.Duration) error {
	i := bytes.IndexByte(env, ',')
	if i < 0 {
		return errors.New("tap: malformed envelope") // not reached: DuplexLine always writes one
	}
	var b []byte
	b = append(b, env[:i]...)
	b = append(b, `,"t":`...)
	b = strconv.AppendFloat(b, t.Seconds(), 'f', 6, 64)
	b = append(b, env[i:]...)
	b = append(b, '\n')
	_, err := w.Write(b)
	return err
}

// runCheck hands the lines to the checker.
func (s *session) runCheck() {
	defer close(s.checkDone)
	for it := range s.check {
		if s.abandon.Load() {
			s.abandoned.Add(1)
			s.queued.Add(-int64(len(it.line)))
			continue
		}
		if s.cfg.Lines != nil {
			s.cfg.Lines(it.seq, it.dir, append(it.line, '\n'))
		}
		s.queued.Add(-int64(len(it.line)))
		if s.cfg.Idle != nil && len(s.check) == 0 {
			s.cfg.Idle()
		}
	}
}

// settleStdin lets the stdin pump take what the SDK wrote before the CLI
// exited, without waiting for the SDK to close stdin: it returns once the
// pump has ended, or waits in a Read with nothing left to read (as far as
// the tap can tell: a pipe's unread bytes are known on Linux), or after
// Grace. Without it a line the SDK wrote just before the CLI died could be
// missing from the record, the pump not having run yet.
//
// Bytes the SDK wrote that wait in the pipe, or a chunk the pump has read
// and not yet recorded, are waited for longer, up to settleRounds Graces:
// on a loaded machine the pump may not run for more than a Grace, and its
// bytes were written before the end (an SDK that keeps writing is cut off
// at that bound).
func (s *session) settleStdin(done <-chan struct{}) {
	start := time.Now()
	var idleSince time.Time
	for {
		select {
		case <-done:
			return
		default:
		}
		// Not in a Read: a chunk read and not yet recorded, or the first
		// Read not reached. In a Read with nothing waiting in the pipe:
		// done once that has held for settleIdle, since the flag is set
		// before the Read and cleared after it, and a Read that has just
		// taken the bytes from the pipe still shows it set.
		idle := false
		if s.reading.Load() {
			n, ok := unread(s.cfg.Stdin)
			if !ok {
				return
			}
			idle = n == 0
		}
		switch {
		case !idle:
			idleSince = time.Time{}
		case idleSince.IsZero():
			idleSince = time.Now()
		case time.Since(idleSince) >= settleIdle:
			return
		}
		if time.Since(start) > settleRounds*s.cfg.Grace {
			return
		}
		time.Sleep(200 * time.Microsecond)
	}
}

// settleRounds bounds, in Graces, how long settleStdin waits for bytes
// the SDK wrote before the end.
const settleRounds = 10

// settleIdle is how long the stdin pump must be seen waiting in a Read
// with nothing in the pipe before settleStdin trusts it.
const settleIdle = 2 * time.Millisecond

// finish ends the session's bookkeeping: the lines still cut are sent,
// the record flushed; the checker is left to drain its queue (see Drain).
// A line the SDK had not finished while its pump still runs (stdinDone
// not closed) was cut off by the CLI's exit.
func (s *session) finish(stdinDone <-chan struct{}) {
	select {
	case <-stdinDone:
		s.endLine(0, false)
	default:
		s.endLine(0, true)
	}
	s.endLine(1, false)
	s.mu.Lock()
	s.closed = true
	s.mu.Unlock()
	close(s.sink)
	<-s.sinkDone
	s.res.RecordErr, s.res.RecordPeak = s.recordErr, s.peak
	if r := s.cfg.Record; r != nil && s.res.RecordErr == nil {
		s.res.RecordErr = r.Flush()
	}
	select {
	case <-s.checkDone:
	case <-time.After(s.cfg.Drain):
		s.abandon.Store(true)
		<-s.checkDone
	}
	s.res.Unchecked = int(s.unchecked.Load())
	s.res.Abandoned = int(s.abandoned.Load())
}
