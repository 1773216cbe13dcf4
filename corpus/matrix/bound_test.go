package matrix

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/protocheck/protocheck/validate"
)

// distinctNames writes lines result lines whose members beyond the known
// ones all have names of their own, 100 a line, and returns the file.
func distinctNames(t *testing.T, lines int) string {
	t.Helper()
	var b strings.Builder
	for i := range lines {
		b.WriteString(`{"type":"result","subtype":"success","is_error":false,"duration_ms":1,"duration_api_ms":2,"num_turns":1,"result":"ok","total_cost_usd":0.01,"session_id":"00000000-0000-4000-8000-000000000001"`)
		for j := range 100 {
			fmt.Fprintf(&b, `,"u_%d_%d":1`, i, j)
		}
		b.WriteString("}\n")
	}
	name := filepath.Join(t.TempDir(), fmt.Sprintf("distinct-%d.jsonl", lines))
	if err := os.WriteFile(name, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return name
}

// TestDistinctNamesBounded: members whose names all differ are each a
// reason of their own; a cell keeps MaxReasons of them and counts the rest
// under one "and N more" reason, so the matrix a run keeps does not grow
// with the number of distinct names.
func TestDistinctNamesBounded(t *testing.T) {
	ds, err := BuiltinDialects()
	if err != nil {
		t.Fatal(err)
	}
	kept := func(lines int) (*Matrix, uint64) {
		inputs := validate.Inputs([]string{distinctNames(t, lines)}, nil)
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		m, err := RunMatrix(context.Background(), inputs, ds, MatrixOptions{Sessions: true})
		if err != nil {
			t.Fatal(err)
		}
		runtime.GC()
		runtime.ReadMemStats(&after)
		runtime.KeepAlive(m)
		return m, after.HeapAlloc - min(after.HeapAlloc, before.HeapAlloc)
	}
	kept(10) // warm the caches the dialects keep across runs
	_, small := kept(20)
	m, large := kept(80)
	for _, c := range m.Cells {
		if len(c.Reasons) > MaxReasons+4 {
			t.Errorf("%s %s keeps %d reasons, want at most %d and the rest counted", c.Dialect, c.Variant, len(c.Reasons), MaxReasons)
		}
	}
	c := m.Cell("rust", "result.success")
	if c == nil {
		t.Fatal("no rust result.success cell")
	}
	var more *Reason
	for _, r := range c.Reasons {
		if r.Pointer == MorePointer {
			more = r
		}
	}
	if want := 80*100 - MaxReasons; more == nil || more.Count < want-MaxReasons || !strings.Contains(more.Message, fmt.Sprintf("and %d more", more.Count)) {
		t.Errorf("rust result.success: the reason past the cap is %+v, want one counting about %d members, saying \"and N more\"", more, want)
	}
	// 4 times the names, well under twice the memory kept (it was 4 times).
	t.Logf("kept after the run: %d bytes for 2,000 names, %d for 8,000", small, large)
	if large > 2*small {
		t.Errorf("kept after the run: %d bytes for 2,000 distinct names, %d for 8,000: grows with the names", small, large)
	}
}
