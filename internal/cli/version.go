package cli

import (
	"context"

	"github.com/spf13/cobra"

	"github.com/protocheck/protocheck/internal/buildinfo"
	"github.com/protocheck/protocheck/validate"
)

// version is set at link time with -ldflags "-X .../internal/cli.version=v1.2.3";
// otherwise it comes from the module's build information.
var version = ""

// toolVersion is protocheck's version, as reports name it.
func toolVersion() string { return buildinfo.Version(version) }

type versionOptions struct {
	format string
}

const versionLong = `Print the protocheck version and the protocol version its schemas describe:
the Claude Code CLI version and the @anthropic-ai/claude-agent-sdk release
whose types they were checked against.

Examples:
  protocheck version
  protocheck version --format json`

func newVersionCmd() *cobra.Command {
	var opts versionOptions
	cmd := &cobra.Command{
		Use:   "version",
		Short: "Print the protocheck and protocol versions",
		Long:  versionLong,
		Args:  noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return runVersion(cmd.Context(), streamsOf(cmd), opts)
		},
	}
	addFormatFlag(cmd, &opts.format)
	return cmd
}

func runVersion(ctx context.Context, st streams, opts versionOptions) error {
	format, err := parseFormat(opts.format)
	if err != nil {
		return err
	}
	info, err := buildinfo.Read(version)
	if err != nil {
		return err
	}
	if format == validate.FormatJSON {
		return writeJSON(st.stdout, info)
	}
	info.Print(st.stdout)
	return nil
}
