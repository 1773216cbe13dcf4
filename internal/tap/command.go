package tap

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/protocheck/protocheck/corpus/capture"
	"github.com/protocheck/protocheck/internal/atomicfile"
	"github.com/protocheck/protocheck/internal/report"
	"github.com/protocheck/protocheck/internal/usage"
	"github.com/protocheck/protocheck/validate"
)

// EnvPrefix starts the environment variables that set the flags of
// 'protocheck tap' (EnvFlags); CLIEnv keeps them from the CLI.
const EnvPrefix = "PROTOCHECK_TAP_"

// EnvFlags are the flags a variable can set when the flag is not given:
// PROTOCHECK_TAP_RECORD sets --record, and so on (EnvName).
var EnvFlags = []string{"record", "findings", "format", "fail-on", "fake-api", "baseline", "profile"}

// EnvName is the variable that sets flag: EnvPrefix and the flag's name
// in capitals, - as _.
func EnvName(flag string) string {
	return EnvPrefix + strings.ToUpper(strings.ReplaceAll(flag, "-", "_"))
}

// CLIEnv is env without tap's own variables (EnvPrefix).
func CLIEnv(env []string) []string {
	var out []string
	for _, kv := range env {
		if !strings.HasPrefix(kv, EnvPrefix) {
			out = append(out, kv)
		}
	}
	return out
}

// CommandOptions are 'protocheck tap' as a library: one Session, where its
// record and findings go, and how its findings are reported.
type CommandOptions struct {
	// Session is the session's Options: the CLI's Argv and Env (CLIEnv),
	// the SDK's streams, Check, the checker's Validate options and bounds.
	// Command sets its Record, Name, FakeAPI, Emit, Each and Done.
	Session Options
	// Record, when not "", is where the duplex transcript goes: a file,
	// or a folder (or a name ending in /) that gets
	// session-<time>-<pid>.jsonl in it.
	Record string
	// Findings is where findings go as they come: "" or "-" for
	// Session.Stderr, a file, or a folder that gets
	// session-<time>-<pid>.findings in it. One that is not a regular file
	// (or new), or that is the record, is refused.
	Findings string
	// Scenario, when not "", is the fake API's scenario: a path, or a name
	// under corpus/scenarios (found from the working folder).
	Scenario string
	// Targets are the findings' formats (the one without a path is
	// written to Findings); Meta heads them (Command sets its Inputs);
	// Filter applies the ignores, the baseline and the cap (nil: none).
	Targets []report.Target
	Meta    report.Meta
	Filter  *report.Filter
	// FailOn, when not 0, is the severity of the findings that fail a
	// session whose CLI exited 0.
	FailOn validate.Severity
	// Start names the files made in folders; zero is now.
	Start time.Time
}

// CommandResult is what Command came to.
type CommandResult struct {
	SessionResult
	// Report is the findings' summary as the reports have it: the argv's
	// findings counted, the filter applied.
	Report report.Summary
	// ExitCode is tap's exit status: the CLI's; 128+N when signal N killed
	// it (Signal; the caller may die of the same signal instead); 1 when
	// the CLI exited 0 and the findings reach FailOn.
	ExitCode int
}

// Command runs one session as 'protocheck tap' does: it opens where the
// findings go, runs the Session with its findings reported through the
// filter to the targets as they come, then writes the summary, and the
// notes of what was not checked with the session's status line. The
// error is a *usage.Error for a Record, Findings or Scenario that
// cannot be used, else that of a CLI that could not start (StartExitCode
// says tap's status for it); once the CLI runs, everything is in the
// result.
func Command(o CommandOptions) (CommandResult, error) {
	var out CommandResult
	if o.Start.IsZero() {
		o.Start = time.Now()
	}
	if o.Filter == nil {
		o.Filter = &report.Filter{}
	}
	so := o.Session
	if o.Scenario != "" {
		cwd, _ := os.Getwd()
		var err error
		if so.FakeAPI, err = capture.FindScenario(o.Scenario, cwd); err != nil {
			return out, usage.Errorf("--fake-api: %v", err)
		}
	}
	findingsW, closeFindings, err := openFindings(so.Stderr, o.Findings, o.Record, o.Start)
	if err != nil {
		return out, err
	}
	defer closeFindings()
	so.Name = "session"
	if o.Record != "" {
		p := sessionPath(o.Record, ".jsonl", o.Start)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return out, usage.Errorf("--record: %v", err)
		}
		so.Record, so.Name = p, p
	}
	stdout := so.Stdout
	so.Done = func() {
		if f, ok := stdout.(*os.File); ok {
			f.Close() // the SDK sees the end of stdout now, not after the summary
		}
	}
	o.Meta.Inputs = []string{so.Name}
	outs := report.Open(findingsW, o.Targets, o.Meta)
	pair := wireFindings(&so, outs, o.Filter, o.Targets)
	sr, err := Session(so)
	if err != nil {
		var se *SetupError
		if errors.As(err, &se) {
			flag := "fake-api"
			if se.What == "record" {
				flag = "record"
			}
			return out, usage.Errorf("--%s: %v", flag, se.Err)
		}
		return out, err
	}
	out.SessionResult = sr
	rs := report.Summary{Summary: sr.Summary}
	rs.Errors, rs.Warnings = rs.Errors+sr.ArgvErrors, rs.Warnings+sr.ArgvWarnings
	if sr.Checked {
		pair.Close()
		o.Filter.Adjust(&rs)
		outs.End(rs) //nolint:errcheck // a findings file that fails does not change the session
	}
	out.Report = rs
	printNotes(so.Stderr, findingsW, hasTextFindings(o.Targets), &sr)
	out.ExitCode = sr.ExitCode
	if sr.Signal != 0 {
		out.ExitCode = 128 + int(sr.Signal)
	}
	if out.ExitCode == 0 && o.FailOn != 0 && rs.Failed(o.FailOn) {
		out.ExitCode = 1
	}
	return out, nil
}

// StartExitCode is tap's exit status for a CLI that could not start: 127
// when it is not found, 126 when it cannot run, else 2.
func StartExitCode(err error) int {
	var ee *exec.Error
	var pe *fs.PathError
	switch {
	case errors.As(err, &ee) && errors.Is(ee.Err, exec.ErrNotFound), errors.Is(err, fs.ErrNotExist):
		return 127
	case errors.As(err, &pe):
		return 126
	}
	return 2
}

// sessionPath turns a folder into a new file in it.
func sessionPath(p, suffix string, start time.Time) string {
	if fi, err := os.Stat(p); (err == nil && fi.IsDir()) || strings.HasSuffix(p, "/") {
		return filepath.Join(p, fmt.Sprintf("session-%s-%d%s", start.UTC().Format("20060102T150405.000"), os.Getpid(), suffix))
	}
	return p
}

// openFindings opens where findings go as they come: the findings file,
// or stderr. The func closes it.
func openFindings(stderr io.Writer, findings, record string, start time.Time) (io.Writer, func(), error) {
	nothing := func() {}
	if findings == "-" || findings == "" {
		return stderr, nothing, nil
	}
	p := sessionPath(findings, ".findings", start)
	if record != "" && sameTarget(p, sessionPath(record, ".jsonl", start)) {
		return nil, nothing, usage.Errorf("--record and --findings name the same file %s: the record would replace the findings; give each its own", findings)
	}
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return nil, nothing, usage.Errorf("--findings: %v", err)
	}
	// A regular file or a new one only ("-" is standard error): a name of
	// a descriptor such as /dev/stdout would write into the SDK's stream.
	target, err := atomicfile.Resolve(p)
	if err != nil {
		return nil, nothing, usage.Errorf("--findings: %v", err)
	}
	fw, err := os.OpenFile(target, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644)
	if err != nil {
		return nil, nothing, usage.Errorf("--findings: %v", err)
	}
	return fw, func() { fw.Close() }, nil
}

// sameTarget reports whether two paths write the same file: the same
// name, or names of one file once links are followed.
func sameTarget(a, b string) bool {
	if report.SameFile(a, b) {
		return true
	}
	ra, errA := atomicfile.ResolveExisting(a)
	rb, errB := atomicfile.ResolveExisting(b)
	return errA == nil && errB == nil && ra == rb
}

// hasTextFindings reports whether the findings go out as text to the
// live findings writer (a text target with no file).
func hasTextFindings(targets []report.Target) bool {
	for _, t := range targets {
		if t.Path == "" && t.Format == report.Text {
			return true
		}
	}
	return false
}

// wireFindings sends the session's findings through the filter to the
// outputs, paired with their lines when a baseline or a format needs the
// line's hash; the Pairer is closed once the session is checked.
func wireFindings(so *Options, outs *report.Outputs, filter *report.Filter, targets []report.Target) *report.Pairer {
	take := func(f report.Finding) {
		if f, verdict := filter.Apply(f); verdict == report.Report {
			outs.Finding(f)
		}
	}
	pair := &report.Pairer{Out: take}
	emit, each := func(f validate.Finding) { take(report.Finding{Finding: f}) }, func(validate.LineResult) {}
	if filter.Baseline != nil || report.NeedsLineHash(targets) {
		emit, each = pair.Finding, pair.Line
	}
	so.Emit = emit
	so.Each = func(r validate.LineResult) {
		each(r)
		outs.Flush() //nolint:errcheck // a findings file that fails does not stop the session
	}
	return pair
}

// Notes say what the session did not check, and why.
func (sr *SessionResult) notes() []string {
	res := sr.Result
	notes := sr.Notes
	if !sr.Checked {
		notes = append(notes, "not a stream-json session (no --input-format or --output-format stream-json): passed through and recorded, not checked")
	}
	if res.Unchecked > 0 {
		notes = append(notes, fmt.Sprintf("%d of %d lines were not checked: the checker fell more than --queue lines (or %d MiB) behind (they are in the record)",
			res.Unchecked, res.StdinLines+res.StdoutLines, DefaultQueueBytes>>20))
	}
	if res.Abandoned > 0 {
		notes = append(notes, fmt.Sprintf("%d of %d lines were not checked: they were still queued when --drain ran out after the CLI exited (they are in the record)",
			res.Abandoned, res.StdinLines+res.StdoutLines))
	}
	if res.Cut > 0 {
		notes = append(notes, "the SDK's last line was cut off when the CLI exited (no newline yet): recorded as it was, not checked")
	}
	if res.Killed {
		notes = append(notes, fmt.Sprintf("the CLI was still running %s after the signal tap passed on to it, and was killed", DefaultKillGrace))
	}
	if res.TooLong > 0 {
		notes = append(notes, fmt.Sprintf("%d lines longer than --max-line-bytes passed through but were neither recorded nor checked", res.TooLong))
	}
	return notes
}

// printNotes prints the notes and the session's status line: with the
// text findings when they are written as text, else on stderr and only
// when there is a note.
func printNotes(stderr, findingsW io.Writer, findingsText bool, sr *SessionResult) {
	res := sr.Result
	notes := sr.notes()
	status := fmt.Sprintf("tap: %d lines from the SDK, %d from the CLI; the CLI exited %d", res.StdinLines, res.StdoutLines, res.ExitCode)
	if res.Signal != 0 {
		status = fmt.Sprintf("tap: %d lines from the SDK, %d from the CLI; the CLI was killed by signal %d (%v)", res.StdinLines, res.StdoutLines, int(res.Signal), res.Signal)
	}
	noteW := findingsW
	if !findingsText {
		noteW = stderr
		if len(notes) == 0 {
			status = ""
		}
	}
	for _, n := range notes {
		fmt.Fprintf(noteW, "protocheck tap: %s\n", n)
	}
	if status != "" {
		fmt.Fprintln(noteW, status)
	}
}
