package cli

import (
	"encoding/json"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/protocheck/protocheck/validate"
)

const flagFormat = "format"

// parseFormat parses a --format value as a usage error when it is wrong.
func parseFormat(s string) (validate.Format, error) {
	f, err := validate.ParseFormat(s)
	if err != nil {
		return "", usagef("--%s: %v", flagFormat, err)
	}
	return f, nil
}

func addFormatFlag(cmd *cobra.Command, dst *string) {
	names := make([]string, len(validate.AllFormats))
	for i, f := range validate.AllFormats {
		names[i] = string(f)
	}
	cmd.Flags().StringVar(dst, flagFormat, string(validate.FormatText), "output format: "+strings.Join(names, ", "))
}

// writeJSON writes v as indented JSON.
func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}
