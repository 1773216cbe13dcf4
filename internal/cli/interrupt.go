package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/protocheck/protocheck/internal/atomicfile"
	"github.com/protocheck/protocheck/internal/report"
	"github.com/protocheck/protocheck/validate"
)

// errStopped is returned by a run a signal stopped; its report and its
// message are already out, and it exits 2 (docs/exit-codes.md).
var errStopped = errors.New("stopped by a signal")

// stoppedEarly says on standard error that a signal stopped the run, that
// the report (complete and well-formed) covers only what was checked
// before, and whether the baseline was left as it was.
func stoppedEarly(stderr io.Writer, sig error, sum validate.Summary, baselineKept bool) error {
	msg := fmt.Sprintf("protocheck: %v: the report covers only the lines checked before it (%d %s finished), not every input",
		sig, sum.Files, pluralWord(sum.Files, "input", "inputs"))
	if baselineKept {
		msg += "; the baseline was not written"
	}
	fmt.Fprintln(stderr, msg)
	return errStopped
}

// writeBaselineUnlessStopped writes the baseline as writeBaseline does,
// but drops it, leaving the old file whole, when a signal arrives before
// the new one is in place. It returns -1 when it dropped it.
func writeBaselineUnlessStopped(ctx context.Context, path string, kept *report.BaselineCounter) (int, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return 0, err
	}
	f, err := atomicfile.Create(path, 0o644)
	if err != nil {
		return 0, err
	}
	defer f.Abort()
	n, err := kept.Encode(f)
	if err != nil {
		return 0, err
	}
	if interruption(ctx) != nil {
		return -1, nil
	}
	return n, f.Commit()
}
