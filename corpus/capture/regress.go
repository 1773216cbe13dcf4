package capture

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"sync"
	"time"

	"github.com/protocheck/protocheck/internal/atomicfile"
	"github.com/protocheck/protocheck/protocol"
	"github.com/protocheck/protocheck/validate"
)

// A PinnedCLI is one installed CLI version.
type PinnedCLI struct {
	// Version is the CLI's version, the name of its folder.
	Version string
	// Path is the claude executable or cli.js.
	Path string
}

// cliCandidates are where a pinned install keeps the CLI, relative to its
// folder: the agent SDK's native binary, claude-code's native binary
// (its platform package, from 2.1.113), then claude-code's cli.js.
var cliCandidates = []string{
	"node_modules/@anthropic-ai/claude-agent-sdk-" + runtime.GOOS + "-" + goarchNPM() + "/claude",
	"node_modules/@anthropic-ai/claude-code-" + runtime.GOOS + "-" + goarchNPM() + "/claude",
	"node_modules/@anthropic-ai/claude-code/cli.js",
}

func goarchNPM() string {
	if runtime.GOARCH == "amd64" {
		return "x64"
	}
	return runtime.GOARCH
}

// FindCLIs returns the CLIs installed under dir (one folder per version,
// as `make cli` lays them out), oldest first.
func FindCLIs(dir string) ([]PinnedCLI, error) {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("%s does not exist: no CLI installed (run: make cli)", dir)
	}
	if err != nil {
		return nil, err
	}
	var out []PinnedCLI
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		for _, c := range cliCandidates {
			p := filepath.Join(dir, e.Name(), filepath.FromSlash(c))
			if _, err := os.Stat(p); err == nil {
				out = append(out, PinnedCLI{Version: e.Name(), Path: p})
				break
			}
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: no CLI installed (run: make cli)", dir)
	}
	sort.Slice(out, func(i, j int) bool { return protocol.CompareVersions(out[i].Version, out[j].Version) < 0 })
	return out, nil
}

// RegressOptions say what Regress captures and compares.
type RegressOptions struct {
	// Dir is the corpus folder, with scenarios/ and captures/.
	Dir string
	// CLIs are the CLIs to capture with.
	CLIs []PinnedCLI
	// Scenarios, when not empty, limits the run to these names.
	Scenarios []string
	// Update rewrites the goldens (and their metadata) instead of
	// comparing.
	Update bool
	// Jobs is how many captures run at once; 0 means the number of CPUs.
	Jobs int
	// Attempts is how many times a scenario is captured before its drift
	// or error is reported; 0 means once. The pinned CLIs do not change,
	// so drift that a second capture does not repeat is a race in the run
	// (see Scenario.Concurrent), and RegressRun.Attempts shows it.
	Attempts int
	// Progress, when not nil, gets one line per capture.
	Progress io.Writer
	// Check, when not nil, looks at each fresh capture (its Stderr and
	// Meta) before Update writes it: an error keeps the golden as it is
	// and is the run's error; one that wraps ErrNotRunnable is not tried
	// again.
	Check func(*RegressRun) error
}

// A RegressRun is one scenario captured with one CLI.
type RegressRun struct {
	CLI      PinnedCLI
	Scenario *Scenario
	// Golden is the path of the committed transcript.
	Golden string
	// Duplex is the path of the committed duplex transcript (both
	// directions), which Update writes too.
	Duplex string
	// Findings are the drift found (none with Update).
	Findings validate.Findings
	// Err is a capture or comparison that failed.
	Err error
	// Updated says the fresh capture was written as the golden.
	Updated bool
	// Attempts is how many captures were made: more than one when the
	// first showed drift or failed (see RegressOptions.Attempts).
	Attempts int
	// Duration is how long the captures and comparisons took.
	Duration time.Duration
	// Stderr and Meta are what the CLI printed on its standard error in
	// the last capture, and how that capture ended (nil when none ran).
	Stderr []byte
	Meta   *Meta
}

// The statuses of a RegressRun.
const (
	StatusOK      = "ok"
	StatusDrift   = "drift"
	StatusError   = "error"
	StatusUpdated = "updated"
)

// Status says how the run ended: StatusError when it could not capture or
// compare, StatusDrift when it found drift, else StatusOK (StatusUpdated
// when it wrote the golden).
func (r *RegressRun) Status() string {
	switch {
	case r.Err != nil:
		return StatusError
	case len(r.Findings) > 0:
		return StatusDrift
	case r.Updated:
		return StatusUpdated
	}
	return StatusOK
}

// GoldenPath returns the path of a scenario's golden for a CLI version.
func GoldenPath(dir, version, scenario string) string {
	return filepath.Join(dir, "captures", version, scenario+".jsonl")
}

// Regress captures every scenario with every CLI that supports it,
// normalises the capture and compares it with the golden (see Diff), or
// with Update writes it as the new golden. The runs come back in a stable
// order; the error reports a corpus that could not be read.
func Regress(ctx context.Context, opts RegressOptions) ([]*RegressRun, error) {
	all, err := LoadScenarios(filepath.Join(opts.Dir, "scenarios"))
	if err != nil {
		return nil, err
	}
	scenarios := all
	if len(opts.Scenarios) > 0 {
		byName := map[string]*Scenario{}
		for _, s := range all {
			byName[s.Name] = s
		}
		scenarios = nil
		for _, n := range opts.Scenarios {
			s, ok := byName[n]
			if !ok {
				return nil, fmt.Errorf("no scenario %q in %s", n, filepath.Join(opts.Dir, "scenarios"))
			}
			scenarios = append(scenarios, s)
		}
	}
	var runs []*RegressRun
	for _, cli := range opts.CLIs {
		// Ask each CLI its version once, before its captures.
		versionErr := checkVersion(ctx, cli)
		// The scenarios this version refuses (see NotRunnable) have no
		// golden to compare with; Update tries them again.
		skip := map[string]bool{}
		if !opts.Update {
			nr, err := ReadNotRunnable(opts.Dir, cli.Version)
			if err != nil {
				return nil, err
			}
			for _, n := range nr {
				skip[n.Scenario] = true
			}
		}
		for _, s := range scenarios {
			if s.Supports(cli.Version) && !skip[s.Name] {
				runs = append(runs, &RegressRun{CLI: cli, Scenario: s, Golden: GoldenPath(opts.Dir, cli.Version, s.Name),
					Duplex: DuplexGoldenPath(opts.Dir, cli.Version, s.Name), Err: versionErr})
			}
		}
	}
	jobs := opts.Jobs
	if jobs <= 0 {
		jobs = runtime.NumCPU()
	}
	var wg sync.WaitGroup
	var mu sync.Mutex
	sem := make(chan struct{}, jobs)
	for _, r := range runs {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			start := time.Now()
			if r.Err == nil {
				regressOne(ctx, r, opts)
			}
			r.Duration = time.Since(start)
			if opts.Progress != nil {
				mu.Lock()
				status := r.Status()
				if r.Findings != nil {
					status = fmt.Sprintf("%d findings", len(r.Findings))
				}
				if r.Attempts > 1 {
					status += fmt.Sprintf(" (attempt %d)", r.Attempts)
				}
				fmt.Fprintf(opts.Progress, "%-8s %-24s %5.1fs  %s\n", r.CLI.Version, r.Scenario.Name, r.Duration.Seconds(), status)
				if r.Err != nil {
					fmt.Fprintf(opts.Progress, "  %v\n", r.Err)
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	return runs, nil
}

// checkVersion reports a CLI whose --version differs from its folder's
// name: its captures would be compared with another version's goldens.
func checkVersion(ctx context.Context, cli PinnedCLI) error {
	v, err := CLIVersion(ctx, cli.Path, "")
	if err != nil {
		return err
	}
	if v != cli.Version {
		return fmt.Errorf("%s reports version %s, but its folder says %s", cli.Path, v, cli.Version)
	}
	return nil
}

func regressOne(ctx context.Context, r *RegressRun, opts RegressOptions) {
	if opts.Update {
		// A capture that fails is a race in the run as drift is (see
		// Attempts): it is tried again before the error is reported.
		attempts := max(opts.Attempts, 1)
		for r.Attempts = 1; ; r.Attempts++ {
			fresh, duplex, meta, err := captureNormalized(ctx, r)
			// Check sees the runs that failed too: a CLI that refuses its
			// command line also fails the scenario's first wait.
			if opts.Check != nil && r.Meta != nil {
				if cerr := opts.Check(r); cerr != nil {
					err = cerr
				}
			}
			if err == nil {
				// The golden, its metadata and its duplex transcript
				// change together or not at all.
				var files []OutFile
				if files, err = CaptureFiles(r.Golden, fresh, meta); err == nil {
					if r.Duplex != "" {
						files = append(files, OutFile{r.Duplex, duplex})
					}
					err = WriteFiles(files...)
				}
			}
			r.Err, r.Updated = err, err == nil
			if err == nil || errors.Is(err, ErrNotRunnable) || r.Attempts >= attempts || ctx.Err() != nil {
				return
			}
		}
	}
	golden, err := os.ReadFile(r.Golden)
	if errors.Is(err, os.ErrNotExist) {
		r.Err = fmt.Errorf("%s: no golden capture (run: protocheck corpus regress --update)", r.Golden)
		return
	}
	if err != nil {
		r.Err = err
		return
	}
	goldenMeta, err := ReadMeta(MetaPath(r.Golden))
	if err != nil {
		r.Err = err
		return
	}
	attempts := max(opts.Attempts, 1)
	for r.Attempts = 1; ; r.Attempts++ {
		r.Findings, r.Err = regressAttempt(ctx, r, golden, goldenMeta)
		if (r.Err == nil && len(r.Findings) == 0) || r.Attempts >= attempts || ctx.Err() != nil {
			return
		}
	}
}

// regressAttempt captures r's scenario once and compares it with the golden
// transcript and metadata.
func regressAttempt(ctx context.Context, r *RegressRun, golden []byte, goldenMeta *Meta) (validate.Findings, error) {
	fresh, _, meta, err := captureNormalized(ctx, r)
	if err != nil {
		return nil, err
	}
	findings, err := Diff(golden, fresh, DiffOptions{
		Golden:     r.Golden,
		Fresh:      fmt.Sprintf("%s (fresh capture)", r.Golden),
		Volatile:   r.Scenario.Volatile,
		Concurrent: r.Scenario.Concurrent,
	})
	if err != nil {
		return nil, err
	}
	return append(findings, DiffMeta(MetaPath(r.Golden), goldenMeta, meta)...), nil
}

// captureNormalized runs r's scenario and returns the normalised transcript
// and duplex transcript.
func captureNormalized(ctx context.Context, r *RegressRun) ([]byte, []byte, *Meta, error) {
	c, err := Run(ctx, CaptureOptions{CLI: r.CLI.Path, Scenario: r.Scenario, Version: r.CLI.Version})
	r.Stderr, r.Meta = nil, nil
	if c != nil {
		r.Stderr, r.Meta = c.Stderr, &c.Meta
	}
	if err != nil {
		return nil, nil, nil, err
	}
	n := &Normalizer{Paths: c.Paths}
	fresh, err := n.Transcript(c.Stdout)
	if err != nil {
		return nil, nil, nil, fmt.Errorf("%s with CLI %s: the output is not NDJSON: %w", r.Scenario.Name, r.CLI.Version, err)
	}
	duplex, err := c.Duplex(false)
	if err != nil {
		return nil, nil, nil, fmt.Errorf("%s with CLI %s: %w", r.Scenario.Name, r.CLI.Version, err)
	}
	return fresh, duplex, &c.Meta, nil
}

// DiffMeta compares how a fresh run ended with how the golden run did: its
// exit code, and whether it was killed at its timeout. The findings name
// the golden metadata file, with line 0.
func DiffMeta(file string, golden, fresh *Meta) validate.Findings {
	var out validate.Findings
	add := func(pointer, format string, args ...any) {
		out = append(out, validate.Finding{
			File: file, Pointer: pointer, Rule: validate.RuleDriftExitCode.ID,
			Severity: validate.RuleDriftExitCode.Severity, Message: fmt.Sprintf(format, args...),
		})
	}
	if golden.TimedOut != fresh.TimedOut {
		if fresh.TimedOut {
			add("/timed_out", "the CLI ran into the scenario's timeout and was killed; the golden run ended by itself")
		} else {
			add("/timed_out", "the CLI ended by itself; the golden run ran into the scenario's timeout")
		}
	} else if golden.ExitCode != fresh.ExitCode {
		add("/exit_code", "the CLI exited with code %d; the golden run exited with %d", fresh.ExitCode, golden.ExitCode)
	}
	return out
}

// ReadMeta reads a capture's metadata file.
func ReadMeta(path string) (*Meta, error) {
	b, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, fmt.Errorf("%s: no metadata for the golden capture (run: protocheck corpus regress --update)", path)
	}
	if err != nil {
		return nil, err
	}
	var m Meta
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return &m, nil
}

// MetaPath returns the metadata file next to a transcript.
func MetaPath(transcript string) string {
	return transcript[:len(transcript)-len(filepath.Ext(transcript))] + ".meta.json"
}

// An OutFile is one file of the set a capture writes.
type OutFile struct {
	Path string
	Data []byte
}

// CaptureFiles returns the files of a normalised transcript written to
// path: the transcript and, when meta is not nil, its metadata next to it.
func CaptureFiles(path string, transcript []byte, meta *Meta) ([]OutFile, error) {
	files := []OutFile{{path, transcript}}
	if meta == nil {
		return files, nil
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(meta); err != nil {
		return nil, err
	}
	return append(files, OutFile{MetaPath(path), buf.Bytes()}), nil
}

// WriteFiles writes a set of files all or nothing: each goes to a
// temporary file beside its target (see package atomicfile), and only
// once every one is written are they committed (synced and renamed into
// place) one after the other. On an error before that, every target keeps
// its old contents and no temporary file is left; only a failure of a
// later commit (a sync on a full disk) leaves the earlier ones done.
func WriteFiles(files ...OutFile) error {
	pending := make([]*atomicfile.File, 0, len(files))
	defer func() {
		for _, f := range pending {
			f.Abort()
		}
	}()
	for _, o := range files {
		if err := os.MkdirAll(filepath.Dir(o.Path), 0o755); err != nil {
			return err
		}
		f, err := atomicfile.Create(o.Path, 0o644)
		if err != nil {
			return err
		}
		pending = append(pending, f)
		if _, err := f.Write(o.Data); err != nil {
			return err
		}
	}
	for _, f := range pending {
		if err := f.Commit(); err != nil {
			return err
		}
	}
	return nil
}

// WriteCapture writes a normalised transcript and, when meta is not nil,
// its metadata next to it, all or nothing (see WriteFiles).
func WriteCapture(path string, transcript []byte, meta *Meta) error {
	files, err := CaptureFiles(path, transcript, meta)
	if err != nil {
		return err
	}
	return WriteFiles(files...)
}

// RegressReport is the shape of `protocheck corpus regress --format json`,
// stable within validate.ReportVersion:
//
//	{"report_version": 1, "runs": [RunReport...], "findings": [Finding...],
//	 "summary": {"captures": N, "findings": N, "errors": N, "flaky": N}}
//
// Runs come in the order of the CLIs (oldest first) and their scenarios;
// findings in the same order, as `validate --format json` has them.
type RegressReport struct {
	ReportVersion int               `json:"report_version"`
	Runs          []RunReport       `json:"runs"`
	Findings      validate.Findings `json:"findings"`
	Summary       RegressSummary    `json:"summary"`
}

// A RunReport is one RegressRun in a RegressReport.
type RunReport struct {
	CLIVersion string `json:"cli_version"`
	Scenario   string `json:"scenario"`
	// Golden is the golden transcript's path.
	Golden string `json:"golden"`
	// Status is "ok", "drift", "error" or "updated".
	Status string `json:"status"`
	// Findings counts the run's findings.
	Findings int `json:"findings"`
	// Error says why the run could not capture or compare, when it could not.
	Error    string `json:"error,omitempty"`
	Attempts int    `json:"attempts"`
	// DurationMS is how long the run took, in milliseconds.
	DurationMS int64 `json:"duration_ms"`
}

// RegressSummary counts a regress run's outcome. Flaky counts the runs that
// passed only at a later attempt.
type RegressSummary struct {
	Captures int `json:"captures"`
	Findings int `json:"findings"`
	Errors   int `json:"errors"`
	Flaky    int `json:"flaky"`
}

// Report gathers runs into a RegressReport.
func Report(runs []*RegressRun) RegressReport {
	rep := RegressReport{ReportVersion: validate.ReportVersion, Runs: []RunReport{}, Findings: validate.Findings{}}
	for _, r := range runs {
		rr := RunReport{
			CLIVersion: r.CLI.Version, Scenario: r.Scenario.Name, Golden: r.Golden,
			Status: r.Status(), Findings: len(r.Findings), Attempts: r.Attempts,
			DurationMS: r.Duration.Milliseconds(),
		}
		if r.Err != nil {
			rr.Error = r.Err.Error()
			rep.Summary.Errors++
		}
		if r.Attempts > 1 && rr.Status == StatusOK {
			rep.Summary.Flaky++
		}
		rep.Runs = append(rep.Runs, rr)
		rep.Findings = append(rep.Findings, r.Findings...)
	}
	rep.Summary.Captures = len(runs)
	rep.Summary.Findings = len(rep.Findings)
	return rep
}
