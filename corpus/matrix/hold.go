package matrix

import (
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/protocheck/protocheck/internal/atomicfile"
	"github.com/protocheck/protocheck/internal/usage"
	"github.com/protocheck/protocheck/validate"
)

// LedgerFiles are the files corpus run holds a matrix to: the ledger of
// known divergences (corpus/dialects/ledger.txt) and the stats file of
// accepted/lines counts (corpus/dialects/stats.txt), both of the committed
// captures.
type LedgerFiles struct {
	// Ledger is the ledger file (DialectLedger).
	Ledger string
	// Stats is the stats file (StatsHeader, then Matrix.Stats).
	Stats string
}

// Update rewrites the ledger and the stats file with m's divergences and
// counts, and says so on log. Divergences the ledger does not list are
// recorded only with force: without it each is printed on log with its
// drafted reason, nothing is written, and the error is a *usage.Error
// that says how to record them.
func (l LedgerFiles) Update(log io.Writer, m *Matrix, force bool) error {
	diff, err := DialectLedger(l.Ledger).Update(m.Divergences(), force)
	if _, ok := errors.AsType[*UnrecordedError](err); ok {
		for _, d := range diff.New {
			fmt.Fprintf(log, "new divergence: %s  # %s\n", d.Key, validate.Escape(d.Reason))
		}
		return usage.Errorf("%v; record them with --update --force and review their reasons", err)
	}
	if err != nil {
		return err
	}
	if err := atomicfile.WriteFile(l.Stats, []byte(StatsHeader+m.Stats()), 0o644); err != nil {
		return err
	}
	fmt.Fprintf(log, "wrote %s (%d added, %d removed) and %s\n", l.Ledger, len(diff.New), len(diff.Gone), l.Stats)
	return nil
}

// Check holds m to the ledger and the stats file, judging only the
// dialects of m, and prints on log each divergence the ledger lacks, each
// listed one that no longer happens, and stale counts. With ownInputs
// (inputs other than the committed captures, which the files describe)
// only the divergences the ledger lacks are judged. held is false when
// something was printed.
func (l LedgerFiles) Check(log io.Writer, m *Matrix, ownInputs bool) (held bool, err error) {
	diff, err := DialectLedger(l.Ledger).Check(m.Divergences(), func(k string) bool {
		d, _, _ := strings.Cut(k, " ")
		return slices.Contains(m.Dialects, d)
	})
	if err != nil {
		return false, err
	}
	if ownInputs {
		diff.Gone = nil
	}
	PrintLedgerDiff(log, l.Ledger, "new divergence", diff)
	stats, err := os.ReadFile(l.Stats)
	if err != nil && !os.IsNotExist(err) {
		return false, err
	}
	stale := !ownInputs && selectedStats(string(stats), m.Dialects) != m.Stats()
	if stale {
		fmt.Fprintf(log, "%s: the counts changed; run protocheck corpus run --update and review the diff\n", l.Stats)
	}
	return diff.Empty() && !stale, nil
}

// PrintLedgerDiff says what a check found against the ledger at path:
// each new entry (as what) with its drafted reason, and each gone one.
func PrintLedgerDiff(w io.Writer, path, what string, diff LedgerDiff) {
	for _, d := range diff.New {
		fmt.Fprintf(w, "%s: %s: %s  # %s\n", path, what, d.Key, validate.Escape(d.Reason))
	}
	for _, k := range diff.Gone {
		fmt.Fprintf(w, "%s: no longer happens: %s\n", path, k)
	}
}

// selectedStats keeps the lines of a stats file that count the dialects
// named, without the header.
func selectedStats(stats string, dialects []string) string {
	var b strings.Builder
	for _, line := range strings.SplitAfter(stats, "\n") {
		d, _, _ := strings.Cut(line, " ")
		if line != "" && !strings.HasPrefix(line, "#") && slices.Contains(dialects, d) {
			b.WriteString(line)
		}
	}
	return b.String()
}
