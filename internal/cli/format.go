package cli

import (
	"strings"

	"github.com/spf13/cobra"
)

// format is the output form of a command that prints data.
type format string

const (
	formatText format = "text"
	formatJSON format = "json"
)

// allFormats lists the output forms, for flag help.
var allFormats = []format{formatText, formatJSON}

const flagFormat = "format"

func parseFormat(s string) (format, error) {
	for _, f := range allFormats {
		if string(f) == s {
			return f, nil
		}
	}
	return "", usagef("--%s %q: want one of %s", flagFormat, s, formatList())
}

func formatList() string {
	names := make([]string, len(allFormats))
	for i, f := range allFormats {
		names[i] = string(f)
	}
	return strings.Join(names, ", ")
}

func addFormatFlag(cmd *cobra.Command, dst *string) {
	cmd.Flags().StringVar(dst, flagFormat, string(formatText), "output format: "+formatList())
}
