package cli

import (
	"context"
	"fmt"
	"os"
	"time"

	"github.com/spf13/cobra"

	"github.com/protocheck/protocheck/internal/check"
	"github.com/protocheck/protocheck/internal/report"
	"github.com/protocheck/protocheck/internal/tap"
	"github.com/protocheck/protocheck/internal/usage"
	"github.com/protocheck/protocheck/validate"
)

// exitCode is an error that makes the process exit with its value: tap
// exits with the CLI's own status.
type exitCode int

func (c exitCode) Error() string { return fmt.Sprintf("exit status %d", int(c)) }

const (
	flagRecord   = "record"
	flagFindings = "findings"
	flagFakeAPI  = "fake-api"
	flagQueue    = "queue"
	flagDrain    = "drain"
)

// tapOptions are tap's flags: the checker's (check.LiveOptions) and the
// session's files.
type tapOptions struct {
	check.LiveOptions
	record   string
	findings string
	fakeAPI  string
}

const tapLong = `Run the Claude Code CLI between an SDK and itself, and check both
directions of the live session as it runs.

  protocheck tap [flags] -- CLI [ARGS...]

The CLI starts with the arguments and the environment tap is given; its
stdin, stdout and stderr pass through byte for byte (partial lines,
bytes that are not UTF-8 and backpressure included; stderr is the very
same file). SIGINT, SIGTERM and SIGHUP sent to tap go to the CLI (one still
running 5s later is killed); on Linux the CLI is killed when tap dies,
however it dies. When the
CLI exits, or the SDK closes stdin, tap follows at once, and exits with the
CLI's own status (a CLI killed by a signal makes tap die of the same
signal), unless --fail-on asks findings to fail it.

Every line is also checked, off the forwarding path: the schemas of its
direction, the schema set of the CLI version the session's own system/init
names, and every cross-line rule, including the control/ rules that pair
the two sides' requests and responses (only a stream-json session is
checked: an SDK's 'claude --version' probe is passed through and recorded,
and its text is no finding). Findings are written as they
happen, to --findings (default: standard error; standard output belongs to
the SDK), in --format (text by default; FORMAT=PATH writes a file at the
end), and a summary follows when the session ends. A finding's file and
line are the record's: with --record, "session.jsonl:12" is line 12 of
that file.

The session's start is checked too: the CLI's arguments (as the SDK gave
them) against the options of its release (--cli-version, else the
package.json beside the CLI, else the newest known; see 'protocheck
schemas options'). An option the release does not know is an error at
line 0: the CLI answers "error: unknown option" and exits 1. With
--record, the arguments and that verdict go to FILE.argv.json.

The cross-line rules keep state as the session goes (the ids seen, the
tool input streams assembled): --rules-budget (16 MiB) bounds it for each
group of rules, as in validate; past it the group stops with one
rules/budget warning, and the session goes on, checked by the rest.

The checker never slows the session: lines reach it through a bounded
queue (--queue lines, and 64 MiB); a line that finds it full is not
checked, and the number of such lines is reported at the end (on the
findings' text output, or on standard error for other formats), never
hidden. Once the CLI has
exited, tap waits at most --drain (1s) for the checker.

  --record FILE     write the session as a duplex transcript (see
                    docs/duplex.md), each line with its time "t": written
                    as the session goes to a temporary file beside FILE,
                    renamed to FILE, whole, when the session ends (not
                    forced to disk: a machine crash may lose it),
                    however it ends (the CLI killed, the SDK gone, a
                    signal). A FILE that is a folder (or ends in /) gets
                    session-<time>-<pid>.jsonl in it, one per session.
  --findings FILE   where findings go ("-": standard error, the default);
                    a folder gets session-<time>-<pid>.findings in it; a
                    FILE that is not a regular file (or new), or that is
                    the record, is refused
  --fake-api SCENARIO
                    start the fake Messages API scripted by the scenario's
                    "model" section (a path, or a name under
                    corpus/scenarios) on 127.0.0.1 and point the CLI at
                    it (ANTHROPIC_BASE_URL, a dummy ANTHROPIC_API_KEY, no
                    telemetry or other traffic; HOME a fresh temporary
                    folder): real sessions of the real CLI, offline. Of
                    tap's environment only PATH, locale, terminal, TZ,
                    TMPDIR, user and shell, and the SDK's
                    CLAUDE_CODE_ENTRYPOINT and CLAUDE_AGENT_SDK_VERSION
                    reach the CLI: no credentials or provider settings

Settings from the environment (for 'tap shim' and SDK test suites): each
of these sets its flag when the flag is not given, and none reaches the CLI:
  PROTOCHECK_TAP_RECORD, PROTOCHECK_TAP_FINDINGS, PROTOCHECK_TAP_FORMAT,
  PROTOCHECK_TAP_FAIL_ON, PROTOCHECK_TAP_FAKE_API, PROTOCHECK_TAP_BASELINE,
  PROTOCHECK_TAP_PROFILE

Exit codes: the CLI's own; with --fail-on error|warning, 1 when the CLI
exited 0 but findings fail the session; 2 when tap's own flags are wrong
(nothing is started); 126/127 when the CLI cannot be run / is not found.

Examples:
  protocheck tap --record session.jsonl -- claude -p hi --output-format stream-json --verbose
  protocheck tap --findings tap.log --fail-on error -- claude --input-format stream-json --output-format stream-json --verbose
  protocheck tap --fake-api can_use_tool_allow --record out/ -- claude ...
  protocheck tap shim --cli "$(which claude)" -o ./claude-tapped -- --record out/`

func newTapCmd() *cobra.Command {
	opts := tapOptions{LiveOptions: check.LiveDefaults()}
	cmd := &cobra.Command{
		Use:   "tap [flags] -- CLI [ARGS...]",
		Short: "Run the CLI between an SDK and itself and check the live session, both directions",
		Long:  tapLong,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				return usagef("tap needs the CLI to run: protocheck tap [flags] -- CLI [ARGS...]")
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			// Before opts is copied: the variables set its flags.
			if err := tapFromEnv(cmd); err != nil {
				return err
			}
			return runTap(cmd.Context(), streamsOf(cmd), args, opts)
		},
	}
	f := cmd.Flags()
	f.SetInterspersed(false) // flags end at the CLI's name, with or without --
	f.StringVar(&opts.record, flagRecord, "", "write the session's duplex transcript to FILE (or a new file in a folder)")
	f.StringVar(&opts.findings, flagFindings, "-", `where findings go: FILE, a folder, or "-" for standard error`)
	f.StringVar(&opts.fakeAPI, flagFakeAPI, "", "run the CLI offline against the fake Messages API scripted by SCENARIO")
	def := opts.LiveOptions
	f.IntVar(&opts.QueueLines, flagQueue, tap.DefaultQueueLines, "lines the checker may fall behind before lines go unchecked")
	f.DurationVar(&opts.Drain, flagDrain, tap.DefaultDrain, "once the CLI has exited, how long the checker may take for the lines still queued")
	f.StringVar(&opts.Profile, flagProfile, def.Profile, "schema profile: tolerant or strict")
	f.BoolVar(&opts.Strict, flagStrict, false, "treat unknown types, subtypes and kinds as errors")
	addTargetsFlag(cmd, &opts.Formats, report.Formats)
	f.StringVar(&opts.FailOn, flagFailOn, def.FailOn, "findings that fail the session (exit 1 when the CLI exited 0): never, error or warning")
	f.IntVar(&opts.MaxLineBytes, flagMaxLineBytes, def.MaxLineBytes, "longest line recorded and checked; longer ones pass through and are noted")
	f.StringSliceVar(&opts.Rules, flagRules, nil, "run only these cross-line rules: IDs or groups, comma-separated (default: all)")
	f.BoolVar(&opts.NoRules, flagNoRules, false, "turn the cross-line rules off")
	f.IntVar(&opts.RulesBudget, flagRulesBudget, def.RulesBudget, "most state in bytes each group of cross-line rules keeps for the session; past it they stop there (rules/budget)")
	f.StringVar(&opts.Baseline, flagBaseline, "", "findings in this baseline file do not fail the session; only new ones do")
	f.StringArrayVar(&opts.Ignores, flagIgnore, nil, "drop findings of RULE, in files matching GLOB if given: RULE[:GLOB] (repeatable)")
	f.StringVar(&opts.CLIVersion, flagCLIVersion, "", "check against this CLI version's schema set (default: the session's init)")
	cmd.AddCommand(newTapShimCmd())
	return cmd
}

// tapFromEnv sets each flag not given from its PROTOCHECK_TAP_ variable.
func tapFromEnv(cmd *cobra.Command) error {
	for _, name := range tap.EnvFlags {
		key := tap.EnvName(name)
		if v, ok := os.LookupEnv(key); ok && v != "" && !cmd.Flags().Changed(name) {
			if err := cmd.Flags().Set(name, v); err != nil {
				return usagef("%s=%q: %v", key, v, err)
			}
		}
	}
	return nil
}

func runTap(ctx context.Context, s streams, args []string, opts tapOptions) error {
	start := time.Now()
	// As validate: fewer collections on a small heap (measured: the tap's
	// CPU per tool_bash session, user+sys, 36-42 ms to 28-30 ms).
	tuneGC()
	live, err := check.PlanLive(opts.LiveOptions, s.changed)
	if err != nil {
		return err
	}
	session := tap.Options{Argv: args, Env: tap.CLIEnv(os.Environ()), Stdin: s.stdin, Stdout: s.stdout, Stderr: s.stderr,
		Check: true, Validate: live.Validate, QueueLines: opts.QueueLines, MaxLineBytes: opts.MaxLineBytes, Drain: opts.Drain}
	res, err := tap.Command(tap.CommandOptions{Session: session, Record: opts.record,
		Findings: opts.findings, Scenario: opts.fakeAPI, Targets: live.Targets, Filter: live.Filter, FailOn: live.FailOn, Start: start,
		Meta: report.Meta{Command: "tap", Version: toolVersion(), Rules: report.ValidateRules(), FailOn: max(live.FailOn, validate.Error)}})
	switch {
	case usage.Is(err):
		return err
	case err != nil:
		fmt.Fprintf(s.stderr, "protocheck tap: %v\n", err)
		return exitCode(tap.StartExitCode(err))
	}
	if res.Signal != 0 {
		tap.Reraise(res.Signal) // else tap exits 128+N
	}
	return exitCode(res.ExitCode)
}
