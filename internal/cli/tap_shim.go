package cli

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/protocheck/protocheck/internal/tap"
)

const tapShimLong = `Write an executable that an SDK can be pointed at in place of the CLI: it
runs 'protocheck tap' around the real CLI with the SDK's arguments.

  protocheck tap shim --cli PATH -o FILE [-- TAP FLAGS...]

The tap flags given after "--" (--record, --findings, --format,
--fail-on, --fake-api, --baseline, ...) are baked into the shim; settings
not baked in come from the PROTOCHECK_TAP_* variables of the environment
the SDK runs the shim in (see 'protocheck tap --help'). The shim is a small
POSIX sh script naming this protocheck executable and the CLI by absolute
path.

Point the SDK at it:
  TypeScript  query({ prompt, options: { pathToClaudeCodeExecutable: "./claude-tapped" } })
  Python      ClaudeAgentOptions(cli_path="./claude-tapped")
  Go          the SDK's CLI path option (e.g. WithCLIPath("./claude-tapped"))

Examples:
  protocheck tap shim --cli "$(which claude)" -o ./claude-tapped
  protocheck tap shim --cli "$(which claude)" -o ./claude-tapped -- --record runs/ --findings runs/ --fake-api hello_text`

func newTapShimCmd() *cobra.Command {
	var cli, output, self string
	cmd := &cobra.Command{
		Use:   "shim --cli PATH -o FILE [-- TAP FLAGS...]",
		Short: "Write an executable that runs the CLI through tap, for SDKs that take a CLI path",
		Long:  tapShimLong,
		RunE: func(cmd *cobra.Command, args []string) error {
			if cli == "" || output == "" {
				return usagef("tap shim needs --%s PATH and -o FILE", flagCLI)
			}
			shim, err := tap.NewShim(cli, self)
			if err != nil {
				return err
			}
			// The baked flags are checked now, as tap would parse them.
			check := newTapCmd()
			if err := check.Flags().Parse(args); err != nil {
				return usagef("tap shim: %v", err)
			}
			if err := checkIntFlags(check); err != nil {
				return err
			}
			if rest := check.Flags().Args(); len(rest) > 0 {
				return usagef("tap shim: %q is not a tap flag (the SDK gives the CLI's arguments)", rest[0])
			}
			paths := map[string]string{}
			for _, name := range []string{flagRecord, flagFindings, flagBaseline} {
				if fl := check.Flags().Lookup(name); fl.Changed {
					paths[name] = fl.Value.String()
				}
			}
			if err := shim.Write(output, args, paths); err != nil {
				return err
			}
			fmt.Fprintf(cmd.ErrOrStderr(), "wrote %s: runs %s through protocheck tap\n", output, shim.CLI)
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVar(&cli, flagCLI, "", "the real CLI executable")
	f.StringVarP(&output, flagOutput, "o", "", "the shim to write")
	f.StringVar(&self, "protocheck", "", "the protocheck executable the shim runs (default: this one)")
	return cmd
}
