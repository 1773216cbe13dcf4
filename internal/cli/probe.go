package cli

import (
	"context"
	"path/filepath"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/protocheck/protocheck/corpus/capture"
	"github.com/protocheck/protocheck/corpus/matrix"
	"github.com/protocheck/protocheck/corpus/probe"
)

// corpusProbeOptions are corpus probe's flags; record's fields other
// than the CLI and Partial are bound to flags.
type corpusProbeOptions struct {
	cliDir      string
	versions    []string
	only        []string
	list, table bool
	record      probe.RecordOptions
}

const corpusProbeLong = `Ask the real CLI what it reads: send every message an SDK may write to the
CLI's stdin, one member at a time at an edge value, and record what the
CLI does with it.

The probes are made from the wire model (protocol/): every control_request
subtype an SDK sends, the answers to the CLI's can_use_tool and
hook_callback requests, a user message, keep_alive and
control_cancel_request. Each member is sent absent (when required), with a
valid value (when optional), null, empty, and of the wrong JSON type; each
message once with an unknown member, and once with an unknown subtype.
Besides those, a few hand-written cases of nested members (hook matchers,
agent definitions) and every message the built-in dialects write
(writes.json) are sent as they are.

Each probe runs through the capture harness, offline against the fake
Messages API; request probes of one subtype share a session. The CLI's
answer is one of: success (answered with success, the turn or tool ran, the
session went on), error (answered with an error: its message is kept),
refused (after an answer, the tool did not run: the tool_result is kept),
no-answer (nothing within --wait) and ended (the CLI exited: its exit code
and last stderr line are kept). Next to each answer the results keep the
verdict of the SDK-direction model generated from sdk.d.ts ("types"), so a
probe where the two disagree is a fact the types get wrong.

The results are written to --out/<version>.json, one file per CLI version
(commit them: they are the evidence for every write-side claim of 'corpus
run', 'corpus report' and 'drift'). Runs are bounded by --jobs; nice it on a
shared machine.

Examples:
  nice protocheck corpus probe --cli-version 2.1.330 -j 2
  protocheck corpus probe --list | grep initialize
  protocheck corpus probe --cli-version 2.0.20 --only initialize --only dialect

Exit codes: 0 the probes ran, 2 bad usage or a CLI could not be started.`

func newCorpusProbeCmd() *cobra.Command {
	var opts corpusProbeOptions
	cmd := &cobra.Command{
		Use:   "probe [--cli-version V] [--only TEXT]",
		Short: "Probe the pinned CLIs with every message an SDK writes, and record what they read",
		Long:  corpusProbeLong,
		Args:  noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return runCorpusProbe(cmd.Context(), streamsOf(cmd), opts)
		},
	}
	f := cmd.Flags()
	f.StringVar(&opts.cliDir, flagCLIDir, filepath.Join(".cache", "cli"), "the folder of pinned CLIs, one folder per version")
	f.StringArrayVar(&opts.versions, flagCLIVersion, nil, "only this CLI version (repeatable; default: the newest)")
	f.StringArrayVar(&opts.only, "only", nil, "only the probes whose id contains this text (repeatable)")
	f.IntVarP(&opts.record.Jobs, flagJobs, "j", 2, "CLIs to run at once")
	f.DurationVar(&opts.record.Wait, flagProbeWait, 10*time.Second, "how long to wait for each answer")
	f.StringVar(&opts.record.Out, "out", filepath.FromSlash(probe.ResultsDir), "the folder of the results files")
	f.BoolVar(&opts.list, "list", false, "list the probes' ids and run nothing")
	f.BoolVar(&opts.table, "table", false, "print the markdown table of the results files under --out and run nothing")
	return cmd
}

func runCorpusProbe(ctx context.Context, st streams, opts corpusProbeOptions) error {
	dialects, err := matrix.BuiltinDialects()
	if err != nil {
		return err
	}
	o := opts.record
	probes := probe.Select(probe.Suite(dialects), opts.only)
	switch {
	case opts.table:
		return probe.WriteTable(ctx, st.stdout, o.Out)
	case opts.list:
		probe.WriteList(st.stdout, probes)
		return nil
	case len(probes) == 0:
		return usagef("--only %s: no probe matches", strings.Join(opts.only, ", "))
	case o.Jobs < 1:
		return usagef("--%s %d: must be at least 1", flagJobs, o.Jobs)
	}
	if err := inCheckout(st, flagCLIDir); err != nil {
		return err
	}
	sel, err := capture.SelectCLIs(opts.cliDir, opts.versions, true)
	if err != nil {
		return err
	}
	o.Partial = len(opts.only) > 0
	for _, o.CLI = range sel {
		if err := probe.Record(ctx, o, probes, st.stdout, st.stderr); err != nil {
			return err
		}
	}
	return nil
}

const flagProbes = "probes"
