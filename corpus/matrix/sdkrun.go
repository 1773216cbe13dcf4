package matrix

import (
	"cmp"
	"context"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/protocheck/protocheck/corpus/harness"
	"github.com/protocheck/protocheck/internal/usage"
	"github.com/protocheck/protocheck/validate"
)

// HarnessOptions say which rows of real SDKs behind harnesses
// AddHarnessRows adds (corpus run's --sdk-harnesses and --harness) and
// what it holds them to.
type HarnessOptions struct {
	// Root is the folder whose corpus/harness/sdks lists the pinned real
	// SDKs ("" for the current folder).
	Root string
	// SDKs picks the pinned real SDKs: PinnedAuto, PinnedAll or
	// PinnedOff; another value is a *usage.Error. One that is picked and
	// not installed is an error under PinnedAll or CI=true, else a note.
	SDKs string
	// Specs are more harnesses, each a row: NAME=COMMAND (see
	// harness.ParseSpec); one that does not parse is a *usage.Error.
	Specs []string
	// Timeout is the longest wait for one answer of a harness.
	Timeout time.Duration
	// Agreement is the ledger of known disagreements between a model and
	// its real SDK (AgreementLedger).
	Agreement string
	// Check holds each model's comparison with its SDK to the Agreement
	// ledger, and needs every line judged; Update rewrites the ledger.
	// With neither, each comparison is printed.
	Check, Update bool
}

// A HarnessResult is what AddHarnessRows found.
type HarnessResult struct {
	// Agreements are the comparisons of each model with its SDK, by model.
	Agreements map[string]*Agreement
	// Failed is true when a row fails Check: a harness had problems, or a
	// model disagrees with its SDK where the agreement ledger does not say
	// so.
	Failed bool
}

// AddHarnessRows adds the rows of the pinned real SDKs and of o.Specs to
// the matrix, each judged on inputs, and compares each hand-written model
// of dialects with its SDK. It prints on log each harness's problems, and
// the comparisons (or, with Check, what the agreement ledger lacks).
func (m *Matrix) AddHarnessRows(ctx context.Context, inputs []validate.Input, dialects []*Dialect, o HarnessOptions, log io.Writer) (*HarnessResult, error) {
	rows, err := harnessRowList(log, o)
	if err != nil {
		return nil, err
	}
	out := &HarnessResult{Agreements: map[string]*Agreement{}}
	var divs []Divergence
	for _, r := range rows {
		r.Spec.Timeout = o.Timeout
		res, err := m.AddHarnessRow(ctx, inputs, r, dialects)
		if res == nil {
			return nil, err
		}
		for _, p := range res.Problems {
			fmt.Fprintf(log, "harness %s: %s\n", r.Spec.Name, validate.Escape(p.String()))
		}
		if o.Check && len(res.Problems) > 0 {
			// A harness that failed on lines judged fewer of them: the
			// check would hold on less than it says.
			fmt.Fprintf(log, "harness %s: %d problems; --check needs every line judged\n", r.Spec.Name, len(res.Problems))
			out.Failed = true
		}
		if err != nil {
			return nil, err
		}
		if res.Agreement == nil {
			continue
		}
		out.Agreements[r.Model] = res.Agreement
		if o.Check || o.Update {
			divs = append(divs, res.Agreement.Divergences()...)
		} else {
			res.Agreement.Print(log)
		}
	}
	if len(out.Agreements) == 0 || !(o.Check || o.Update) {
		return out, nil
	}
	failed, err := holdAgreementLedger(log, o.Agreement, divs, o.Update)
	out.Failed = out.Failed || failed
	return out, err
}

// checkSDKs checks a value of HarnessOptions.SDKs.
func checkSDKs(mode string) error {
	switch mode {
	case PinnedAuto, PinnedAll, PinnedOff:
		return nil
	}
	return usage.Errorf("--sdk-harnesses: want auto, all or off, not %q", mode)
}

// requireSDKs reports whether a pinned SDK that mode picks must be
// installed: under PinnedAll, and under CI=true.
func requireSDKs(mode string) bool { return mode == PinnedAll || os.Getenv("CI") == "true" }

// harnessRowList returns the rows o.SDKs picks of the pinned real SDKs,
// then those of o.Specs.
func harnessRowList(log io.Writer, o HarnessOptions) ([]HarnessRow, error) {
	if err := checkSDKs(o.SDKs); err != nil {
		return nil, err
	}
	rows, missing, err := PinnedRows(cmp.Or(o.Root, "."), o.SDKs)
	if err != nil {
		return nil, err
	}
	if len(missing) > 0 {
		if requireSDKs(o.SDKs) {
			return nil, fmt.Errorf("the real-SDK harnesses %v are not installed (make harnesses)", missing)
		}
		fmt.Fprintf(log, "note: the real-SDK harnesses %v are not installed; make harnesses adds their rows\n", missing)
	}
	for _, s := range o.Specs {
		spec, err := harness.ParseSpec(s)
		if err != nil {
			return nil, usage.Errorf("--harness: %v", err)
		}
		rows = append(rows, HarnessRow{Spec: spec})
	}
	return rows, nil
}

// holdAgreementLedger holds the models' disagreements with their SDKs to
// the agreement ledger at path (failed is true when it does not hold), or
// with update rewrites it.
func holdAgreementLedger(log io.Writer, path string, divs []Divergence, update bool) (failed bool, err error) {
	slices.SortFunc(divs, func(x, y Divergence) int { return strings.Compare(x.Key, y.Key) })
	ledger := AgreementLedger(path)
	if update {
		// New disagreements are recorded without force: each is a defect
		// of a model, listed until fixed.
		_, err := ledger.Update(divs, true)
		return false, err
	}
	diff, err := ledger.Check(divs, nil)
	if err != nil {
		return false, err
	}
	PrintLedgerDiff(log, path, "new disagreement of a model with its SDK", diff)
	return !diff.Empty(), nil
}

// ModelAgreement runs the pinned real SDK that model models, when it is
// installed, and compares the model with it line by line, printing the
// harness's problems on log. It is nil when there is none, or sdks is
// PinnedOff; an SDK that is not installed is an error under PinnedAll or
// CI=true, else a note on log.
func (m *Matrix) ModelAgreement(ctx context.Context, inputs []validate.Input, model *Dialect, sdks string, timeout time.Duration, log io.Writer) (*Agreement, error) {
	if sdks == PinnedOff {
		return nil, nil
	}
	row, notInstalled, ok, err := PinnedModelRow(".", model.Name)
	switch {
	case err != nil:
		return nil, err
	case notInstalled != "" && requireSDKs(sdks):
		return nil, fmt.Errorf("the real SDK %s that %s models is not installed (make harnesses)", notInstalled, model.Name)
	case notInstalled != "":
		fmt.Fprintf(log, "note: the real SDK %s is not installed (make harnesses): the claims are not held to it\n", notInstalled)
		return nil, nil
	case !ok:
		return nil, nil
	}
	row.Spec.Timeout = timeout
	res, err := m.AddHarnessRow(ctx, inputs, row, []*Dialect{model})
	if res == nil {
		return nil, err
	}
	for _, p := range res.Problems {
		fmt.Fprintf(log, "harness %s: %s\n", row.Spec.Name, validate.Escape(p.String()))
	}
	return res.Agreement, err
}
