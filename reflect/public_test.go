package reflect_test

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/protocheck/protocheck/internal/sharedcorpus"
	"github.com/protocheck/protocheck/reflect"
)

var updateLedger = flag.Bool("update-ledger", false, "rewrite testdata/public-captured.ledger (new failures also need -force)")
var force = flag.Bool("force", false, "with -update-ledger, record new failures")

const ledgerFile = "testdata/public-captured.ledger"

// TestPublicCaptured validates every line of the public corpus files that
// SOURCES.md marks as captured from the CLI against its variant's tolerant
// schema. The lines that fail are recorded, with the reason, in a ledger;
// the test fails on a failure the ledger does not list and on a listed one
// that no longer happens.
func TestPublicCaptured(t *testing.T) {
	var got []string
	files, lines := 0, 0
	for _, f := range sharedcorpus.Public(t) {
		if !f.Captured() {
			continue
		}
		files++
		for _, l := range sharedcorpus.Lines(t, f.Path) {
			lines++
			name, err := check(t, reflect.Tolerant, l.Data)
			if err != nil {
				if name == "" {
					name = "-"
				}
				got = append(got, fmt.Sprintf("%s:%d %s", l.File, l.N, name))
			}
		}
	}
	t.Logf("%d captured files, %d lines, %d fail", files, lines, len(got))
	ledger := readLedger(t)
	var fresh, gone []string
	for _, g := range got {
		if _, ok := ledger[g]; !ok {
			fresh = append(fresh, g)
		}
	}
	for k := range ledger {
		if !slices.Contains(got, k) {
			gone = append(gone, k)
		}
	}
	slices.Sort(fresh)
	slices.Sort(gone)
	if *updateLedger {
		if len(fresh) > 0 && !*force {
			t.Fatalf("refusing to record %d new failures without -force:\n%s", len(fresh), strings.Join(fresh, "\n"))
		}
		writeLedger(t, got, ledger)
		return
	}
	if len(fresh) > 0 {
		t.Errorf("captured lines that now fail and are not in %s:\n%s", ledgerFile, strings.Join(fresh, "\n"))
	}
	if len(gone) > 0 {
		t.Errorf("lines in %s that no longer fail (run with -update-ledger):\n%s", ledgerFile, strings.Join(gone, "\n"))
	}
}

// readLedger reads "file:line variant  # reason" entries.
func readLedger(t *testing.T) map[string]string {
	t.Helper()
	f, err := os.Open(ledgerFile)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[string]string{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") || strings.TrimSpace(line) == "" {
			continue
		}
		entry, reason, _ := strings.Cut(line, "#")
		entry = strings.TrimSpace(entry)
		if r := strings.TrimSpace(reason); r == "" || strings.HasPrefix(r, "TODO") {
			t.Errorf("%s: %q has no reason", ledgerFile, entry)
		}
		out[entry] = strings.TrimSpace(reason)
	}
	return out
}

func writeLedger(t *testing.T, entries []string, old map[string]string) {
	t.Helper()
	var b strings.Builder
	b.WriteString("# Lines of the public corpus's CLI captures that fail their variant's tolerant schema, and why.\n")
	b.WriteString("# Regenerate with: go test ./reflect -run PublicCaptured -update-ledger [-force]\n")
	for _, e := range entries {
		reason := old[e]
		if reason == "" {
			reason = "TODO: say why"
		}
		fmt.Fprintf(&b, "%s  # %s\n", e, reason)
	}
	if err := os.WriteFile(ledgerFile, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}
