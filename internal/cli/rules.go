package cli

import (
	"fmt"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/protocheck/protocheck/corpus/drift"
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
func allRules() []catalogRule {
	var list []catalogRule
	for _, r := range validate.Rules {
		e := ruleEntry{Example: r.Example, Flags: r.Flags, Case: r.Case, Fix: r.Fix, Abridged: r.Abridged}
		list = append(list, catalogRule{r.ID, r.Severity.String(), r.Doc, e})
	}
	for _, r := range drift.DriftRules {
		list = append(list, catalogRule{r.ID, bySide, r.Doc, driftCatalog[r.ID]})
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
			out := cmd.OutOrStdout()
			if opts.format == formatMarkdown {
				return writeRuleCatalogue(cmd.Context(), out, allRules())
			}
			format, err := parseFormat(opts.format)
			if err != nil {
				return err
			}
			if format == validate.FormatJSON {
				type rule struct {
					ID       string `json:"id"`
					Severity string `json:"severity"`
					Doc      string `json:"doc"`
				}
				var list []rule
				for _, r := range allRules() {
					list = append(list, rule{r.ID, r.Severity, r.Doc})
				}
				return writeJSON(out, list)
			}
			tw := tabwriter.NewWriter(out, 0, 0, 2, ' ', 0)
			fmt.Fprintln(tw, "RULE\tSEVERITY\tREPORTS")
			for _, r := range allRules() {
				fmt.Fprintf(tw, "%s\t%s\t%s\n", r.ID, r.Severity, r.Doc)
			}
			return tw.Flush()
		},
	}
	addFormatFlag(cmd, &opts.format)
	cmd.Flags().Lookup(flagFormat).Usage += ", " + formatMarkdown + " (the rule catalogue)"
	return cmd
}
