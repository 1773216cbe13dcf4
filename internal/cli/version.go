package cli

import (
	"context"
	"fmt"
	"runtime"
	"runtime/debug"

	"github.com/spf13/cobra"

	"github.com/protocheck/protocheck/validate"

	"github.com/protocheck/protocheck/schemas"
)

// version is set at link time with -ldflags "-X .../internal/cli.version=v1.2.3";
// otherwise it comes from the module's build information.
var version = ""

func toolVersion() string {
	if version != "" {
		return version
	}
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "(devel)"
	}
	return buildVersion(bi)
}

// buildVersion returns the module version of a build, or for a build from a
// source tree ("(devel)") the commit it was built from, when the build
// recorded it: "(devel) 0123456789ab", with "+dirty" for uncommitted changes.
func buildVersion(bi *debug.BuildInfo) string {
	v := bi.Main.Version
	if v != "" && v != "(devel)" {
		return v
	}
	var rev, dirty string
	for _, s := range bi.Settings {
		switch {
		case s.Key == "vcs.revision":
			rev = s.Value[:min(12, len(s.Value))]
		case s.Key == "vcs.modified" && s.Value == "true":
			dirty = "+dirty"
		}
	}
	if rev == "" {
		return "(devel)"
	}
	return "(devel) " + rev + dirty
}

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

// versionInfo is the JSON form of protocheck version.
type versionInfo struct {
	Protocheck    string `json:"protocheck"`
	CLIVersion    string `json:"cli_version"`
	SDKVersion    string `json:"sdk_version"`
	SchemaVersion int    `json:"schema_version"`
	Variants      int    `json:"variants"`
	BaseID        string `json:"base_id"`
	Go            string `json:"go"`
}

func runVersion(ctx context.Context, st streams, opts versionOptions) error {
	format, err := parseFormat(opts.format)
	if err != nil {
		return err
	}
	idx, err := schemas.LoadIndex()
	if err != nil {
		return err
	}
	info := versionInfo{
		Protocheck:    toolVersion(),
		CLIVersion:    idx.Protocol.CLIVersion,
		SDKVersion:    idx.Protocol.SDKVersion,
		SchemaVersion: idx.SchemaVersion,
		Variants:      len(idx.Variants),
		BaseID:        idx.BaseID,
		Go:            runtime.Version(),
	}
	out := st.stdout
	if format == validate.FormatJSON {
		return writeJSON(out, info)
	}
	fmt.Fprintf(out, "protocheck %s\n", info.Protocheck)
	fmt.Fprintf(out, "protocol   Claude Code CLI %s (@anthropic-ai/claude-agent-sdk %s)\n", info.CLIVersion, info.SDKVersion)
	fmt.Fprintf(out, "schemas    layout v%d, %d variants, %s\n", info.SchemaVersion, info.Variants, info.BaseID)
	fmt.Fprintf(out, "go         %s\n", info.Go)
	return nil
}
