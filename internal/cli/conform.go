package cli

import (
	"context"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/protocheck/protocheck/internal/conform"
	"github.com/protocheck/protocheck/internal/usage"
)

const (
	flagMutate         = "mutate"
	flagListMutations  = "list-mutations"
	flagExpected       = "expected"
	flagWriteExpected  = "write-expected"
	flagOffline        = "offline"
	flagCache          = "cache"
	flagReport         = "report"
	flagNoShrink       = "no-shrink"
	defaultConformScen = "hello_text"
)

// conformOptions are conform's flags: the library's Request, and
// --list-mutations.
type conformOptions struct {
	conform.Request
	list bool
}

const conformLong = `Run an SDK's own command (its tests, or an example program) against the
real CLI of each chosen release, and against what a next release may send.

  protocheck conform [flags] -- CMD [ARGS...]

CMD runs once per release with protocheck as the CLI it spawns: a shim
named claude first on its PATH, whose path is also in $PROTOCHECK_CLI for
the SDK's CLI-path option (TypeScript pathToClaudeCodeExecutable, Python
ClaudeAgentOptions(cli_path=...), Go WithCLIPath). The shim runs the
release's real CLI through a tap session (see 'protocheck tap'), offline
against the fake Messages API scripted by --scenario, both directions
checked. That run is the release's baseline: it passes when CMD exits 0
and the session has no finding of error severity.

--mutate then runs CMD again once per mutation, each injecting between the
CLI's lines (or changing in one of them) what a next release may add,
derived from the protocol model, not a hand list (--list-mutations):
  type      a message of an unknown top-level type
  subtype   an unknown subtype of each family (system, result,
            control_request, control_response)
  union     an unknown kind in each union a message carries: content
            block, stream event, delta, control request (which the SDK
            must answer, with an error, and the turn go on)
  member    an unknown member on each variant
  enum      an unknown value in each enum of each variant
  null      each required member of each variant turned null
Give classes, mutation IDs, or "all" (comma-separated or repeated); an ID
ending in @N injects its N-th frame only. A mutation whose place the
baseline session does not have is not applied (n/a). Each outcome is
compared with the baseline: survived (CMD ends as the baseline did),
crashed (another exit status, or the SDK stopped reading the CLI), hung
(--timeout), mis-answered (an injected control request not answered with
an error). A failure is shrunk to the one injected frame that fails
alone, and printed with a command that reproduces it.

Releases (--cli): a list "2.1.330,2.1.331", or a range "2.1.300..2.1.332"
(every release npm lists in it; offline, the installed ones); default,
every release installed under --cli-dir (the ladder's rungs). A release
not installed there or in --cache is installed from npm on first use, or
refused with --offline. -j runs releases in parallel.

The result: releases × outcome and mutations × release, in --format
text|markdown|json|junit|html on standard output, and --report
FORMAT=PATH for files. --expected FILE lists failures that do not fail the
run, one "RELEASE MUTATION OUTCOME" a line (RELEASE may be *; MUTATION
"baseline" for the unmutated run): an entry whose failure no longer
happens is stale and fails the run. --write-expected FILE writes the
run's failures in that form.

Nothing is left behind: the shims, the sessions' records and the fake
API's HOME live in one temporary folder removed at the end; on Linux the
command and each CLI die with protocheck, however it dies.

Exit codes: 0 every release passed and every mutation survived (or was
expected to fail); 1 a failure not expected, or a stale expectation; 2
usage error, a release that could not be installed, or a signal stopped
the run.

Examples:
  protocheck conform --cli 2.1.330 -- python examples/session.py
  protocheck conform --cli 2.1.300..2.1.332 -j 2 --mutate type,subtype,union -- npm test
  protocheck conform --cli 2.1.330 --mutate all --format markdown --report junit=conform.xml -- go run ./example
  protocheck conform --cli 2.1.330 --mutate 'type@1' -- python examples/session.py`

func newConformCmd() *cobra.Command {
	opts := conformOptions{}
	cmd := &cobra.Command{
		Use:   "conform [flags] -- CMD [ARGS...]",
		Short: "Run an SDK's command against CLI releases and a simulated next release",
		Long:  conformLong,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runConform(cmd.Context(), streamsOf(cmd), args, opts)
		},
	}
	f := cmd.Flags()
	f.SetInterspersed(false)
	f.StringVar(&opts.CLI, flagCLI, "", "the releases: a list 2.1.330,2.1.331 or a range 2.1.300..2.1.332 (default: every release under --cli-dir)")
	f.StringVar(&opts.CLIDir, flagCLIDir, "", "folder of installed releases, one folder per version (default: $PROTOCHECK_CLI_DIR, else .cache/cli here or above)")
	f.StringVar(&opts.Cache, flagCache, "", "folder releases not installed are installed into from npm (default: the user's cache folder)")
	f.BoolVar(&opts.Offline, flagOffline, false, "never ask npm: a release not installed is an error")
	f.StringVar(&opts.Scenario, flagScenario, defaultConformScen, "the fake API's scenario: a path, or a name under corpus/scenarios")
	f.StringSliceVar(&opts.Mutate, flagMutate, nil, "mutations to run: classes (type, subtype, union, member, enum, null), IDs (ID@N: its N-th frame only) or all")
	f.BoolVar(&opts.list, flagListMutations, false, "list the mutations the model gives, and exit")
	f.IntVarP(&opts.Jobs, flagJobs, "j", 1, "releases run at once")
	f.DurationVar(&opts.Timeout, flagTimeout, conform.DefaultTimeout, "longest a run of the command may take; then it is killed (hung)")
	f.StringVar(&opts.Format, flagFormat, "text", "format on standard output: text, markdown, json, junit or html")
	f.StringArrayVar(&opts.Reports, flagReport, nil, "also write the result as FORMAT=PATH (repeatable)")
	f.StringVar(&opts.Expected, flagExpected, "", "expected-failures file: its failures do not fail the run; an entry no longer failing does (stale)")
	f.StringVar(&opts.WriteExpected, flagWriteExpected, "", "write the run's failures as an expected-failures file")
	f.BoolVar(&opts.NoShrink, flagNoShrink, false, "do not shrink a failure to one injected frame")
	cmd.AddCommand(newConformSessionCmd(), newConformReapCmd())
	return cmd
}

// newConformSessionCmd is the shim's side: one session of the command.
func newConformSessionCmd() *cobra.Command {
	var spec string
	cmd := &cobra.Command{
		Use:    "session --spec FILE -- CLI ARGS...",
		Short:  "Run one session of a conform run (the shim's side; not for direct use)",
		Hidden: true,
		RunE: func(cmd *cobra.Command, args []string) error {
			s, err := conform.ReadSpec(spec)
			if err != nil {
				return usage.Wrap(err)
			}
			return exitCode(conform.Session(s, args, cmd.InOrStdin(), cmd.OutOrStdout(), cmd.ErrOrStderr()))
		},
	}
	cmd.Flags().SetInterspersed(false)
	cmd.Flags().StringVar(&spec, "spec", "", "the run's spec file")
	return cmd
}

// newConformReapCmd is the reaper of a run (see conform.Reap).
func newConformReapCmd() *cobra.Command {
	return &cobra.Command{
		Use:    "reap DIR",
		Short:  "Clean up after a conform run once it ends, however it ends (not for direct use)",
		Hidden: true,
		Args:   exactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return conform.Reap(args[0], cmd.InOrStdin())
		},
	}
}

func runConform(ctx context.Context, s streams, args []string, opts conformOptions) error {
	if _, err := conform.ParseFormat(opts.Format); err != nil {
		return usagef("--%s: %v", flagFormat, err)
	}
	if opts.list {
		conform.PrintMutations(s.stdout)
		return nil
	}
	opts.Command, opts.Progress = args, s.stderr
	plan, err := conform.Prepare(opts.Request)
	if err != nil {
		return err
	}
	rep, err := plan.Run(ctx)
	switch {
	case usage.Is(err):
		return err
	case err != nil && interruption(ctx) != nil:
		fmt.Fprintf(s.stderr, "protocheck: %v: conform stopped; nothing is left running\n", interruption(ctx))
		return errStopped
	case err != nil:
		return err
	}
	if err := plan.Write(s.stdout, rep); err != nil {
		return err
	}
	if e := rep.StartError(); e != "" {
		return usagef("%s", e)
	}
	if rep.Failed() {
		return errFindings
	}
	return nil
}
