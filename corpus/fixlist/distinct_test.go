package fixlist

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/protocheck/protocheck/corpus/matrix"
	"github.com/protocheck/protocheck/internal/testutil/cputime"
	"github.com/protocheck/protocheck/validate"
)

// TestDistinctNamesLinear: a fix list over lines whose undeclared members
// all have names of their own costs CPU time linear in them (it was
// quadratic: every item scanned its cell's evidence and re-read the file),
// and the names past the matrix's cap are one item, "and N more".
func TestDistinctNamesLinear(t *testing.T) {
	ds, err := matrix.BuiltinDialects()
	if err != nil {
		t.Fatal(err)
	}
	build := func(lines int) (*FixList, int64) {
		var b strings.Builder
		for i := range lines {
			b.WriteString(`{"type":"result","subtype":"success","is_error":false,"duration_ms":1,"duration_api_ms":2,"num_turns":1,"result":"ok","total_cost_usd":0.01,"session_id":"00000000-0000-4000-8000-000000000001"`)
			for j := range 100 {
				fmt.Fprintf(&b, `,"u_%d_%d":1`, i, j)
			}
			b.WriteString("}\n")
		}
		name := filepath.Join(t.TempDir(), "distinct.jsonl")
		if err := os.WriteFile(name, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		m, err := matrix.RunMatrix(context.Background(), validate.Inputs([]string{name}, nil), ds, matrix.MatrixOptions{Sessions: true})
		if err != nil {
			t.Fatal(err)
		}
		var fl *FixList
		took, _ := cputime.Of(func() {
			if fl, err = Build(m, "rust", nil, nil); err != nil {
				t.Fatal(err)
			}
		})
		return fl, took.Nanoseconds()
	}
	build(5) // warm up
	_, small := build(20)
	fl, large := build(80)
	t.Logf("fix list CPU: %v for 2,000 distinct names, %v for 8,000", time.Duration(small), time.Duration(large))
	// 4 times the names; linear is at most 4 times the time, quadratic 16.
	if large > 8*small+int64(50e6) {
		t.Errorf("fix list CPU: %dns for 2,000 distinct names, %dns for 8,000: more than linear", small, large)
	}
	more := 0
	for _, it := range fl.Items {
		if it.Pointer == matrix.MorePointer {
			more++
			if !strings.Contains(it.Evidence.Message, "more at places not listed") {
				t.Errorf("the item past the cap says %q, want \"and N more\"", it.Evidence.Message)
			}
		}
	}
	if more != 1 {
		t.Errorf("%d items for the names past the cap, want 1", more)
	}
}
