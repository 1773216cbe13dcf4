package cli

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"text/tabwriter"

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

// releaseJSON is one release in --format json.
type releaseJSON struct {
	CLI string `json:"cli"`
	// Asked is the version asked for when it is not known (CLI is then
	// the nearest known release).
	Asked   string        `json:"asked,omitempty"`
	Source  string        `json:"source"`
	Help    string        `json:"help"`
	Shown   int           `json:"shown"`
	Hidden  int           `json:"hidden"`
	Added   []string      `json:"added,omitempty"`
	Dropped []string      `json:"dropped,omitempty"`
	Options []argv.Option `json:"options,omitempty"`
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
		return printReleases(w, rs, format)
	}
	r, exact, err := argv.For(opts.version)
	if err != nil {
		return err
	}
	if check {
		return checkArgv(w, opts.version, args, format)
	}
	j := summary(rs, r)
	j.Options = r.Options
	if !exact {
		j.Asked = opts.version
	}
	if format == validate.FormatJSON {
		return writeJSON(w, j)
	}
	if !exact {
		fmt.Fprintf(w, "CLI %s is not known; the nearest known release at or below it is %s: its options follow.\n", opts.version, r.CLI)
	}
	fmt.Fprintf(w, "CLI %s, read from %s: %d options, %d shown by --help, %d hidden; --help %s\n", r.CLI, r.Source, len(r.Options), j.Shown, j.Hidden, r.Help)
	return printOptions(w, r.Options)
}

// summary counts a release's options and what changed since the release
// before it.
func summary(rs []argv.Release, r *argv.Release) releaseJSON {
	j := releaseJSON{CLI: r.CLI, Source: r.Source, Help: r.Help}
	j.Shown, j.Hidden = r.Counts()
	i := slices.IndexFunc(rs, func(x argv.Release) bool { return x.CLI == r.CLI })
	if i > 0 {
		j.Added, j.Dropped = argv.Changes(&rs[i-1], r)
	}
	return j
}

// printOptions prints a release's options as a table, with what is known
// of each.
func printOptions(w io.Writer, options []argv.Option) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "OPTION\tVALUE\tHIDDEN\tNOTES")
	for _, o := range options {
		names := strings.Join(o.Names, ", ")
		value := string(o.Value)
		if o.Variadic {
			value += "..."
		}
		hidden := "-"
		switch o.Hidden {
		case argv.HiddenAlways:
			hidden = "hidden"
		case argv.HiddenSometimes:
			hidden = "sometimes"
		}
		var notes []string
		if len(o.Choices) > 0 {
			notes = append(notes, "one of "+strings.Join(o.Choices, "|"))
		}
		if o.Deprecated {
			n := "deprecated"
			if o.Replacement != "" {
				n += ", use " + o.Replacement
			}
			notes = append(notes, n)
		}
		if o.Conditional {
			notes = append(notes, "declared on a run-time condition")
		}
		if o.Mandatory {
			notes = append(notes, "mandatory")
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", names, value, hidden, strings.Join(notes, "; "))
	}
	return tw.Flush()
}

func printReleases(w io.Writer, rs []argv.Release, format validate.Format) error {
	out := make([]releaseJSON, len(rs))
	for i := range rs {
		out[i] = summary(rs, &rs[i])
	}
	if format == validate.FormatJSON {
		return writeJSON(w, out)
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "CLI\tSHOWN\tHIDDEN\tADDED\tDROPPED")
	for _, j := range out {
		fmt.Fprintf(tw, "%s\t%d\t%d\t%s\t%s\n", j.CLI, j.Shown, j.Hidden, orDash(strings.Join(j.Added, " ")), orDash(strings.Join(j.Dropped, " ")))
	}
	return tw.Flush()
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
		if !res.Exact {
			fmt.Fprintf(w, "CLI %s is not known; checked against the nearest known release, %s.\n", version, res.CLI)
		}
		for _, f := range res.Findings {
			fmt.Fprintf(w, "argv[%d]: %s: %s: %s\n", f.Index, f.Severity, f.Rule, f.Message)
		}
		if res.Starts {
			fmt.Fprintf(w, "CLI %s starts with this argv.\n", res.CLI)
		}
	}
	if !res.Starts {
		return errFindings
	}
	return nil
}
