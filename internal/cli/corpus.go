package cli

import (
	"context"
	"io"
	"path/filepath"
	"slices"

	"github.com/spf13/cobra"

	"github.com/protocheck/protocheck/corpus/capture"
	"github.com/protocheck/protocheck/corpus/drift"
	"github.com/protocheck/protocheck/internal/check"
	"github.com/protocheck/protocheck/validate"
)

const (
	flagUpdate     = "update"
	flagCLIDir     = "cli-dir"
	flagCorpusDir  = "dir"
	flagCLIVersion = "cli-version"
	flagAttempts   = "attempts"
	flagExplain    = "explain"
)

const corpusLong = `Work with the committed corpus of real CLI transcripts under corpus/:
scenarios/<name>.json scripts a run, captures/<cli-version>/<name>.jsonl is
its normalised transcript (the golden) and <name>.meta.json its metadata.`

func newCorpusCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "corpus",
		Short: "Capture the corpus again and check it for drift",
		Long:  corpusLong,
		Args:  noArgs,
	}
	cmd.AddCommand(newCorpusRegressCmd(), newCorpusRunCmd(), newCorpusDialectsCmd(), newCorpusProbeCmd(), newCorpusReportCmd(), newCorpusAddReleaseCmd())
	return cmd
}

// corpusRegressOptions are corpus regress's flags; regress's fields other
// than the CLIs, JSON and the progress are bound to flags.
type corpusRegressOptions struct {
	format  string
	explain string // --explain A,B: no captures, explain the goldens' differences
	regress capture.PinnedOptions
}

const corpusRegressLong = `Capture every scenario again with every pinned CLI that supports it (a
scenario may set min_version) and compare each fresh, normalised capture with
its golden structurally: the sequence of variants, the members of each line
and their JSON types, not their values.

Differences are findings with the rules drift/variant-added,
drift/variant-removed, drift/key-added, drift/key-removed and
drift/type-changed, and make the exit code 1. A run that ends otherwise than
the golden one (another exit code, or killed at its timeout; see
<name>.meta.json) is drift/exit-code. Variants whose count and place
vary between runs (system/thinking_tokens, system/status, hook progress …,
plus a scenario's "volatile" list) are compared by presence and merged shape
only; the items of an array are merged into one shape.

The pinned CLIs do not change, so drift that a second capture does not repeat
is a race in the run, not in the protocol: a scenario with drift or an error
is captured again, up to --attempts times, and only what the last attempt
finds is reported. The summary counts the runs that passed only at a later
attempt; --attempts 1 reports the first capture's drift.

--update writes the fresh captures as the new goldens instead (review the
git diff). --explain A,B captures nothing: it compares the goldens of CLI
versions A and B of each scenario both have (A as the golden) and explains
each difference with the schema drift from A to B (protocheck drift --from A
--to B): a difference no drift change explains comes from the run, not from
the protocol. The pinned CLIs are the version folders under --cli-dir, as
'make cli' installs them.

Examples:
  make cli && protocheck corpus regress
  protocheck corpus regress --scenario tool_bash --cli-version 2.1.330
  protocheck corpus regress --update
  protocheck corpus regress --format json | jq -r '.findings[].rule' | sort | uniq -c
  protocheck corpus regress --explain 2.0.20,2.1.330 --scenario hello_text

Exit codes: 0 no drift, 1 drift, 2 a capture failed or bad usage.
--format json prints {"report_version":1,"runs":[...],"findings":[...],
"summary":{...}}: one entry per capture with its status (ok, drift, error,
updated), attempts and error, then every finding.`

func newCorpusRegressCmd() *cobra.Command {
	var opts corpusRegressOptions
	cmd := &cobra.Command{
		Use:   "regress [--update]",
		Short: "Capture every scenario with the pinned CLIs and report drift from the goldens",
		Long:  corpusRegressLong,
		Args:  noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return runCorpusRegress(cmd.Context(), streamsOf(cmd), opts)
		},
	}
	f := cmd.Flags()
	f.BoolVar(&opts.regress.Update, flagUpdate, false, "rewrite the goldens from fresh captures")
	f.StringVar(&opts.regress.CLIDir, flagCLIDir, filepath.Join(".cache", "cli"), "the folder of pinned CLIs, one folder per version")
	f.StringVar(&opts.regress.Dir, flagCorpusDir, "corpus", "the corpus folder (scenarios/, captures/)")
	f.StringArrayVar(&opts.regress.Scenarios, flagScenario, nil, "only this scenario (repeatable)")
	f.StringArrayVar(&opts.regress.Versions, flagCLIVersion, nil, "only this CLI version (repeatable)")
	f.IntVarP(&opts.regress.Jobs, flagJobs, "j", 0, "captures to run at once (default: the number of CPUs)")
	f.IntVar(&opts.regress.Attempts, flagAttempts, 2, "captures of a scenario before its drift or error is reported")
	f.StringVar(&opts.explain, flagExplain, "", "A,B: capture nothing; explain the differences between versions A's and B's goldens with the schema drift from A to B")
	addFormatFlag(cmd, &opts.format)
	return cmd
}

func runCorpusRegress(ctx context.Context, st streams, opts corpusRegressOptions) error {
	format, err := parseFormat(opts.format)
	if err != nil {
		return err
	}
	if err := inCheckout(st, flagCorpusDir); err != nil {
		return err
	}
	if opts.explain != "" {
		return runExplain(st, opts, format)
	}
	if err := inCheckout(st, flagCLIDir); err != nil {
		return err
	}
	o := opts.regress
	o.JSON, o.Progress = format == validate.FormatJSON, st.stderr
	sum, err := capture.RegressPinned(ctx, o, st.stdout)
	switch {
	case err != nil:
		return err
	case sum.Findings > 0:
		return errFindings
	}
	return nil
}

// corpusInputs opens the inputs of corpus run and report, leaving out what
// --exclude names and what is not a transcript. With noStdin, "-" is
// refused: the matrix reads its inputs once per dialect.
func corpusInputs(args, excludes []string, noStdin bool) ([]validate.Input, error) {
	if noStdin && slices.Contains(args, "-") {
		return nil, usagef("corpus run reads its inputs once per dialect, so not from standard input; save it to a file")
	}
	if err := check.CheckExcludes(excludes); err != nil {
		return nil, err
	}
	inputs := validate.NotTranscripts(check.Exclude(validate.Inputs(args, nil), excludes))
	if len(inputs) == 0 {
		return nil, check.ExcludedAll(len(args))
	}
	return inputs, nil
}

// runExplain runs corpus regress --explain A,B: for each scenario (or each
// --scenario) with goldens of both versions, the structural differences
// and the drift changes that explain them (drift.ExplainGoldens).
func runExplain(st streams, opts corpusRegressOptions, format validate.Format) error {
	var text io.Writer
	if format != validate.FormatJSON {
		text = st.stdout
	}
	rep, err := drift.ExplainGoldens(opts.regress.Dir, opts.regress.Scenarios, opts.explain, text, st.stderr)
	if err != nil || text != nil {
		return err
	}
	return writeJSON(st.stdout, rep)
}
