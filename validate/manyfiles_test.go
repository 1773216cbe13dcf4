package validate

import (
	"context"
	"io"
	"runtime"
	"strings"
	"testing"
)

// TestManySmallFilesAllocate: the cost of a small input does not include
// a read buffer of its own: 4,000 inputs of two lines each allocate less
// than 32 KiB apiece (a 1 MiB buffer per input once made 100,000 files
// cost 38 s of CPU, most of it clearing and collecting buffers, against
// 0.1 s for the same lines in one file).
func TestManySmallFilesAllocate(t *testing.T) {
	v, err := New(Options{CLIVersion: "2.1.330", Jobs: 2})
	if err != nil {
		t.Fatal(err)
	}
	inputs := func(n int) []Input {
		ins := make([]Input, n)
		for i := range ins {
			ins[i] = Input{Name: "f.jsonl", Open: func() (io.ReadCloser, error) {
				return io.NopCloser(strings.NewReader(`{"type":"keep_alive"}` + "\n" + `{"type":"keep_alive"}` + "\n")), nil
			}}
		}
		return ins
	}
	v.Run(context.Background(), inputs(100), func(Finding) {}) // warm the pools
	const n = 4000
	ins := inputs(n)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	sum, err := v.Run(context.Background(), ins, func(Finding) {})
	runtime.ReadMemStats(&after)
	if err != nil || sum.Files != n || sum.Lines != 2*n {
		t.Fatalf("Run: %v, %d files, %d lines", err, sum.Files, sum.Lines)
	}
	if per := (after.TotalAlloc - before.TotalAlloc) / n; per > 32<<10 {
		t.Errorf("each small input allocated %d bytes; want less than 32 KiB", per)
	}
}
