package tap

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/protocheck/protocheck/corpus/capture"
	"github.com/protocheck/protocheck/internal/atomicfile"
	"github.com/protocheck/protocheck/validate"
)

// Options say what one tapped session runs, checks and records: the
// library form of 'protocheck tap' (Session), which the CLI and conform
// both call.
type Options struct {
	// Argv is the CLI's command line, its executable first.
	Argv []string
	// Env is the CLI's environment (the caller drops its own settings
	// first); with FakeAPI it is narrowed to OfflineKeep.
	Env []string
	// Dir is the CLI's working directory; empty means the tap's own. A
	// scenario's {{cwd}} is this folder.
	Dir string
	// Stdin, Stdout and Stderr are the SDK's side of the pipes.
	Stdin  io.Reader
	Stdout io.Writer
	Stderr io.Writer
	// FakeAPI, when not empty, is the path of a scenario file: its fake
	// Messages API is started on 127.0.0.1 and the CLI pointed at it,
	// offline, with a fresh temporary HOME removed at the end.
	FakeAPI string
	// Record, when not empty, is the path the duplex transcript is
	// written to (atomically, whole, when the session ends).
	Record string
	// Name names the session in findings: the record's path, or
	// "session".
	Name string
	// Check turns the checker on: every line against Validate's schemas
	// and rules, and the CLI's arguments against its release's options.
	// Only a stream-json session is checked (IsStreamJSON).
	Check bool
	// Validate are the checker's options; Session sets Jobs and Lazy.
	Validate validate.Options
	// Emit gets each finding and Each each line's result, on the
	// checker's goroutine (validate's RunEach callbacks); either may be
	// nil.
	Emit func(validate.Finding)
	Each func(validate.LineResult)
	// QueueLines, MaxLineBytes and Drain are Config's.
	QueueLines   int
	MaxLineBytes int
	Drain        time.Duration
	// Done is Config's: called as soon as the CLI has exited and its
	// stdout has reached the SDK.
	Done func()
	// Rewrite and Absorb are Config's: the stdout lines the SDK gets in
	// place of each of the CLI's, and the SDK's lines kept from the CLI.
	Rewrite func(line []byte) [][]byte
	Absorb  func(line []byte) bool
	// StdinClosed is Config's: called once the SDK's stdin has ended.
	StdinClosed func()
}

// SessionResult is what a session came to: the run's Result, and what the
// checker made of it.
type SessionResult struct {
	Result
	// Checked says the lines were checked (a stream-json session with
	// Check set).
	Checked bool
	// Summary is validate's summary of the session's lines.
	Summary validate.Summary
	// ArgvErrors and ArgvWarnings count the findings on the CLI's
	// arguments (sent to Emit; not in Summary).
	ArgvErrors, ArgvWarnings int
	// Notes say, in sentences, what the session could not do (the checker
	// failed, the record could not be written).
	Notes []string
}

// Session runs one tapped session. The error reports a session that could
// not start (the fake API, the record, the CLI itself); once the CLI
// runs, what goes wrong is in the result.
func Session(o Options) (SessionResult, error) {
	var out SessionResult
	env := o.Env
	if o.FakeAPI != "" {
		cwd := o.Dir
		if cwd == "" {
			cwd, _ = os.Getwd()
		}
		home, err := os.MkdirTemp("", "protocheck-tap-home-")
		if err != nil {
			return out, err
		}
		defer os.RemoveAll(home)
		api, err := capture.StartOfflineAPI(o.FakeAPI, cwd, home, nil)
		if err != nil {
			return out, &SetupError{What: "fake API", Err: err}
		}
		defer api.Close()
		set := capture.APIEnv(api.URL())
		set["HOME"] = home
		if os.Geteuid() == 0 {
			set["IS_SANDBOX"] = "1" // the CLI refuses to skip permissions as root otherwise
		}
		env = WithEnv(OfflineEnv(env), set)
	}
	name := o.Name
	if name == "" {
		name = "session"
	}
	var rec *recordFile
	if o.Record != "" {
		f, err := atomicfile.Create(o.Record, 0o644)
		if err != nil {
			return out, &SetupError{What: "record", Err: err}
		}
		defer f.Abort()
		// Renamed into place, whole, before the session ends, but not
		// forced to disk: the SDK waits for the tap's exit, and the syncs
		// cost it tens of milliseconds on a busy disk.
		f.SkipSync()
		rec = &recordFile{Writer: bufio.NewWriterSize(f, 256<<10), f: f}
	}
	emit := o.Emit
	if emit == nil {
		emit = func(validate.Finding) {}
	}
	// Only a stream-json session speaks the protocol: 'claude --version'
	// (an SDK's probe) or a text session is passed through and recorded,
	// not checked.
	out.Checked = o.Check && len(o.Argv) > 0 && IsStreamJSON(o.Argv[1:])
	var checker *Checker
	if out.Checked { // the session's start: its argv against the release's options
		a, fs := CheckArgv(name, o.Validate.CLIVersion, o.Argv)
		for _, f := range fs {
			emit(f)
			out.ArgvErrors += btoi(f.Severity == validate.Error)
			out.ArgvWarnings += btoi(f.Severity == validate.Warning)
		}
		if rec != nil {
			WriteArgv(ArgvPath(name), a) //nolint:errcheck // the session goes on without it
		}
		vopts := o.Validate
		vopts.Jobs = 1 // a live session comes a line at a time
		// Nothing is compiled ahead: a session meets a handful of
		// variants of one version set, whose full schemas are needed
		// only when a line fails. Compiling the newest set whole at
		// start cost ~130 ms of CPU, taken from the CLI as it starts.
		vopts.Lazy = true
		// The validator is built while the CLI starts: the session does
		// not wait for its schemas.
		checker = StartChecker(func() (*validate.Validator, error) { return validate.New(vopts) }, name, emit, o.Each)
	}
	cfg := Config{
		Argv:         o.Argv,
		Env:          env,
		Dir:          o.Dir,
		Stdin:        o.Stdin,
		Stdout:       o.Stdout,
		Stderr:       o.Stderr,
		QueueLines:   o.QueueLines,
		MaxLineBytes: o.MaxLineBytes,
		Drain:        o.Drain,
		Done:         o.Done,
		Rewrite:      o.Rewrite,
		Absorb:       o.Absorb,
		StdinClosed:  o.StdinClosed,
	}
	if rec != nil {
		cfg.Record = rec
	}
	if checker != nil {
		cfg.Lines, cfg.Idle = checker.Line, checker.Flush
	}
	res, err := Run(cfg)
	if err != nil {
		if checker != nil {
			checker.Close() //nolint:errcheck // the session did not start
		}
		return out, err
	}
	if checker != nil {
		var cerr error
		if out.Summary, cerr = checker.Close(); cerr != nil {
			out.Notes = append(out.Notes, fmt.Sprintf("the session could not be checked: %v", cerr))
		}
	}
	if rec != nil {
		if res.RecordErr == nil {
			res.RecordErr = rec.Flush()
		}
		if res.RecordErr == nil {
			res.RecordErr = rec.f.Commit()
		}
		if res.RecordErr != nil {
			out.Notes = append(out.Notes, fmt.Sprintf("the record %s could not be written: %v", name, res.RecordErr))
		}
	}
	out.Result = res
	return out, nil
}

// A SetupError is a session that could not be set up (its fake API or its
// record), before any CLI was started.
type SetupError struct {
	// What names the part that failed: "fake API" or "record".
	What string
	Err  error
}

func (e *SetupError) Error() string { return e.What + ": " + e.Err.Error() }
func (e *SetupError) Unwrap() error { return e.Err }

// recordFile is the record: a buffered writer over an atomic file.
type recordFile struct {
	*bufio.Writer
	f *atomicfile.File
}

// IsStreamJSON reports whether the CLI's arguments ask for stream-json
// input or output (--output-format stream-json, --input-format=stream-json).
func IsStreamJSON(args []string) bool {
	for i, a := range args {
		for _, f := range []string{"--output-format", "--input-format"} {
			if a == f+"=stream-json" || (a == f && i+1 < len(args) && args[i+1] == "stream-json") {
				return true
			}
		}
	}
	return false
}

// OfflineKeep are the variables of the tap's environment that reach a CLI
// run offline (Options.FakeAPI), by name or, ending in _, by prefix: what
// any program needs to run (PATH, locale, terminal, time zone, temporary
// folder, user), and what an SDK sets to tell the CLI who runs it.
//
// An allow-list, not a deny-list: the CLI reads credentials and provider
// switches from many variables (ANTHROPIC_AUTH_TOKEN, CLAUDE_CODE_OAUTH_TOKEN,
// CLAUDE_CODE_USE_BEDROCK / _VERTEX / _FOUNDRY, AWS_*, GOOGLE_*, AZURE_*,
// proxies, NODE_OPTIONS, ...) and each release may add one; a deny-list
// misses the next, and then a session meant to be offline reaches a real
// API with real credentials. A variable this list misses only changes the
// offline session, visibly.
var OfflineKeep = []string{
	"PATH", "TERM", "COLORTERM", "NO_COLOR", "LANG", "LANGUAGE", "LC_", "TZ", "TMPDIR",
	"USER", "LOGNAME", "SHELL", "IS_SANDBOX",
	"CLAUDE_CODE_ENTRYPOINT", "CLAUDE_AGENT_SDK_VERSION",
}

// OfflineEnv keeps the variables of env that OfflineKeep names.
func OfflineEnv(env []string) []string {
	var out []string
	for _, kv := range env {
		k, _, _ := strings.Cut(kv, "=")
		for _, keep := range OfflineKeep {
			if k == keep || (strings.HasSuffix(keep, "_") && strings.HasPrefix(k, keep)) {
				out = append(out, kv)
				break
			}
		}
	}
	return out
}

// WithEnv returns env with the variables of set replaced or added.
func WithEnv(env []string, set map[string]string) []string {
	out := env[:0:0]
	for _, kv := range env {
		k, _, _ := strings.Cut(kv, "=")
		if _, ok := set[k]; !ok {
			out = append(out, kv)
		}
	}
	for k, v := range set {
		out = append(out, k+"="+v)
	}
	return out
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}
