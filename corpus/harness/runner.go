package harness

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"time"
	"unicode/utf8"
)

// Spec says how to run a harness.
type Spec struct {
	// Name names the harness's row in reports.
	Name string
	// Command is the program and its arguments.
	Command []string
	// Dir is its working directory ("": protocheck's).
	Dir string
	// Env is added to protocheck's environment.
	Env []string
	// StartTimeout bounds the start and the hello answer (default 60 s);
	// Timeout bounds each other answer (default 20 s).
	StartTimeout, Timeout time.Duration
	// MaxStarts caps how often the harness is started in one run
	// (default 20); past it, the run gives up on the harness.
	MaxStarts int
}

// ParseSpec parses NAME=CMD, the form of corpus run --harness. CMD is split
// on spaces, with no quoting: a command that needs more goes in a script.
func ParseSpec(s string) (Spec, error) {
	name, cmd, ok := strings.Cut(s, "=")
	name = strings.TrimSpace(name)
	if !ok || name == "" || strings.ContainsAny(name, " \t/") {
		return Spec{}, fmt.Errorf("%q: want NAME=COMMAND, NAME without spaces or slashes", s)
	}
	argv := strings.Fields(cmd)
	if len(argv) == 0 {
		return Spec{}, fmt.Errorf("%q: no command after =", s)
	}
	return Spec{Name: name, Command: argv}, nil
}

// ProblemKind says how a harness failed.
type ProblemKind string

const (
	// Start: the harness could not be started, or its hello was wrong.
	Start ProblemKind = "start"
	// Crash: the harness exited (or closed its output) before answering.
	Crash ProblemKind = "crash"
	// Hang: no answer within the timeout.
	Hang ProblemKind = "hang"
	// Nonsense: the answer is not JSON, or not a valid answer.
	Nonsense ProblemKind = "nonsense"
	// OutOfTurn: the answer names another request.
	OutOfTurn ProblemKind = "out-of-turn"
	// GaveUp: the harness failed to start too often; the rest of the run
	// goes on without it.
	GaveUp ProblemKind = "gave-up"
)

// A Problem is one failure of a harness, on one request.
type Problem struct {
	Kind ProblemKind `json:"kind"`
	// Where says which request: "hello", or the place of the line judged
	// ("file:line"), or "write <message>".
	Where   string `json:"where"`
	Message string `json:"message"`
}

func (p Problem) String() string { return fmt.Sprintf("%s: %s: %s", p.Where, p.Kind, p.Message) }

// Runner runs one harness: it starts it on the first request, starts it
// again after it died or was killed, and records each problem.
type Runner struct {
	spec     Spec
	proc     *process
	hello    *Answer
	nextID   int
	starts   int
	gaveUp   bool
	problems []Problem
}

// NewRunner returns a runner for spec; nothing starts until the first
// request.
func NewRunner(spec Spec) *Runner {
	if spec.StartTimeout <= 0 {
		spec.StartTimeout = 60 * time.Second
	}
	if spec.Timeout <= 0 {
		spec.Timeout = 20 * time.Second
	}
	if spec.MaxStarts <= 0 {
		spec.MaxStarts = 20
	}
	return &Runner{spec: spec}
}

// Spec returns the runner's spec.
func (r *Runner) Spec() Spec { return r.spec }

// Hello returns the harness's hello answer, or nil before one was had.
func (r *Runner) Hello() *Answer { return r.hello }

// Problems returns the problems met so far.
func (r *Runner) Problems() []Problem { return r.problems }

// Starts returns how many times the harness was started.
func (r *Runner) Starts() int { return r.starts }

// Close ends the harness: its standard input closes, so that it ends as
// the protocol says and cleans up after itself (the pinned harnesses remove
// their temporary folders), then what is left of its process group is
// killed (at once if it has not ended within wait's grace).
func (r *Runner) Close() {
	if r.proc != nil {
		r.proc.stdin.Close() //nolint:errcheck // it may be closed
		r.proc.wait()
		killGroup(r.proc.cmd)
		r.proc = nil
	}
}

// Ready starts the harness when it is not running and reports whether it
// is ready for a request.
func (r *Runner) Ready(ctx context.Context) bool {
	if r.proc != nil {
		return true
	}
	if r.gaveUp {
		return false
	}
	if r.starts >= r.spec.MaxStarts {
		r.gaveUp = true
		r.problem(GaveUp, "run", fmt.Sprintf("started %d times; the rest of the run goes on without it", r.starts))
		return false
	}
	r.starts++
	p, err := startProcess(r.spec)
	if err != nil {
		r.gaveUp = true // a program that cannot be started will not start later
		r.problem(Start, "hello", err.Error())
		return false
	}
	r.proc = p
	req := &Request{Type: "hello", ID: 0, Protocol: ProtocolVersion}
	a, ok := r.exchange(ctx, req, "hello", r.spec.StartTimeout)
	if !ok {
		if r.hello == nil && r.starts >= 3 {
			// It never once said hello: it will not.
			r.gaveUp = true
		}
		return false
	}
	r.hello = a
	return true
}

// Read asks the harness to judge a line; where names the line in problems.
// ok is false when the harness failed on it (the problem is recorded).
func (r *Runner) Read(ctx context.Context, where string, line []byte) (*Answer, bool) {
	if !r.Ready(ctx) {
		return nil, false
	}
	s := string(line)
	if !utf8.ValidString(s) {
		s = strings.ToValidUTF8(s, "\uFFFD")
	}
	r.nextID++
	return r.exchange(ctx, &Request{Type: "read", ID: r.nextID, Line: &s}, where, r.spec.Timeout)
}

// Write asks the harness for its SDK's serialisation of a message.
func (r *Runner) Write(ctx context.Context, message string, params any) (*Answer, bool) {
	if !r.Ready(ctx) {
		return nil, false
	}
	raw, err := json.Marshal(params)
	if err != nil {
		raw = []byte("{}")
	}
	r.nextID++
	return r.exchange(ctx, &Request{Type: "write", ID: r.nextID, Message: message, Params: raw}, "write "+message, r.spec.Timeout)
}

func (r *Runner) problem(k ProblemKind, where, msg string) {
	r.problems = append(r.problems, Problem{Kind: k, Where: where, Message: msg})
}

// exchange sends one request and waits for its answer. On any failure it
// records the problem and kills the harness, to be started again on the
// next request: after a wrong answer, its stream cannot be trusted.
func (r *Runner) exchange(ctx context.Context, req *Request, where string, timeout time.Duration) (*Answer, bool) {
	fail := func(k ProblemKind, msg string) (*Answer, bool) {
		r.problem(k, where, msg)
		r.proc.kill()
		r.proc = nil
		return nil, false
	}
	data, _ := json.Marshal(req)
	if err := r.proc.send(append(data, '\n')); err != nil {
		r.proc.kill()
		return fail(Crash, "its input is closed ("+err.Error()+")"+r.proc.exitNote())
	}
	timer := time.NewTimer(timeout)
	defer timer.Stop()
	select {
	case <-ctx.Done():
		return fail(Hang, "the run was cancelled")
	case <-timer.C:
		return fail(Hang, fmt.Sprintf("no answer within %s", timeout))
	case line, open := <-r.proc.lines:
		if !open {
			r.proc.wait()
			return fail(Crash, "it ended before answering"+r.proc.exitNote())
		}
		a := new(Answer)
		dec := json.NewDecoder(bytes.NewReader(line))
		if err := dec.Decode(a); err != nil {
			return fail(Nonsense, fmt.Sprintf("the answer is not a JSON answer (%v): %s", err, clip(line, 200)))
		}
		if msg := a.check(req); msg != "" {
			if a.ID != req.ID && a.Type == req.Type {
				return fail(OutOfTurn, msg)
			}
			return fail(Nonsense, msg+": "+clip(line, 200))
		}
		return a, true
	}
}

// clip returns the start of b, for a message.
func clip(b []byte, n int) string {
	if len(b) > n {
		return strings.ToValidUTF8(string(b[:n]), "?") + "…"
	}
	return strings.ToValidUTF8(string(b), "?")
}

// process is one running harness.
type process struct {
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	lines  chan []byte
	stderr *tail
	once   sync.Once
	done   chan struct{}
	err    error
}

// maxAnswer caps the length of one answer line.
const maxAnswer = 64 << 20

func startProcess(spec Spec) (*process, error) {
	if len(spec.Command) == 0 {
		return nil, errors.New("no command")
	}
	cmd := exec.Command(spec.Command[0], spec.Command[1:]...)
	cmd.Dir = spec.Dir
	cmd.Env = append(os.Environ(), spec.Env...)
	group(cmd)
	p := &process{cmd: cmd, lines: make(chan []byte, 1), stderr: &tail{max: 4096}, done: make(chan struct{})}
	cmd.Stderr = p.stderr
	var err error
	if p.stdin, err = cmd.StdinPipe(); err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("cannot start %s: %w", strings.Join(spec.Command, " "), err)
	}
	go func() {
		defer close(p.lines)
		sc := bufio.NewScanner(stdout)
		sc.Buffer(make([]byte, 64<<10), maxAnswer)
		for sc.Scan() {
			if len(bytes.TrimSpace(sc.Bytes())) == 0 {
				continue
			}
			select {
			case p.lines <- bytes.Clone(sc.Bytes()):
			case <-p.done:
				return
			}
		}
	}()
	return p, nil
}

func (p *process) send(b []byte) error {
	_, err := p.stdin.Write(b)
	return err
}

// wait waits (briefly) for the process to end, to report how it ended.
func (p *process) wait() {
	p.once.Do(func() {
		ch := make(chan error, 1)
		go func() { ch <- p.cmd.Wait() }()
		select {
		case p.err = <-ch:
		case <-time.After(2 * time.Second):
			killGroup(p.cmd)
			p.err = <-ch
		}
		close(p.done)
	})
}

func (p *process) kill() {
	killGroup(p.cmd)
	p.stdin.Close() //nolint:errcheck // it may be closed
	p.wait()
}

// exitNote says how the process ended and the end of its standard error.
func (p *process) exitNote() string {
	var b strings.Builder
	if p.err != nil {
		fmt.Fprintf(&b, " (%v)", p.err)
	} else if p.cmd.ProcessState != nil {
		fmt.Fprintf(&b, " (%s)", p.cmd.ProcessState)
	}
	if s := strings.TrimSpace(p.stderr.String()); s != "" {
		fmt.Fprintf(&b, "; its standard error ends: %s", oneLine(s, 300))
	}
	return b.String()
}

func oneLine(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > n {
		s = "…" + s[len(s)-n:]
	}
	return strings.ToValidUTF8(s, "?")
}

// tail keeps the last max bytes written to it.
type tail struct {
	mu  sync.Mutex
	max int
	b   []byte
}

func (t *tail) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.b = append(t.b, p...)
	if len(t.b) > t.max {
		t.b = t.b[len(t.b)-t.max:]
	}
	return len(p), nil
}

func (t *tail) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return string(t.b)
}
