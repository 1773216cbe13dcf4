package report

import (
	"encoding/json"

	"github.com/protocheck/protocheck/validate"
)

// gitlabIssue is one entry of a GitLab code-quality report (a subset of
// the Code Climate issue format that GitLab reads).
type gitlabIssue struct {
	Description string         `json:"description"`
	CheckName   string         `json:"check_name"`
	Fingerprint string         `json:"fingerprint"`
	Severity    string         `json:"severity"`
	Location    gitlabLocation `json:"location"`
}

type gitlabLocation struct {
	Path  string      `json:"path"`
	Lines gitlabLines `json:"lines"`
}

type gitlabLines struct {
	Begin int `json:"begin"`
}

// gitlabWriter writes the report as it goes: a JSON array, one issue a
// line. The fingerprint is stable from run to run (see fingerprinter), so
// GitLab tells new issues from old ones in a merge request. A finding
// about a whole file is put on line 1.
type gitlabWriter struct {
	*out
	fp fingerprinter
	n  int
}

func (g *gitlabWriter) Finding(f Finding) {
	if g.n == 0 {
		g.write("[\n")
	} else {
		g.write(",\n")
	}
	g.n++
	line := f.Line
	if line < 1 {
		line = 1
	}
	b, err := json.Marshal(gitlabIssue{
		Description: f.Rule + ": " + message(f.Finding),
		CheckName:   f.Rule,
		Fingerprint: g.fp.of(f),
		Severity:    gitlabSeverity(f.Severity),
		Location:    gitlabLocation{Path: f.File, Lines: gitlabLines{Begin: line}},
	})
	if err != nil && g.err == nil {
		g.err = err
	}
	g.write(string(validate.SafeJSON(b)))
}

func (g *gitlabWriter) End(Summary) error {
	if g.n == 0 {
		g.write("[")
	}
	g.write("\n]\n")
	return g.Flush()
}

func gitlabSeverity(s validate.Severity) string {
	switch s {
	case validate.Error:
		return "major"
	case validate.Warning:
		return "minor"
	}
	return "info"
}
