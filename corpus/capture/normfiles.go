package capture

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"

	"github.com/protocheck/protocheck/internal/atomicfile"
	"github.com/protocheck/protocheck/internal/usage"
	"github.com/protocheck/protocheck/validate"
)

// NormalizeOptions are the bounds and the destination of NormalizeInputs
// (protocheck normalize's flags, whose names its messages give).
type NormalizeOptions struct {
	// Write rewrites each input in place, atomically, instead of writing
	// it to the output; standard input and gzip data cannot be.
	Write bool
	// MaxLineBytes is the longest line read (--max-line-bytes): a longer
	// one cannot be written unchanged, so its input is not written.
	MaxLineBytes int
	// MaxDepth is the deepest nesting accepted (--max-depth); a deeper
	// line is written unchanged, with a finding.
	MaxDepth int
	// MaxValues is the most distinct values replaced in one input
	// (--max-values; 0 for DefaultMaxValues).
	MaxValues int
}

// A NormalizeResult counts what NormalizeInputs reported.
type NormalizeResult struct {
	// Findings are the lines written unchanged (not JSON, not UTF-8, too
	// deep ...), each reported with the rule validate gives it.
	Findings int
	// Failures are the inputs that could not be normalised at all (a
	// line too long, too many values, an input that cannot be read):
	// nothing of a file, and of standard output only the lines before the
	// failure, is written.
	Failures int
}

// Check checks the options for the inputs args ("-" for standard input):
// the bounds must be positive, and Write needs files. Each fault is an
// *usage.Error that names the flag.
func (o NormalizeOptions) Check(args []string) error {
	if o.MaxLineBytes <= 0 || o.MaxDepth <= 0 {
		return usage.Errorf("--max-line-bytes and --max-depth must be positive")
	}
	if o.Write && slices.Contains(args, "-") {
		return usage.Errorf("--write needs files, not standard input")
	}
	return nil
}

// NormalizeInputs normalises each input in two passes (the ids first, see
// Normalizer): to out, one after the other, or with opts.Write each file in
// place. It reports on log, as findings, each line written unchanged
// ("(written unchanged)") and each input that could not be normalised (at
// its line where there is one), and counts both.
func NormalizeInputs(ctx context.Context, inputs []validate.Input, opts NormalizeOptions, out, log io.Writer) NormalizeResult {
	var res NormalizeResult
	for _, in := range inputs {
		n, err := normalizeInput(ctx, in, opts, out, log)
		res.Findings += n
		if err == nil {
			continue
		}
		res.Failures++
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
		fmt.Fprintln(log, f)
	}
	return res
}

// normalizeInput normalises one input, to out or, with opts.Write, to the
// file itself. It prints the findings about lines that were written
// unchanged and returns their number; the error is an input that could
// not be normalised at all (a *findingError when it is one).
func normalizeInput(ctx context.Context, in validate.Input, opts NormalizeOptions, out, log io.Writer) (int, error) {
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
	if opts.Write {
		if gz, err := isGzip(in); err != nil {
			return 0, err
		} else if gz {
			return 0, errors.New("--write cannot rewrite gzip data in place; write to standard output instead")
		}
	}
	n := &Normalizer{MaxDepth: opts.MaxDepth, MaxValues: opts.MaxValues}
	err := validate.ReadLines(ctx, in, opts.MaxLineBytes, func(num int, line []byte) error {
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
	if opts.Write {
		if file, err = atomicfile.Create(in.Name, 0o644); err != nil {
			return 0, err
		}
		defer file.Abort()
		w = file
	}
	bw := bufio.NewWriterSize(w, 1<<20)
	findings := 0
	err = validate.ReadLines(ctx, in, opts.MaxLineBytes, func(num int, line []byte) error {
		if line == nil {
			return &findingError{validate.Finding{File: in.Name, Line: num, Rule: validate.RuleLineTooLong.ID, Severity: validate.RuleLineTooLong.Severity,
				Message: fmt.Sprintf("the line is longer than the %d bytes allowed (--max-line-bytes), so it cannot be written unchanged; the input is not written", opts.MaxLineBytes)}}
		}
		norm, err := n.Line(num, line)
		var ne *NormalizeError
		var te *TooManyValuesError
		switch {
		case errors.As(err, &te):
			return tooManyValues(in.Name, err)
		case errors.As(err, &ne):
			findings++
			fmt.Fprintln(log, ne.Finding(in.Name).String()+" (written unchanged)")
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

// tooManyValues makes a *TooManyValuesError a finding at its line that
// names the flag; other errors pass as they are.
func tooManyValues(file string, err error) error {
	var te *TooManyValuesError
	if !errors.As(err, &te) {
		return err
	}
	return &findingError{validate.Finding{File: file, Line: te.Line, Rule: validate.RuleIOError.ID, Severity: validate.RuleIOError.Severity,
		Message: fmt.Sprintf("more than %d distinct values to replace (--max-values), so the input cannot be normalised; it is not written", te.Max)}}
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
