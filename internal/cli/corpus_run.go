package cli

import (
	"context"
	"path/filepath"
	"time"

	"github.com/spf13/cobra"

	"github.com/protocheck/protocheck/corpus/audit"
	"github.com/protocheck/protocheck/corpus/matrix"
	"github.com/protocheck/protocheck/corpus/probe"
	"github.com/protocheck/protocheck/internal/report"
	"github.com/protocheck/protocheck/validate"
)

const (
	flagDialect    = "dialect"
	flagDialectDir = "dialect-dir"
	flagCheck      = "check"
	flagForce      = "force"
	flagLedger     = "ledger"
	flagStats      = "stats"
)

// corpusRunOptions are corpus run's flags; run's fields other than the
// inputs, the dialects, the format, the streams and the notes are flags.
type corpusRunOptions struct {
	dialects, dialectDirs, excludes []string
	format                          string
	run                             audit.Options
}

const corpusRunLong = `Check every line of the inputs against every dialect, each SDK's idea of
the protocol, with that dialect's policy for what it does not know, and
report the matrix: one cell per wire variant and dialect, counting the lines
the dialect accepts, rejects (its reader fails) or drops (it skips them, or
keeps them only as raw data). Each cell keeps its reasons (rule and place,
with counts) and a few evidence lines. The report also checks what each
dialect writes to the CLI (permission replies, control requests, user
messages, as its source shows them) against what the CLI reads, and says
which wire variants the inputs exercise.

Dialects: wire (the real CLI, the reference), ts-sdk (generated from the
real sdk.d.ts), spec02, goat, ts-docs, python, rust; 'protocheck corpus
dialects' describes them. --dialect-dir adds one from a folder (see
corpus/dialects/README.md).

Real SDKs: --harness NAME=COMMAND adds a row judged by an SDK's own code,
through a harness that speaks protocheck's harness protocol
(docs/harness.md). The pinned real SDKs (corpus/harness/sdks, installed by
make harnesses) are rows by default when installed, each named with its
version; under CI=true a missing one fails the run. A hand-written model
with a real SDK (python, rust) is compared with it line by line: the
agreement per variant goes to standard error, and --check holds the
disagreements to corpus/harness/agreement.txt. A harness that crashes,
hangs or answers nonsense is reported and started again; the run goes on.

Inputs are files, folders and globs as for validate (default: the committed
captures under corpus/captures); standard input is not read, since each
dialect reads the inputs again.

--check compares the divergences with the ledger (corpus/dialects/ledger.txt)
and the counts with the stats file: it fails on a divergence the ledger does
not list, on a listed one that no longer happens, and on stale stats.
--check judges only the dialects selected (--dialect); on inputs other than
the committed captures, which the ledger and stats describe, it judges only
whether every divergence is a known one. --update rewrites both; new
divergences also need --force (then review the reasons it wrote).

A file in which no line is a protocol message (an API request log beside
the transcripts) is one input/not-a-transcript finding on standard error,
and is left out; --exclude GLOB leaves files out by name.

--format github, sarif, junit or gitlab write each divergence (a reason of
a cell that rejects or drops lines) as a finding located at its first
evidence line: an error when the dialect rejects the lines, a warning when
it drops them; the message names the dialect and counts the lines.

Examples:
  protocheck corpus run
  protocheck corpus run --dialect python --format github
  protocheck corpus run --format markdown >> "$GITHUB_STEP_SUMMARY"
  protocheck corpus run --format html -o report.html ../shared/real-cli-sample
  protocheck corpus run --dialect python --dialect rust --format json | jq '.cells[] | select(.rejected > 0)'
  protocheck corpus run --check
  protocheck corpus run --harness mysdk=./my-harness --sdk-harnesses off

Exit codes: 0 done (with --check: the ledger and stats hold), 1 --check
found new or gone divergences or stale stats, 2 bad usage or an input could
not be read. Divergences themselves do not fail a run: they are its report.`

func newCorpusRunCmd() *cobra.Command {
	var opts corpusRunOptions
	cmd := &cobra.Command{
		Use:   "run [flags] [FILE|DIR|GLOB...]",
		Short: "Check real lines against every dialect and report where each one breaks",
		Long:  corpusRunLong,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runCorpusRun(cmd.Context(), streamsOf(cmd), args, opts)
		},
	}
	f := cmd.Flags()
	f.StringArrayVar(&opts.dialects, flagDialect, nil, "only this dialect, besides the wire (repeatable)")
	f.StringArrayVar(&opts.dialectDirs, flagDialectDir, nil, "add the dialect in this folder (repeatable)")
	f.StringVar(&opts.format, flagFormat, string(report.Text), "output format: "+report.Names(matrix.ReportFormats))
	f.StringVarP(&opts.run.Output, flagOutput, "o", "", "write the report to this file instead of standard output")
	f.BoolVar(&opts.run.Check, flagCheck, false, "fail when the divergences or counts differ from the ledger and stats files")
	f.BoolVar(&opts.run.Update, flagUpdate, false, "rewrite the ledger and stats files")
	f.BoolVar(&opts.run.Force, flagForce, false, "with --update, record divergences the ledger does not list yet")
	f.StringVar(&opts.run.Files.Ledger, flagLedger, filepath.Join("corpus", "dialects", "ledger.txt"), "the ledger of known divergences")
	f.StringVar(&opts.run.Files.Stats, flagStats, filepath.Join("corpus", "dialects", "stats.txt"), "the stats file of accepted/lines counts")
	f.IntVarP(&opts.run.Jobs, flagJobs, "j", 0, "lines checked at once (default: the number of CPUs)")
	addHarnessFlags(cmd, &opts.run.Harness)
	addExcludeFlag(cmd, &opts.excludes)
	f.StringVar(&opts.run.Probes, flagProbes, filepath.FromSlash(probe.ResultsDir), "the folder of the probe results files: the evidence of the writing side")
	return cmd
}

func runCorpusRun(ctx context.Context, st streams, args []string, opts corpusRunOptions) error {
	o := opts.run
	err := o.ParseFormat(opts.format)
	if err != nil {
		return err
	}
	if o.Dialects, err = matrix.LoadDialects(opts.dialects, opts.dialectDirs, true); err != nil {
		return err
	}
	o.OwnInputs = len(args) > 0
	if args, err = corpusArgs(st, args); err != nil {
		return err
	}
	// --check reads the ledger (the stats too, but only of the committed
	// captures); --update writes both.
	switch {
	case o.Update:
		err = inCheckout(st, flagLedger, flagStats)
	case o.Check:
		err = inCheckout(st, flagLedger)
	}
	if err != nil {
		return err
	}
	if o.Inputs, err = corpusInputs(args, opts.excludes, true); err != nil {
		return err
	}
	o.ProbesNote, o.Log, o.Stdout, o.Version = probesNote(st), st.stderr, st.stdout, toolVersion()
	res, err := audit.Run(ctx, o)
	switch {
	case err != nil:
		return err
	case !res.Held:
		return errFindings
	}
	return nil
}

// corpusRunFormats are the formats corpus run writes (its completions).
var corpusRunFormats = matrix.ReportFormats

const corpusDialectsLong = `List the dialects corpus run and drift know: each one's name, what it is,
where its model comes from, and its policy for what it does not know
(type, subtype, block, member: fail = the reader errors on the line,
skip = it drops it silently, raw = it keeps it only as untyped data).

--format json prints the list as dialect.json files describe them.`

func newCorpusDialectsCmd() *cobra.Command {
	var format string
	var dirs []string
	cmd := &cobra.Command{
		Use:   "dialects",
		Short: "List the dialects and their unknown-input policies",
		Long:  corpusDialectsLong,
		Args:  noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			f, err := parseFormat(format)
			if err != nil {
				return err
			}
			all, err := matrix.LoadDialects(nil, dirs, false)
			if err != nil {
				return err
			}
			return matrix.WriteDialects(cmd.OutOrStdout(), all, f == validate.FormatJSON)
		},
	}
	addFormatFlag(cmd, &format)
	cmd.Flags().StringArrayVar(&dirs, flagDialectDir, nil, "add the dialect in this folder (repeatable)")
	return cmd
}

const (
	flagHarness        = "harness"
	flagSDKHarnesses   = "sdk-harnesses"
	flagHarnessTimeout = "harness-timeout"
	flagProbeWait      = "wait"
	flagAgreement      = "agreement"
)

// addHarnessFlags declares corpus run's flags for real SDKs behind
// harnesses.
func addHarnessFlags(cmd *cobra.Command, o *matrix.HarnessOptions) {
	f := cmd.Flags()
	f.StringArrayVar(&o.Specs, flagHarness, nil, "add a harness as a row: NAME=COMMAND (repeatable; see docs/harness.md)")
	f.StringVar(&o.SDKs, flagSDKHarnesses, "auto", "the pinned real-SDK rows (make harnesses): auto (those installed and not slow; under CI=true every one not slow, or fail), all (every one, or fail), off")
	f.DurationVar(&o.Timeout, flagHarnessTimeout, 20*time.Second, "longest wait for one answer of a harness")
	f.StringVar(&o.Agreement, flagAgreement, filepath.Join("corpus", "harness", "agreement.txt"), "the ledger of known disagreements between a model and its real SDK")
}
