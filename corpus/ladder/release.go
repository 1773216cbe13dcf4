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

// AddRelease adds CLI release opts.Version to the corpus: it pins the
// release (Pin) unless a pin exists, installs it (Install), captures every
// scenario the release supports with capture.Regress (Update), records the
// scenarios the release refuses as not runnable, validates the captures
// (default and strict profile) and compares them with the rung below
// (Compare). A capture that fails otherwise is in Result.Failed, and the
// error says so; the rest of the result is still filled in.
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
	progress := opts.Progress
	if progress == nil {
		progress = io.Discard
	}
	all, err := capture.LoadScenarios(filepath.Join(opts.Dir, "scenarios"))
	if err != nil {
		return nil, err
	}
	res := &Result{Version: v, Captured: []string{}, Skipped: []string{}, NotRunnable: []capture.NotRunnable{}, Failed: []Failure{}}
	var supported []string
	for _, s := range all {
		if s.Supports(v) {
			supported = append(supported, s.Name)
		} else {
			res.Skipped = append(res.Skipped, s.Name)
		}
	}
	notRunnable, err := capture.ReadNotRunnable(opts.Dir, v)
	if err != nil {
		return nil, err
	}

	if mode != CaptureNone {
		fmt.Fprintf(progress, "pin %s@%s (%s)\n", Package, v, PinDir(opts.Dir, v))
		if res.Pinned, err = Pin(ctx, opts.Npm, opts.Dir, v); err != nil {
			return nil, err
		}
		fmt.Fprintf(progress, "install into %s\n", filepath.Join(opts.CLIDir, v))
		if err := Install(ctx, opts.Npm, opts.Dir, opts.CLIDir, v); err != nil {
			return nil, err
		}
		clis, err := capture.FindCLIs(opts.CLIDir)
		if err != nil {
			return nil, err
		}
		i := slices.IndexFunc(clis, func(c capture.PinnedCLI) bool { return c.Version == v })
		if i < 0 {
			return nil, fmt.Errorf("%s: npm installed no CLI executable that protocheck knows (cli.js or a platform package's claude)", filepath.Join(opts.CLIDir, v))
		}
		names := supported
		if mode == CaptureMissing {
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
		if len(names) > 0 {
			runs, err := capture.Regress(ctx, capture.RegressOptions{
				Dir: opts.Dir, CLIs: clis[i : i+1], Scenarios: names, Update: true,
				Jobs: opts.Jobs, Attempts: opts.Attempts, Progress: progress, Check: refused,
			})
			if err != nil {
				return nil, err
			}
			notRunnable = settle(opts.Dir, v, runs, notRunnable, res)
			if err := capture.WriteNotRunnable(opts.Dir, v, notRunnable); err != nil {
				return nil, err
			}
		}
	}
	if notRunnable != nil {
		res.NotRunnable = notRunnable
	}

	goldens, err := capture.CapturedScenarios(opts.Dir, v)
	if err != nil {
		return nil, err
	}
	res.Captures = len(goldens)
	for _, profile := range []string{"default", "strict"} {
		val, err := Validate(ctx, opts.Dir, v, profile)
		if err != nil {
			return nil, err
		}
		res.Validation = append(res.Validation, val)
	}

	below := opts.Below
	if below == "" {
		if below, err = RungBelow(opts.Dir, v); err != nil {
			return nil, err
		}
	}
	if below != "" {
		if res.Report, err = Compare(opts.Dir, below, v); err != nil {
			return nil, err
		}
	}
	if len(res.Failed) > 0 {
		return res, fmt.Errorf("%d captures of CLI %s failed; the first, %s: %s", len(res.Failed), v, res.Failed[0].Scenario, res.Failed[0].Error)
	}
	return res, nil
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
		opts = validate.Options{Profile: "strict", Strict: true, CLIVersion: version}
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
