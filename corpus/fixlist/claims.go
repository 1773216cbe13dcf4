package fixlist

import (
	"maps"
	"slices"

	"github.com/protocheck/protocheck/corpus/drift"
	"github.com/protocheck/protocheck/corpus/matrix"
	"github.com/protocheck/protocheck/corpus/probe"
)

// A Contradiction is a claim of a model's fix list, or of the drift from
// the wire to the model, that the model's real SDK contradicts.
type Contradiction struct {
	// Of says whose claim: "fix list" or "drift".
	Of string
	// SDK is the SDK's row.
	SDK string
	// Claim is the claim, in words.
	Claim string
}

// Claims is what HoldClaims found.
type Claims struct {
	// Contradicted are the claims the SDKs contradict, model by model.
	Contradicted []Contradiction
	// Items and Changes count the fix lists' items and drift's changes
	// held.
	Items, Changes int
}

// HoldClaims builds the fix list of each model that ran beside its real
// SDK (agreements, by model), and the drift from the wire to it, and holds
// each read claim of both to what the SDK's own code did with the same
// lines.
func HoldClaims(m *matrix.Matrix, agreements map[string]*matrix.Agreement, ledger map[string]string, probes []*probe.File) (*Claims, error) {
	out := &Claims{}
	for _, model := range slices.Sorted(maps.Keys(agreements)) {
		ag := agreements[model]
		fl, err := BuildWith(m, model, ledger, probes, ag)
		if err != nil {
			return nil, err
		}
		for _, d := range fl.Disagreements() {
			out.Contradicted = append(out.Contradicted, Contradiction{"fix list", ag.SDK, d})
		}
		out.Items += len(fl.Items)
		d, err := matrix.DialectByName(m.DialectInfo, model)
		if err != nil {
			return nil, err
		}
		rep, err := drift.Drift(matrix.Wire, d)
		if err != nil {
			return nil, err
		}
		for _, c := range rep.HoldToSDK(ag) {
			out.Contradicted = append(out.Contradicted, Contradiction{"drift", ag.SDK, c})
		}
		out.Changes += len(rep.Changes)
	}
	return out, nil
}
