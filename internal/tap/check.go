package tap

import (
	"bytes"
	"context"
	"io"

	"github.com/protocheck/protocheck/protocol"
	"github.com/protocheck/protocheck/validate"
)

// A Checker runs validate over a live session: the lines a session gives
// it (Config.Lines) are a duplex transcript, numbered as the record is, so
// a finding's line is the record's line.
//
// validate picks an input's schema set from its first system/init line,
// and holds a live input's lines until then only while the input is busy;
// in a session the SDK writes initialize and waits for the answer before
// any init is printed. The Checker therefore holds the lines itself until
// the CLI prints its init (or holdLines lines or holdBytes bytes have come,
// or the session ends), then hands them over in one write: the session's
// own init decides the version.
type Checker struct {
	pw   *io.PipeWriter
	done chan struct{}
	sum  validate.Summary
	err  error

	next      int // the next line number validate expects
	held      [][]byte
	heldBytes int
	released  bool
	buf       bytes.Buffer
	// pending are lines taken but not yet handed over: a flood goes to
	// validate in large writes, a quiet session a line at a time (Flush
	// is called whenever the session's queue is empty).
	pending []byte
	// answers follows the session's requests and replies: the SDK's lines
	// the CLI answered with an error are findings too (RuleCLIAnswered),
	// emitted when validate's run ends.
	answers *answers
}

// pendingBytes bounds what Line collects before it hands it over.
const pendingBytes = 256 << 10

// Flush hands the lines taken so far to validate (Config.Idle).
func (c *Checker) Flush() {
	if len(c.pending) > 0 {
		c.pw.Write(c.pending) //nolint:errcheck // a run that ended has its error in Close
		c.pending = c.pending[:0]
	}
}

// Bounds of what a Checker holds before the init.
const (
	holdLines = 2000
	holdBytes = 4 << 20
)

// NewChecker starts checking a session named name (the record's path, so
// findings point into it). emit and each are validate's RunEach callbacks;
// they are called on the Checker's own goroutine.
func NewChecker(v *validate.Validator, name string, emit func(validate.Finding), each func(validate.LineResult)) *Checker {
	return StartChecker(func() (*validate.Validator, error) { return v, nil }, name, emit, each)
}

// StartChecker is NewChecker with a validator built on the Checker's own
// goroutine: building one takes a while (its schemas), and the session
// need not wait for it. The lines that come meanwhile wait in the
// session's queue. If newV fails, Close returns its error and the lines
// are not checked.
func StartChecker(newV func() (*validate.Validator, error), name string, emit func(validate.Finding), each func(validate.LineResult)) *Checker {
	pr, pw := io.Pipe()
	c := &Checker{pw: pw, done: make(chan struct{}), next: 1, answers: newAnswers(name)}
	go func() {
		defer close(c.done)
		v, err := newV()
		if err != nil {
			c.err = err
			pr.CloseWithError(err)
			return
		}
		in := validate.Input{Name: name, Open: func() (io.ReadCloser, error) { return pr, nil }}
		c.sum, c.err = v.RunEach(context.Background(), []validate.Input{in}, emit, each)
		pr.CloseWithError(io.ErrClosedPipe) // unblock a writer if the run ended early
		// Every line was handed over (Close closes the pipe): what the CLI
		// answered with an error is known now.
		for _, f := range c.answers.take() {
			if emit != nil {
				emit(f)
			}
			c.sum.Errors++
		}
	}()
	return c
}

// Line takes line seq of the session (Config.Lines). Lines the session
// could not hand over (seq jumps) become blank lines, which validate
// counts and skips, so the numbering stays the record's.
func (c *Checker) Line(seq int, dir string, env []byte) {
	c.answers.line(seq, dir, env)
	c.buf.Reset()
	for ; c.next < seq; c.next++ {
		c.buf.WriteByte('\n')
	}
	c.next = seq + 1
	c.buf.Write(env)
	if c.released {
		c.pending = append(c.pending, c.buf.Bytes()...)
		if len(c.pending) >= pendingBytes {
			c.Flush()
		}
		return
	}
	c.held = append(c.held, bytes.Clone(c.buf.Bytes()))
	c.heldBytes += c.buf.Len()
	if (dir == validate.DuplexStdout && isInit(env)) || len(c.held) >= holdLines || c.heldBytes >= holdBytes {
		c.release()
	}
}

// release hands the held lines to validate in one write.
func (c *Checker) release() {
	c.released = true
	if len(c.held) == 0 {
		return
	}
	c.pw.Write(bytes.Join(c.held, nil)) //nolint:errcheck // see Line
	c.held, c.heldBytes = nil, 0
}

// Close ends the input and returns validate's summary.
func (c *Checker) Close() (validate.Summary, error) {
	c.release()
	c.Flush()
	c.pw.Close()
	<-c.done
	return c.sum, c.err
}

// isInit reports whether a duplex line's message is a system/init.
func isInit(env []byte) bool {
	if !bytes.Contains(env, []byte(`"init"`)) {
		return false
	}
	i := bytes.Index(env, []byte(`"msg":`))
	if i < 0 {
		return false
	}
	k, _, err := protocol.Peek(bytes.TrimSuffix(bytes.TrimSpace(env[i+len(`"msg":`):]), []byte("}")))
	return err == nil && k.Type == "system" && k.Subtype == "init"
}
