package cli

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/spf13/cobra"

	"github.com/protocheck/protocheck/corpus/capture"
	"github.com/protocheck/protocheck/internal/atomicfile"
	"github.com/protocheck/protocheck/validate"
)

const (
	flagWrite     = "write"
	flagMaxValues = "max-values"
)

type normalizeOptions struct {
	write        bool
	maxLineBytes int
	maxDepth     int
	maxValues    int
}

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
	var opts normalizeOptions
	cmd := &cobra.Command{
		Use:   "normalize [FILE|DIR|-]...",
		Short: "Replace run-to-run values of transcripts with stable placeholders",
		Long:  normalizeLong,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runNormalize(cmd.Context(), streamsOf(cmd), args, opts)
		},
	}
	f := cmd.Flags()
	f.BoolVarP(&opts.write, flagWrite, "w", false, "rewrite each file in place (atomically)")
	f.IntVar(&opts.maxLineBytes, flagMaxLineBytes, validate.DefaultMaxLineBytes, "longest line read")
	f.IntVar(&opts.maxDepth, flagMaxDepth, validate.DefaultMaxDepth, "deepest nesting of arrays and objects accepted")
	f.IntVar(&opts.maxValues, flagMaxValues, capture.DefaultMaxValues, "most distinct values replaced in one input")
	return cmd
}

func runNormalize(ctx context.Context, st streams, args []string, opts normalizeOptions) error {
	if len(args) == 0 {
		args = []string{"-"}
	}
	if opts.maxLineBytes <= 0 || opts.maxDepth <= 0 {
		return usagef("--%s and --%s must be positive", flagMaxLineBytes, flagMaxDepth)
	}
	for _, a := range args {
		if a == "-" && opts.write {
			return usagef("--%s needs files, not standard input", flagWrite)
		}
	}
	stderr := st.stderr
	var findings, failures int
	for _, in := range validate.Inputs(args, st.stdin) {
		n, err := normalizeInput(ctx, in, opts, st.stdout, stderr)
		findings += n
		if err != nil {
			failures++
			var f validate.Finding
			var fe *findingError
			var re *validate.ReadError
			switch {
			case errors.As(err, &fe):
				f = fe.Finding
			case errors.As(err, &re):
				f = validate.Finding{File: in.Name, Line: re.Line, Rule: validate.RuleIOError.ID, Severity: validate.RuleIOError.Severity, Message: re.Err.Error()}
			default:
				f = validate.Finding{File: in.Name, Rule: validate.RuleIOError.ID, Severity: validate.RuleIOError.Severity, Message: err.Error()}
			}
			fmt.Fprintln(stderr, f)
		}
	}
	switch {
	case failures > 0:
		return errReportedFailure
	case findings > 0:
		return errFindings
	}
	return nil
}

// normalizeInput normalises one input in two passes (the ids first, see
// capture.Normalizer), to out or, with --write, to the file itself. It
// prints the findings about lines that were written unchanged and returns
// their number; the error is an input that could not be normalised at all
// (a *findingError when it is one).
func normalizeInput(ctx context.Context, in validate.Input, opts normalizeOptions, out, stderr io.Writer) (int, error) {
	if in.Name == "-" {
		// Standard input is read twice: keep it in a temporary file, not
		// in memory.
		spool, err := spoolInput(in)
		if err != nil {
			return 0, err
		}
		defer os.Remove(spool)
		in.Open = func() (io.ReadCloser, error) { return os.Open(spool) }
	}
	if opts.write {
		if gz, err := isGzip(in); err != nil {
			return 0, err
		} else if gz {
			return 0, fmt.Errorf("--%s cannot rewrite gzip data in place; write to standard output instead", flagWrite)
		}
	}
	n := &capture.Normalizer{MaxDepth: opts.maxDepth, MaxValues: opts.maxValues}
	err := validate.ReadLines(ctx, in, opts.maxLineBytes, func(num int, line []byte) error {
		if line != nil {
			return tooManyValues(in.Name, n.ScanIDs(num, line))
		}
		return nil
	})
	if err != nil {
		return 0, err
	}
	w := out
	var file *atomicfile.File
	if opts.write {
		if file, err = atomicfile.Create(in.Name, 0o644); err != nil {
			return 0, err
		}
		defer file.Abort()
		w = file
	}
	bw := bufio.NewWriterSize(w, 1<<20)
	findings := 0
	err = validate.ReadLines(ctx, in, opts.maxLineBytes, func(num int, line []byte) error {
		if line == nil {
			return &findingError{validate.Finding{File: in.Name, Line: num, Rule: validate.RuleLineTooLong.ID, Severity: validate.RuleLineTooLong.Severity,
				Message: fmt.Sprintf("the line is longer than the %d bytes allowed (--%s), so it cannot be written unchanged; the input is not written", opts.maxLineBytes, flagMaxLineBytes)}}
		}
		norm, err := n.Line(num, line)
		var ne *capture.NormalizeError
		var te *capture.TooManyValuesError
		switch {
		case errors.As(err, &te):
			return tooManyValues(in.Name, err)
		case errors.As(err, &ne):
			findings++
			fmt.Fprintln(stderr, ne.Finding(in.Name).String()+" (written unchanged)")
			norm = line
		case err != nil:
			return err
		}
		bw.Write(norm) //nolint:errcheck // the first error is kept, and Flush returns it
		return bw.WriteByte('\n')
	})
	// Standard output gets the lines before a failure; a file gets nothing
	// (Abort keeps it as it was).
	if ferr := bw.Flush(); err == nil {
		err = ferr
	}
	if err == nil && file != nil {
		err = file.Commit()
	}
	return findings, err
}

// tooManyValues makes a *capture.TooManyValuesError a finding at its
// line that names the flag; other errors pass as they are.
func tooManyValues(file string, err error) error {
	var te *capture.TooManyValuesError
	if !errors.As(err, &te) {
		return err
	}
	return &findingError{validate.Finding{File: file, Line: te.Line, Rule: validate.RuleIOError.ID, Severity: validate.RuleIOError.Severity,
		Message: fmt.Sprintf("more than %d distinct values to replace (--%s), so the input cannot be normalised; it is not written", te.Max, flagMaxValues)}}
}

// findingError is an input that could not be normalised, as a finding.
type findingError struct{ validate.Finding }

func (e *findingError) Error() string { return e.Finding.String() }

// spoolInput copies an input to a temporary file and returns its path.
func spoolInput(in validate.Input) (string, error) {
	rc, err := in.Open()
	if err != nil {
		return "", err
	}
	defer rc.Close()
	f, err := os.CreateTemp("", "protocheck-normalize-*")
	if err != nil {
		return "", err
	}
	_, err = io.Copy(f, rc)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(f.Name())
		return "", err
	}
	return f.Name(), nil
}

// isGzip reports whether an input starts with the gzip magic number.
func isGzip(in validate.Input) (bool, error) {
	rc, err := in.Open()
	if err != nil {
		return false, err
	}
	defer rc.Close()
	var magic [2]byte
	k, _ := io.ReadFull(rc, magic[:])
	return k == 2 && magic[0] == 0x1f && magic[1] == 0x8b, nil
}
