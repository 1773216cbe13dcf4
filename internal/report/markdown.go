package report

import (
	"fmt"
	"slices"
	"strings"

	"github.com/protocheck/protocheck/validate"
)

// DefaultMaxListed is how many findings the markdown form lists.
const DefaultMaxListed = 50

type ruleCount struct {
	rule     string
	severity validate.Severity
	n        int
	first    string // where the first one is
}

// markdownWriter writes a summary for a CI job page ($GITHUB_STEP_SUMMARY):
// the verdict and totals, a table with a row per rule, and the first
// findings. Text from transcripts is escaped for a table cell: | and `
// with a backslash, < > & as entities, and controls as with
// validate.Escape.
type markdownWriter struct {
	*out
	meta   *Meta
	byRule map[string]*ruleCount
	listed []Finding
	total  int
}

func (m *markdownWriter) Finding(f Finding) {
	m.total++
	rc := m.byRule[f.Rule]
	if rc == nil {
		rc = &ruleCount{rule: f.Rule, severity: f.Severity, first: place(f)}
		m.byRule[f.Rule] = rc
	}
	rc.n++
	if f.Severity > rc.severity {
		rc.severity = f.Severity
	}
	if len(m.listed) < m.max() {
		m.listed = append(m.listed, f)
	}
}

func (m *markdownWriter) max() int {
	if m.meta != nil && m.meta.MaxListed > 0 {
		return m.meta.MaxListed
	}
	return DefaultMaxListed
}

// Flush writes nothing before the end: the summary needs every finding.
func (m *markdownWriter) Flush() error { return m.err }

func (m *markdownWriter) End(s Summary) error {
	var b strings.Builder
	title := "protocheck"
	failOn := validate.Error
	failed := false
	if m.meta != nil {
		entries, _ := s.staleCounts()
		failed = m.meta.FailOnStale && entries > 0
		if m.meta.Command != "" {
			title += " " + m.meta.Command
		}
		if m.meta.FailOn != 0 {
			failOn = m.meta.FailOn
		}
	}
	verdict := "passed"
	if failed || s.Failed(failOn) {
		verdict = "failed"
	}
	fmt.Fprintf(&b, "### %s: %s\n\n", title, verdict)
	fmt.Fprintf(&b, "%s\n", mdCell(s.line()))
	if s.Baselined > 0 || s.Ignored > 0 {
		fmt.Fprintf(&b, "\nNot reported: %d in the baseline, %d ignored.\n", s.Baselined, s.Ignored)
	}
	if entries, n := s.staleCounts(); entries > 0 {
		fmt.Fprintf(&b, "\n> [!WARNING]\n> The baseline lists %d %s no longer found (%d stale %s): shrink it with `--update-baseline`.\n",
			n, plural(n, "finding", "findings"), entries, plural(entries, "entry", "entries"))
	}
	if len(m.byRule) > 0 {
		rules := make([]*ruleCount, 0, len(m.byRule))
		for _, rc := range m.byRule {
			rules = append(rules, rc)
		}
		slices.SortFunc(rules, func(a, b *ruleCount) int {
			if a.severity != b.severity {
				return int(b.severity) - int(a.severity)
			}
			if a.n != b.n {
				return b.n - a.n
			}
			return strings.Compare(a.rule, b.rule)
		})
		b.WriteString("\n| rule | severity | findings | first at |\n|---|---|--:|---|\n")
		for _, rc := range rules {
			fmt.Fprintf(&b, "| `%s` | %s | %d | %s |\n", rc.rule, rc.severity, rc.n, mdCell(rc.first))
		}
	}
	if len(m.listed) > 0 {
		if m.total > len(m.listed) {
			fmt.Fprintf(&b, "\n<details><summary>The first %d of %d findings</summary>\n\n", len(m.listed), m.total)
		} else {
			fmt.Fprintf(&b, "\n<details><summary>%d %s</summary>\n\n", m.total, plural(m.total, "finding", "findings"))
		}
		b.WriteString("| where | severity | rule | message |\n|---|---|---|---|\n")
		for _, f := range m.listed {
			fmt.Fprintf(&b, "| %s | %s | `%s` | %s |\n", mdCell(place(f)), f.Severity, f.Rule, mdCell(message(f.Finding)))
		}
		b.WriteString("\n</details>\n")
	}
	if len(s.Stale) > 0 {
		summary := "Stale baseline entries"
		if entries, _ := s.staleCounts(); entries > len(s.Stale) {
			summary = fmt.Sprintf("The first %d of %d stale baseline entries", len(s.Stale), entries)
		}
		b.WriteString("\n<details><summary>" + summary + "</summary>\n\n| file | rule | variant | pointer | gone |\n|---|---|---|---|--:|\n")
		for _, e := range s.Stale {
			fmt.Fprintf(&b, "| %s | `%s` | %s | %s | %d |\n", mdCell(validate.EscapeFile(e.File)), e.Rule, mdCell(e.Variant), mdCell(e.Pointer), e.Count)
		}
		b.WriteString("\n</details>\n")
	}
	b.WriteString("\n")
	m.write(b.String())
	return m.out.Flush()
}

// place is where a finding is: file:line:col, or the variant for a finding
// without a file.
func place(f Finding) string {
	switch {
	case f.File == "" && f.Variant != "":
		return f.Variant
	case f.Line == 0:
		return validate.EscapeFile(f.File)
	case f.Column == 0:
		return fmt.Sprintf("%s:%d", validate.EscapeFile(f.File), f.Line)
	}
	return fmt.Sprintf("%s:%d:%d", validate.EscapeFile(f.File), f.Line, f.Column)
}

// mdCell makes text safe in a markdown table cell: controls escaped (see
// validate.Escape), then the characters markdown and HTML would read.
var mdCellReplacer = strings.NewReplacer(`\`, `\\`, "|", `\|`, "`", "\\`", "<", "&lt;", ">", "&gt;", "&", "&amp;", "*", `\*`, "_", `\_`, "[", `\[`, "]", `\]`)

func mdCell(s string) string { return mdCellReplacer.Replace(validate.Escape(s)) }
