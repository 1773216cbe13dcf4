package cli

import (
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

// parseTargets parses --format values as usage errors.
func parseTargets(values []string, allowed []report.Format) ([]report.Target, error) {
	targets, err := report.ParseTargets(values, allowed)
	if err != nil {
		return nil, usagef("--%s: %v", flagFormat, err)
	}
	return targets, nil
}
