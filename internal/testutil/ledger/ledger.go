package ledger

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/protocheck/protocheck/corpus/matrix"
)

var (
	update = flag.Bool("update-ledger", false, "rewrite the ledgers under testdata (new entries also need -force)")
	force  = flag.Bool("force", false, "with -update-ledger, record entries that are new")
)

// A File is one ledger.
type File struct {
	// Path is the ledger's file, relative to the test's package.
	Path string
	// Header is written, as comment lines, at the top of a rewritten file:
	// what the entries are and the command that regenerates them.
	Header []string
}

// Check compares the entries a test found with the ledger, or rewrites the
// ledger with them, in the order found, under -update-ledger.
func (l File) Check(t testing.TB, got []string) {
	t.Helper()
	// Keep the order the test found the entries in; drop repeats.
	seen := map[string]bool{}
	got = slices.DeleteFunc(slices.Clone(got), func(e string) bool {
		dup := seen[e]
		seen[e] = true
		return dup
	})
	listed := l.read(t)
	found := make([]matrix.Divergence, len(got))
	for i, g := range got {
		found[i] = matrix.Divergence{Key: g, Reason: "TODO: say why"}
	}
	diff := matrix.DiffLedger(found, listed)
	if *update {
		if len(diff.New) > 0 && !*force {
			t.Fatalf("refusing to record %d new entries in %s without -force:\n%s", len(diff.New), l.Path, keys(diff.New))
		}
		if err := os.WriteFile(l.Path, matrix.LedgerText(l.header(), found, listed), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if len(diff.New) > 0 {
		t.Errorf("found, and not listed in %s (a new divergence; see the package doc of internal/ledger):\n%s", l.Path, keys(diff.New))
	}
	if len(diff.Gone) > 0 {
		t.Errorf("listed in %s, and no longer found (run with -update-ledger):\n%s", l.Path, strings.Join(diff.Gone, "\n"))
	}
}

func keys(ds []matrix.Divergence) string {
	var b strings.Builder
	for i, d := range ds {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(d.Key)
	}
	return b.String()
}

// read returns the ledger's entries with their reasons. An entry without a
// reason, or with a TODO one, fails t.
func (l File) read(t testing.TB) map[string]string {
	t.Helper()
	f, err := os.Open(l.Path)
	if err != nil {
		if os.IsNotExist(err) && *update {
			return map[string]string{}
		}
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
		if r := strings.TrimSpace(reason); (r == "" || strings.HasPrefix(r, "TODO")) && !*update {
			t.Errorf("%s: %q has no reason", l.Path, entry)
		}
		out[entry] = strings.TrimSpace(reason)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// header is the file's head: each Header line as a comment.
func (l File) header() string {
	var b strings.Builder
	for _, h := range l.Header {
		fmt.Fprintf(&b, "# %s\n", h)
	}
	return b.String()
}
