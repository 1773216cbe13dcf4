package cli

import (
	"cmp"
	"context"
	"os"

	"github.com/spf13/cobra"

	"github.com/protocheck/protocheck/corpus/capture"
)

const (
	flagCLI      = "cli"
	flagScenario = "scenario"
	flagOutput   = "output"
	flagRaw      = "raw"
	flagTimeout  = "timeout"
	flagLog      = "log"
	flagKeep     = "keep"
	flagNode     = "node"
	flagDuplex   = "duplex"
	// flagMaxOutputBytes caps the CLI's whole stdout (flagMaxLineBytes,
	// shared with validate, caps one line).
	flagMaxOutputBytes = "max-output-bytes"
)

// envCLI names the CLI to capture with when --cli is not given.
const envCLI = "PROTOCHECK_CLI"

// captureOptions are capture's flags; capture's fields other than the CLI
// and the scenario, and save's, are bound to flags.
type captureOptions struct {
	cli, scenario string
	capture       capture.CaptureOptions
	save          capture.SaveOptions
}

const captureLong = `Run the real Claude Code CLI through one scenario and save what it prints.

The CLI runs offline against a fake Messages API on 127.0.0.1 that answers
as the scenario's "model" script says, in a fresh temporary HOME and working
directory, with a dummy API key, CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1,
DISABLE_TELEMETRY=1, CLAUDE_CODE_MAX_RETRIES=2 and, as root, IS_SANDBOX=1.
Its stdin follows the scenario's "stdin" steps (user messages, control
requests, waits for what the CLI printed), and the CLI's own control requests
(can_use_tool …) get the scenario's "answers".

The transcript is normalised (see 'protocheck normalize') unless --raw is
given. With --output, the run's metadata (CLI version, argv, env, exit code,
fake API requests) is written next to it as <name>.meta.json, and the
duplex transcript (both directions: every line written to the CLI's stdin
and every line it printed, in order, each marked {"dir":"stdin"|"stdout",
"msg":...}; see 'protocheck validate --help') as <name>.duplex.jsonl, or
where --duplex says. The files are all or nothing: each is written to a
temporary file beside it and they are renamed into place only once the
capture succeeded and every one is complete; a capture that fails (its
timeout, a cap below) writes none of them and leaves any old ones as they
were. Only the --log file is written either way, as it tells why a run
failed. A CLI that exits non-zero is not an error: its exit code is in the
metadata.

What the CLI prints is bounded, so that a CLI that floods its output costs
memory in proportion to the caps, not to what it prints: a stdout line
longer than --max-line-bytes, or more than --max-output-bytes in all,
stops the run with an error naming the scenario and the line (exit 2);
of its stderr the first MiB is kept.

A scenario is code that runs on this machine, as a Makefile is: its hooks and
the Bash commands of its model run with your rights. The capture owns what it
starts: on its timeout, on SIGINT, SIGTERM or SIGHUP, and when the CLI exits,
the CLI and every descendant (hooks and background tools included) are
killed and the temporary folder is removed, unless --keep is given.

--cli is the claude executable or a cli.js (run with node); it defaults to
$PROTOCHECK_CLI. 'make cli' installs the pinned versions under .cache/cli/.

Examples:
  protocheck capture --cli .cache/cli/2.1.330/node_modules/@anthropic-ai/claude-agent-sdk-linux-x64/claude \
      --scenario corpus/scenarios/tool_bash.json -o /tmp/tool_bash.jsonl
  PROTOCHECK_CLI=.cache/cli/2.0.20/node_modules/@anthropic-ai/claude-code/cli.js \
      protocheck capture --scenario corpus/scenarios/hello_text.json --raw --log requests.jsonl`

func newCaptureCmd() *cobra.Command {
	var opts captureOptions
	cmd := &cobra.Command{
		Use:   "capture --cli PATH --scenario FILE [-o OUT.jsonl]",
		Short: "Run the real CLI through a scenario against a fake API and save its transcript",
		Long:  captureLong,
		Args:  noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return runCapture(cmd.Context(), streamsOf(cmd), opts)
		},
	}
	f := cmd.Flags()
	f.StringVar(&opts.cli, flagCLI, "", "the claude executable or cli.js (default $"+envCLI+")")
	f.StringVar(&opts.capture.Node, flagNode, "", "the node executable for a cli.js (default: node on PATH)")
	f.StringVar(&opts.scenario, flagScenario, "", "the scenario file (JSON)")
	f.StringVarP(&opts.save.Output, flagOutput, "o", "", "write the transcript here, and its metadata next to it (default: stdout, no metadata)")
	f.BoolVar(&opts.save.Raw, flagRaw, false, "write the transcript as printed, not normalised")
	f.DurationVar(&opts.capture.Timeout, flagTimeout, 0, "bound the run, above zero (default: the scenario's, else 2m)")
	f.Int64Var(&opts.capture.MaxLineBytes, flagMaxLineBytes, capture.DefaultMaxLineBytes, "the longest line of the CLI's stdout a capture takes")
	f.Int64Var(&opts.capture.MaxOutputBytes, flagMaxOutputBytes, capture.DefaultMaxOutputBytes, "the most the CLI may print on stdout in all")
	f.StringVar(&opts.save.Log, flagLog, "", "write the fake API's request log (JSON lines) to this file")
	f.BoolVar(&opts.capture.KeepDir, flagKeep, false, "keep the temporary HOME and working directory, and print where")
	f.StringVar(&opts.save.Duplex, flagDuplex, "", "write the duplex transcript (both directions) here (default with -o: <name>.duplex.jsonl beside it)")
	return cmd
}

func runCapture(ctx context.Context, st streams, opts captureOptions) error {
	co := opts.capture
	if co.CLI = cmp.Or(opts.cli, os.Getenv(envCLI)); co.CLI == "" {
		return usagef("--%s is required (or set $%s)", flagCLI, envCLI)
	}
	if opts.scenario == "" {
		return usagef("--%s is required", flagScenario)
	}
	if _, err := os.Stat(co.CLI); err != nil {
		return usagef("--%s: %v", flagCLI, err)
	}
	var err error
	if co.Scenario, err = capture.LoadScenario(opts.scenario); err != nil {
		return err
	}
	return capture.RunAndSave(ctx, co, opts.save, st.stdout, st.stderr)
}
