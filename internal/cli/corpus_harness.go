package cli

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/protocheck/protocheck/corpus/harness"
	"github.com/protocheck/protocheck/corpus/matrix"
	"github.com/protocheck/protocheck/validate"
)

const (
	flagHarness        = "harness"
	flagSDKHarnesses   = "sdk-harnesses"
	flagHarnessTimeout = "harness-timeout"
	flagProbeWait      = "wait"
	flagAgreement      = "agreement"
)

// harnessOptions are corpus run's flags for real SDKs behind harnesses.
type harnessOptions struct {
	specs     []string
	sdks      string
	timeout   time.Duration
	agreement string
}

func addHarnessFlags(cmd *cobra.Command, o *harnessOptions) {
	f := cmd.Flags()
	f.StringArrayVar(&o.specs, flagHarness, nil, "add a harness as a row: NAME=COMMAND (repeatable; see docs/harness.md)")
	f.StringVar(&o.sdks, flagSDKHarnesses, "auto", "the pinned real-SDK rows (make harnesses): auto (those installed and not slow; under CI=true every one not slow, or fail), all (every one, or fail), off")
	f.DurationVar(&o.timeout, flagHarnessTimeout, 20*time.Second, "longest wait for one answer of a harness")
	f.StringVar(&o.agreement, flagAgreement, filepath.Join("corpus", "harness", "agreement.txt"), "the ledger of known disagreements between a model and its real SDK")
}

// harnessRows adds the harness rows to the matrix and compares each
// hand-written model with its SDK, returning the agreements by model. With
// --check it holds the comparison to the agreement ledger (failed is true
// when it does not hold); with --update it rewrites the ledger.
func harnessRows(ctx context.Context, stderr io.Writer, o harnessOptions, m *matrix.Matrix, inputs []validate.Input, dialects []*matrix.Dialect, check, update bool) (failed bool, ags map[string]*matrix.Agreement, err error) {
	rows, err := harnessRowList(stderr, o)
	if err != nil {
		return false, nil, err
	}
	ags = map[string]*matrix.Agreement{}
	var divs []matrix.Divergence
	for _, r := range rows {
		r.Spec.Timeout = o.timeout
		res, err := m.AddHarnessRow(ctx, inputs, r, dialects)
		if res == nil {
			return false, nil, err
		}
		for _, p := range res.Problems {
			fmt.Fprintf(stderr, "harness %s: %s\n", r.Spec.Name, validate.Escape(p.String()))
		}
		if check && len(res.Problems) > 0 {
			// A harness that failed on lines judged fewer of them: the
			// check would hold on less than it says.
			fmt.Fprintf(stderr, "harness %s: %d problems; --check needs every line judged\n", r.Spec.Name, len(res.Problems))
			failed = true
		}
		if err != nil {
			return false, nil, err
		}
		if res.Agreement == nil {
			continue
		}
		ags[r.Model] = res.Agreement
		if check || update {
			divs = append(divs, res.Agreement.Divergences()...)
		} else {
			res.Agreement.Print(stderr)
		}
	}
	if len(ags) == 0 || !(check || update) {
		return failed, ags, nil
	}
	ledgerFailed, err := holdAgreementLedger(stderr, o.agreement, divs, update)
	return failed || ledgerFailed, ags, err
}

// harnessRowList returns the rows --sdk-harnesses picks of the pinned real
// SDKs, then those of --harness.
func harnessRowList(stderr io.Writer, o harnessOptions) ([]matrix.HarnessRow, error) {
	switch o.sdks {
	case matrix.PinnedAuto, matrix.PinnedAll, matrix.PinnedOff:
	default:
		return nil, usagef("--%s: want auto, all or off, not %q", flagSDKHarnesses, o.sdks)
	}
	rows, missing, err := matrix.PinnedRows(".", o.sdks)
	if err != nil {
		return nil, err
	}
	if len(missing) > 0 {
		if o.sdks == matrix.PinnedAll || os.Getenv("CI") == "true" {
			return nil, fmt.Errorf("the real-SDK harnesses %v are not installed (make harnesses)", missing)
		}
		fmt.Fprintf(stderr, "note: the real-SDK harnesses %v are not installed; make harnesses adds their rows\n", missing)
	}
	for _, s := range o.specs {
		spec, err := harness.ParseSpec(s)
		if err != nil {
			return nil, usagef("--%s: %v", flagHarness, err)
		}
		rows = append(rows, matrix.HarnessRow{Spec: spec})
	}
	return rows, nil
}

// holdAgreementLedger holds the models' disagreements with their SDKs to
// the agreement ledger at path (--check; failed is true when it does not
// hold), or rewrites it (--update).
func holdAgreementLedger(stderr io.Writer, path string, divs []matrix.Divergence, update bool) (failed bool, err error) {
	slices.SortFunc(divs, func(x, y matrix.Divergence) int { return strings.Compare(x.Key, y.Key) })
	ledger := matrix.AgreementLedger(path)
	if update {
		// New disagreements are recorded without --force: each is a
		// defect of a model, listed until fixed.
		_, err := ledger.Update(divs, true)
		return false, err
	}
	diff, err := ledger.Check(divs, nil)
	if err != nil {
		return false, err
	}
	printLedgerDiff(stderr, path, "new disagreement of a model with its SDK", diff)
	return !diff.Empty(), nil
}

// sdkAgreement runs the pinned real SDK that the dialect models, when it
// is installed, and compares the model with it line by line (nil when
// there is none, or sdks is "off").
func sdkAgreement(ctx context.Context, stderr io.Writer, sdks string, timeout time.Duration, m *matrix.Matrix, inputs []validate.Input, model *matrix.Dialect) (*matrix.Agreement, error) {
	if sdks == matrix.PinnedOff {
		return nil, nil
	}
	row, notInstalled, ok, err := matrix.PinnedModelRow(".", model.Name)
	switch {
	case err != nil:
		return nil, err
	case notInstalled != "" && (os.Getenv("CI") == "true" || sdks == matrix.PinnedAll):
		return nil, fmt.Errorf("the real SDK %s that %s models is not installed (make harnesses)", notInstalled, model.Name)
	case notInstalled != "":
		fmt.Fprintf(stderr, "note: the real SDK %s is not installed (make harnesses): the claims are not held to it\n", notInstalled)
		return nil, nil
	case !ok:
		return nil, nil
	}
	row.Spec.Timeout = timeout
	res, err := m.AddHarnessRow(ctx, inputs, row, []*matrix.Dialect{model})
	if res == nil {
		return nil, err
	}
	for _, p := range res.Problems {
		fmt.Fprintf(stderr, "harness %s: %s\n", row.Spec.Name, validate.Escape(p.String()))
	}
	return res.Agreement, err
}
