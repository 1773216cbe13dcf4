package report_test

import (
	"os"

	"github.com/protocheck/protocheck/internal/report"
	"github.com/protocheck/protocheck/validate"
)

// A finding written as a GitHub Actions annotation; the summary line ends
// the output.
func ExampleNew() {
	w := report.New(os.Stdout, report.GitHub, &report.Meta{Command: "validate", Rules: report.ValidateRules()})
	w.Finding(report.Finding{Finding: validate.Finding{File: "a,b.jsonl", Line: 1, Column: 91, Variant: "result.success",
		Pointer: "/num_turns", Rule: "schema/type", Severity: validate.Error,
		Message: "result/success: `num_turns`: expected integer, got string"}})
	w.End(report.Summary{Summary: validate.Summary{Files: 1, Lines: 1, Errors: 1}, Line: "1 line in 1 file: 1 error"})
	// Output:
	// ::error file=a%2Cb.jsonl,line=1,col=91,title=schema/type::result/success: `num_turns`: expected integer, got string (at /num_turns)
	// 1 line in 1 file: 1 error
}
