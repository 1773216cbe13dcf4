// Package report turns findings into the output forms protocheck writes:
// text and json (validate's own), github (workflow commands that annotate
// files), sarif (2.1.0, for code scanning), junit (XML for test
// dashboards), gitlab (code-quality JSON) and markdown (a summary for
// $GITHUB_STEP_SUMMARY). validate and drift share it: a drift change is a
// finding without a file. Its Format is the one format type of every
// command: the corpus matrix and the fix lists print themselves in the
// formats of theirs it names (text, markdown, json, html).
//
// It also holds what adoption on a codebase with findings needs: the
// baseline file (findings already known, keyed by rule, variant, pointer
// and a hash of the normalised line, never by line number), the --ignore
// rules, and the Filter that applies them, with severity overrides, before
// findings reach a Writer.
//
// Every format writes text taken from transcripts safely: the text forms
// escape control, bidirectional and other format characters (see
// validate.Escape), and the JSON forms write them as \u escapes (see
// validate.SafeJSON).
//
// Open writes a run's targets (FORMAT or FORMAT=PATH): report files are put
// in place atomically when the run ends, or appended to when a CI runner
// has each step append to them (AppendOnly).
//
// StartProgress shows, on a terminal, the progress line of a long run on
// standard error, and erases it before each write of the report.
//
// WriteRules lists the rules findings carry, and WriteRuleCatalogue writes
// the rule catalogue (docs/rules.md) from them.
//
// Imports: validate, internal/atomicfile.
package report
