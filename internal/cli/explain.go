package cli

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"strings"

	"github.com/protocheck/protocheck/corpus/capture"
	"github.com/protocheck/protocheck/corpus/drift"
	"github.com/protocheck/protocheck/validate"
)

const flagExplain = "explain"

// explainReport is corpus regress --explain's JSON output.
type explainReport struct {
	ReportVersion int                          `json:"report_version"`
	From          string                       `json:"from"`
	To            string                       `json:"to"`
	Scenarios     map[string][]drift.Explained `json:"scenarios"`
}

// runExplain runs corpus regress --explain A,B: for each scenario (or each
// --scenario) with goldens of both versions, the structural differences
// and the drift changes that explain them.
func runExplain(ctx context.Context, st streams, opts corpusRegressOptions, format validate.Format) error {
	a, b, ok := strings.Cut(opts.explain, ",")
	if !ok || !validate.ValidCLIVersion(a) || !validate.ValidCLIVersion(b) {
		return usagef("--%s %q: want two CLI versions, A,B (2.0.20,2.1.330)", flagExplain, opts.explain)
	}
	names := opts.scenarios
	if len(names) == 0 {
		all, err := capture.LoadScenarios(opts.dir + "/scenarios")
		if err != nil {
			return err
		}
		for _, s := range all {
			names = append(names, s.Name)
		}
	}
	rep := explainReport{ReportVersion: 1, From: a, To: b, Scenarios: map[string][]drift.Explained{}}
	out := st.stdout
	for _, name := range names {
		ex, err := drift.ExplainVersions(opts.dir, name, a, b)
		if errors.Is(err, fs.ErrNotExist) && len(opts.scenarios) == 0 {
			continue // a scenario one of the versions does not run
		}
		if err != nil {
			return err
		}
		rep.Scenarios[name] = ex
		if format == validate.FormatJSON {
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
			fmt.Fprintf(out, "%s: %s %s %s: %s\n", name, e.Finding.Rule, e.Finding.Variant, e.Finding.Pointer, why)
		}
	}
	if format == validate.FormatJSON {
		return writeJSON(out, rep)
	}
	if len(rep.Scenarios) == 0 {
		fmt.Fprintf(st.stderr, "no scenario has goldens of both %s and %s\n", a, b)
	}
	return nil
}
