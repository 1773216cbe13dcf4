package reflect_test

import (
	"fmt"
	"testing"

	"github.com/protocheck/protocheck/internal/testutil/ledger"
	"github.com/protocheck/protocheck/internal/testutil/sharedcorpus"
	"github.com/protocheck/protocheck/reflect"
)

var publicLedger = ledger.File{
	Path: "testdata/public-captured.ledger",
	Header: []string{
		"Lines of the public corpus's CLI captures that fail their variant's tolerant schema, and why.",
		"Regenerate with: go test ./reflect -run PublicCaptured -update-ledger [-force]",
	},
}

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
	publicLedger.Check(t, got)
}
