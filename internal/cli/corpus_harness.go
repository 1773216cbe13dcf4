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
	ags = map[string]*matrix.Agreement{}
	failed, err = harnessRowsInto(ctx, stderr, o, m, inputs, dialects, check, update, ags)
	return failed, ags, err
}

func harnessRowsInto(ctx context.Context, stderr io.Writer, o harnessOptions, m *matrix.Matrix, inputs []validate.Input, dialects []*matrix.Dialect, check, update bool, ags map[string]*matrix.Agreement) (failed bool, err error) {
	type row struct {
		spec  harness.Spec
		model string
	}
	var rows []row
	switch o.sdks {
	case "off":
	case "auto", "all":
		sdks, err := harness.LoadSDKs(".")
		if err != nil {
			if os.IsNotExist(err) && o.sdks == "auto" {
				break // not run from the repository's root: no pinned SDKs here
			}
			return false, err
		}
		var missing []string
		for _, s := range sdks {
			if s.Slow && o.sdks == "auto" {
				continue // --sdk-harnesses all runs it
			}
			if !s.Installed(".") {
				missing = append(missing, s.Name)
				continue
			}
			rows = append(rows, row{s.Spec("."), s.Model})
		}
		if len(missing) > 0 {
			if o.sdks == "all" || os.Getenv("CI") == "true" {
				return false, fmt.Errorf("the real-SDK harnesses %v are not installed (make harnesses)", missing)
			}
			fmt.Fprintf(stderr, "note: the real-SDK harnesses %v are not installed; make harnesses adds their rows\n", missing)
		}
	default:
		return false, usagef("--%s: want auto, all or off, not %q", flagSDKHarnesses, o.sdks)
	}
	for _, s := range o.specs {
		spec, err := harness.ParseSpec(s)
		if err != nil {
			return false, usagef("--%s: %v", flagHarness, err)
		}
		rows = append(rows, row{spec: spec})
	}
	var divs []matrix.Divergence
	compared := false
	for _, r := range rows {
		r.spec.Timeout = o.timeout
		run := harness.NewRunner(r.spec)
		res, err := m.AddHarness(ctx, inputs, run, r.model, matrix.MatrixOptions{})
		run.Close()
		if err != nil {
			return false, fmt.Errorf("harness %s: %w", r.spec.Name, err)
		}
		for _, p := range run.Problems() {
			fmt.Fprintf(stderr, "harness %s: %s\n", r.spec.Name, validate.Escape(p.String()))
		}
		if check && len(run.Problems()) > 0 {
			// A harness that failed on lines judged fewer of them: the
			// check would hold on less than it says.
			fmt.Fprintf(stderr, "harness %s: %d problems; --check needs every line judged\n", r.spec.Name, len(run.Problems()))
			failed = true
		}
		if r.model == "" {
			continue
		}
		model, err := matrix.DialectByName(dialects, r.model)
		if err != nil {
			continue // the model's column is not in this run (--dialect)
		}
		ag, err := matrix.CompareModel(ctx, inputs, model, res, m.Variants, matrix.MatrixOptions{})
		if err != nil {
			return false, err
		}
		ags[r.model] = ag
		if check || update {
			compared = true
			divs = append(divs, ag.Divergences()...)
		} else {
			ag.Print(stderr)
		}
	}
	if !compared {
		return failed, nil
	}
	slices.SortFunc(divs, func(x, y matrix.Divergence) int { return strings.Compare(x.Key, y.Key) })
	ledger := matrix.AgreementLedger(o.agreement)
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
	printLedgerDiff(stderr, o.agreement, "new disagreement of a model with its SDK", diff)
	return failed || !diff.Empty(), nil
}

// sdkAgreement runs the pinned real SDK that the dialect models, when it
// is installed, and compares the model with it line by line (nil when
// there is none, or sdks is "off").
func sdkAgreement(ctx context.Context, stderr io.Writer, sdks string, timeout time.Duration, m *matrix.Matrix, inputs []validate.Input, model *matrix.Dialect) (*matrix.Agreement, error) {
	if sdks == "off" {
		return nil, nil
	}
	all, err := harness.LoadSDKs(".")
	if err != nil {
		if os.IsNotExist(err) {
			return nil, nil
		}
		return nil, err
	}
	for _, s := range all {
		if s.Model != model.Name {
			continue
		}
		if !s.Installed(".") {
			if os.Getenv("CI") == "true" || sdks == "all" {
				return nil, fmt.Errorf("the real SDK %s that %s models is not installed (make harnesses)", s.Name, model.Name)
			}
			fmt.Fprintf(stderr, "note: the real SDK %s is not installed (make harnesses): the claims are not held to it\n", s.Name)
			return nil, nil
		}
		spec := s.Spec(".")
		spec.Timeout = timeout
		run := harness.NewRunner(spec)
		res, err := m.AddHarness(ctx, inputs, run, model.Name, matrix.MatrixOptions{})
		run.Close()
		if err != nil {
			return nil, fmt.Errorf("harness %s: %w", s.Name, err)
		}
		for _, p := range run.Problems() {
			fmt.Fprintf(stderr, "harness %s: %s\n", s.Name, validate.Escape(p.String()))
		}
		return matrix.CompareModel(ctx, inputs, model, res, m.Variants, matrix.MatrixOptions{})
	}
	return nil, nil
}
