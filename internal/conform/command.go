package conform

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/protocheck/protocheck/corpus/capture"
	"github.com/protocheck/protocheck/internal/atomicfile"
	"github.com/protocheck/protocheck/internal/usage"
)

// Request is 'protocheck conform' as its flags give it: Prepare checks it
// and makes it a Plan.
type Request struct {
	// Command is the SDK's command, its program first.
	Command []string
	// CLI names the releases (see Resolve): a list, a range, or "" for
	// every release installed under CLIDir.
	CLI string
	// CLIDir is the folder of installed releases; "" is
	// $PROTOCHECK_CLI_DIR, else .cache/cli in Dir or a folder above it.
	CLIDir string
	// Cache is the folder releases are installed into; "" is
	// DefaultCache. Offline refuses to install or to ask npm.
	Cache   string
	Offline bool
	// Scenario is the fake API's scenario: a path, or a name under
	// corpus/scenarios (found from Dir).
	Scenario string
	// Mutate names the mutations (see Select); none runs the baselines
	// alone.
	Mutate []string
	// Jobs and Timeout are Options'; both must be positive.
	Jobs    int
	Timeout time.Duration
	// Format is the report's on the run's writer; Reports are further
	// reports, each FORMAT=PATH.
	Format  string
	Reports []string
	// Expected, when not "", is the expected-failures file read;
	// WriteExpected, when not "", the one the run's failures are written
	// to.
	Expected, WriteExpected string
	// NoShrink and Progress are Options'.
	NoShrink bool
	Progress io.Writer
	// Self is the protocheck executable the shims run; "" is this one.
	Self string
	// Dir is where names are looked up from; "" is the working folder.
	Dir string
}

// report is a further report of a Plan: its format and file.
type report struct {
	format Format
	path   string
}

// A Plan is a checked Request, with the files it names read: Run runs it,
// Write writes its reports.
type Plan struct {
	req       Request
	format    Format
	reports   []report
	mutations []Mutation
	expected  []Expected
	scenario  string
	where     Where
}

// Prepare checks a Request and reads the files it names: a flag's value
// that is wrong is a *usage.Error.
func Prepare(req Request) (*Plan, error) {
	p := &Plan{req: req}
	var err error
	if p.format, err = ParseFormat(req.Format); err != nil {
		return nil, usage.Errorf("--format: %v", err)
	}
	if len(req.Command) == 0 {
		return nil, usage.Errorf("conform needs the command to run: protocheck conform [flags] -- CMD [ARGS...]")
	}
	for _, r := range req.Reports {
		name, path, ok := strings.Cut(r, "=")
		f, err := ParseFormat(name)
		if !ok || path == "" || err != nil {
			return nil, usage.Errorf("--report %q: want FORMAT=PATH, FORMAT one of text, markdown, json, junit, html", r)
		}
		p.reports = append(p.reports, report{f, path})
	}
	if req.Jobs <= 0 || req.Timeout <= 0 {
		return nil, usage.Errorf("--jobs and --timeout must be positive")
	}
	if p.mutations, err = Select(Derive(), req.Mutate); err != nil {
		return nil, usage.Wrap(err)
	}
	if req.Expected != "" {
		if p.expected, err = ReadExpected(req.Expected); err != nil {
			return nil, usage.Errorf("--expected: %v", err)
		}
	}
	dir := req.Dir
	if dir == "" {
		dir, _ = os.Getwd()
	}
	if p.scenario, err = capture.FindScenario(req.Scenario, dir); err != nil {
		return nil, usage.Errorf("--scenario: %v", err)
	}
	if p.scenario, err = filepath.Abs(p.scenario); err != nil {
		return nil, usage.Wrap(err)
	}
	p.where = Where{Cache: req.Cache, Offline: req.Offline}
	if p.where.Cache == "" {
		p.where.Cache = DefaultCache()
	}
	if d := cliDir(req.CLIDir, dir); d != "" {
		p.where.Dirs = []string{d}
	}
	if p.req.Self == "" {
		if p.req.Self, err = os.Executable(); err != nil {
			return nil, err
		}
	}
	return p, nil
}

// Run resolves the releases (installing those missing; a --cli that
// names none is a *usage.Error) and runs the plan's command against
// each, its failures marked expected as the expected-failures file says.
func (p *Plan) Run(ctx context.Context) (*Report, error) {
	releases, err := Resolve(ctx, p.req.CLI, p.where)
	if err != nil {
		return nil, usage.Wrap(err)
	}
	if len(releases) == 0 {
		return nil, usage.Errorf("--cli %q: no release in it", p.req.CLI)
	}
	rep, err := Conform(ctx, Options{Command: p.req.Command, Releases: releases, Scenario: p.scenario,
		Mutations: p.mutations, Jobs: p.req.Jobs, Timeout: p.req.Timeout, Self: p.req.Self, NoShrink: p.req.NoShrink,
		Progress: p.req.Progress, Reproduce: reproducer(p.req.Command, p.req.Scenario)})
	if err != nil {
		return nil, err
	}
	ApplyExpected(rep, p.expected)
	return rep, nil
}

// Write prints the report to w in the plan's format, writes each further
// report and, when asked, the expected-failures file.
func (p *Plan) Write(w io.Writer, rep *Report) error {
	if err := Print(w, rep, p.format); err != nil {
		return err
	}
	for _, t := range p.reports {
		var b strings.Builder
		if err := Print(&b, rep, t.format); err != nil {
			return err
		}
		if err := atomicfile.WriteFile(t.path, []byte(b.String()), 0o644); err != nil {
			return err
		}
	}
	if p.req.WriteExpected != "" {
		var b strings.Builder
		WriteExpected(&b, rep) //nolint:errcheck // a Builder does not fail
		if err := atomicfile.WriteFile(p.req.WriteExpected, []byte(b.String()), 0o644); err != nil {
			return err
		}
	}
	return nil
}

// StartError is the error of a release whose command could not be
// started at all (not the SDK's failure: the command line's), or "".
func (rep *Report) StartError() string {
	for _, r := range rep.Releases {
		if r.Error != "" && strings.Contains(r.Error, "starting ") {
			return r.Error
		}
	}
	return ""
}

// PrintMutations lists the mutations the model gives: class and ID, a
// line each.
func PrintMutations(w io.Writer) {
	for _, m := range Derive() {
		fmt.Fprintf(w, "%s\t%s\n", m.Class, m.ID)
	}
}

// reproducer is the command line that reruns a failure: this command, one
// release, one frame (a format with %s for the release and the mutation).
func reproducer(command []string, scenario string) string {
	repro := []string{"protocheck", "conform", "--cli", "%s", "--scenario", strings.ReplaceAll(shellQuote(scenario), "%", "%%"), "--mutate", "%s", "--"}
	for _, a := range command {
		repro = append(repro, strings.ReplaceAll(shellQuote(a), "%", "%%"))
	}
	return strings.Join(repro, " ")
}

// cliDir is the folder of installed releases: flag, else
// $PROTOCHECK_CLI_DIR, else .cache/cli in dir or a folder above it.
func cliDir(flag, dir string) string {
	if flag != "" {
		return flag
	}
	if env := os.Getenv("PROTOCHECK_CLI_DIR"); env != "" {
		return env
	}
	for d := dir; ; d = filepath.Dir(d) {
		p := filepath.Join(d, ".cache", "cli")
		if fi, err := os.Stat(p); err == nil && fi.IsDir() {
			return p
		}
		if filepath.Dir(d) == d {
			return ""
		}
	}
}
