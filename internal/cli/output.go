package cli

import (
	"io"
	"path/filepath"

	"github.com/spf13/cobra"

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
	var targets []report.Target
	toStdout := 0
	paths := map[string]bool{}
	for _, v := range values {
		t, err := report.ParseTarget(v, allowed)
		if err != nil {
			return nil, usagef("--%s: %v", flagFormat, err)
		}
		if t.Path == "" {
			toStdout++
		} else {
			clean := filepath.Clean(t.Path)
			if paths[clean] {
				return nil, usagef("--%s: two formats write to %s", flagFormat, t.Path)
			}
			paths[clean] = true
		}
		targets = append(targets, t)
	}
	if toStdout > 1 {
		return nil, usagef("--%s: only one format can go to standard output; send the others to files (FORMAT=PATH)", flagFormat)
	}
	return targets, nil
}
