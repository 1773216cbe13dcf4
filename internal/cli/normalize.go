package cli

import (
	"context"

	"github.com/spf13/cobra"

	"github.com/protocheck/protocheck/corpus/capture"
	"github.com/protocheck/protocheck/validate"
)

const (
	flagWrite     = "write"
	flagMaxValues = "max-values"
)

const normalizeLong = `Replace every value of a transcript that differs from run to run with a
stable placeholder: uuids, session ids, request, hook, task, agent and tool
ids, timestamps, durations, token counts and costs, temporary paths, pids and
socket paths. The same original value always gets the same placeholder, so
references between lines survive, and placeholders keep the JSON type (a
number stays a number), so a normalised transcript still validates.

Inputs are read exactly as 'protocheck validate' reads them: files,
directories, patterns, or - for standard input (the default); gzip is
detected; a UTF-8 BOM and CRLF line endings are accepted; blank lines are
kept as they are. A line that is not JSON, not UTF-8, holds a NUL byte or
nests deeper than --max-depth is reported on standard error with the rule
validate gives it (input/invalid-json, ...) and written out unchanged, never
repaired; the run then exits 1. A line longer than --max-line-bytes cannot be
written unchanged: its input is reported and not written (exit 2).

Normalised inputs are written to standard output, one after the other, or
with --write back in place, atomically: on any error the file keeps its old
contents. Memory is bounded by the longest line: a line is written value by
value, never held as a tree, in a few times its size; and by the distinct
values replaced, some 30 bytes each, up to --max-values of them: an input
with more is reported at the line that passes the cap and not written
(exit 2).
'protocheck capture' normalises by default.

Examples:
  protocheck normalize raw.jsonl > golden.jsonl
  claude -p hi --output-format stream-json --verbose | protocheck normalize
  protocheck normalize --write corpus/captures/*/*.jsonl`

func newNormalizeCmd() *cobra.Command {
	var opts capture.NormalizeOptions
	cmd := &cobra.Command{
		Use:   "normalize [FILE|DIR|-]...",
		Short: "Replace run-to-run values of transcripts with stable placeholders",
		Long:  normalizeLong,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runNormalize(cmd.Context(), streamsOf(cmd), args, opts)
		},
	}
	f := cmd.Flags()
	f.BoolVarP(&opts.Write, flagWrite, "w", false, "rewrite each file in place (atomically)")
	f.IntVar(&opts.MaxLineBytes, flagMaxLineBytes, validate.DefaultMaxLineBytes, "longest line read")
	f.IntVar(&opts.MaxDepth, flagMaxDepth, validate.DefaultMaxDepth, "deepest nesting of arrays and objects accepted")
	f.IntVar(&opts.MaxValues, flagMaxValues, capture.DefaultMaxValues, "most distinct values replaced in one input")
	return cmd
}

func runNormalize(ctx context.Context, st streams, args []string, opts capture.NormalizeOptions) error {
	if len(args) == 0 {
		args = []string{"-"}
	}
	if err := opts.Check(args); err != nil {
		return err
	}
	res := capture.NormalizeInputs(ctx, validate.Inputs(args, st.stdin), opts, st.stdout, st.stderr)
	switch {
	case res.Failures > 0:
		return errReportedFailure
	case res.Findings > 0:
		return errFindings
	}
	return nil
}
