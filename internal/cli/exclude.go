package cli

import (
	"github.com/spf13/cobra"

	"github.com/protocheck/protocheck/internal/check"
	"github.com/protocheck/protocheck/validate"
)

const flagExclude = "exclude"

// addExcludeFlag adds --exclude GLOB to a command that reads inputs.
func addExcludeFlag(cmd *cobra.Command, dst *[]string) {
	cmd.Flags().StringArrayVar(dst, flagExclude, nil, "leave out the input files whose path or base name matches GLOB (** spans folders; repeatable)")
}

// checkExcludes reports a bad --exclude glob as a usage error.
func checkExcludes(globs []string) error { return check.CheckExcludes(globs) }

// excludeInputs leaves out the inputs --exclude names (check.Exclude).
func excludeInputs(inputs []validate.Input, globs []string) []validate.Input {
	return check.Exclude(inputs, globs)
}

// excludedAll is the error for inputs --exclude left none of.
func excludedAll(n int) error { return check.ExcludedAll(n) }
