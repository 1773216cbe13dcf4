package cli

import (
	"bytes"
	"io"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/protocheck/protocheck/corpus/matrix"
	"github.com/protocheck/protocheck/corpus/probe"
	fixreport "github.com/protocheck/protocheck/corpus/report"
	"github.com/protocheck/protocheck/internal/atomicfile"
	"github.com/protocheck/protocheck/validate"
)

type corpusReportOptions struct {
	dialect, format, output, ledger, probes string
	dialectDirs, excludes                   []string
	jobs                                    int
}

const corpusReportLong = `Write the fix list of one dialect (one SDK): what corpus run finds about
it on the inputs (default: the committed captures) and what the real CLI
did with its messages in the probe suite (corpus/probe/results), grouped by
root cause rather than by variant and ranked by what each cause costs a
session: the session cannot start; a permission or hook flow is broken;
the end of a turn is not seen; a message is lost; a member is lost; the
types disagree (the runtime reads the lines, only its type declarations do
not describe them).

Each item gives the correct wire shape, one evidence line inline (a
captured line, or the message a probe sent and the CLI's answer), the lines,
variants and written messages it accounts for, the ledger's reason, and how
it is known: verified on a CLI (which version) or inferred from types.

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
			return runCorpusReport(cmd, args, opts)
		},
	}
	f := cmd.Flags()
	f.StringVar(&opts.dialect, flagDialect, "", "the dialect to write the fix list of (required)")
	f.StringArrayVar(&opts.dialectDirs, flagDialectDir, nil, "add the dialect in this folder (repeatable)")
	f.StringVar(&opts.format, flagFormat, "text", "output format: text, markdown, json, html")
	f.StringVarP(&opts.output, flagOutput, "o", "", "write the report to this file instead of standard output")
	f.StringVar(&opts.ledger, flagLedger, filepath.Join("corpus", "dialects", "ledger.txt"), "the ledger of known divergences, for its reasons")
	f.StringVar(&opts.probes, flagProbes, filepath.FromSlash(probe.ResultsDir), "the folder of the probe results files")
	f.IntVarP(&opts.jobs, flagJobs, "j", 0, "lines checked at once (default: the number of CPUs)")
	addExcludeFlag(cmd, &opts.excludes)
	return cmd
}

func runCorpusReport(cmd *cobra.Command, args []string, opts corpusReportOptions) error {
	format, err := fixreport.ParseFormat(opts.format)
	if err != nil {
		return usagef("--%s: %v", flagFormat, err)
	}
	if opts.dialect == "" {
		return usagef("--%s is required: one of the names 'protocheck corpus dialects' lists", flagDialect)
	}
	all, err := matrix.BuiltinDialects()
	if err != nil {
		return err
	}
	for _, dir := range opts.dialectDirs {
		if all, err = matrix.AddDialectDir(all, dir); err != nil {
			return usagef("--%s: %v", flagDialectDir, err)
		}
	}
	dialects, err := matrix.SelectDialects(all, []string{opts.dialect})
	if err != nil {
		return usagef("--%s: %v", flagDialect, err)
	}
	if len(args) == 0 {
		if args, err = defaultCaptures(cmd, filepath.Join("corpus", "captures")); err != nil {
			return err
		}
	}
	if err := checkExcludes(opts.excludes); err != nil {
		return err
	}
	inputs := validate.NotTranscripts(excludeInputs(validate.Inputs(args, nil), opts.excludes))
	if len(inputs) == 0 {
		return excludedAll(len(args))
	}
	m, err := matrix.RunMatrix(cmd.Context(), inputs, dialects, matrix.MatrixOptions{Jobs: opts.jobs})
	if err != nil {
		return err
	}
	if len(m.InputErrors) > 0 {
		for _, f := range m.InputErrors {
			cmd.PrintErrln(f)
		}
		return usagef("%d of %d inputs could not be read", len(m.InputErrors), len(inputs))
	}
	ledger, err := matrix.ReadLedger(opts.ledger)
	if err != nil {
		return err
	}
	noteMissingProbes(cmd)
	files, err := readProbeFiles(opts.probes)
	if err != nil {
		return err
	}
	fl, err := fixreport.Build(m, opts.dialect, ledger, files)
	if err != nil {
		return err
	}
	var out io.Writer = cmd.OutOrStdout()
	var buf bytes.Buffer
	if opts.output != "" {
		out = &buf
	}
	if err := fl.Print(out, format); err != nil {
		return err
	}
	if opts.output != "" {
		return atomicfile.WriteFile(opts.output, buf.Bytes(), 0o644)
	}
	return nil
}
