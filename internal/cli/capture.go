package cli

import (
	"context"
	"errors"
	"fmt"
	"os"
	"time"

	"github.com/spf13/cobra"

	"github.com/protocheck/protocheck/corpus/capture"
	"github.com/protocheck/protocheck/internal/atomicfile"
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

type captureOptions struct {
	cli, node, scenario, output, log string
	duplex                           string
	raw, keep                        bool
	timeout                          time.Duration
	maxLine, maxOutput               int64
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
	f.StringVar(&opts.node, flagNode, "", "the node executable for a cli.js (default: node on PATH)")
	f.StringVar(&opts.scenario, flagScenario, "", "the scenario file (JSON)")
	f.StringVarP(&opts.output, flagOutput, "o", "", "write the transcript here, and its metadata next to it (default: stdout, no metadata)")
	f.BoolVar(&opts.raw, flagRaw, false, "write the transcript as printed, not normalised")
	f.DurationVar(&opts.timeout, flagTimeout, 0, "bound the run, above zero (default: the scenario's, else 2m)")
	f.Int64Var(&opts.maxLine, flagMaxLineBytes, capture.DefaultMaxLineBytes, "the longest line of the CLI's stdout a capture takes")
	f.Int64Var(&opts.maxOutput, flagMaxOutputBytes, capture.DefaultMaxOutputBytes, "the most the CLI may print on stdout in all")
	f.StringVar(&opts.log, flagLog, "", "write the fake API's request log (JSON lines) to this file")
	f.BoolVar(&opts.keep, flagKeep, false, "keep the temporary HOME and working directory, and print where")
	f.StringVar(&opts.duplex, flagDuplex, "", "write the duplex transcript (both directions) here (default with -o: <name>.duplex.jsonl beside it)")
	return cmd
}

func runCapture(ctx context.Context, st streams, opts captureOptions) error {
	if opts.cli == "" {
		opts.cli = os.Getenv(envCLI)
	}
	if opts.cli == "" {
		return usagef("--%s is required (or set $%s)", flagCLI, envCLI)
	}
	if opts.scenario == "" {
		return usagef("--%s is required", flagScenario)
	}
	if _, err := os.Stat(opts.cli); err != nil {
		return usagef("--%s: %v", flagCLI, err)
	}
	sc, err := capture.LoadScenario(opts.scenario)
	if err != nil {
		return err
	}
	co := capture.CaptureOptions{CLI: opts.cli, Node: opts.node, Scenario: sc, Timeout: opts.timeout, KeepDir: opts.keep,
		MaxLineBytes: opts.maxLine, MaxOutputBytes: opts.maxOutput}
	if opts.log != "" {
		// The log is kept whether or not the run succeeds: it is what
		// tells why it did not.
		f, err := atomicfile.Create(opts.log, 0o644)
		if err != nil {
			return err
		}
		defer f.Abort()
		co.Log = f
	}
	c, runErr := capture.Run(ctx, co)
	if f, ok := co.Log.(*atomicfile.File); ok {
		if err := f.Commit(); err != nil {
			return errors.Join(runErr, err)
		}
	}
	if c == nil {
		return runErr
	}
	if opts.keep {
		fmt.Fprintf(st.stderr, "kept %s\n", c.Dir)
	}
	if runErr == nil {
		runErr = writeCapture(ctx, st, opts, c)
	}
	fmt.Fprintf(st.stderr, "%s: CLI %s exited %d, %d lines, %d API requests\n",
		sc.Name, c.Meta.CLIVersion, c.Meta.ExitCode, c.Meta.Lines, len(c.Requests))
	if (runErr != nil || c.Meta.ExitCode != 0) && len(c.Stderr) > 0 {
		fmt.Fprintf(st.stderr, "the CLI's stderr:\n%s\n", c.Stderr)
	}
	return runErr
}

// writeCapture writes what a successful capture made: the transcript (to
// stdout, or with its metadata to --output) and the duplex transcript, all
// or nothing (see capture.WriteFiles).
//
// A signal while it normalises (which may take a while, after the CLI has
// exited) stops it: nothing is written, and the run fails with the
// signal's error.
func writeCapture(ctx context.Context, st streams, opts captureOptions, c *capture.Capture) error {
	out := c.Stdout
	if !opts.raw {
		n := &capture.Normalizer{Paths: c.Paths}
		var err error
		if out, err = n.TranscriptContext(ctx, c.Stdout); err != nil {
			if sig := interruption(ctx); sig != nil {
				return fmt.Errorf("%w: nothing written", sig)
			}
			return fmt.Errorf("the CLI's output: %w (use --%s to save it as printed)", err, flagRaw)
		}
	}
	var files []capture.OutFile
	if opts.output != "" {
		var err error
		if files, err = capture.CaptureFiles(opts.output, out, &c.Meta); err != nil {
			return err
		}
	}
	if opts.duplex == "" && opts.output != "" {
		opts.duplex = capture.DuplexPath(opts.output)
	}
	if opts.duplex != "" {
		d, err := c.DuplexContext(ctx, opts.raw)
		if err != nil {
			if sig := interruption(ctx); sig != nil {
				return fmt.Errorf("%w: nothing written", sig)
			}
			return fmt.Errorf("the duplex transcript: %w", err)
		}
		files = append(files, capture.OutFile{Path: opts.duplex, Data: d})
	}
	if sig := interruption(ctx); sig != nil {
		return fmt.Errorf("%w: nothing written", sig)
	}
	if err := capture.WriteFiles(files...); err != nil {
		return err
	}
	if opts.output == "" {
		if _, err := st.stdout.Write(out); err != nil {
			return err
		}
	}
	return nil
}
