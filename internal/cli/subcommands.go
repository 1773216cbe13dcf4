package cli

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/protocheck/protocheck/internal/usage"
)

// guardGroups makes every command that only groups subcommands (corpus,
// schemas, config) treat an unknown subcommand as the root does: a usage
// error (exit 2) with suggestions, not its help and exit 0. Without
// arguments such a command prints its help, as the root does.
func guardGroups(cmd *cobra.Command) {
	for _, c := range cmd.Commands() {
		guardGroups(c)
	}
	if cmd.Parent() == nil || !cmd.HasSubCommands() || cmd.Runnable() {
		return
	}
	cmd.Args = cobra.ArbitraryArgs
	if cmd.SuggestionsMinimumDistance <= 0 {
		cmd.SuggestionsMinimumDistance = 2 // as the root's default
	}
	cmd.RunE = func(cmd *cobra.Command, args []string) error {
		if len(args) == 0 {
			return cmd.Help()
		}
		msg := fmt.Sprintf("unknown command %q for %q", args[0], cmd.CommandPath())
		if s := cmd.SuggestionsFor(args[0]); len(s) > 0 {
			msg += "\n\nDid you mean this?\n\t" + strings.Join(s, "\n\t")
		}
		return usage.Errorf("%s", msg)
	}
}
