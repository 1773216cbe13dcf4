package checkout

import (
	"os"
	"strings"
	"testing"
)

// TestOutsideCheckout: outside a checkout, a default path that is missing
// is an error naming its flag, a note for the probe results, and an error
// naming the command for the captures; a flag the user set, or a default
// that is here, is left alone.
func TestOutsideCheckout(t *testing.T) {
	t.Chdir(t.TempDir())
	if err := os.Mkdir("here", 0o755); err != nil {
		t.Fatal(err)
	}
	defaults := map[string]string{"ledger": "corpus/ledger.txt", "dir": "here", "probes": "corpus/probe/results"}
	err := Missing(defaults, "dir", "ledger")
	if err == nil || !strings.Contains(err.Error(), "corpus/ledger.txt is not here: the default of --ledger") {
		t.Errorf("Missing = %v, want the ledger's default named", err)
	}
	if err := Missing(defaults, "dir", "stats"); err != nil {
		t.Errorf("Missing of a default that is here and a flag set = %v, want nil", err)
	}
	if note := ProbesNote(defaults, "probes"); !strings.Contains(note, "corpus/probe/results (the probe results") || !strings.Contains(note, "--probes names the folder") {
		t.Errorf("ProbesNote = %q", note)
	}
	if note := ProbesNote(map[string]string{}, "probes"); note != "" {
		t.Errorf("ProbesNote with --probes given = %q, want none", note)
	}
	if _, err := Inputs(nil, "corpus/captures", "corpus run"); err == nil || !strings.Contains(err.Error(), "name them (protocheck corpus run DIR)") {
		t.Errorf("Inputs with none named = %v", err)
	}
	if got, err := Inputs(nil, "here", "corpus run"); err != nil || len(got) != 1 || got[0] != "here" {
		t.Errorf("Inputs of a default that is here = %v, %v", got, err)
	}
}

// TestAtCheckoutRoot: at the root of a checkout, what is missing is left
// to the command (which says how to make it).
func TestAtCheckoutRoot(t *testing.T) {
	t.Chdir(t.TempDir())
	if err := os.WriteFile("go.mod", []byte("module github.com/protocheck/protocheck\n\ngo 1.24\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if !AtRoot() {
		t.Fatal("AtRoot() = false in a folder with protocheck's go.mod")
	}
	if err := Missing(map[string]string{"ledger": "corpus/ledger.txt"}, "ledger"); err != nil {
		t.Errorf("Missing at the root = %v, want nil", err)
	}
	if note := ProbesNote(map[string]string{"probes": "nosuch"}, "probes"); note != "" {
		t.Errorf("ProbesNote at the root = %q, want none", note)
	}
}
