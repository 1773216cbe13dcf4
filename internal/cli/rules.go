package cli

import (
	"context"

	"github.com/spf13/cobra"

	"github.com/protocheck/protocheck/corpus/drift"
	"github.com/protocheck/protocheck/internal/report"
	"github.com/protocheck/protocheck/validate"
)

// bySide is the severity column of the compat/ rules of protocheck drift:
// their severity depends on which side reads the member (see drift --help).
const bySide = "by-side"

type rulesOptions struct {
	format string
}

const rulesLong = `List the rules whose IDs findings carry. IDs are stable: baselines
(validate --baseline), --ignore RULE[:GLOB] and the rules: severities of
.protocheck.yaml name them. The severity shown is the default;
--strict raises unknown variants and kinds to errors, and the strict profile
makes unknown properties errors. The compat/ rules are those of
'protocheck drift', whose severity depends on which side reads.

--format markdown writes the rule catalogue, docs/rules.md: each rule with
an example that validate reports (and what it prints) and how to fix it.

Examples:
  protocheck rules
  protocheck rules --format json
  protocheck rules --format markdown > docs/rules.md`

// formatMarkdown is the rules command's third format: the catalogue.
const formatMarkdown = "markdown"

// allRules lists every rule 'protocheck rules' prints, in its order, with
// the default severity as it shows it.
func allRules() []report.CatalogRule {
	var list []report.CatalogRule
	for _, r := range validate.Rules {
		list = append(list, report.CatalogRule{ID: r.ID, Severity: r.Severity.String(), Doc: r.Doc,
			Example: r.Example, Flags: r.Flags, Abridged: r.Abridged, Case: r.Case, Fix: r.Fix})
	}
	for _, r := range drift.DriftRules {
		list = append(list, report.CatalogRule{ID: r.ID, Severity: bySide, Doc: r.Doc, Case: r.Case, Fix: r.Fix})
	}
	return list
}

func newRulesCmd() *cobra.Command {
	var opts rulesOptions
	cmd := &cobra.Command{
		Use:   "rules",
		Short: "List the rule IDs of findings",
		Long:  rulesLong,
		Args:  noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return runRules(cmd.Context(), streamsOf(cmd), opts)
		},
	}
	addFormatFlag(cmd, &opts.format)
	cmd.Flags().Lookup(flagFormat).Usage += ", " + formatMarkdown + " (the rule catalogue)"
	return cmd
}

func runRules(ctx context.Context, st streams, opts rulesOptions) error {
	if opts.format == formatMarkdown {
		return report.WriteRuleCatalogue(ctx, st.stdout, allRules(), runExample)
	}
	format, err := parseFormat(opts.format)
	if err != nil {
		return err
	}
	return report.WriteRules(st.stdout, format, allRules())
}
