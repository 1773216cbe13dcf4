package capture

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/protocheck/protocheck/corpus/internal/fakeapi"
	"github.com/protocheck/protocheck/protocol"
)

// CaptureOptions say how to run one scenario.
type CaptureOptions struct {
	// CLI is the path of the claude executable, or of a cli.js that Node
	// runs.
	CLI string
	// Node is the node executable for a cli.js; empty means "node" on PATH.
	Node string
	// Scenario is the scenario to run.
	Scenario *Scenario
	// Timeout bounds the run; 0 means the scenario's, else DefaultTimeout;
	// a negative one is an error.
	Timeout time.Duration
	// Log, when not nil, gets the fake API's request log (JSON lines).
	Log io.Writer
	// Version is the CLI's version when the caller has read it already
	// (see CLIVersion); empty means Run asks the CLI.
	Version string
	// KeepDir keeps the temporary folder (HOME, working directory) after
	// the run, for debugging; its path is in Capture.Dir.
	KeepDir bool
	// MaxLineBytes caps one line of the CLI's stdout; 0 means
	// DefaultMaxLineBytes. A longer line stops the run with a *CapError.
	MaxLineBytes int64
	// MaxOutputBytes caps the CLI's whole stdout; 0 means
	// DefaultMaxOutputBytes. More stops the run with a *CapError.
	MaxOutputBytes int64
}

// The caps on what a capture keeps of the CLI's output. The committed
// captures are far below them (the longest line 26 KB, the largest
// transcript 52 KB); they are there so that a CLI that floods its output
// costs memory in proportion to the caps, not to what it prints.
const (
	DefaultMaxLineBytes   = 16 << 20
	DefaultMaxOutputBytes = 64 << 20
	// MaxStderrBytes is how much of the CLI's stderr a capture keeps; the
	// rest is counted and dropped (it only ever serves a diagnosis).
	MaxStderrBytes = 1 << 20
	// maxVersionBytes caps what `cli --version` may print.
	maxVersionBytes = 64 << 10
)

// A CapError is a run stopped because the CLI's stdout went over a cap.
type CapError struct {
	// Scenario is the scenario's file.
	Scenario string
	// Line is the line of the CLI's stdout (from 1) that went over.
	Line int
	// Limit is the cap in bytes; Total says it is the cap on the whole
	// output rather than on one line.
	Limit int64
	Total bool
}

func (e *CapError) Error() string {
	if e.Total {
		return fmt.Sprintf("%s: the CLI's stdout went over %d bytes at line %d (the cap on a capture's output, --max-output-bytes); the run was stopped and nothing is kept", e.Scenario, e.Limit, e.Line)
	}
	return fmt.Sprintf("%s: line %d of the CLI's stdout is longer than %d bytes (the cap on a line, --max-line-bytes); the run was stopped and nothing is kept", e.Scenario, e.Line, e.Limit)
}

// A Capture is the outcome of one run of the CLI.
type Capture struct {
	// Stdout is what the CLI printed on its standard output: the
	// transcript, not normalised. It and Session are empty when the run
	// was stopped at a cap (see CapError).
	Stdout []byte
	// Stderr is what it printed on its standard error, up to
	// MaxStderrBytes (then a note of how much more was dropped).
	Stderr []byte
	// Session is every line of both directions in the order the capture
	// saw them: what it wrote to the CLI's stdin and what the CLI printed
	// (see Duplex).
	Session []SessionLine
	// Meta describes the run.
	Meta Meta
	// Requests is the fake API's request log.
	Requests []fakeapi.Request
	// Paths are the run's temporary folders, for Normalizer.Paths.
	Paths []PathPlaceholder
	// Dir is the temporary folder, when KeepDir kept it.
	Dir string
}

// A SessionLine is one line of a session, without its newline.
type SessionLine struct {
	// Stdin says protocheck wrote the line to the CLI's stdin; otherwise
	// the CLI printed it.
	Stdin bool
	Line  []byte
}

// capBuffer keeps the first max bytes written to it and counts the rest;
// full, when not nil, is called once when it first drops bytes.
type capBuffer struct {
	buf     bytes.Buffer
	max     int
	dropped int64
	full    func()
}

func (b *capBuffer) Write(p []byte) (int, error) {
	keep := min(len(p), b.max-b.buf.Len())
	b.buf.Write(p[:keep])
	if keep < len(p) {
		if b.dropped == 0 && b.full != nil {
			b.full()
		}
		b.dropped += int64(len(p) - keep)
	}
	return len(p), nil
}

// Bytes returns what was kept, and a note of what was dropped.
func (b *capBuffer) Bytes() []byte {
	if b.dropped == 0 {
		return b.buf.Bytes()
	}
	return fmt.Appendf(b.buf.Bytes(), "\n[protocheck: %d more bytes dropped]\n", b.dropped)
}

// Meta is what is recorded next to a transcript, as <scenario>.meta.json.
// Temporary paths and the fake API's port are written as placeholders, so
// the file only changes when the run does.
type Meta struct {
	// Scenario is the scenario's name.
	Scenario string `json:"scenario"`
	// CLIVersion is what `claude --version` says, e.g. "2.1.330".
	CLIVersion string `json:"cli_version"`
	// Argv is the command line, the CLI's path first.
	Argv []string `json:"argv"`
	// Env is the environment the CLI ran with (PATH, GIT_CEILING_DIRECTORIES
	// and the capture's mark left out: see Run).
	Env map[string]string `json:"env"`
	// ExitCode is the CLI's exit code, or -1 when it was killed.
	ExitCode int `json:"exit_code"`
	// TimedOut says the run hit its timeout and the CLI was killed.
	TimedOut bool `json:"timed_out,omitempty"`
	// Lines is the number of lines of the transcript.
	Lines int `json:"lines"`
	// APIRequests counts the fake API's requests by what answered them.
	APIRequests map[string]int `json:"api_requests"`
	// Unanswered lists scripted turns no request used.
	Unanswered []string `json:"unanswered,omitempty"`
}

// A PathPlaceholder replaces a temporary path in a transcript.
type PathPlaceholder struct {
	// Path is the real path, Placeholder what it becomes.
	Path, Placeholder string
}

// Placeholders for the temporary folders of a capture.
const (
	HomePlaceholder = "/tmp/protocheck/home"
	WorkPlaceholder = "/tmp/protocheck/work"
	TmpPlaceholder  = "/tmp/protocheck/tmp"
	RootPlaceholder = "/tmp/protocheck"
)

// DummyAPIKey is the API key the CLI gets; only the fake API sees it.
const DummyAPIKey = "sk-ant-protocheck-dummy"

// CLIVersion runs `cli --version` and returns the version, e.g. "2.1.330".
//
// The CLI runs in a fresh temporary HOME, as a capture does: with the
// user's HOME, runs at once race on its config file, and the CLI then
// prints a "configuration file ... is corrupted" notice on stdout before
// the version. The version is read from the last line that starts with one,
// so such a notice cannot be taken for it.
func CLIVersion(ctx context.Context, cli, node string) (string, error) {
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	home, err := os.MkdirTemp("", "protocheck-version-")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(home)
	// It runs in that folder: a relative path would not be found there.
	if abs, err := filepath.Abs(cli); err == nil {
		cli = abs
	}
	argv := command(cli, node)
	cmd := exec.CommandContext(ctx, argv[0], append(argv[1:], "--version")...)
	cmd.Dir = home
	cmd.Env = []string{
		"PATH=" + os.Getenv("PATH"),
		"HOME=" + home,
		"TMPDIR=" + home,
		"LANG=C.UTF-8",
		"DISABLE_AUTOUPDATER=1",
		"DISABLE_TELEMETRY=1",
		"CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1",
	}
	// What it prints is bounded: a CLI that floods is stopped at once.
	stdout := &capBuffer{max: maxVersionBytes, full: cancel}
	stderr := &capBuffer{max: 4 << 10}
	cmd.Stdout, cmd.Stderr = stdout, stderr
	// A child of the CLI that outlives its kill (the stand-in sh's own
	// children) holds the pipes open: they are closed a second after.
	cmd.WaitDelay = time.Second
	err = cmd.Run()
	if stdout.dropped > 0 {
		return "", fmt.Errorf("%s --version printed more than %d bytes", cli, maxVersionBytes)
	}
	if err != nil {
		if stderr.buf.Len() > 0 {
			return "", fmt.Errorf("%s --version: %w: %q", cli, err, truncate(bytes.TrimSpace(stderr.buf.Bytes()), 200))
		}
		return "", fmt.Errorf("%s --version: %w", cli, err)
	}
	out := stdout.buf.Bytes()
	v, ok := parseVersionOutput(out)
	if !ok {
		return "", fmt.Errorf("%s --version printed no version: %q", cli, truncate(out, 200))
	}
	return v, nil
}

// versionRE matches what a CLI version looks like: 2.1.330, 1.0.0-beta.1.
var versionRE = regexp.MustCompile(`^[0-9]+\.[0-9]+\.[0-9]+([-+][0-9A-Za-z.+-]*)?$`)

// parseVersionOutput returns the first field of the last line of out whose
// first field is a version ("2.0.20 (Claude Code)" gives "2.0.20").
func parseVersionOutput(out []byte) (string, bool) {
	lines := strings.Split(string(out), "\n")
	for i := len(lines) - 1; i >= 0; i-- {
		if f := strings.Fields(lines[i]); len(f) > 0 && versionRE.MatchString(f[0]) {
			return f[0], true
		}
	}
	return "", false
}

func truncate(b []byte, n int) []byte {
	if len(b) > n {
		return b[:n]
	}
	return b
}

// command returns the argv prefix that runs cli.
func command(cli, node string) []string {
	if strings.HasSuffix(cli, ".js") || strings.HasSuffix(cli, ".mjs") {
		if node == "" {
			node = "node"
		}
		return []string{node, cli}
	}
	return []string{cli}
}

// Run runs the CLI through a scenario against a fresh fake API, in a fresh
// temporary HOME and working directory. The error reports a run that could
// not be made or finished (a wait or the whole run timed out); the Capture
// is returned with what was printed even then. A CLI that exits with a
// non-zero code is not an error: the code is in Meta.
func Run(ctx context.Context, opts CaptureOptions) (*Capture, error) {
	sc := opts.Scenario
	if sc == nil {
		return nil, errors.New("capture: no scenario")
	}
	timeout := opts.Timeout
	if timeout == 0 {
		timeout = sc.Timeout.Duration
	}
	if timeout == 0 {
		timeout = DefaultTimeout
	}
	if timeout < 0 {
		return nil, fmt.Errorf("%s: the timeout %s is negative", sc.File, timeout)
	}
	maxLine, maxTotal := opts.MaxLineBytes, opts.MaxOutputBytes
	if maxLine == 0 {
		maxLine = DefaultMaxLineBytes
	}
	if maxTotal == 0 {
		maxTotal = DefaultMaxOutputBytes
	}
	if maxLine < 0 || maxTotal < 0 {
		return nil, fmt.Errorf("%s: a negative cap on the CLI's output (line %d, total %d)", sc.File, maxLine, maxTotal)
	}
	// The CLI runs in the temporary working directory: a relative path
	// would not be found from there.
	if abs, err := filepath.Abs(opts.CLI); err == nil {
		opts.CLI = abs
	}
	version := opts.Version
	if version == "" {
		var err error
		if version, err = CLIVersion(ctx, opts.CLI, opts.Node); err != nil {
			return nil, err
		}
	}

	base, err := captureBase(baseCandidates())
	if err != nil {
		return nil, err
	}
	root, err := os.MkdirTemp(base, "protocheck-capture-")
	if err != nil {
		return nil, err
	}
	c := &Capture{}
	if opts.KeepDir {
		c.Dir = root
	} else {
		// Every way out of Run passes here, a cancelled context (a signal
		// to protocheck) included; the processes that could still write
		// in the folder are gone by then (see procTree).
		defer os.RemoveAll(root)
	}
	// Resolve symlinks (macOS /var → /private/var) so paths the CLI prints
	// match the placeholders.
	if r, err := filepath.EvalSymlinks(root); err == nil {
		root = r
	}
	home, work, tmp := filepath.Join(root, "home"), filepath.Join(root, "work"), filepath.Join(root, "tmp")
	for _, d := range []string{home, work, tmp} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			return nil, err
		}
	}
	c.Paths = []PathPlaceholder{{home, HomePlaceholder}, {work, WorkPlaceholder}, {tmp, TmpPlaceholder}, {root, RootPlaceholder}}
	if err := writeFiles(sc, work); err != nil {
		return nil, err
	}
	vars := map[string]string{"cwd": work, "home": home}
	if len(sc.Settings) > 0 {
		p := filepath.Join(root, "settings.json")
		if err := os.WriteFile(p, sc.Settings, 0o644); err != nil {
			return nil, err
		}
		vars["settings"] = p
	}

	api, err := fakeapi.Start(expandScript(&sc.Model, vars), opts.Log)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", sc.File, err)
	}
	defer api.Close()

	env := APIEnv(api.URL())
	maps.Copy(env, map[string]string{
		"HOME":   home,
		"TMPDIR": tmp,
		"LANG":   "C.UTF-8",
		"TERM":   "dumb",
		"SHELL":  "/bin/bash",
		"USER":   "protocheck",
	})
	if os.Geteuid() == 0 {
		env["IS_SANDBOX"] = "1"
	}
	maps.Copy(env, sc.Env)
	argv := command(opts.CLI, opts.Node)
	for _, a := range sc.Args {
		argv = append(argv, expand(a, vars))
	}

	// A cap on the output stops the run as the timeout does, with its
	// own cause (see output.read).
	ctx, stopRun := context.WithCancelCause(ctx)
	defer stopRun(nil)
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	tree := newProcTree()
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Dir = work
	// Besides env (recorded in Meta): PATH, the capture's mark (see
	// procTree), and a git ceiling, so that git run by the CLI or its
	// tools never finds a repository above the run's folder.
	cmd.Env = []string{"PATH=" + os.Getenv("PATH"), tree.mark, "GIT_CEILING_DIRECTORIES=" + root}
	for _, k := range slices.Sorted(maps.Keys(env)) {
		cmd.Env = append(cmd.Env, k+"="+env[k])
	}
	tree.prepare(cmd)
	// The CLI's output goes through pipes of our own rather than
	// exec.Cmd's: Wait then returns when the CLI exits, not when every
	// descendant holding a copy of the pipe has closed it.
	stdoutR, stdoutW, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	defer stdoutR.Close()
	stderrR, stderrW, err := os.Pipe()
	if err != nil {
		stdoutW.Close()
		return nil, err
	}
	defer stderrR.Close()
	cmd.Stdout, cmd.Stderr = stdoutW, stderrW
	stdin, err := cmd.StdinPipe()
	if err == nil {
		err = cmd.Start()
	}
	stdoutW.Close()
	stderrW.Close()
	if err != nil {
		return nil, fmt.Errorf("starting %s: %w", argv[0], err)
	}
	tree.started(cmd.Process.Pid)

	// The CLI's exit ends its descendants; so does the end of ctx (the
	// timeout, or the caller's cancellation: a signal to protocheck).
	exited := make(chan struct{})
	var waitErr error
	go func() {
		waitErr = cmd.Wait()
		tree.reaped()
		tree.kill()
		close(exited)
	}()
	var endErr error // why the CLI was killed, if it was
	watched := make(chan struct{})
	go func() {
		defer close(watched)
		select {
		case <-ctx.Done():
			endErr = ctx.Err()
			tree.kill()
		case <-exited:
		}
	}()

	out := &output{changed: make(chan struct{}), maxLine: maxLine, maxTotal: maxTotal}
	in := &input{w: stdin, answered: map[string]int{}, out: out}
	readDone := make(chan struct{})
	var readErr error // a cap the output went over
	go func() {
		defer close(readDone)
		if err := out.read(stdoutR, func(line []byte) { answer(in, sc, line) }); err != nil {
			err.Scenario = sc.File
			readErr = err
			stopRun(err)
		}
	}()
	stderr := &capBuffer{max: MaxStderrBytes}
	stderrDone := make(chan struct{})
	go func() {
		defer close(stderrDone)
		io.Copy(stderr, stderrR) //nolint:errcheck // what was read is kept
	}()

	stepErr := runSteps(ctx, sc, in, out)
	in.close()
	<-exited
	<-watched
	// Every writer of the pipes is gone now, unless one escaped (see
	// procTree): do not wait for it for long.
	select {
	case <-readDone:
	case <-time.After(5 * time.Second):
		stdoutR.Close()
		<-readDone
	}
	select {
	case <-stderrDone:
	case <-time.After(time.Second):
		stderrR.Close()
		<-stderrDone
	}

	// A run stopped at a cap keeps nothing of its output (and spends no
	// memory on joining it).
	if readErr == nil {
		c.Stdout = out.bytes()
		c.Session = out.session()
	}
	c.Stderr = stderr.Bytes()
	c.Requests = api.Requests()
	c.Meta = Meta{
		Scenario:    sc.Name,
		CLIVersion:  version,
		Argv:        replacePaths(argv, c.Paths),
		Env:         metaEnv(env, api.URL(), c.Paths),
		ExitCode:    cmd.ProcessState.ExitCode(),
		TimedOut:    errors.Is(endErr, context.DeadlineExceeded),
		Lines:       out.count(func([]byte) bool { return true }),
		APIRequests: map[string]int{},
		Unanswered:  api.Unanswered(),
	}
	c.Meta.Argv[0] = filepath.Base(c.Meta.Argv[0])
	if len(argv) > 1 && argv[0] != opts.CLI {
		c.Meta.Argv[1] = filepath.Base(opts.CLI)
	}
	for _, r := range c.Requests {
		by, _, _ := strings.Cut(r.AnsweredBy, ".")
		if i := strings.IndexByte(by, '['); i >= 0 {
			by = by[:i]
		}
		c.Meta.APIRequests[by]++
	}
	switch {
	case readErr != nil:
		return c, readErr
	case c.Meta.TimedOut:
		return c, fmt.Errorf("%s: the run timed out after %s", sc.File, timeout)
	case endErr != nil:
		return c, fmt.Errorf("%s: the run was stopped: %w", sc.File, endErr)
	case stepErr != nil:
		return c, fmt.Errorf("%s: %w", sc.File, stepErr)
	}
	var ee *exec.ExitError
	if waitErr != nil && !errors.As(waitErr, &ee) {
		return c, fmt.Errorf("%s: %w", sc.File, waitErr)
	}
	return c, nil
}

func replacePaths(argv []string, paths []PathPlaceholder) []string {
	out := make([]string, len(argv))
	for i, a := range argv {
		for _, p := range paths {
			a = strings.ReplaceAll(a, p.Path, p.Placeholder)
		}
		out[i] = a
	}
	return out
}

func metaEnv(env map[string]string, url string, paths []PathPlaceholder) map[string]string {
	out := make(map[string]string, len(env))
	for k, v := range env {
		v = strings.ReplaceAll(v, url, "http://127.0.0.1:PORT")
		for _, p := range paths {
			v = strings.ReplaceAll(v, p.Path, p.Placeholder)
		}
		out[k] = v
	}
	return out
}

// runSteps plays the scenario's stdin script.
func runSteps(ctx context.Context, sc *Scenario, in *input, out *output) error {
	for i, st := range sc.Stdin {
		switch {
		case len(st.Send) > 0:
			var buf bytes.Buffer
			if err := json.Compact(&buf, st.Send); err != nil {
				return fmt.Errorf("stdin[%d]: %w", i, err)
			}
			in.writeLine(buf.Bytes())
		case st.SendRaw != "":
			in.writeLine([]byte(st.SendRaw))
		case st.Sleep.Duration > 0:
			select {
			case <-time.After(st.Sleep.Duration):
			case <-ctx.Done():
				return ctx.Err()
			}
		case st.Close:
			in.close()
		case st.Wait != nil:
			if err := out.wait(ctx, st.Wait); err != nil {
				return fmt.Errorf("stdin[%d]: %w", i, err)
			}
		}
	}
	return nil
}

// input is the CLI's stdin, shared by the step runner and the answerer.
type input struct {
	mu     sync.Mutex
	w      io.WriteCloser
	closed bool
	// answered counts the replies sent per request subtype.
	answered map[string]int
	// out records what is written, in the session (see output.session).
	out *output
}

func (in *input) writeLine(line []byte) {
	in.mu.Lock()
	defer in.mu.Unlock()
	if in.closed {
		return
	}
	if in.out != nil {
		in.out.addStdin(line)
	}
	in.w.Write(append(line, '\n')) //nolint:errcheck // a CLI that is gone shows in its exit code
}

func (in *input) close() {
	in.mu.Lock()
	defer in.mu.Unlock()
	if !in.closed {
		in.closed = true
		in.w.Close()
	}
}

// output collects the CLI's stdout lines and wakes waiters on each one.
type output struct {
	mu      sync.Mutex
	lines   [][]byte
	done    bool
	changed chan struct{}
	// stdin holds the lines written to the CLI's stdin, each with the
	// number of stdout lines read before it, so that the session (both
	// directions in order) costs no second record per stdout line.
	stdin []stdinLine
	// maxLine and maxTotal cap a line and the whole output (see read).
	maxLine, maxTotal int64
}

// read reads the CLI's stdout line by line until it ends, or until a line
// longer than maxLine or more than maxTotal bytes in all: then it stops
// with a *CapError (its Scenario left for the caller) and keeps nothing of
// the line that went over, so memory stays within the caps whatever the
// CLI prints.
func (o *output) read(r io.Reader, onLine func([]byte)) *CapError {
	br := bufio.NewReaderSize(r, 64<<10)
	var total int64
	var capErr *CapError
	for n := 1; ; n++ {
		line, err := readLine(br, o.maxLine)
		if errors.Is(err, errLineTooLong) {
			capErr = &CapError{Line: n, Limit: o.maxLine}
			break
		}
		if total += int64(len(line)); total > o.maxTotal {
			capErr = &CapError{Line: n, Limit: o.maxTotal, Total: true}
			break
		}
		if len(line) > 0 {
			o.mu.Lock()
			o.lines = append(o.lines, line)
			close(o.changed)
			o.changed = make(chan struct{})
			o.mu.Unlock()
			onLine(bytes.TrimSpace(line))
		}
		if err != nil {
			break
		}
	}
	o.mu.Lock()
	o.done = true
	close(o.changed)
	o.changed = make(chan struct{})
	o.mu.Unlock()
	return capErr
}

var errLineTooLong = errors.New("line too long")

// readLine returns the next line with its newline (without, at the end of
// the input), in a slice of its own; a line longer than max is
// errLineTooLong, read no further than max and a buffer beyond it.
func readLine(br *bufio.Reader, max int64) ([]byte, error) {
	var line []byte
	for {
		frag, err := br.ReadSlice('\n')
		if int64(len(line))+int64(len(frag)) > max+1 || (int64(len(line))+int64(len(frag)) > max && !bytes.HasSuffix(frag, []byte("\n"))) {
			return nil, errLineTooLong
		}
		line = append(line, frag...)
		if !errors.Is(err, bufio.ErrBufferFull) {
			return line, err
		}
	}
}

type stdinLine struct {
	after int
	line  []byte
}

// addStdin records a line written to the CLI's stdin, after the stdout
// lines read so far.
func (o *output) addStdin(line []byte) {
	o.mu.Lock()
	o.stdin = append(o.stdin, stdinLine{len(o.lines), bytes.Clone(line)})
	o.mu.Unlock()
}

// session returns every line of both directions in the order they were
// seen (a line written to stdin when it was written, a line printed when
// it was read), without their newlines.
func (o *output) session() []SessionLine {
	o.mu.Lock()
	defer o.mu.Unlock()
	trim := func(l []byte) []byte {
		return bytes.TrimSuffix(bytes.TrimSuffix(l, []byte("\n")), []byte("\r"))
	}
	out := make([]SessionLine, 0, len(o.lines)+len(o.stdin))
	next := 0
	for _, in := range o.stdin {
		for ; next < in.after; next++ {
			out = append(out, SessionLine{Line: trim(o.lines[next])})
		}
		out = append(out, SessionLine{Stdin: true, Line: trim(in.line)})
	}
	for ; next < len(o.lines); next++ {
		out = append(out, SessionLine{Line: trim(o.lines[next])})
	}
	return out
}

func (o *output) bytes() []byte {
	o.mu.Lock()
	defer o.mu.Unlock()
	return bytes.Join(o.lines, nil)
}

func (o *output) count(match func([]byte) bool) int {
	o.mu.Lock()
	defer o.mu.Unlock()
	n := 0
	for _, l := range o.lines {
		if match(l) {
			n++
		}
	}
	return n
}

// wait blocks until w is satisfied, the CLI closes its stdout, or the wait
// times out.
func (o *output) wait(ctx context.Context, w *Wait) error {
	want := max(w.Count, 1)
	timeout := w.Timeout.Duration
	if timeout == 0 {
		timeout = DefaultWaitTimeout
	}
	timer := time.NewTimer(timeout)
	defer timer.Stop()
	desc := w.Type
	if w.Subtype != "" {
		desc += "/" + w.Subtype
	}
	// Each line is looked at once: n counts the matches in the first seen.
	n, seen := 0, 0
	for {
		o.mu.Lock()
		for _, l := range o.lines[seen:] {
			if k, _, err := protocol.Peek(l); err == nil && k.Type == w.Type && (w.Subtype == "" || k.Subtype == w.Subtype) {
				n++
			}
		}
		seen = len(o.lines)
		done, changed := o.done, o.changed
		o.mu.Unlock()
		switch {
		case n >= want:
			return nil
		case done:
			return fmt.Errorf("waiting for %d %s line(s): the CLI closed its output after %d", want, desc, n)
		}
		select {
		case <-changed:
		case <-timer.C:
			return fmt.Errorf("waiting for %d %s line(s): timed out after %s with %d", want, desc, timeout, n)
		case <-ctx.Done():
			return fmt.Errorf("waiting for %d %s line(s): %w", want, desc, ctx.Err())
		}
	}
}

// answer replies to a control request the CLI printed.
func answer(in *input, sc *Scenario, line []byte) {
	var req struct {
		Type      string `json:"type"`
		RequestID string `json:"request_id"`
		Request   struct {
			Subtype   string          `json:"subtype"`
			Input     json.RawMessage `json:"input"`
			ToolUseID string          `json:"tool_use_id"`
		} `json:"request"`
	}
	// Most lines are not control requests: decoding them all made a
	// capture of many small lines slow.
	if !bytes.Contains(line, []byte(`"control_request"`)) || json.Unmarshal(line, &req) != nil || req.Type != "control_request" {
		return
	}
	var resp map[string]any
	replies := sc.Answers[req.Request.Subtype]
	if sc.RawAnswers && len(replies) > 0 {
		in.mu.Lock()
		n := in.answered[req.Request.Subtype]
		in.answered[req.Request.Subtype]++
		in.mu.Unlock()
		id, _ := json.Marshal(req.RequestID)
		var line bytes.Buffer
		if json.Compact(&line, replies[min(n, len(replies)-1)]) != nil {
			return // checked when the scenario was loaded
		}
		in.writeLine(bytes.ReplaceAll(line.Bytes(), []byte(`"{{request_id}}"`), id))
		return
	}
	if len(replies) == 0 {
		resp = map[string]any{"subtype": "error", "request_id": req.RequestID,
			"error": "protocheck capture: the scenario has no answer for " + req.Request.Subtype}
	} else {
		in.mu.Lock()
		n := in.answered[req.Request.Subtype]
		in.answered[req.Request.Subtype]++
		in.mu.Unlock()
		reply := replies[min(n, len(replies)-1)]
		var body map[string]any
		json.Unmarshal(reply, &body) //nolint:errcheck // checked when the scenario was loaded
		if req.Request.Subtype == "can_use_tool" && body["behavior"] == "allow" && body["updatedInput"] == nil && len(req.Request.Input) > 0 {
			body["updatedInput"] = json.RawMessage(req.Request.Input)
		}
		// The answer names the tool use it is for (toolUseID, which
		// PermissionResult allows), so that the duplex transcript shows
		// which request each answer settles.
		if req.Request.Subtype == "can_use_tool" && body["toolUseID"] == nil && req.Request.ToolUseID != "" {
			body["toolUseID"] = req.Request.ToolUseID
		}
		resp = map[string]any{"subtype": "success", "request_id": req.RequestID, "response": body}
	}
	b, _ := json.Marshal(map[string]any{"type": "control_response", "response": resp})
	in.writeLine(b)
}

// expandScript returns a copy of script whose tool inputs have the {{cwd}}
// and {{home}} placeholders replaced, so a scripted tool call can name a
// file of the run's working directory.
func expandScript(script *fakeapi.Script, vars map[string]string) *fakeapi.Script {
	s := *script
	expandTurns := func(turns []fakeapi.Turn) []fakeapi.Turn {
		out := slices.Clone(turns)
		for i := range out {
			out[i].Blocks = slices.Clone(out[i].Blocks)
			for j, b := range out[i].Blocks {
				if len(b.Input) == 0 {
					continue
				}
				in := string(b.Input)
				for k, v := range vars {
					quoted, _ := json.Marshal(v)
					in = strings.ReplaceAll(in, "{{"+k+"}}", string(quoted[1:len(quoted)-1]))
				}
				out[i].Blocks[j].Input = json.RawMessage(in)
			}
		}
		return out
	}
	s.Turns = expandTurns(s.Turns)
	s.Threads = slices.Clone(s.Threads)
	for i := range s.Threads {
		s.Threads[i].Turns = expandTurns(s.Threads[i].Turns)
	}
	return &s
}
