package drift

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"slices"

	"github.com/protocheck/protocheck/internal/report"
	"github.com/protocheck/protocheck/validate"
)

// Formats are the formats Write writes: the report's own text and json,
// and the findings formats that make sense for changes without a file.
var Formats = []report.Format{report.Text, report.JSON, report.GitHub, report.SARIF, report.JUnit, report.Markdown}

// Write writes the report in each target's format, to its file or to
// stdout. In the findings formats each change is a finding without a
// file, located by its variant and pointer; failOn is the lowest severity
// that fails the run, and version protocheck's, for the formats' tool.
func (r *DriftReport) Write(stdout io.Writer, targets []report.Target, failOn validate.Severity, version string) error {
	meta := report.Meta{Command: "drift", Version: version, FailOn: failOn}
	for _, rule := range DriftRules {
		meta.Rules = append(meta.Rules, report.Rule{ID: rule.ID, Doc: rule.Doc})
	}
	sum := report.Summary{Summary: validate.Summary{Errors: r.Counts["error"], Warnings: r.Counts["warning"], Infos: r.Counts["info"]},
		Line: fmt.Sprintf("%s -> %s: %d changes: %d errors, %d warnings, %d infos", r.From, r.To, len(r.Changes),
			r.Counts["error"], r.Counts["warning"], r.Counts["info"])}
	for _, t := range targets {
		w := stdout
		var buf bytes.Buffer
		if t.Path != "" {
			w = &buf
		}
		var err error
		switch t.Format {
		case report.Text:
			err = r.WriteText(w)
		case report.JSON:
			enc := json.NewEncoder(w)
			enc.SetIndent("", "  ")
			err = enc.Encode(r)
		default:
			rw := report.New(w, t.Format, &meta)
			for _, c := range r.Changes {
				rw.Finding(report.Finding{Finding: validate.Finding{Variant: c.Variant, Pointer: c.Pointer, Rule: c.Rule,
					Severity: c.Severity, Message: c.Side + ": " + c.Message}})
			}
			err = rw.End(sum)
		}
		if err == nil && t.Path != "" {
			err = report.WriteFile(t.Path, buf.Bytes())
		}
		if err != nil {
			return fmt.Errorf("writing the report: %w", err)
		}
	}
	return nil
}

// Fails reports whether a change is at or above failOn.
func (r *DriftReport) Fails(failOn validate.Severity) bool {
	return slices.ContainsFunc(r.Changes, func(c Change) bool { return c.Severity >= failOn })
}
