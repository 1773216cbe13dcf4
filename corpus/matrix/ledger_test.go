package matrix

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestLedgerPolicy: a check reports the divergences the ledger lacks and
// the listed ones that no longer happen; an update records new ones only
// when forced, and keeps the reasons written by hand.
func TestLedgerPolicy(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ledger.txt")
	if err := os.WriteFile(path, []byte("# head\na v accepted r /x  # by hand\nb v rejected r /y  # gone\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	l := Ledger{Path: path, Header: "# new head\n"}
	found := []Divergence{{Key: "a v accepted r /x", Reason: "draft a"}, {Key: "c v dropped r /z", Reason: "draft c"}, {Key: "c v dropped r /z", Reason: "again"}}

	diff, err := l.Check(found, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := LedgerDiff{New: []Divergence{{Key: "c v dropped r /z", Reason: "draft c"}}, Gone: []string{"b v rejected r /y"}}
	if d := cmp.Diff(want, diff); d != "" {
		t.Errorf("Check mismatch (-want +got):\n%s", d)
	}
	diff, err = l.Check(found, func(k string) bool { return k[0] != 'b' })
	if err != nil || len(diff.Gone) != 0 {
		t.Errorf("Check with keep: gone %v, err %v; want the unselected entry left out", diff.Gone, err)
	}

	if _, err := l.Update(found[:2], false); !errors.As(err, new(*UnrecordedError)) {
		t.Fatalf("Update without force: err %v, want an *UnrecordedError", err)
	}
	if b, _ := os.ReadFile(path); string(b[:6]) != "# head" {
		t.Errorf("Update without force rewrote the ledger:\n%s", b)
	}
	if _, err := l.Update(found[:2], true); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff("# new head\na v accepted r /x  # by hand\nc v dropped r /z  # draft c\n", string(b)); d != "" {
		t.Errorf("Update with force mismatch (-want +got):\n%s", d)
	}
}
