package report

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/protocheck/protocheck/validate"
)

// textWriter is the text form: validate's, one finding a line
// (validate.Finding.String) and validate.SummaryLine, then what the
// Filter held back, when it held back anything.
type textWriter struct {
	*out
	color bool
}

func (t *textWriter) Finding(f Finding) {
	s := f.String()
	if t.color {
		sev := f.Severity.String()
		s = strings.Replace(s, ": "+sev+" ", ": "+colorOf(f.Severity)+sev+"\x1b[0m ", 1)
	}
	t.write(s + "\n")
}

func (t *textWriter) End(s Summary) error {
	t.write(s.line() + "\n")
	if l := validate.SetsLine(s.Summary); l != "" {
		t.write(validate.Escape(l) + "\n")
	}
	for _, n := range s.Notes {
		t.write("note: " + validate.Escape(n) + "\n")
	}
	for _, l := range adoptionLines(s) {
		t.write(l + "\n")
	}
	return t.Flush()
}

// adoptionLines says what the baseline and --ignore held back, and which
// baseline entries are stale; nothing when they held back nothing.
func adoptionLines(s Summary) []string {
	var lines []string
	if s.Baselined > 0 || s.Ignored > 0 {
		lines = append(lines, fmt.Sprintf("not reported: %d in the baseline, %d ignored", s.Baselined, s.Ignored))
	}
	if entries, n := s.staleCounts(); entries > 0 {
		lines = append(lines, fmt.Sprintf("baseline: %d %s no longer found, in %d %s; shrink the baseline with --update-baseline:",
			n, plural(n, "finding", "findings"), entries, plural(entries, "entry", "entries")))
		for _, e := range s.Stale {
			lines = append(lines, "  stale: "+e.String())
		}
		if more := entries - len(s.Stale); more > 0 {
			lines = append(lines, fmt.Sprintf("  and %d more stale %s (the first %d are listed)", more, plural(more, "entry", "entries"), len(s.Stale)))
		}
	}
	return lines
}

// staleCounts is how many stale entries there are, listed or not, and
// how many findings they count.
func (s Summary) staleCounts() (entries, findings int) {
	if s.StaleEntries > 0 {
		return s.StaleEntries, s.StaleFindings
	}
	for _, e := range s.Stale {
		findings += e.Count
	}
	return len(s.Stale), findings
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

func colorOf(s validate.Severity) string {
	switch s {
	case validate.Error:
		return "\x1b[31m"
	case validate.Warning:
		return "\x1b[33m"
	}
	return "\x1b[36m"
}

// jsonWriter is the json form, validate's: {"report_version":1,
// "findings":[...],"summary":{...}}, one finding a line. The summary gains
// baselined, ignored and stale_baseline only when they are not zero.
type jsonWriter struct {
	*out
	n int
}

func (j *jsonWriter) Finding(f Finding) {
	if j.n == 0 {
		j.write(fmt.Sprintf("{\"report_version\":%d,\"findings\":[\n", validate.ReportVersion))
	} else {
		j.write(",\n")
	}
	b, err := json.Marshal(f.Finding)
	if err != nil && j.err == nil {
		j.err = err
	}
	j.write(string(validate.SafeJSON(b)))
	j.n++
}

func (j *jsonWriter) End(s Summary) error {
	if j.n == 0 {
		j.write(fmt.Sprintf("{\"report_version\":%d,\"findings\":[", validate.ReportVersion))
	}
	b, err := json.Marshal(s)
	if err != nil {
		return err
	}
	j.write("\n],\"summary\":" + string(validate.SafeJSON(b)) + "}\n")
	return j.Flush()
}
