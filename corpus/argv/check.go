package argv

import (
	"fmt"
	"slices"
	"strings"

	"github.com/protocheck/protocheck/protocol"
)

// Rule IDs of the findings.
const (
	// RuleUnknown: the release has no such option; it prints
	// "error: unknown option '--x'" and exits 1: the session cannot start.
	RuleUnknown = "argv/unknown-option"
	// RuleMissingValue: an option that needs a value ends the argv; the
	// release prints "error: option '--x <v>' argument missing", exits 1.
	RuleMissingValue = "argv/missing-value"
	// RuleChoice: a value the option's choices do not list; the release
	// prints "error: option '--x <v>' argument 'y' is invalid. Allowed
	// choices are ...", exits 1.
	RuleChoice = "argv/invalid-choice"
	// RuleNoValue: --switch=value for an option that takes no value: the
	// release reads "--switch=value" as an unknown option.
	RuleNoValue = "argv/unexpected-value"
	// RuleDeprecated: the release still accepts the option but its help
	// calls it deprecated (a warning).
	RuleDeprecated = "argv/deprecated"
	// RuleConditional: the release declares the option only under a run
	// time condition: it may be refused (a warning).
	RuleConditional = "argv/conditional"
)

// Severity of a finding.
type Severity string

const (
	// Error: the CLI refuses the argv: it exits 1 before the session
	// starts.
	Error Severity = "error"
	// Warning: the CLI starts, but the option may not do what is meant.
	Warning Severity = "warning"
)

// A Finding is one thing the release says of an argv.
type Finding struct {
	Rule     string   `json:"rule"`
	Severity Severity `json:"severity"`
	// Index is the argument's 0-based place in the argv checked; Arg the
	// argument itself.
	Index int    `json:"index"`
	Arg   string `json:"arg"`
	// Option is the option's name as written (without "=value").
	Option string `json:"option"`
	// Replacement names the option the evidence shows in its place.
	Replacement string `json:"replacement,omitempty"`
	// Suggested lists the options the CLI's own error suggests ("Did you
	// mean --betas?"): commander's nearest shown names, by edit distance.
	Suggested []string `json:"suggested,omitempty"`
	// CLI is the release whose options were checked; Exact false when the
	// version asked for is not known and CLI is the nearest.
	CLI   string `json:"cli"`
	Exact bool   `json:"exact"`
	// Refusal is what the CLI prints on stderr before it exits 1 (errors
	// only): commander's words, as the real CLI prints them.
	Refusal string `json:"refusal,omitempty"`
	// Message says it for a reader.
	Message string `json:"message"`
}

func (f Finding) String() string {
	return fmt.Sprintf("argv[%d] %s: %s: %s", f.Index, f.Arg, f.Rule, f.Message)
}

// Result is what Check says of one argv.
type Result struct {
	// CLI and Exact: the release checked (see Finding).
	CLI   string `json:"cli"`
	Exact bool   `json:"exact"`
	// Starts says whether the release would start with this argv: no
	// finding is an Error.
	Starts   bool      `json:"starts"`
	Findings []Finding `json:"findings"`
}

// Check parses args (the CLI's arguments, without the program name) as
// the release version's commander does, and says what it refuses. An
// unknown version is checked against the nearest known release (see For).
// It stops at the first error, as the CLI does; warnings before it are
// kept.
func Check(version string, args []string) (Result, error) {
	l, err := Releases()
	if err != nil {
		return Result{}, err
	}
	return l.Check(version, args)
}

// Check is Check on the ladder l.
func (l Ladder) Check(version string, args []string) (Result, error) {
	r, exact, err := l.For(version)
	if err != nil {
		return Result{}, err
	}
	res := Result{CLI: r.CLI, Exact: exact, Starts: true}
	add := func(f Finding) {
		f.CLI, f.Exact = r.CLI, exact
		if f.Severity == Error {
			res.Starts = false
		}
		res.Findings = append(res.Findings, f)
	}
	for i := 0; i < len(args); i++ {
		arg := args[i]
		if arg == "--" {
			break
		}
		if len(arg) < 2 || arg[0] != '-' {
			continue // an operand (the prompt)
		}
		name, value, hasValue := arg, "", false
		o := r.Lookup(arg)
		if o == nil && strings.HasPrefix(arg, "--") {
			if n, v, ok := strings.Cut(arg, "="); ok {
				name, value, hasValue = n, v, true
				o = r.Lookup(n)
				if o != nil && o.Value == NoValue {
					add(Finding{Rule: RuleNoValue, Severity: Error, Index: i, Arg: arg, Option: n,
						Refusal: fmt.Sprintf("error: unknown option '%s'", arg),
						Message: fmt.Sprintf("%s takes no value in CLI %s; the CLI reads %q as an unknown option and exits 1: the session cannot start", n, r.CLI, arg)})
					return res, nil
				}
			}
		}
		if o == nil && !strings.HasPrefix(arg, "--") && len(arg) > 2 {
			// -xVALUE, or -xyz: a short option and its value, or
			// several switches.
			if s := r.Lookup(arg[:2]); s != nil {
				o, name = s, arg[:2]
				if s.Value != NoValue {
					value, hasValue = arg[2:], true
				}
			}
		}
		if o == nil {
			if r.AllowUnknown {
				continue
			}
			add(l.unknown(r, i, arg, name))
			return res, nil
		}
		if o.Deprecated {
			msg := fmt.Sprintf("CLI %s still accepts %s but calls it deprecated", r.CLI, name)
			if o.Replacement != "" {
				msg += "; use " + o.Replacement
			}
			add(Finding{Rule: RuleDeprecated, Severity: Warning, Index: i, Arg: arg, Option: name, Replacement: o.Replacement, Message: msg})
		}
		if o.Conditional {
			add(Finding{Rule: RuleConditional, Severity: Warning, Index: i, Arg: arg, Option: name,
				Message: fmt.Sprintf("CLI %s declares %s only when a run-time condition holds: it may answer \"error: unknown option '%s'\"", r.CLI, name, name)})
		}
		if o.Value == NoValue {
			continue
		}
		var values []string
		switch {
		case hasValue:
			values = append(values, value)
		case o.Value == Required && i+1 < len(args):
			i++
			values = append(values, args[i])
		case o.Value == Required:
			add(Finding{Rule: RuleMissingValue, Severity: Error, Index: i, Arg: arg, Option: name,
				Refusal: fmt.Sprintf("error: option '%s' argument missing", o.Flags),
				Message: fmt.Sprintf("%s needs a value and the argv ends; CLI %s exits 1: the session cannot start", name, r.CLI)})
			return res, nil
		case i+1 < len(args) && !isOption(args[i+1]):
			i++
			values = append(values, args[i])
		}
		if o.Variadic {
			for i+1 < len(args) && !isOption(args[i+1]) {
				i++
				values = append(values, args[i])
			}
		}
		if len(o.Choices) == 0 {
			continue
		}
		for _, v := range values {
			if !contains(o.Choices, v) {
				add(Finding{Rule: RuleChoice, Severity: Error, Index: i, Arg: v, Option: name,
					Refusal: fmt.Sprintf("error: option '%s' argument '%s' is invalid. Allowed choices are %s.", o.Flags, v, strings.Join(o.Choices, ", ")),
					Message: fmt.Sprintf("%s %q is none of %s in CLI %s; it exits 1: the session cannot start", name, v, strings.Join(o.Choices, ", "), r.CLI)})
				return res, nil
			}
		}
	}
	return res, nil
}

// unknown says what the release makes of an option it does not declare,
// and where the evidence shows one, what replaced it.
func (l Ladder) unknown(r *Release, i int, arg, name string) Finding {
	f := Finding{Rule: RuleUnknown, Severity: Error, Index: i, Arg: arg, Option: name,
		Refusal: fmt.Sprintf("error: unknown option '%s'", arg)}
	if strings.HasPrefix(arg, "--") {
		f.Suggested = suggest(r, arg)
		switch len(f.Suggested) {
		case 0:
		case 1:
			f.Refusal += fmt.Sprintf("\n(Did you mean %s?)", f.Suggested[0])
		default:
			f.Refusal += fmt.Sprintf("\n(Did you mean one of %s?)", strings.Join(f.Suggested, ", "))
		}
	}
	msg := fmt.Sprintf("CLI %s has no option %s: it answers %q and exits 1, the session cannot start", r.CLI, name, strings.ReplaceAll(f.Refusal, "\n", " "))
	if span, ok := l.SpanOf(name); ok {
		switch {
		case span.Gone != "" && protocol.CompareVersions(span.Last, r.CLI) < 0:
			msg += fmt.Sprintf(" (known %s to %s, gone from %s", span.First, span.Last, span.Gone)
			if rep := l.ReplacementOf(name, r); rep != "" {
				f.Replacement = rep
				msg += "; use " + rep
			}
			msg += ")"
		case protocol.CompareVersions(span.First, r.CLI) > 0:
			msg += fmt.Sprintf(" (it is known from %s on: the CLI is older than the argv expects)", span.First)
		}
	}
	f.Message = msg
	return f
}

func isOption(a string) bool { return len(a) > 1 && a[0] == '-' }

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// suggest is commander's suggestSimilar for an unknown long option: the
// long names of the shown options (an option's last spelling, as
// commander keeps it) within edit distance 3, more than 40% alike, the
// nearest ones.
func suggest(r *Release, flag string) []string {
	word := strings.TrimPrefix(flag, "--")
	best, out := 3, []string(nil)
	seen := map[string]bool{}
	for _, o := range r.Options {
		long := o.Names[len(o.Names)-1]
		if o.Hidden != Shown || !strings.HasPrefix(long, "--") || seen[long] {
			continue
		}
		seen[long] = true
		c := strings.TrimPrefix(long, "--")
		if len(c) <= 1 {
			continue
		}
		d := editDistance(word, c)
		n := max(len(word), len(c))
		if float64(n-d)/float64(n) <= 0.4 {
			continue
		}
		switch {
		case d < best:
			best, out = d, []string{long}
		case d == best:
			out = append(out, long)
		}
	}
	slices.Sort(out)
	return out
}

// editDistance is the optimal string alignment distance (Damerau-
// Levenshtein with adjacent transpositions), as commander computes it.
func editDistance(a, b string) int {
	d := make([][]int, len(a)+1)
	for i := range d {
		d[i] = make([]int, len(b)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for j := 1; j <= len(b); j++ {
		for i := 1; i <= len(a); i++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(a)][len(b)]
}
