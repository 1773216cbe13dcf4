package check

import (
	"time"

	"github.com/protocheck/protocheck/internal/report"
	"github.com/protocheck/protocheck/validate"
)

// failNever is the FailOn of a live session that no finding fails.
const failNever = "never"

// The options only a live session has, as 'protocheck tap' spells them.
const (
	optQueue = "queue"
	optDrain = "drain"
)

// LiveOptions are the options of the checker of a live session
// ('protocheck tap'). Of Options it uses Profile, Strict, Formats, FailOn
// (which may also be "never": no finding fails the session),
// MaxLineBytes, MaxPerLine, MaxFindings, Rules, NoRules, RulesBudget,
// Baseline, Ignores and CLIVersion; the others are not used.
type LiveOptions struct {
	Options
	// QueueLines is the lines the checker may fall behind; Drain, how
	// long it may take for the lines still queued once the CLI has exited.
	QueueLines int
	Drain      time.Duration
}

// LiveDefaults are Defaults with FailOn "never", and no QueueLines or
// Drain: the caller's session sets those bounds (internal/tap's defaults).
func LiveDefaults() LiveOptions {
	o := Defaults()
	o.FailOn = failNever
	return LiveOptions{Options: o}
}

// A Live is the checking of a live session, its options checked: the
// validator's options, the targets its findings go to, the severity that
// fails the session (0: never), and the filter of the ignores, the
// baseline and the cap on findings.
type Live struct {
	Validate validate.Options
	Targets  []report.Target
	FailOn   validate.Severity
	Filter   *report.Filter
}

// PlanLive checks opts with validate's own refusals (a *usage.Error
// naming the option as tap's flag spells it; given says which options
// were given, as Env.Given), and makes a Live of them. It reads no
// config file.
func PlanLive(opts LiveOptions, given func(flag string) bool) (Live, error) {
	var live Live
	var err error
	if live.Targets, err = parseTargets(opts.Formats); err != nil {
		return Live{}, err
	}
	if live.FailOn, err = parseFailOn(opts.FailOn, true); err != nil {
		return Live{}, err
	}
	if opts.MaxLineBytes <= 0 || opts.QueueLines <= 0 || opts.Drain <= 0 {
		return Live{}, usagef("--%s, --%s and --%s must be positive", optMaxLineBytes, optQueue, optDrain)
	}
	if err := checkRules(opts.Options, given); err != nil {
		return Live{}, err
	}
	if err := checkCLIVersion(opts.CLIVersion); err != nil {
		return Live{}, err
	}
	if _, err := validate.ParseProfile(opts.Profile); err != nil {
		return Live{}, usagef("--%s %q: want tolerant or strict", optProfile, opts.Profile)
	}
	if live.Filter, err = Adoption(opts.Options, nil); err != nil {
		return Live{}, err
	}
	live.Validate = validate.Options{
		Profile:               validate.Profile(opts.Profile),
		UnknownKindsAreErrors: opts.Strict,
		MaxLineBytes:          opts.MaxLineBytes,
		MaxFindingsPerLine:    opts.MaxPerLine,
		CLIVersion:            opts.CLIVersion,
		CrossLine:             opts.Rules,
		NoCrossLine:           opts.NoRules,
		RulesBudget:           opts.RulesBudget,
	}
	return live, nil
}
