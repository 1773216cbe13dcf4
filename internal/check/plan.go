package check

import (
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/protocheck/protocheck/internal/report"
	"github.com/protocheck/protocheck/internal/usage"
	"github.com/protocheck/protocheck/validate"
)

// A Job is one validate run, its options parsed: what it checks, with
// which validator options, and where its report goes. Plan makes it; Run
// runs it once.
type Job struct {
	opts    Options
	env     Env
	vopts   validate.Options
	targets []report.Target
	failOn  validate.Severity
	// filter applies the baseline, --ignore and the config's severities.
	filter *report.Filter
	inputs []validate.Input
	meta   report.Meta
	// kept counts (never keeps) the findings of UpdateBaseline.
	kept *report.BaselineCounter
}

// Plan parses a job's options, with the config file's settings for those
// env.Given says were not given, into a Job. What is wrong with them is a
// *usage.Error, except a failure to look for the config file.
func Plan(opts Options, env Env) (*Job, error) {
	sev, err := applyConfig(env, &opts)
	if err != nil {
		return nil, err
	}
	job := &Job{opts: opts, env: env, kept: report.NewBaselineCounter()}
	if job.targets, err = parseTargets(opts.Formats); err != nil {
		return nil, err
	}
	if job.vopts, job.failOn, err = validatorOptions(opts); err != nil {
		return nil, err
	}
	if job.filter, err = Adoption(opts, sev); err != nil {
		return nil, err
	}
	if err := checkCLIVersion(opts.CLIVersion); err != nil {
		return nil, err
	}
	if err := checkRules(opts, env.Given); err != nil {
		return nil, err
	}
	if opts.Schemas != "" {
		if fi, err := os.Stat(opts.Schemas); err != nil || !fi.IsDir() {
			return nil, usagef("--%s %s: not a folder", optSchemas, opts.Schemas)
		}
		job.vopts.Schemas = os.DirFS(opts.Schemas)
	}
	color, err := useColor(opts.Color, env.Stdout)
	if err != nil {
		return nil, err
	}
	if err := CheckExcludes(opts.Excludes); err != nil {
		return nil, err
	}
	job.inputs = validate.NotTranscripts(Exclude(validate.Inputs(opts.Inputs, env.Stdin), opts.Excludes))
	if len(job.inputs) == 0 {
		return nil, ExcludedAll(len(opts.Inputs))
	}
	if err := refuseInputWrites(job.targets, job.writtenBaseline(), job.inputs); err != nil {
		return nil, err
	}
	job.meta = report.Meta{Command: "validate", Version: env.Version, Rules: report.ValidateRules(), FailOn: job.failOn, FailOnStale: opts.FailOnStale, Color: color}
	for _, in := range job.inputs {
		job.meta.Inputs = append(job.meta.Inputs, in.Name)
	}
	return job, nil
}

// validatorOptions checks the numeric and enumerated options and makes
// the validator's options of them, and the severity that fails the run.
func validatorOptions(opts Options) (validate.Options, validate.Severity, error) {
	dir, err := validate.ParseDirection(opts.Direction)
	if err != nil {
		return validate.Options{}, 0, usage.Wrap(err)
	}
	failOn, err := parseFailOn(opts.FailOn, false)
	if err != nil {
		return validate.Options{}, 0, err
	}
	if err := checkLimits(opts); err != nil {
		return validate.Options{}, 0, err
	}
	// The run's cap on findings is the filter's, so that what the baseline
	// and --ignore hold back does not count against it.
	return validate.Options{
		Profile:               validate.Profile(opts.Profile),
		UnknownKindsAreErrors: opts.Strict,
		Direction:             dir,
		ShowUnknown:           opts.ShowUnknown,
		MaxLineBytes:          opts.MaxLineBytes,
		MaxDepth:              opts.MaxDepth,
		Jobs:                  opts.Jobs,

		MaxFindingsPerLine: opts.MaxPerLine,
		CLIVersion:         opts.CLIVersion,
		CrossLine:          opts.Rules,
		NoCrossLine:        opts.NoRules,
		RulesBudget:        opts.RulesBudget,
	}, failOn, nil
}

// checkLimits checks the bounds of the numeric options.
func checkLimits(opts Options) error {
	if opts.Jobs < 0 || opts.MaxLineBytes <= 0 || opts.MaxDepth <= 0 {
		return usagef("--%s, --%s and --%s must be positive", optJobs, optMaxLineBytes, optMaxDepth)
	}
	if opts.Jobs > validate.MaxJobs {
		return usagef("--%s %d: at most %d", optJobs, opts.Jobs, validate.MaxJobs)
	}
	if opts.MaxDepth > validate.MaxMaxDepth {
		return usagef("--%s %d: at most %d", optMaxDepth, opts.MaxDepth, validate.MaxMaxDepth)
	}
	if opts.MaxPerLine < 0 || opts.MaxFindings < 0 {
		return usagef("--%s and --%s must be 0 (no cap) or positive", optMaxPerLine, optMaxFindings)
	}
	return nil
}

// parseTargets parses the Formats, FORMAT or FORMAT=PATH each.
func parseTargets(formats []string) ([]report.Target, error) {
	targets, err := report.ParseTargets(formats, report.Formats)
	if err != nil {
		return nil, usage.Wrap(fmt.Errorf("--%s: %w", optFormat, err))
	}
	return targets, nil
}

// parseFailOn parses FailOn: error or warning, or, when never is true,
// never (0: no finding fails).
func parseFailOn(s string, never bool) (validate.Severity, error) {
	if never && s == failNever {
		return 0, nil
	}
	failOn, err := validate.ParseSeverity(s)
	if err != nil || failOn == validate.Info {
		if never {
			return 0, usagef("--%s %q: want never, error or warning", optFailOn, s)
		}
		return 0, usagef("--%s %q: want error or warning", optFailOn, s)
	}
	return failOn, nil
}

// checkCLIVersion refuses a CLIVersion that is not a version.
func checkCLIVersion(v string) error {
	if v != "" && !validate.ValidCLIVersion(v) {
		return usagef("--%s %q: want a version such as 2.1.330", optCLIVersion, v)
	}
	return nil
}

// checkRules refuses NoRules with Rules given.
func checkRules(opts Options, given func(flag string) bool) error {
	if opts.NoRules && given != nil && given(optRules) {
		return usagef("--%s and --%s contradict each other", optRules, optNoRules)
	}
	return nil
}

// writtenBaseline is the baseline file the job writes, or "".
func (job *Job) writtenBaseline() string {
	if job.opts.UpdateBaseline {
		return job.opts.Baseline
	}
	return ""
}

// useColor decides whether to colour output written to w.
func useColor(mode string, w io.Writer) (bool, error) {
	switch mode {
	case "always":
		return true, nil
	case "never":
		return false, nil
	case "auto":
		if os.Getenv("NO_COLOR") != "" || os.Getenv("TERM") == "dumb" {
			return false, nil
		}
		f, ok := w.(*os.File)
		if !ok {
			return false, nil
		}
		fi, err := f.Stat()
		return err == nil && fi.Mode()&os.ModeCharDevice != 0, nil
	}
	return false, usagef("--%s %q: want auto, always or never", optColor, mode)
}

// CheckExcludes is a *usage.Error naming the first of globs that is not a
// glob.
func CheckExcludes(globs []string) error {
	for _, g := range globs {
		if _, err := path.Match(strings.ReplaceAll(g, "**", "*"), ""); err != nil || g == "" {
			return usagef("--%s %q: not a glob such as '*.log.jsonl' or 'logs/**'", optExclude, g)
		}
	}
	return nil
}

// Exclude leaves out the inputs whose path, as the walk gave it, or base
// name matches one of globs. Standard input and inputs that failed to
// open are kept: they are not files a glob names.
func Exclude(inputs []validate.Input, globs []string) []validate.Input {
	if len(globs) == 0 {
		return inputs
	}
	var out []validate.Input
	for _, in := range inputs {
		name := filepath.ToSlash(filepath.Clean(in.Name))
		if in.Name != "-" && matchesAny(globs, name) {
			continue
		}
		out = append(out, in)
	}
	return out
}

func matchesAny(globs []string, name string) bool {
	for _, g := range globs {
		g = strings.TrimPrefix(filepath.ToSlash(g), "./")
		if report.MatchGlob(g, name) || report.MatchGlob(g, path.Base(name)) {
			return true
		}
	}
	return false
}

// ExcludedAll is the *usage.Error for n inputs the excludes left none of.
func ExcludedAll(n int) error {
	return usagef("--%s left out all %d inputs", optExclude, n)
}
