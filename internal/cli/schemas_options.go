package cli

import (
	"io"

	"github.com/spf13/cobra"

	"github.com/protocheck/protocheck/corpus/argv"
	"github.com/protocheck/protocheck/validate"
)

const schemasOptionsLong = `Show the Claude Code CLI's command-line options, as each release declares
them in its own code (make optionfacts reads them; --help of the release
agrees on every option it shows): every spelling of each option, whether
a value follows it ("required" <v>, "optional" [v], "..." for several),
the values it accepts, and whether --help hides it (hidden options are
accepted all the same).

Without --cli-version, one line per known release: how many options it
shows and hides, and which it added and dropped since the release before.

With --cli-version, the options of that release. A version that is not
known is answered with the nearest known release at or below it (the
oldest when it is older than all), and the output says so first.

With an argv after --, checks it as that release would parse it (as an
SDK spawns the CLI, without the program name): an option the release does
not know makes it print "error: unknown option '--x'" and exit 1, so the
session cannot start; a value missing or not among the choices likewise.
A dropped option names its replacement where the evidence shows one.
The exit code is then 1 when the release would refuse the argv.

Examples:
  protocheck schemas options
  protocheck schemas options --cli-version 2.1.331
  protocheck schemas options --cli-version 2.1.112 --format json
  protocheck schemas options --cli-version 2.1.331 -- --output-format stream-json --permission-prompt-tool-name x`

type schemasOptionsOptions struct {
	format  string
	version string
}

func newSchemasOptionsCmd() *cobra.Command {
	var opts schemasOptionsOptions
	cmd := &cobra.Command{
		Use:   "options [--cli-version X] [-- ARGV...]",
		Short: "Show the CLI's command-line options per release, or check an argv",
		Long:  schemasOptionsLong,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) > 0 && cmd.ArgsLenAtDash() != 0 {
				return usagef("%s takes an argv to check only after --, and --%s with it", cmd.CommandPath(), flagCLIVersion)
			}
			if len(args) > 0 && opts.version == "" {
				return usagef("checking an argv needs --%s (the release to check it against)", flagCLIVersion)
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			return runSchemasOptions(cmd.OutOrStdout(), args, cmd.ArgsLenAtDash() == 0, opts)
		},
	}
	addFormatFlag(cmd, &opts.format)
	cmd.Flags().StringVar(&opts.version, flagCLIVersion, "", "the CLI release (2.1.331); an unknown one is answered with the nearest known")
	return cmd
}

func runSchemasOptions(w io.Writer, args []string, check bool, opts schemasOptionsOptions) error {
	format, err := parseFormat(opts.format)
	if err != nil {
		return err
	}
	rs, err := argv.Releases()
	if err != nil {
		return err
	}
	if opts.version != "" && !validate.ValidCLIVersion(opts.version) {
		return usagef("--%s %q is not a version such as 2.1.331", flagCLIVersion, opts.version)
	}
	if opts.version == "" {
		if format == validate.FormatJSON {
			return writeJSON(w, rs.Summaries())
		}
		return argv.PrintSummaries(w, rs.Summaries())
	}
	j, err := argv.Describe(opts.version)
	if err != nil {
		return err
	}
	if check {
		return checkArgv(w, opts.version, args, format)
	}
	if format == validate.FormatJSON {
		return writeJSON(w, j)
	}
	return argv.PrintRelease(w, j)
}

// checkArgv prints what the release says of an argv; findings that stop
// the session are exit code 1.
func checkArgv(w io.Writer, version string, args []string, format validate.Format) error {
	res, err := argv.Check(version, args)
	if err != nil {
		return err
	}
	if format == validate.FormatJSON {
		if err := writeJSON(w, res); err != nil {
			return err
		}
	} else {
		argv.PrintCheck(w, version, res)
	}
	if !res.Starts {
		return errFindings
	}
	return nil
}
