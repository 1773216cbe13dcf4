package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"strings"
	"testing"
)

// TestRuleCatalogueInSync holds docs/rules.md to what 'protocheck rules
// --format markdown' writes now: a rule added to the tables (or an entry
// changed on a validate.Rule or in rulecat.go) needs make docs. Building the catalogue runs
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
	err := writeRuleCatalogue(ctx, &buf, []catalogRule{{ID: "session/made-up", Severity: "error", Doc: "A rule with no entry."}})
	if err == nil || !strings.Contains(err.Error(), "session/made-up") {
		t.Errorf("a rule without an entry: err = %v, want one naming it", err)
	}
	err = writeRuleCatalogue(ctx, &buf, []catalogRule{{ID: "test/wrong-example", Severity: "error", Doc: "An example that is clean.",
		Entry: ruleEntry{Example: okLine, Fix: "none"}}})
	if err == nil || !strings.Contains(err.Error(), "does not produce it") {
		t.Errorf("an example without its rule: err = %v, want \"does not produce it\"", err)
	}
	if buf.Len() != 0 {
		t.Errorf("a refused catalogue wrote %d bytes", buf.Len())
	}
}

func TestVisible(t *testing.T) {
	for in, want := range map[string]string{
		`{"a":1}`:      `{"a":1}`,
		"caf\xe9":      `caf\xe9`,
		"x\x00":        `x\u0000`,
		"a\n\ufeffb":   "a\n\\uFEFFb",
		"caf\u00e9 ok": "caf\u00e9 ok",
	} {
		if got := visible(in); got != want {
			t.Errorf("visible(%q) = %q, want %q", in, got, want)
		}
	}
}
