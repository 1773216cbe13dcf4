package probe

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/protocheck/protocheck/corpus/drift"
	"github.com/protocheck/protocheck/corpus/matrix"
	"github.com/protocheck/protocheck/validate"
)

// TestEvidence: a dialect's write is looked up by the ID the suite gives
// its probe, on the newest CLI that ran it; a write no probe sent is
// inferred from types; a drift change the CLI reads drops to info.
func TestEvidence(t *testing.T) {
	id := WriteID("python", "interrupt")
	if p, ok := fromWrite("python", matrix.Write{Name: "interrupt", Message: []byte(`{"type":"control_request","request_id":"1","request":{"subtype":"interrupt"}}`)}); !ok || p.ID != id {
		t.Fatalf("the suite names the probe %q, the readers look up %q", p.ID, id)
	}
	files := []*File{
		{CLIVersion: "2.0.0", Results: []Result{{Probe: Probe{ID: id}, Outcome: "error", Answer: "old", Read: ReadNo}}},
		{CLIVersion: "2.1.0", Results: []Result{{Probe: Probe{ID: id}, Outcome: "success", Read: ReadYes}}},
	}
	ws := []*matrix.WriteResult{{Dialect: "python", Name: "interrupt"}, {Dialect: "python", Name: "other"}}
	MarkWrites(ws, files)
	got := []string{ws[0].Evidence, ws[1].Evidence}
	want := []string{"verified on CLI 2.1.0: the CLI reads it (success)", matrix.InferredFromTypes}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("MarkWrites mismatch (-want +got):\n%s", d)
	}

	rep := &drift.DriftReport{To: "python", Changes: []drift.Change{
		{Write: "interrupt", Severity: validate.Error, Message: "refused: " + matrix.InferredFromTypes},
		{Write: "other", Severity: validate.Error, Message: "refused: " + matrix.InferredFromTypes},
	}}
	MarkDrift(rep, files)
	if c := rep.Changes[0]; c.Severity != validate.Info || c.Message != "refused: verified on CLI 2.1.0: the CLI reads it (success)" {
		t.Errorf("the probed change: %v %q", c.Severity, c.Message)
	}
	if d := cmp.Diff(map[string]int{"info": 1, "error": 1}, rep.Counts); d != "" {
		t.Errorf("Counts mismatch (-want +got):\n%s", d)
	}
}
