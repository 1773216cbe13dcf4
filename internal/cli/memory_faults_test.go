//go:build linux

package cli

import (
	"io"
	"testing"
)

// TestMemoryManyLocalFaults: a line of 7.5 MB holding 2.5M empty content
// blocks, each lacking its type, is 2.5M failures. The scan kept every one
// (about 80 bytes each, in a list that doubles as it grows) and the full
// pass built a finding for each before the cap applied: 497 MB and 12 s
// at the default caps as at caps of 1. Now the scan counts the failures
// past the per-line cap without keeping them (fastpath.Result.Overflow),
// so memory follows the cap and the line, not the number of faults.
func TestMemoryManyLocalFaults(t *testing.T) {
	if testing.Short() {
		t.Skip("builds protocheck and runs it on large inputs")
	}
	bin := buildProtocheck(t)
	line := func() io.Reader { return emptyBlocks(`{"type":"user","message":{"role":"user","content":[`) }
	const budget = 150 << 20
	for _, caps := range [][]string{nil, {"--max-findings-per-line", "1", "--max-findings", "1"}} {
		args := append(append([]string{"validate", "-q", "--no-rules"}, caps...), "-")
		code, peak := peakRSSIn(t, bin, line(), args...)
		t.Logf("2.5M empty blocks on one line, caps %v: exit %d, peak %d MB", caps, code, peak>>20)
		if code != 1 || peak > budget {
			t.Errorf("caps %v: exit %d (want 1), peak %d MB; want it within %d MB", caps, code, peak>>20, budget>>20)
		}
	}
}
