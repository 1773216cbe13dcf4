package capture

import (
	"context"
	"encoding/json"
	"fmt"
	"io"

	"github.com/protocheck/protocheck/internal/usage"
)

// Write writes the report: as indented JSON, or as text, one finding a
// line.
func (r RegressReport) Write(w io.Writer, asJSON bool) error {
	if asJSON {
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(r)
	}
	for _, f := range r.Findings {
		fmt.Fprintln(w, f)
	}
	return nil
}

// String is the summary's line: captures, findings, errors and the runs
// that passed only at a later attempt.
func (s RegressSummary) String() string {
	return fmt.Sprintf("%d captures, %d findings, %d errors, %d passed only at a later attempt", s.Captures, s.Findings, s.Errors, s.Flaky)
}

// PinnedOptions are what RegressPinned runs (protocheck corpus regress's
// flags, whose names its messages give).
type PinnedOptions struct {
	// RegressOptions are Regress's; CLIs are the pinned ones.
	RegressOptions
	// CLIDir is the folder of pinned CLIs, one folder per version, and
	// Versions those to capture with (all when empty; see SelectCLIs).
	CLIDir   string
	Versions []string
	// JSON writes the report as JSON, not one finding a line.
	JSON bool
}

// RegressPinned is protocheck corpus regress: Regress with the pinned
// CLIs of o.Versions, the report (Report) written to out, and its summary
// line to o.Progress. A version that is not installed and Attempts below 1
// are *usage.Errors; when captures failed, the error (after the report)
// says how many, with the first's error.
func RegressPinned(ctx context.Context, o PinnedOptions, out io.Writer) (RegressSummary, error) {
	var err error
	if o.CLIs, err = SelectCLIs(o.CLIDir, o.Versions, false); err != nil {
		return RegressSummary{}, err
	}
	if o.Attempts < 1 {
		return RegressSummary{}, usage.Errorf("--attempts %d: must be at least 1", o.Attempts)
	}
	runs, err := Regress(ctx, o.RegressOptions)
	if err != nil {
		return RegressSummary{}, err
	}
	rep := Report(runs)
	if err := rep.Write(out, o.JSON); err != nil {
		return RegressSummary{}, err
	}
	s := rep.Summary
	fmt.Fprintln(o.Progress, s)
	for _, r := range runs {
		if r.Err != nil {
			return s, fmt.Errorf("%d of %d captures failed (see above); the first: %w", s.Errors, s.Captures, r.Err)
		}
	}
	return s, nil
}
