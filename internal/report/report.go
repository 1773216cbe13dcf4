package report

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/protocheck/protocheck/validate"
)

// Format is an output form: the one format type of every command (the
// findings of validate and tap, the corpus matrix, fix lists, drift). It
// is validate's, whose Printer writes the text and json forms.
type Format = validate.Format

// The formats.
const (
	// Text prints one finding per line and a summary line.
	Text Format = "text"
	// JSON prints one document: {"report_version":1,"findings":[...],"summary":{...}}.
	JSON Format = "json"
	// GitHub prints GitHub Actions workflow commands (::error file=...).
	GitHub Format = "github"
	// SARIF prints a SARIF 2.1.0 log.
	SARIF Format = "sarif"
	// JUnit prints JUnit XML: a testsuite per file, a testcase per finding.
	JUnit Format = "junit"
	// GitLab prints a GitLab code-quality report (a JSON array).
	GitLab Format = "gitlab"
	// Markdown prints a summary for $GITHUB_STEP_SUMMARY.
	Markdown Format = "markdown"
	// HTML prints one self-contained page (the corpus matrix, a fix list);
	// findings have no html form.
	HTML Format = "html"
)

// Formats lists every format findings are written in, in the order help
// text shows them. Flag help and shell completion take the names from here.
var Formats = []Format{Text, JSON, GitHub, SARIF, JUnit, GitLab, Markdown}

// Names returns the names of the formats, for help text.
func Names(list []Format) string {
	names := make([]string, len(list))
	for i, f := range list {
		names[i] = string(f)
	}
	return strings.Join(names, ", ")
}

// ParseFormat parses the name of a format, one of allowed.
func ParseFormat(s string, allowed []Format) (Format, error) {
	for _, f := range allowed {
		if string(f) == s {
			return f, nil
		}
	}
	if slices.Contains(Formats, Format(s)) {
		return "", fmt.Errorf("format %q is not available here (want one of %s)", s, Names(allowed))
	}
	return "", fmt.Errorf("unknown format %q (want one of %s)", s, Names(allowed))
}

// A Target is one --format value: a format and the file it goes to, or
// standard output when Path is "".
type Target struct {
	Format Format
	Path   string
}

// ParseTarget parses "FORMAT" or "FORMAT=PATH".
func ParseTarget(s string, allowed []Format) (Target, error) {
	name, path, hasPath := strings.Cut(s, "=")
	f, err := ParseFormat(name, allowed)
	if err != nil {
		return Target{}, err
	}
	if hasPath && path == "" {
		return Target{}, fmt.Errorf("%q: the path after = is empty", s)
	}
	return Target{Format: f, Path: path}, nil
}

// ParseTargets parses report targets (FORMAT or FORMAT=PATH) of the
// allowed formats: two may not write one file, and only one may go to
// standard output.
func ParseTargets(values []string, allowed []Format) ([]Target, error) {
	var targets []Target
	toStdout := 0
	paths := map[string]bool{}
	for _, v := range values {
		t, err := ParseTarget(v, allowed)
		if err != nil {
			return nil, err
		}
		if t.Path == "" {
			toStdout++
		} else {
			clean := filepath.Clean(t.Path)
			if paths[clean] {
				return nil, fmt.Errorf("two formats write to %s", t.Path)
			}
			paths[clean] = true
		}
		targets = append(targets, t)
	}
	if toStdout > 1 {
		return nil, errors.New("only one format can go to standard output; send the others to files (FORMAT=PATH)")
	}
	return targets, nil
}

// A Rule describes a rule for the formats that list them (sarif).
type Rule struct {
	ID string
	// Severity is the default severity's name, or "" when it depends on
	// the run (drift's compat/ rules).
	Severity string
	Doc      string
}

// ValidateRules returns validate's rules as Rules.
func ValidateRules() []Rule {
	list := make([]Rule, len(validate.Rules))
	for i, r := range validate.Rules {
		list[i] = Rule{ID: r.ID, Severity: r.Severity.String(), Doc: r.Doc}
	}
	return list
}

// Meta is what a report says about the run besides its findings.
type Meta struct {
	// Command names the run ("validate", "drift").
	Command string
	// Version is protocheck's version.
	Version string
	// Rules describes the rules findings may carry.
	Rules []Rule
	// Inputs lists the inputs; junit gives each one without findings a
	// passing testcase.
	Inputs []string
	// FailOn is the lowest severity that fails the run: junit makes
	// findings at or above it failures.
	FailOn validate.Severity
	// FailOnStale says stale baseline entries fail the run too (the
	// markdown form's verdict).
	FailOnStale bool
	// Color colours the text form's severities.
	Color bool
	// MaxListed is how many findings the markdown form lists (0: 50).
	MaxListed int
}

// Finding is a finding as reports see it: the finding and, when known, the
// hash of its line's normalised content (see LineHash).
type Finding struct {
	validate.Finding
	Hash string
}

// Summary is the run's summary, with what the Filter held back.
type Summary struct {
	validate.Summary
	// Baselined counts the findings the baseline knows (not reported, and
	// not counted above).
	Baselined int `json:"baselined,omitempty"`
	// Ignored counts the findings --ignore and rules: off dropped.
	Ignored int `json:"ignored,omitempty"`
	// Stale lists the baseline entries no finding matched, the first
	// MaxStaleListed in the file's order; Count is how many of the entry's
	// findings are gone.
	Stale []BaselineEntry `json:"stale_baseline,omitempty"`
	// StaleEntries and StaleFindings count every stale entry (listed or
	// not) and the findings they count.
	StaleEntries  int `json:"stale_entries,omitempty"`
	StaleFindings int `json:"stale_findings,omitempty"`
	// Line, when set, is the one-line summary to print instead of
	// validate.SummaryLine (drift's).
	Line string `json:"-"`
}

func (s *Summary) line() string {
	if s.Line != "" {
		return s.Line
	}
	return validate.SummaryLine(s.Summary)
}

// Writer writes one format. Finding takes findings in input order, Flush
// writes out what the streaming forms hold (on a live pipe, after each
// line), and End writes the summary and ends the output. A Writer stops
// at its first write error, which Flush and End return.
type Writer interface {
	Finding(Finding)
	Flush() error
	End(Summary) error
	// Err returns the first write error, or nil.
	Err() error
}

// New returns a writer of the format to w.
func New(w io.Writer, f Format, m *Meta) Writer {
	o := &out{w: bufio.NewWriterSize(w, 64<<10)}
	switch f {
	case JSON:
		return &jsonWriter{out: o}
	case GitHub:
		return &githubWriter{out: o}
	case SARIF:
		return &sarifWriter{out: o, meta: m, fp: fingerprinter{}}
	case JUnit:
		return &junitWriter{out: o, meta: m, byFile: map[string]*junitFile{}}
	case GitLab:
		return &gitlabWriter{out: o, fp: fingerprinter{}}
	case Markdown:
		return &markdownWriter{out: o, meta: m, byRule: map[string]*ruleCount{}}
	}
	return &textWriter{out: o, color: m != nil && m.Color}
}

// Multi writes to every writer.
type Multi []Writer

// Finding passes the finding to every writer.
func (ws Multi) Finding(f Finding) {
	for _, w := range ws {
		w.Finding(f)
	}
}

// Flush flushes every writer and returns the first error.
func (ws Multi) Flush() error {
	var first error
	for _, w := range ws {
		if err := w.Flush(); err != nil && first == nil {
			first = err
		}
	}
	return first
}

// Err returns the first writer's error, or nil.
func (ws Multi) Err() error {
	for _, w := range ws {
		if err := w.Err(); err != nil {
			return err
		}
	}
	return nil
}

// End ends every writer and returns the first error.
func (ws Multi) End(s Summary) error {
	var first error
	for _, w := range ws {
		if err := w.End(s); err != nil && first == nil {
			first = err
		}
	}
	return first
}

// out is a buffered writer that keeps its first error.
type out struct {
	w   *bufio.Writer
	err error
}

func (o *out) write(s string) {
	if o.err == nil {
		_, o.err = o.w.WriteString(s)
	}
}

func (o *out) Err() error { return o.err }

func (o *out) Flush() error {
	if o.err == nil {
		o.err = o.w.Flush()
	}
	return o.err
}

// fingerprinter gives each finding a fingerprint that stays the same from
// run to run while the finding's file, rule, variant, pointer and line
// content do (or, for a line whose content is unknown, its line number):
// the n-th finding of one key gets the key's hash with n.
type fingerprinter map[string]int

func (fp fingerprinter) of(f Finding) string {
	where := f.Hash
	if where == "" {
		where = "line:" + strconv.Itoa(f.Line)
	}
	key := strings.Join([]string{normPath(f.File), f.Rule, f.Variant, f.Pointer, where}, "\x00")
	n := fp[key]
	fp[key] = n + 1
	sum := sha256.Sum256([]byte(key + "\x00" + strconv.Itoa(n)))
	return hex.EncodeToString(sum[:16])
}

// where renders a finding's place inside its line for messages: the
// variant and " (at /pointer)".
func message(f validate.Finding) string {
	var b strings.Builder
	b.WriteString(validate.Escape(f.Message))
	if f.Pointer != "" {
		fmt.Fprintf(&b, " (at %s)", validate.Escape(f.Pointer))
	}
	return b.String()
}
