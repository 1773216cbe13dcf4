package cli

import "github.com/spf13/cobra"

const flagExclude = "exclude"

// addExcludeFlag adds --exclude GLOB to a command that reads inputs.
func addExcludeFlag(cmd *cobra.Command, dst *[]string) {
	cmd.Flags().StringArrayVar(dst, flagExclude, nil, "leave out the input files whose path or base name matches GLOB (** spans folders; repeatable)")
}
