package matrix

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/protocheck/protocheck/internal/report"
	"github.com/protocheck/protocheck/internal/usage"
	"github.com/protocheck/protocheck/validate"
)

// LoadDialects returns the built-in dialects, with those of each folder
// of dirs (--dialect-dir), that names selects (--dialect; all when it is
// empty). With addDirs, the dialects of dirs are selected too when names
// are given. A folder that holds no dialect and an unknown name are
// *usage.Errors.
func LoadDialects(names, dirs []string, addDirs bool) ([]*Dialect, error) {
	all, err := BuiltinDialects()
	if err != nil {
		return nil, err
	}
	named := len(names) > 0
	for _, dir := range dirs {
		if all, err = AddDialectDir(all, dir); err != nil {
			return nil, usage.Errorf("--dialect-dir: %v", err)
		}
		if d := all[len(all)-1]; addDirs && named && !slices.Contains(names, d.Name) {
			names = append(names, d.Name)
		}
	}
	dialects, err := SelectDialects(all, names)
	if err != nil {
		return nil, usage.Errorf("--dialect: %v", err)
	}
	return dialects, nil
}

// WriteDialects lists the dialects: as indented JSON (as dialect.json
// files describe them), or as text, each one's name, title, policy for
// what it does not know, sources and doc.
func WriteDialects(w io.Writer, all []*Dialect, asJSON bool) error {
	if asJSON {
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(all)
	}
	for _, d := range all {
		p := d.Policy
		drops := ""
		if len(p.DropInvalid) > 0 {
			drops = "; drops undecodable " + strings.Join(p.DropInvalid, ", ")
		}
		fmt.Fprintf(w, "%s: %s\n  policy: type %s, subtype %s, block %s, member %s%s\n  sources: %s\n  %s\n\n",
			d.Name, d.Title, p.Type, p.Subtype, p.Block, p.Member, drops, strings.Join(d.Sources, "; "), d.Doc)
	}
	return nil
}

// ReportFormats are the formats Report writes: the matrix's own (Formats:
// text, markdown, json, html), and its divergences as findings.
var ReportFormats = append(slices.Clone(Formats), report.GitHub, report.SARIF, report.JUnit, report.GitLab)

// Report writes the matrix in format f, one of ReportFormats: in its own
// formats with Print, else each divergence as a finding (Findings) with a
// summary line; version is protocheck's, for the findings formats' tool.
func (m *Matrix) Report(w io.Writer, f report.Format, version string) error {
	if slices.Contains(Formats, f) {
		return m.Print(w, f)
	}
	meta := report.Meta{Command: "corpus run", Version: version, Rules: report.ValidateRules(), FailOn: validate.Error}
	rw := report.New(w, f, &meta)
	var sum report.Summary
	n := 0
	for _, fd := range m.Findings() {
		rw.Finding(report.Finding{Finding: fd})
		n++
		if fd.Severity == validate.Error {
			sum.Errors++
		} else {
			sum.Warnings++
		}
	}
	sum.Files, sum.Lines = m.Files, m.Lines
	sum.Line = fmt.Sprintf("%s (%d rejecting, %d dropping) over %s in %s, %d dialects",
		count(n, "divergence"), sum.Errors, sum.Warnings, count(m.Lines, "line"), count(m.Files, "file"), len(m.Dialects))
	return rw.End(sum)
}
