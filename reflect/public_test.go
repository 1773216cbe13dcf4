package reflect_test

import (
	"cmp"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/protocheck/protocheck/internal/testutil/ledger"
	"github.com/protocheck/protocheck/internal/testutil/sharedcorpus"
	"github.com/protocheck/protocheck/reflect"
	"github.com/protocheck/protocheck/validate"
)

var publicLedger = ledger.File{
	Path: "testdata/public-captured.ledger",
	Header: []string{
		"Lines of the public corpus's CLI captures that fail their variant's tolerant schema, and why.",
		"Regenerate with: go test ./reflect -run PublicCaptured -update-ledger [-force]",
	},
}

// TestPublicCaptured validates every line of the public corpus files that
// SOURCES.md marks as captured from the CLI as validate checks them, in
// the tolerant profile: each file against the schema set of the CLI version
// its system/init names, and a file with no init against every set, an
// error only where no release's set accepts the line. A line that does not
// decode as a known variant fails too. The lines that fail are recorded,
// with the reason, in a ledger; the test fails on a failure the ledger
// does not list and on a listed one that no longer happens.
func TestPublicCaptured(t *testing.T) {
	v, err := validate.New(validate.Options{NoCrossLine: true, Jobs: 2})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	files, lines := 0, 0
	for _, f := range sharedcorpus.Public(t) {
		if !f.Captured() {
			continue
		}
		files++
		bad := map[int]string{}
		for _, l := range sharedcorpus.Lines(t, f.Path) {
			lines++
			if name, err := check(t, reflect.Tolerant, l.Data); err != nil && name == "" {
				bad[l.N] = "-" // not a known variant at all
			}
		}
		path := filepath.Join(sharedcorpus.Dir(t), f.Path)
		in := validate.Input{Name: f.Path, Open: func() (io.ReadCloser, error) { return os.Open(path) }}
		_, err := v.RunEach(t.Context(), []validate.Input{in}, nil, func(r validate.LineResult) {
			for _, x := range r.Findings {
				if x.Severity == validate.Error && bad[r.Line] == "" {
					bad[r.Line] = cmp.Or(r.Variant, "-")
				}
			}
		})
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range slices.Sorted(maps.Keys(bad)) {
			got = append(got, fmt.Sprintf("%s:%d %s", f.Path, n, bad[n]))
		}
	}
	t.Logf("%d captured files, %d lines, %d fail", files, lines, len(got))
	publicLedger.Check(t, got)
}
