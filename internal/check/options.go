package check

import (
	"io"

	"github.com/protocheck/protocheck/internal/report"
	"github.com/protocheck/protocheck/internal/usage"
	"github.com/protocheck/protocheck/validate"
)

// Options describe one validate job; the fields are validate's flags of
// the same names (see protocheck validate --help), and a zero value means
// what the flag's zero value means, not its default.
type Options struct {
	// Inputs are files, directories (walked), glob patterns, or - for
	// Env.Stdin.
	Inputs []string
	// Excludes leave out the input files whose path or base name match
	// one of these globs (** spans folders).
	Excludes []string
	// Profile is the schema profile, Strict makes unknown variants and
	// kinds errors, Direction says who wrote the input (cli, sdk, auto).
	Profile   string
	Strict    bool
	Direction string
	// Formats are the report's targets, FORMAT or FORMAT=PATH.
	Formats []string
	// FailOn is the lowest severity that fails the run: error or warning.
	FailOn string
	// ShowUnknown lists each member the protocol does not define.
	ShowUnknown bool
	// Jobs is the lines checked in parallel (0: the number of CPUs).
	Jobs int
	// MaxLineBytes and MaxDepth bound a line's length and nesting.
	MaxLineBytes int
	MaxDepth     int
	// Schemas is a folder of exported schemas read instead of the
	// built-in ones, or "".
	Schemas string
	// Color colours the text report: auto, always or never.
	Color string
	// MaxPerLine and MaxFindings cap the findings reported for one line
	// and for the run (0: no cap).
	MaxPerLine  int
	MaxFindings int
	// Rules selects cross-line rules (IDs or groups; none: all), NoRules
	// turns them off, RulesBudget bounds the state each group keeps.
	Rules       []string
	NoRules     bool
	RulesBudget int
	// Config is the config file to read; "" finds .protocheck.yaml in
	// the current folder or at the git root.
	Config string
	// Baseline is the baseline file read (or, with UpdateBaseline,
	// written); FailOnStale fails the run on its stale entries.
	Baseline       string
	UpdateBaseline bool
	FailOnStale    bool
	// Ignores drop findings: RULE[:GLOB] each.
	Ignores []string
	// Quiet turns the progress line off.
	Quiet bool
	// CLIVersion checks every input against this CLI version's schema set
	// instead of the one its system/init names.
	CLIVersion string
}

// Defaults of the caps on findings: MaxPerLine and MaxFindings.
const (
	DefaultMaxPerLine  = 1000
	DefaultMaxFindings = 100000
)

// Defaults returns the options of validate's flag defaults, for inputs:
// a job of them checks the inputs as 'protocheck validate' with no flags
// does (the config file, if one is found, still applies).
func Defaults(inputs ...string) Options {
	return Options{
		Inputs:       inputs,
		Profile:      string(validate.DefaultProfile),
		Direction:    string(validate.DirectionAuto),
		Formats:      []string{string(report.Text)},
		FailOn:       validate.Error.String(),
		MaxLineBytes: validate.DefaultMaxLineBytes,
		MaxDepth:     validate.DefaultMaxDepth,
		Color:        "auto",
		MaxPerLine:   DefaultMaxPerLine,
		MaxFindings:  DefaultMaxFindings,
		RulesBudget:  validate.DefaultRulesBudget,
	}
}

// Env is what a job needs of the process that runs it.
type Env struct {
	// Stdin is the input named "-"; Stdout takes the report's target
	// without a PATH, Stderr the progress line.
	Stdin          io.Reader
	Stdout, Stderr io.Writer
	// Given reports whether an option was given on the command line, by
	// its flag's name: the config file sets only the others. Nil: none.
	Given func(flag string) bool
	// Version is protocheck's version, for the reports.
	Version string
}

func (e Env) given(flag string) bool { return e.Given != nil && e.Given(flag) }

// The options' names as validate's flags (and the config file's keys)
// spell them: errors name options by them, and Env.Given is asked by them.
const (
	optProfile        = "profile"
	optStrict         = "strict"
	optDirection      = "direction"
	optFormat         = "format"
	optFailOn         = "fail-on"
	optJobs           = "jobs"
	optMaxLineBytes   = "max-line-bytes"
	optMaxDepth       = "max-depth"
	optSchemas        = "schemas"
	optColor          = "color"
	optMaxPerLine     = "max-findings-per-line"
	optMaxFindings    = "max-findings"
	optRules          = "rules"
	optNoRules        = "no-rules"
	optConfig         = "config"
	optBaseline       = "baseline"
	optUpdateBaseline = "update-baseline"
	optFailOnStale    = "fail-on-stale"
	optIgnore         = "ignore"
	optCLIVersion     = "cli-version"
	optExclude        = "exclude"
)

// usagef is the *usage.Error of the formatted message.
func usagef(format string, args ...any) error { return usage.Errorf(format, args...) }
