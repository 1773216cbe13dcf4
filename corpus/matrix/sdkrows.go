package matrix

import (
	"context"
	"fmt"
	"os"

	"github.com/protocheck/protocheck/corpus/harness"
	"github.com/protocheck/protocheck/validate"
)

// A HarnessRow is a row of the matrix judged by an SDK's own code through
// a harness (docs/harness.md).
type HarnessRow struct {
	// Spec starts the harness.
	Spec harness.Spec
	// Model is the dialect that models the SDK by hand, compared with it
	// line by line; "" for none.
	Model string
}

// How PinnedRows picks the pinned real SDKs.
const (
	// PinnedAuto picks those installed and not slow.
	PinnedAuto = "auto"
	// PinnedAll picks every one.
	PinnedAll = "all"
	// PinnedOff picks none.
	PinnedOff = "off"
)

// PinnedRows returns the rows of the pinned real SDKs that mode picks
// (corpus/harness/sdks under root, installed by make harnesses), and the
// names of those it picks that are not installed (they have no row). A
// root without the list has none under PinnedAuto.
func PinnedRows(root, mode string) (rows []HarnessRow, missing []string, err error) {
	if mode == PinnedOff {
		return nil, nil, nil
	}
	sdks, err := harness.LoadSDKs(root)
	if err != nil {
		if os.IsNotExist(err) && mode == PinnedAuto {
			return nil, nil, nil // not run from the repository's root: no pinned SDKs here
		}
		return nil, nil, err
	}
	for _, s := range sdks {
		if s.Slow && mode == PinnedAuto {
			continue // PinnedAll runs it
		}
		if !s.Installed(root) {
			missing = append(missing, s.Name)
			continue
		}
		rows = append(rows, HarnessRow{s.Spec(root), s.Model})
	}
	return rows, missing, nil
}

// PinnedModelRow returns the row of the pinned real SDK that the dialect
// model models, slow or not; ok is false when there is none, and the
// name is that of the SDK when it is not installed.
func PinnedModelRow(root, model string) (row HarnessRow, notInstalled string, ok bool, err error) {
	sdks, err := harness.LoadSDKs(root)
	if err != nil {
		if os.IsNotExist(err) {
			return HarnessRow{}, "", false, nil
		}
		return HarnessRow{}, "", false, err
	}
	for _, s := range sdks {
		if s.Model != model {
			continue
		}
		if !s.Installed(root) {
			return HarnessRow{}, s.Name, false, nil
		}
		return HarnessRow{s.Spec(root), s.Model}, "", true, nil
	}
	return HarnessRow{}, "", false, nil
}

// A RowResult is what adding one harness row found.
type RowResult struct {
	// Problems are the harness's failures (crashes, hangs, nonsense),
	// each on a line it then did not judge.
	Problems []harness.Problem
	// Agreement compares the row's model with the SDK line by line; nil
	// when the row models no dialect of dialects.
	Agreement *Agreement
}

// AddHarnessRow adds the row to the matrix, judged on inputs, and
// compares the row's model, when it is one of dialects, with it. When the
// comparison fails it returns the row's result (its problems) with the
// error.
func (m *Matrix) AddHarnessRow(ctx context.Context, inputs []validate.Input, row HarnessRow, dialects []*Dialect) (*RowResult, error) {
	run := harness.NewRunner(row.Spec)
	res, err := m.AddHarness(ctx, inputs, run, row.Model, MatrixOptions{})
	run.Close()
	if err != nil {
		return nil, fmt.Errorf("harness %s: %w", row.Spec.Name, err)
	}
	out := &RowResult{Problems: run.Problems()}
	if row.Model == "" {
		return out, nil
	}
	model, err := DialectByName(dialects, row.Model)
	if err != nil {
		return out, nil // the model's column is not in this run
	}
	out.Agreement, err = CompareModel(ctx, inputs, model, res, m.Variants, MatrixOptions{})
	return out, err
}
