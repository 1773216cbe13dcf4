package cli

import (
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/protocheck/protocheck/protocol"
	"github.com/protocheck/protocheck/validate"
)

const schemasWindowLong = `Show what the evidence says of a variant's members across CLI releases:
the first release that shows each member (a capture carries it, an
sdk.d.ts declares it, the CLI's bundle writes it), the last release whose
captures prove it absent, and the first from which every capture carries
it. Between the last proven absence and the first sighting nothing is
known: there validate reports no error either way, and the strict profile
says version/unproven.

With a pointer (as findings print it: /message/context_management, * for
any array index or map key), one member; without, every member of the
variant. --at says what is known of each at one release.

Examples:
  protocheck schemas window assistant /message/context_management
  protocheck schemas window result/success --at 2.0.50
  protocheck schemas window system.init /skills --format json`

type schemasWindowOptions struct {
	format string
	at     string
}

func newSchemasWindowCmd() *cobra.Command {
	var opts schemasWindowOptions
	cmd := &cobra.Command{
		Use:   "window <variant> [pointer]",
		Short: "Show the evidence window of a variant's members",
		Long:  schemasWindowLong,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) < 1 || len(args) > 2 {
				return usagef("%s takes a variant and optionally a member's pointer, got %d argument(s)", cmd.CommandPath(), len(args))
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			ptr := ""
			if len(args) == 2 {
				ptr = args[1]
			}
			return runSchemasWindow(cmd.OutOrStdout(), args[0], ptr, opts)
		},
	}
	addFormatFlag(cmd, &opts.format)
	cmd.Flags().StringVar(&opts.at, "at", "", "say what is known of each member at this CLI release (2.0.50)")
	return cmd
}

func runSchemasWindow(w io.Writer, variant, ptr string, opts schemasWindowOptions) error {
	format, err := parseFormat(opts.format)
	if err != nil {
		return err
	}
	if opts.at != "" && !validate.ValidCLIVersion(opts.at) {
		return usagef("--at %q is not a version such as 2.1.330", opts.at)
	}
	v := protocol.ByName(strings.ReplaceAll(variant, "/", "."))
	if v == nil {
		return usagef("no variant %q; run 'protocheck schemas list' for the names", variant)
	}
	if ptr != "" && !strings.HasPrefix(ptr, "/") {
		ptr = "/" + ptr
	}
	out := protocol.MemberWindows(v, ptr, opts.at)
	if len(out) == 0 {
		return usagef("%s has no member %q; run 'protocheck schemas window %s' for its members", v.Name, ptr, v.Name)
	}
	if format == validate.FormatJSON {
		return writeJSON(w, out)
	}
	return protocol.PrintWindows(w, out, ptr != "", opts.at)
}
