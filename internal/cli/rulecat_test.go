package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/protocheck/protocheck/internal/report"
)

// TestRuleCatalogueInSync holds docs/rules.md to what 'protocheck rules
// --format markdown' writes now: a rule added to the tables (or an entry
// changed on a validate.Rule or a drift.DriftRule) needs make docs. Building the catalogue runs
// every example through validate, so an example that no longer produces
// its rule fails here too.
func TestRuleCatalogueInSync(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := run(context.Background(), []string{"rules", "--format", "markdown"}, nil, &stdout, &stderr); code != 0 {
		t.Fatalf("rules --format markdown: exit %d\n%s", code, stderr.String())
	}
	committed, err := os.ReadFile("../../docs/rules.md")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(committed, stdout.Bytes()) {
		t.Errorf("docs/rules.md is stale; run: make docs")
	}

	// Every rule 'protocheck rules' lists has its section.
	stdout.Reset()
	if code := run(context.Background(), []string{"rules", "--format", "json"}, nil, &stdout, &stderr); code != 0 {
		t.Fatalf("rules --format json: exit %d", code)
	}
	var rules []struct{ ID string }
	if err := json.Unmarshal(stdout.Bytes(), &rules); err != nil {
		t.Fatal(err)
	}
	for _, r := range rules {
		if !strings.Contains(string(committed), "\n## "+r.ID+"\n") {
			t.Errorf("docs/rules.md has no section for %s", r.ID)
		}
	}
}

// TestRuleCatalogueRefuses checks the two ways a catalogue cannot be built:
// a rule without an entry, and an example that does not produce its rule.
func TestRuleCatalogueRefuses(t *testing.T) {
	ctx := context.Background()
	var buf bytes.Buffer
	err := report.WriteRuleCatalogue(ctx, &buf, []report.CatalogRule{{ID: "session/made-up", Severity: "error", Doc: "A rule with no entry."}}, runExample)
	if err == nil || !strings.Contains(err.Error(), "session/made-up") {
		t.Errorf("a rule without an entry: err = %v, want one naming it", err)
	}
	err = report.WriteRuleCatalogue(ctx, &buf, []report.CatalogRule{{ID: "test/wrong-example", Severity: "error", Doc: "An example that is clean.",
		Example: okLine, Fix: "none"}}, runExample)
	if err == nil || !strings.Contains(err.Error(), "does not produce it") {
		t.Errorf("an example without its rule: err = %v, want \"does not produce it\"", err)
	}
	if buf.Len() != 0 {
		t.Errorf("a refused catalogue wrote %d bytes", buf.Len())
	}
}
