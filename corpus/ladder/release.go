package ladder

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/protocheck/protocheck/corpus/capture"
	"github.com/protocheck/protocheck/protocol"
	"github.com/protocheck/protocheck/validate"
)

// The capture modes of AddRelease.
const (
	// CaptureAll captures every scenario the release can run again.
	CaptureAll = "all"
	// CaptureMissing captures only the scenarios with no golden and no
	// not-runnable record.
	CaptureMissing = "missing"
	// CaptureNone captures nothing: the release's committed captures are
	// validated and reported on.
	CaptureNone = "none"
)

// Options say what AddRelease does.
type Options struct {
	// Version is the release, e.g. "2.1.331".
	Version string
	// Dir is the corpus folder (cli/, scenarios/, captures/).
	Dir string
	// CLIDir is where CLIs are installed, one folder per version.
	CLIDir string
	// Below is the rung to report against; empty means the newest rung
	// older than Version that has captures.
	Below string
	// Capture is CaptureAll (the default), CaptureMissing or CaptureNone.
	Capture string
	// Jobs is how many captures run at once (0: the number of CPUs);
	// Attempts how often a capture that fails is tried (at least 1).
	Jobs, Attempts int
	// Npm is the npm executable; empty means "npm" on PATH.
	Npm string
	// Progress gets one line per step and capture; nil means none.
	Progress io.Writer
	// Root is the repository whose generators the chain runs (go run, in
	// Root; Dir must be its corpus folder); empty skips the steps that
	// need it.
	Root string
	// From and To are the first and the last step to run (Steps; empty:
	// the first, the last).
	From, To string
	// Go is the go executable; empty means "go" on PATH.
	Go string
	// Make is the make executable of the codegen step; empty means "make"
	// on PATH.
	Make string
	// Report is the file the Markdown report is written to; empty: none.
	Report string
}

// A Result is what AddRelease did and found.
type Result struct {
	Version string `json:"version"`
	// Pinned says the pin was written now (not kept from before).
	Pinned bool `json:"pinned"`
	// Captured lists the scenarios captured in this run; Skipped those
	// whose min_version the release is older than.
	Captured []string `json:"captured"`
	// Captures counts the release's goldens after the run.
	Captures int      `json:"captures"`
	Skipped  []string `json:"skipped_min_version"`
	// NotRunnable lists the scenarios the release refuses, with its reason
	// (corpus/captures/<version>/not-runnable.json).
	NotRunnable []capture.NotRunnable `json:"not_runnable"`
	// Failed lists the captures that failed after every attempt, for
	// another reason than NotRunnable's.
	Failed []Failure `json:"failed"`
	// Validation is what validate says of the release's captures.
	Validation []Validation `json:"validation"`
	// Report compares the release with the rung below.
	Report *Report `json:"report"`
	// Bundle compares the release's bundle facts with the release below.
	Bundle *BundleReport `json:"bundle,omitempty"`
	// Recorded lists the new divergences the ledger step recorded (those
	// the dialects' policies explain).
	Recorded []string `json:"recorded_divergences,omitempty"`
	// Steps says what each step of the chain did, and its time.
	Steps []StepResult `json:"steps"`
	// Decisions lists what a human must decide before the chain can go on.
	Decisions []Decision `json:"decisions"`
}

// A Failure is a capture that failed.
type Failure struct {
	Scenario string `json:"scenario"`
	Error    string `json:"error"`
}

// Validation is the outcome of validating a release's captures with one
// profile: every error and warning, and their counts, except the
// deliberate input/empty (a capture of a run that prints nothing), which
// Deliberate counts.
type Validation struct {
	Profile    string            `json:"profile"`
	Files      int               `json:"files"`
	Lines      int               `json:"lines"`
	Errors     int               `json:"errors"`
	Warnings   int               `json:"warnings"`
	Deliberate int               `json:"deliberate"`
	Findings   validate.Findings `json:"findings"`
}

// Clean says the validation found no error and no warning but the
// deliberate ones.
func (v Validation) Clean() bool { return len(v.Findings) == 0 }

// AddRelease adds CLI release opts.Version to the corpus by running the
// chain, Steps, from opts.From through opts.To: it pins the release (Pin)
// unless a pin exists, installs it (Install), reads its bundle facts (and
// the zod and options facts, when their generators are in the tree),
// captures every scenario the release supports with capture.Regress
// (Update), records the scenarios the release refuses as not runnable,
// regenerates the version facts, protocol.Version (when the release is the
// newest), the schemas, the coverage report, the ledger and stats, then
// validates the captures (default and strict profile) with the new facts,
// compares them with the rung below (Compare) and the bundle facts with the
// release below (CompareBundles), and writes the report. Without
// opts.Root the steps that need the repository are skipped.
//
// Where a human must decide (a capture that failed, a new divergence no
// dialect's policy explains, a finding of the check), the chain stops with
// an error that wraps ErrDecide, Result.Decisions saying what, where and
// the command to run next; the report is still written. The result is
// filled in as far as the chain went.
func AddRelease(ctx context.Context, opts Options) (*Result, error) {
	v := opts.Version
	if _, ok := protocol.ParseVersion(v); !ok {
		return nil, fmt.Errorf("%q is not a CLI version such as 2.1.331", v)
	}
	mode := opts.Capture
	if mode == "" {
		mode = CaptureAll
	}
	if mode != CaptureAll && mode != CaptureMissing && mode != CaptureNone {
		return nil, fmt.Errorf("capture mode %q: want %s, %s or %s", mode, CaptureAll, CaptureMissing, CaptureNone)
	}
	names := StepNames()
	for _, s := range []string{opts.From, opts.To} {
		if s != "" && !slices.Contains(names, s) {
			return nil, fmt.Errorf("step %q: want one of %s", s, strings.Join(names, ", "))
		}
	}
	if opts.From != "" && opts.To != "" && slices.Index(names, opts.From) > slices.Index(names, opts.To) {
		return nil, fmt.Errorf("step %s comes after %s", opts.From, opts.To)
	}
	progress := opts.Progress
	if progress == nil {
		progress = io.Discard
	}
	res := &Result{Version: v, Captured: []string{}, Skipped: []string{}, NotRunnable: []capture.NotRunnable{}, Failed: []Failure{},
		Steps: []StepResult{}, Decisions: []Decision{}}
	c := &chain{opts: opts, res: res, mode: mode, progress: progress}
	defer func() {
		if c.soloDir != "" {
			os.RemoveAll(c.soloDir)
		}
	}()
	err := c.run(ctx)
	if errors.Is(err, ErrDecide) {
		return res, fmt.Errorf("CLI %s: %w: %d decisions (see the output)", v, ErrDecide, len(res.Decisions))
	}
	return res, err
}

// stepCaptures captures the scenarios the release supports (all, or the
// missing ones) and records those it refuses.
func stepCaptures(ctx context.Context, c *chain) (string, error) {
	opts, res, v := c.opts, c.res, c.opts.Version
	all, err := capture.LoadScenarios(filepath.Join(opts.Dir, "scenarios"))
	if err != nil {
		return "", err
	}
	var supported []string
	res.Skipped = res.Skipped[:0]
	for _, s := range all {
		if s.Supports(v) {
			supported = append(supported, s.Name)
		} else {
			res.Skipped = append(res.Skipped, s.Name)
		}
	}
	notRunnable, err := capture.ReadNotRunnable(opts.Dir, v)
	if err != nil {
		return "", err
	}
	if notRunnable != nil {
		res.NotRunnable = notRunnable
	}
	if c.mode == CaptureNone {
		return "--capture none", errSkip
	}
	clis, err := capture.FindCLIs(opts.CLIDir)
	if err != nil {
		return "", err
	}
	i := slices.IndexFunc(clis, func(c capture.PinnedCLI) bool { return c.Version == v })
	if i < 0 {
		return "", fmt.Errorf("%s: npm installed no CLI executable that protocheck knows (cli.js or a platform package's claude)", filepath.Join(opts.CLIDir, v))
	}
	names := supported
	if c.mode == CaptureMissing {
		names = nil
		recorded := map[string]bool{}
		for _, n := range notRunnable {
			recorded[n.Scenario] = true
		}
		for _, n := range supported {
			if _, err := os.Stat(capture.GoldenPath(opts.Dir, v, n)); err != nil && !recorded[n] {
				names = append(names, n)
			}
		}
	}
	if len(names) == 0 {
		return "nothing to capture", nil
	}
	runs, err := capture.Regress(ctx, capture.RegressOptions{
		Dir: opts.Dir, CLIs: clis[i : i+1], Scenarios: names, Update: true,
		Jobs: opts.Jobs, Attempts: opts.Attempts, Progress: c.progress, Check: refused,
	})
	if err != nil {
		return "", err
	}
	notRunnable = settle(opts.Dir, v, runs, notRunnable, res)
	if err := capture.WriteNotRunnable(opts.Dir, v, notRunnable); err != nil {
		return "", err
	}
	if notRunnable != nil {
		res.NotRunnable = notRunnable
	}
	note := fmt.Sprintf("%d captured, %d not runnable, %d skipped (min_version)", len(res.Captured), len(res.NotRunnable), len(res.Skipped))
	if len(res.Failed) == 0 {
		return note, nil
	}
	for _, f := range res.Failed {
		res.Decisions = append(res.Decisions, Decision{Step: StepCaptures,
			What:  fmt.Sprintf("the capture of %s failed after %d attempts: %s", f.Scenario, max(opts.Attempts, 1), f.Error),
			Where: filepath.ToSlash(filepath.Join(opts.Dir, "scenarios", f.Scenario+".json")),
			Next:  fmt.Sprintf("protocheck corpus add-release %s --capture missing --from %s", v, StepCaptures),
		})
	}
	return note, ErrDecide
}

// settle sorts the runs into captured, not runnable and failed, and
// returns the version's new not-runnable list: the runs' refusals, and the
// entries of old for the scenarios not run. A scenario now refused loses
// its golden, duplex transcript and metadata, which an earlier run may
// have written from the CLI's refusal.
func settle(dir, version string, runs []*capture.RegressRun, old []capture.NotRunnable, res *Result) []capture.NotRunnable {
	ran := map[string]bool{}
	var out []capture.NotRunnable
	for _, r := range runs {
		name := r.Scenario.Name
		ran[name] = true
		switch {
		case r.Err == nil:
			res.Captured = append(res.Captured, name)
		case errors.Is(r.Err, capture.ErrNotRunnable):
			out = append(out, capture.NotRunnable{Scenario: name, Reason: strings.TrimPrefix(r.Err.Error(), capture.ErrNotRunnable.Error()+": ")})
			for _, p := range []string{r.Golden, capture.MetaPath(r.Golden), r.Duplex} {
				if p != "" {
					os.Remove(p)
				}
			}
		default:
			res.Failed = append(res.Failed, Failure{Scenario: name, Error: r.Err.Error()})
		}
	}
	for _, n := range old {
		if !ran[n.Scenario] {
			out = append(out, n)
		}
	}
	slices.SortFunc(out, func(a, b capture.NotRunnable) int { return strings.Compare(a.Scenario, b.Scenario) })
	return out
}

// refused is the check of every fresh capture: a run that printed nothing
// on stdout and ended with an error of the CLI's command line parser
// ("error: unknown option '--include-partial-messages'") or a refusal of
// one of its flags ("--dangerously-skip-permissions cannot be used with
// root/sudo privileges", 1.0.0 run as root) is one the release cannot run
// here, not a capture.
func refused(r *capture.RegressRun) error {
	if r.Meta == nil || r.Meta.ExitCode == 0 || r.Meta.Lines > 0 {
		return nil
	}
	sc := bufio.NewScanner(bytes.NewReader(r.Stderr))
	for sc.Scan() {
		l := strings.TrimSpace(sc.Text())
		if strings.HasPrefix(l, "error: ") || flagRefusal.MatchString(l) {
			return fmt.Errorf("%w: %s (exit code %d)", capture.ErrNotRunnable, l, r.Meta.ExitCode)
		}
	}
	return nil
}

// flagRefusal matches a line that says a command-line flag cannot be used.
var flagRefusal = regexp.MustCompile(`^--[a-z][a-z-]* cannot be used\b`)

// RungBelow returns the newest CLI version older than version with
// captures under dir (the corpus folder), or "" when there is none.
func RungBelow(dir, version string) (string, error) {
	rungs, err := Rungs(dir)
	if err != nil {
		return "", err
	}
	below := ""
	for _, r := range rungs {
		if protocol.CompareVersions(r, version) < 0 {
			below = r
		}
	}
	return below, nil
}

// Rungs returns the CLI versions with a captures folder under dir (the
// corpus folder), oldest first.
func Rungs(dir string) ([]string, error) {
	entries, err := os.ReadDir(filepath.Join(dir, "captures"))
	if err != nil {
		return nil, err
	}
	var out []string
	for _, e := range entries {
		if _, ok := protocol.ParseVersion(e.Name()); ok && e.IsDir() {
			out = append(out, e.Name())
		}
	}
	slices.SortFunc(out, protocol.CompareVersions)
	return out, nil
}

// Validate validates the captures of CLI version under dir (the corpus
// folder) with a profile ("default" or "strict") as that version, as the
// capture tests do.
func Validate(ctx context.Context, dir, version, profile string) (Validation, error) {
	files, err := filepath.Glob(filepath.Join(dir, "captures", version, "*.jsonl"))
	if err != nil {
		return Validation{}, err
	}
	// The captures are of version: checked as that version, as the
	// capture tests do (1.0.x prints no version in system/init).
	opts := validate.Options{CLIVersion: version}
	if profile == "strict" {
		opts = validate.Options{Profile: validate.ProfileStrict, UnknownKindsAreErrors: true, CLIVersion: version}
	}
	val, err := validate.New(opts)
	if err != nil {
		return Validation{}, err
	}
	var inputs []validate.Input
	for _, f := range files {
		inputs = append(inputs, validate.Input{Name: f, Open: func() (io.ReadCloser, error) { return os.Open(f) }})
	}
	out := Validation{Profile: profile, Findings: validate.Findings{}}
	sum, err := val.Run(ctx, inputs, func(f validate.Finding) {
		if f.Severity >= validate.Warning && f.Rule != validate.RuleEmpty.ID {
			out.Findings = append(out.Findings, f)
		}
	})
	if err != nil {
		return Validation{}, err
	}
	out.Files, out.Lines = sum.Files, sum.Lines
	for _, f := range out.Findings {
		if f.Severity == validate.Error {
			out.Errors++
		} else {
			out.Warnings++
		}
	}
	out.Deliberate = sum.Errors + sum.Warnings - out.Errors - out.Warnings
	return out, nil
}
