package cli

import (
	"io"

	"github.com/spf13/cobra"

	"github.com/protocheck/protocheck/internal/atomicfile"
	"github.com/protocheck/protocheck/internal/report"
)

// formatHelp is the help of a repeatable --format flag.
func formatHelp(allowed []report.Format) string {
	return "output format, FORMAT or FORMAT=PATH, repeatable: " + report.Names(allowed)
}

// addTargetsFlag declares a repeatable --format FORMAT[=PATH].
func addTargetsFlag(cmd *cobra.Command, dst *[]string, allowed []report.Format) {
	cmd.Flags().StringArrayVar(dst, flagFormat, []string{string(report.Text)}, formatHelp(allowed))
}

// outputs are the writers of one run's --format values (report.Open),
// with the names validate and tap call.
type outputs struct{ *report.Outputs }

func openOutputs(stdout io.Writer, targets []report.Target, meta report.Meta) *outputs {
	return &outputs{report.Open(stdout, targets, meta)}
}

// end writes the summary to every writer, then the files.
func (o *outputs) end(s report.Summary) error { return o.End(s) }

// abort drops the new versions of the report files not yet put in place.
func (o *outputs) abort() { o.Abort() }

func sameFile(a, b string) bool { return report.SameFile(a, b) }

// parseTargets parses --format values as usage errors.
func parseTargets(values []string, allowed []report.Format) ([]report.Target, error) {
	targets, err := report.ParseTargets(values, allowed)
	if err != nil {
		return nil, usagef("--%s: %v", flagFormat, err)
	}
	return targets, nil
}

// resolveExisting is the path p writes once links are followed
// (atomicfile.ResolveExisting).
func resolveExisting(p string) (string, error) { return atomicfile.ResolveExisting(p) }
