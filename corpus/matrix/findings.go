package matrix

import (
	"fmt"

	"github.com/protocheck/protocheck/corpus/internal/jsonptr"
	"github.com/protocheck/protocheck/validate"
)

// Findings returns each reason of a cell that rejects or drops lines as a
// finding at the first evidence line that shows it: an error where the
// dialect rejects the lines, a warning where it drops them; the message
// names the dialect and counts the lines. They are the matrix in the
// findings formats (github, sarif, junit, gitlab).
func (m *Matrix) Findings() []validate.Finding {
	var out []validate.Finding
	for _, c := range m.Cells {
		for _, r := range c.Reasons {
			if r.Verdict == Ignored {
				continue
			}
			sev := validate.Warning
			if r.Verdict == Rejected {
				sev = validate.Error
			}
			f := validate.Finding{Variant: c.Variant, Pointer: r.Pointer, Rule: r.Rule, Severity: sev}
			msg := r.Message
			for _, e := range c.Evidence {
				if e.Verdict == r.Verdict && e.Rule == r.Rule && jsonptr.AnyIndex(e.Pointer) == r.Pointer {
					f.File, f.Line, f.Pointer, msg = e.File, e.Line, e.Pointer, e.Message
					break
				}
			}
			noun := "lines"
			if r.Count == 1 {
				noun = "line"
			}
			f.Message = fmt.Sprintf("%s %s %d %s of %s: %s", c.Dialect, r.Verdict, r.Count, noun, c.Variant, msg)
			out = append(out, f)
		}
	}
	return out
}
