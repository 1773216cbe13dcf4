package cli

import (
	"fmt"
	"os"

	"github.com/spf13/cobra"

	"github.com/protocheck/protocheck/internal/atomicfile"
	"github.com/protocheck/protocheck/internal/check"
	"github.com/protocheck/protocheck/internal/config"
)

const (
	flagBaseline       = "baseline"
	flagUpdateBaseline = "update-baseline"
	flagFailOnStale    = "fail-on-stale"
	flagIgnore         = "ignore"
	flagConfig         = "config"
)

// ruleIDs lists the rule IDs --ignore may name.
func ruleIDs() []string { return check.RuleIDs() }

const configInitLong = `Write a commented starter .protocheck.yaml: protocheck validate reads it
from the current folder, or from the root of the git work tree, unless
--config names another file. Every key is optional, flags override it, and
a key it does not know is an error that names the file and line.

Keys: ` + "profile, strict, direction, fail-on, fail-on-stale, baseline, format, ignore, rules" + `.

Examples:
  protocheck config init
  protocheck config init --force ci/.protocheck.yaml

Exit codes: 0 written, 2 the file exists (use --force) or could not be
written.`

func newConfigCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "config",
		Short: "Write the starter config file (.protocheck.yaml)",
		Args:  noArgs,
	}
	var force bool
	initCmd := &cobra.Command{
		Use:   "init [PATH]",
		Short: "Write a commented starter .protocheck.yaml",
		Long:  configInitLong,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) > 1 {
				return usagef("%s takes at most one path", cmd.CommandPath())
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			path := config.FileName
			if len(args) == 1 {
				path = args[0]
			}
			if _, err := os.Stat(path); err == nil && !force {
				return usagef("%s exists; --%s overwrites it", path, flagForce)
			}
			if err := atomicfile.WriteFile(path, []byte(config.Starter), 0o644); err != nil {
				return err
			}
			fmt.Fprintf(cmd.ErrOrStderr(), "wrote %s\n", path)
			return nil
		},
	}
	initCmd.Flags().BoolVar(&force, flagForce, false, "overwrite the file if it exists")
	cmd.AddCommand(initCmd)
	return cmd
}
