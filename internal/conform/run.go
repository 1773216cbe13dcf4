package conform

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/protocheck/protocheck/internal/tap"
)

// Options say what a conform run runs.
type Options struct {
	// Command is the SDK's command, its program first. It finds the CLI
	// as claude on PATH, or at $PROTOCHECK_CLI.
	Command []string
	// Dir is the command's working folder; empty means the caller's.
	Dir string
	// Env is the command's environment; nil means the caller's.
	Env []string
	// Releases are the CLI releases run, each one's path resolved.
	Releases []Release
	// Scenario is the fake API's scenario file.
	Scenario string
	// Mutations are the mutations run against each release, after its
	// baseline.
	Mutations []Mutation
	// Jobs is how many releases run at once (default 1).
	Jobs int
	// Timeout bounds each run of the command (default DefaultTimeout):
	// one still running then is killed, and its outcome is "hung".
	Timeout time.Duration
	// Self is the protocheck executable the shim runs.
	Self string
	// NoShrink skips shrinking a failure to one injected frame.
	NoShrink bool
	// Progress, when not nil, gets a line as each run ends.
	Progress io.Writer
	// reap is the run's reaper (see reaper), or nil.
	reap *reaper
	// Reproduce is the command line that reruns one release and one
	// mutation, with %s for the release and %s for the mutation; the
	// report's reproducers are made from it.
	Reproduce string
}

// DefaultTimeout bounds one run of the command.
const DefaultTimeout = 3 * time.Minute

// stopGrace is how long a command stopped (timeout, or the run
// interrupted) has to end on SIGTERM before its group is killed.
const stopGrace = 3 * time.Second

// maxShrink bounds the single-frame runs a failure is shrunk with.
const maxShrink = 6

// CLIEnv names the variable that gives the command the shim's path, for
// an SDK's CLI-path option.
const CLIEnv = "PROTOCHECK_CLI"

// An Outcome is what a run came to.
type Outcome string

// The outcomes of a mutation, compared with the release's baseline.
const (
	Survived    Outcome = "survived"
	Crashed     Outcome = "crashed"
	Hung        Outcome = "hung"
	MisAnswered Outcome = "mis-answered"
	// NotApplied says the session had no place for the mutation.
	NotApplied Outcome = "not-applied"
	// Passed and Failed are the baseline's outcomes: the command exited 0
	// with no finding of error severity, or not.
	Passed Outcome = "passed"
	Failed Outcome = "failed"
)

// Outcomes lists a mutation's outcomes, in the order of the tables.
var Outcomes = []Outcome{Survived, Crashed, Hung, MisAnswered, NotApplied}

// Failing reports whether an outcome fails the run.
func (o Outcome) Failing() bool { return o == Crashed || o == Hung || o == MisAnswered || o == Failed }

// A Run is one run of the command.
type Run struct {
	// ExitCode is the command's exit status (-1: killed).
	ExitCode int `json:"exit_code"`
	// TimedOut says the command was killed at the timeout.
	TimedOut bool `json:"timed_out,omitempty"`
	// Sessions are what each session of the run came to.
	Sessions []SessionReport `json:"sessions"`
	// Output is the end of the command's output (stdout and stderr).
	Output string `json:"output,omitempty"`
	// Duration is the run's wall time.
	Duration time.Duration `json:"duration_ns"`
}

// sum adds up what the sessions of a run saw.
func (r Run) sum() (errs, warns, injected int, gone bool, unanswered []string, frames []string) {
	for _, s := range r.Sessions {
		errs += s.Errors
		warns += s.Warnings
		injected += s.Seen.Injected
		gone = gone || s.SDKGone
		for id, a := range s.Seen.Unanswered {
			if a == "" {
				a = "no answer"
			}
			unanswered = append(unanswered, id+": "+a)
		}
		frames = append(frames, s.Seen.Frames...)
	}
	return
}

// A MutationResult is a mutation's outcome against one release.
type MutationResult struct {
	Mutation Mutation `json:"mutation"`
	Outcome  Outcome  `json:"outcome"`
	// Reason says why, for an outcome other than survived.
	Reason string `json:"reason,omitempty"`
	// Injected counts the frames the run injected or changed.
	Injected int `json:"injected"`
	// Frame is the one injected frame a failure was shrunk to (At is set
	// on Mutation then), or the first frame when it was not shrunk.
	Frame string `json:"frame,omitempty"`
	// Reproduce is a command line that reruns the shrunk failure.
	Reproduce string `json:"reproduce,omitempty"`
	// Duration is the wall time of the mutation's runs (shrinking
	// included).
	Duration time.Duration `json:"duration_ns"`
	// Expected says an expected-failures entry excuses the failure.
	Expected bool `json:"expected,omitempty"`
}

// A ReleaseResult is what one release came to.
type ReleaseResult struct {
	Version string `json:"version"`
	// Outcome is the baseline's: passed or failed; Reason says why not.
	Outcome Outcome `json:"outcome"`
	Reason  string  `json:"reason,omitempty"`
	// Baseline is the unmutated run.
	Baseline Run `json:"baseline"`
	// Errors and Warnings count the findings of the baseline's sessions.
	Errors   int `json:"errors"`
	Warnings int `json:"warnings"`
	// Mutations are the mutations' outcomes, in the order given.
	Mutations []MutationResult `json:"mutations,omitempty"`
	// Duration is the release's wall time, baseline and mutations.
	Duration time.Duration `json:"duration_ns"`
	// Error is why the release could not be run at all.
	Error string `json:"error,omitempty"`
	// Expected says an expected-failures entry excuses the baseline's
	// failure.
	Expected bool `json:"expected,omitempty"`
}

// A Report is a conform run's result.
type Report struct {
	Command  []string        `json:"command"`
	Scenario string          `json:"scenario"`
	Releases []ReleaseResult `json:"releases"`
	// Stale lists the expected failures that no longer fail.
	Stale []Expected `json:"stale,omitempty"`
	// Expected counts the failures the expected-failures file excused.
	Expected int `json:"expected"`
	// Duration is the whole run's wall time.
	Duration time.Duration `json:"duration_ns"`
}

// Conform runs the command against each release, its baseline and then
// each mutation. It returns an error only when nothing could be run (no
// temporary folder); a release that fails to run is in its result. All it
// makes lives in one temporary folder, removed before it returns (and,
// when ctx is cancelled, the command's processes are killed first).
func Conform(ctx context.Context, o Options) (*Report, error) {
	start := time.Now()
	if o.Jobs <= 0 {
		o.Jobs = 1
	}
	if o.Timeout <= 0 {
		o.Timeout = DefaultTimeout
	}
	tmp, err := os.MkdirTemp("", ReapPrefix)
	if err != nil {
		return nil, err
	}
	// Removed here when the run ends; the reaper removes it (and stops
	// what still runs) when the run is killed.
	o.reap = startReaper(o.Self, tmp)
	defer o.reap.close()
	defer os.RemoveAll(tmp)
	rep := &Report{Command: o.Command, Scenario: o.Scenario, Releases: make([]ReleaseResult, len(o.Releases))}
	var wg sync.WaitGroup
	sem := make(chan struct{}, o.Jobs)
	for i, r := range o.Releases {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			rep.Releases[i] = o.release(ctx, filepath.Join(tmp, fmt.Sprintf("r%d", i)), r)
		}()
	}
	wg.Wait()
	rep.Duration = time.Since(start)
	return rep, ctx.Err()
}

// release runs one release: its baseline, then each mutation that applies.
func (o Options) release(ctx context.Context, dir string, r Release) (res ReleaseResult) {
	start := time.Now()
	res.Version = r.Version
	defer func() { res.Duration = time.Since(start) }()
	n := 0
	run := func(m *Mutation) (Run, error) {
		n++
		return o.runOnce(ctx, filepath.Join(dir, fmt.Sprint(n)), r, m)
	}
	base, err := run(nil)
	if err != nil {
		res.Outcome, res.Error = Failed, err.Error()
		return res
	}
	res.Baseline = base
	errs, warns, _, _, _, _ := base.sum()
	res.Errors, res.Warnings = errs, warns
	switch {
	case base.TimedOut:
		res.Outcome, res.Reason = Failed, fmt.Sprintf("the command did not end within %s", o.Timeout)
	case base.ExitCode != 0:
		res.Outcome, res.Reason = Failed, fmt.Sprintf("the command exited %d", base.ExitCode)
	case len(base.Sessions) == 0:
		res.Outcome, res.Reason = Failed, "the command never ran the CLI (point its CLI path at $"+CLIEnv+", or let it find claude on PATH)"
	case errs > 0:
		res.Outcome, res.Reason = Failed, fmt.Sprintf("%d findings of error severity in the session", errs)
	default:
		res.Outcome = Passed
	}
	o.progress("%s baseline: %s %s (%s)", r.Version, res.Outcome, res.Reason, base.Duration.Round(time.Millisecond))
	if base.TimedOut || len(base.Sessions) == 0 {
		return res
	}
	stdout := baselineLines(base)
	for _, m := range o.Mutations {
		if ctx.Err() != nil {
			break
		}
		mstart := time.Now()
		mr := MutationResult{Mutation: m}
		if !applies(m, stdout) {
			mr.Outcome, mr.Reason = NotApplied, "the baseline session has no place for it"
			res.Mutations = append(res.Mutations, mr)
			continue
		}
		mm := m
		got, err := run(&mm)
		if err != nil {
			mr.Outcome, mr.Reason = Failed, err.Error()
			res.Mutations = append(res.Mutations, mr)
			continue
		}
		mr.Outcome, mr.Reason, mr.Injected = judge(base, got, o.Timeout)
		_, _, _, _, _, frames := got.sum()
		if len(frames) > 0 {
			mr.Frame = frames[0]
		}
		if mr.Outcome.Failing() && m.At == 0 && !o.NoShrink {
			// Shrunk: the first single frame that fails alone.
			if mr.Injected == 1 {
				mr.Mutation.At = 1
			}
			// A hang costs a whole timeout a try: only the first frame is
			// tried alone.
			tries := min(mr.Injected, maxShrink)
			if mr.Outcome == Hung {
				tries = 1
			}
			for k := 1; k <= tries && mr.Injected > 1 && ctx.Err() == nil; k++ {
				one := m
				one.At = k
				g, err := run(&one)
				if err != nil {
					break
				}
				if oc, reason, _ := judge(base, g, o.Timeout); oc.Failing() {
					mr.Mutation.At, mr.Outcome, mr.Reason = k, oc, reason
					if _, _, _, _, _, fr := g.sum(); len(fr) > 0 {
						mr.Frame = fr[0]
					}
					break
				}
			}
		}
		if mr.Outcome.Failing() && o.Reproduce != "" {
			mr.Reproduce = fmt.Sprintf(o.Reproduce, r.Version, shellQuote(mr.Mutation.Name()))
		}
		mr.Duration = time.Since(mstart)
		o.progress("%s %s: %s %s (%s)", r.Version, mr.Mutation.Name(), mr.Outcome, mr.Reason, mr.Duration.Round(time.Millisecond))
		res.Mutations = append(res.Mutations, mr)
	}
	return res
}

// judge compares a mutated run with the baseline.
func judge(base, got Run, timeout time.Duration) (Outcome, string, int) {
	_, _, injected, gone, unanswered, _ := got.sum()
	_, _, _, baseGone, _, _ := base.sum()
	switch {
	case got.TimedOut:
		return Hung, fmt.Sprintf("the command did not end within %s", timeout), injected
	case injected == 0:
		return NotApplied, "the session had no place for it", 0
	case got.ExitCode != base.ExitCode:
		return Crashed, fmt.Sprintf("the command exited %d; unmutated, %d", got.ExitCode, base.ExitCode), injected
	case gone && !baseGone:
		return Crashed, "the SDK stopped reading the CLI's output before the CLI was done", injected
	case len(unanswered) > 0:
		return MisAnswered, "injected control request not answered with an error: " + strings.Join(unanswered, "; "), injected
	}
	return Survived, "", injected
}

func (o Options) progress(format string, args ...any) {
	if o.Progress != nil {
		fmt.Fprintf(o.Progress, "protocheck conform: "+format+"\n", args...)
	}
}

// maxOutput bounds the command's output a Run keeps.
const maxOutput = 4 << 10

// runOnce runs the command once in a fresh folder under dir: its shim and
// the sessions' reports live there, and go with the run.
func (o Options) runOnce(ctx context.Context, dir string, r Release, m *Mutation) (Run, error) {
	var run Run
	reports := filepath.Join(dir, "reports")
	if err := os.MkdirAll(reports, 0o755); err != nil {
		return run, err
	}
	defer func() {
		if m != nil { // the baseline's records are read after the run
			os.RemoveAll(dir)
		}
	}()
	spec := Spec{CLI: r.Path, Version: r.Version, Scenario: o.Scenario, Mutation: m, Reports: reports}
	b, _ := json.Marshal(spec)
	specPath := filepath.Join(dir, "spec.json")
	if err := os.WriteFile(specPath, b, 0o644); err != nil {
		return run, err
	}
	bin := filepath.Join(dir, "bin")
	if err := os.MkdirAll(bin, 0o755); err != nil {
		return run, err
	}
	shim := filepath.Join(bin, "claude")
	if err := os.WriteFile(shim, []byte(shimScript(o.Self, specPath)), 0o755); err != nil {
		return run, err
	}
	env := o.Env
	if env == nil {
		env = os.Environ()
	}
	var kept []string
	for _, kv := range env {
		k, v, _ := strings.Cut(kv, "=")
		switch {
		case strings.HasPrefix(k, "PROTOCHECK_TAP_"), k == CLIEnv:
		case k == "PATH":
			kept = append(kept, "PATH="+bin+string(os.PathListSeparator)+v)
		default:
			kept = append(kept, kv)
		}
	}
	kept = append(kept, CLIEnv+"="+shim)
	if !strings.Contains(strings.Join(kept, "\n"), "\nPATH=") && !strings.HasPrefix(kept[0], "PATH=") {
		kept = append(kept, "PATH="+bin)
	}
	rctx, cancel := context.WithTimeout(ctx, o.Timeout)
	defer cancel()
	cmd := exec.Command(o.Command[0], o.Command[1:]...)
	cmd.Dir, cmd.Env = o.Dir, kept
	var out tail
	cmd.Stdout, cmd.Stderr = &out, &out
	cmd.SysProcAttr = tap.SysProcAttr()
	start := time.Now()
	exited := make(chan struct{})
	if err := tap.StartAndWait(cmd, exited); err != nil {
		return run, fmt.Errorf("starting %s: %w", o.Command[0], err)
	}
	pid := cmd.Process.Pid
	o.reap.say("pgid %d", pid)
	select {
	case <-exited:
	case <-rctx.Done():
		run.TimedOut = ctx.Err() == nil
		stopGroup(cmd.Process, exited, stopGrace)
	}
	o.reap.say("done %d", pid)
	run.Duration = time.Since(start)
	run.ExitCode = cmd.ProcessState.ExitCode()
	run.Output = out.String()
	sessions, err := readReports(reports)
	if err != nil {
		return run, err
	}
	run.Sessions = sessions
	return run, ctx.Err()
}

// tail keeps the last maxOutput bytes written to it.
type tail struct {
	mu sync.Mutex
	b  []byte
}

func (t *tail) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.b = append(t.b, p...)
	if len(t.b) > 2*maxOutput {
		t.b = append(t.b[:0], t.b[len(t.b)-maxOutput:]...)
	}
	return len(p), nil
}

func (t *tail) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	if len(t.b) > maxOutput {
		return string(t.b[len(t.b)-maxOutput:])
	}
	return string(t.b)
}

// baselineLines returns the CLI's lines of each of the baseline's
// sessions, as their logs kept them.
func baselineLines(base Run) [][][]byte {
	var out [][][]byte
	for _, s := range base.Sessions {
		if len(s.lines) > 0 {
			out = append(out, s.lines)
		}
	}
	return out
}

// applies reports whether m has a place in the baseline's sessions: a dry
// run of its mutator over the CLI's lines.
func applies(m Mutation, sessions [][][]byte) bool {
	for _, lines := range sessions {
		x := NewMutator(&m)
		for _, l := range lines {
			x.Rewrite(l)
		}
		if x.Seen().Injected > 0 {
			return true
		}
	}
	return false
}
