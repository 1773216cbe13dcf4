package report

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/protocheck/protocheck/validate"
)

// githubWriter writes GitHub Actions workflow commands, one a finding:
//
//	::error file=broken.jsonl,line=1,col=91,title=schema/type::result/success: ... (at /num_turns)
//
// which the runner turns into annotations on the file's line. Severities
// map to error, warning and notice. The summary is a plain log line.
type githubWriter struct {
	*out
}

func (g *githubWriter) Finding(f Finding) {
	var b strings.Builder
	b.WriteString("::")
	b.WriteString(githubLevel(f.Severity))
	var props []string
	if f.File != "" {
		props = append(props, "file="+githubProperty(validate.EscapeFile(f.File)))
		if f.Line > 0 {
			props = append(props, "line="+strconv.Itoa(f.Line))
			if f.Column > 0 {
				props = append(props, "col="+strconv.Itoa(f.Column))
			}
		}
	}
	props = append(props, "title="+githubProperty(f.Rule))
	b.WriteString(" " + strings.Join(props, ","))
	b.WriteString("::")
	msg := message(f.Finding)
	if f.File == "" && f.Variant != "" {
		msg = validate.Escape(f.Variant) + ": " + msg
	}
	b.WriteString(githubData(msg))
	g.write(b.String() + "\n")
}

func (g *githubWriter) End(s Summary) error {
	g.write(githubData(s.line()) + "\n")
	if s.Baselined > 0 || s.Ignored > 0 {
		g.write(githubData(adoptionLines(Summary{Baselined: s.Baselined, Ignored: s.Ignored})[0]) + "\n")
	}
	for _, e := range s.Stale {
		g.write("::warning file=" + githubProperty(validate.EscapeFile(e.File)) + ",title=baseline/stale::" +
			githubData("in the baseline but no longer found: "+e.String()) + "\n")
	}
	if entries, _ := s.staleCounts(); entries > len(s.Stale) {
		g.write("::warning title=baseline/stale::" + githubData(fmt.Sprintf("and %d more stale baseline entries (the first %d are listed)", entries-len(s.Stale), len(s.Stale))) + "\n")
	}
	return g.Flush()
}

func githubLevel(s validate.Severity) string {
	switch s {
	case validate.Error:
		return "error"
	case validate.Warning:
		return "warning"
	}
	return "notice"
}

// githubData escapes a workflow command's message as the runner unescapes
// it: % CR LF.
var githubData = strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace

// githubProperty escapes a workflow command's property value: % CR LF, and
// the : and , that end a value.
var githubProperty = strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace
