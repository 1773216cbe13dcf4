package drift

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"strings"

	"github.com/protocheck/protocheck/corpus/capture"
	"github.com/protocheck/protocheck/internal/usage"
	"github.com/protocheck/protocheck/validate"
)

// A GoldensReport is ExplainGoldens' result (corpus regress --explain's
// JSON output).
type GoldensReport struct {
	ReportVersion int    `json:"report_version"`
	From          string `json:"from"`
	To            string `json:"to"`
	// Scenarios are the differences of each scenario with goldens of both
	// versions, each explained (ExplainVersions).
	Scenarios map[string][]Explained `json:"scenarios"`
}

// ExplainGoldens runs ExplainVersions from version A to B of versions,
// "A,B" (corpus regress --explain; else a *usage.Error), on each
// scenario named, or, when scenarios is empty, on each scenario of the
// corpus folder dir that has goldens of both versions. When text is not
// nil it writes each difference there as it goes, one a line: the
// scenario, the rule, variant and pointer, and the drift changes that
// explain it or that none does; and on log when no scenario has goldens of
// both versions.
func ExplainGoldens(dir string, scenarios []string, versions string, text, log io.Writer) (*GoldensReport, error) {
	a, b, ok := strings.Cut(versions, ",")
	if !ok || !validate.ValidCLIVersion(a) || !validate.ValidCLIVersion(b) {
		return nil, usage.Errorf("--explain %q: want two CLI versions, A,B (2.0.20,2.1.330)", versions)
	}
	names := scenarios
	if len(names) == 0 {
		all, err := capture.LoadScenarios(dir + "/scenarios")
		if err != nil {
			return nil, err
		}
		for _, s := range all {
			names = append(names, s.Name)
		}
	}
	rep := &GoldensReport{ReportVersion: 1, From: a, To: b, Scenarios: map[string][]Explained{}}
	for _, name := range names {
		ex, err := ExplainVersions(dir, name, a, b)
		if errors.Is(err, fs.ErrNotExist) && len(scenarios) == 0 {
			continue // a scenario one of the versions does not run
		}
		if err != nil {
			return nil, err
		}
		rep.Scenarios[name] = ex
		if text == nil {
			continue
		}
		for _, e := range ex {
			why := "not in the schemas: the runs differ"
			if len(e.Changes) > 0 {
				var rules []string
				for _, c := range e.Changes {
					rules = append(rules, c.Severity.String()+" "+c.Rule)
				}
				why = "explained by " + strings.Join(rules, ", ")
			}
			fmt.Fprintf(text, "%s: %s %s %s: %s\n", name, e.Finding.Rule, e.Finding.Variant, e.Finding.Pointer, why)
		}
	}
	if text != nil && len(rep.Scenarios) == 0 {
		fmt.Fprintf(log, "no scenario has goldens of both %s and %s\n", a, b)
	}
	return rep, nil
}
