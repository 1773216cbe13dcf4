package cli

import (
	"context"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/protocheck/protocheck/corpus/audit"
	"github.com/protocheck/protocheck/corpus/fixlist"
	"github.com/protocheck/protocheck/corpus/matrix"
	"github.com/protocheck/protocheck/corpus/probe"
	"github.com/protocheck/protocheck/internal/report"
)

// corpusReportOptions are corpus report's flags; fix's fields other than
// the inputs, the dialects, the format, the streams and the notes are flags.
type corpusReportOptions struct {
	format                string
	dialectDirs, excludes []string
	fix                   audit.FixListOptions
}

const corpusReportLong = `Write the fix list of one dialect (one SDK): what corpus run finds about
it on the inputs (default: the committed captures) and what the real CLI
did with its messages in the probe suite (corpus/probe/results), grouped by
root cause rather than by variant and ranked by the worst thing each cause
does in a real session: the session cannot start; the turn hangs (a
control request the CLI sent is never answered); a permission or hook flow
is broken; the end of a turn is not seen (also wherever the SDK's stream
ends at its first bad line); a message is lost; a block is lost; a member
is lost; the types disagree (the runtime reads the lines, only its type
declarations do not describe them; members kept raw or constant). Within a
class, what touches more sessions (input files) comes first.

Each item gives the correct wire shape, one evidence line inline (a
captured line, cut so that it shows the member named, or the message a
probe sent and the CLI's answer), the lines, sessions, variants and written
messages it accounts for, the ledger's reason, and how it is known:
verified on a CLI (which version), verified with the real SDK, or inferred
from types.

When the real SDK the dialect models is installed (make harnesses;
--sdk-harnesses), each read claim is held to what the SDK's own code did
with the same lines: the item says so, a line the SDK loses that the model
reads is an item of its own, and corpus run --check fails on a claim the
SDK contradicts.

Examples:
  protocheck corpus report --dialect rust
  protocheck corpus report --dialect python --format markdown >> "$GITHUB_STEP_SUMMARY"
  protocheck corpus report --dialect rust --format html -o rust-fixes.html
  protocheck corpus report --dialect python --format json | jq '.items[0]'

Exit codes: 0 done, 2 bad usage or an input could not be read.`

func newCorpusReportCmd() *cobra.Command {
	var opts corpusReportOptions
	cmd := &cobra.Command{
		Use:   "report --dialect NAME [FILE|DIR|GLOB...]",
		Short: "Write one dialect's fix list: root causes ranked by what they cost a session",
		Long:  corpusReportLong,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runCorpusReport(cmd.Context(), streamsOf(cmd), args, opts)
		},
	}
	f := cmd.Flags()
	f.StringVar(&opts.fix.Dialect, flagDialect, "", "the dialect to write the fix list of (required)")
	f.StringArrayVar(&opts.dialectDirs, flagDialectDir, nil, "add the dialect in this folder (repeatable)")
	f.StringVar(&opts.format, flagFormat, string(report.Text), "output format: "+report.Names(fixlist.Formats))
	f.StringVarP(&opts.fix.Output, flagOutput, "o", "", "write the report to this file instead of standard output")
	f.StringVar(&opts.fix.Ledger, flagLedger, filepath.Join("corpus", "dialects", "ledger.txt"), "the ledger of known divergences, for its reasons")
	f.StringVar(&opts.fix.Probes, flagProbes, filepath.FromSlash(probe.ResultsDir), "the folder of the probe results files")
	f.IntVarP(&opts.fix.Jobs, flagJobs, "j", 0, "lines checked at once (default: the number of CPUs)")
	addExcludeFlag(cmd, &opts.excludes)
	f.StringVar(&opts.fix.SDKs, flagSDKHarnesses, "auto", "the real SDK the dialect models (make harnesses), whose own code each read claim is held to: auto (when installed; under CI=true it must be), all (it must be), off")
	return cmd
}

func runCorpusReport(ctx context.Context, st streams, args []string, opts corpusReportOptions) error {
	o := opts.fix
	var err error
	if o.Format, err = report.ParseFormat(opts.format, fixlist.Formats); err != nil {
		return usagef("--%s: %v", flagFormat, err)
	}
	if o.Dialect == "" {
		return usagef("--%s is required: one of the names 'protocheck corpus dialects' lists", flagDialect)
	}
	if o.Dialects, err = matrix.LoadDialects([]string{o.Dialect}, opts.dialectDirs, false); err != nil {
		return err
	}
	if args, err = corpusArgs(st, args); err != nil {
		return err
	}
	if o.Inputs, err = corpusInputs(args, opts.excludes, false); err != nil {
		return err
	}
	o.ProbesNote, o.Log, o.Stdout = probesNote(st), st.stderr, st.stdout
	_, err = audit.FixList(ctx, o)
	return err
}
