package conform

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// benchLines loads $PROTOCHECK_BENCH_FILE, or the committed captures.
func benchLines(b *testing.B) [][]byte {
	b.Helper()
	var data []byte
	if f := os.Getenv("PROTOCHECK_BENCH_FILE"); f != "" {
		var err error
		if data, err = os.ReadFile(f); err != nil {
			b.Fatal(err)
		}
	} else {
		files, _ := filepath.Glob("../../../corpus/captures/*/*.jsonl")
		if len(files) == 0 {
			b.Skip("no transcripts: set PROTOCHECK_BENCH_FILE")
		}
		for _, f := range files {
			d, _ := os.ReadFile(f)
			data = append(data, d...)
		}
	}
	var lines [][]byte
	for _, l := range bytes.Split(data, []byte("\n")) {
		if len(l) > 0 {
			lines = append(lines, l)
		}
	}
	return lines
}

func size(lines [][]byte) int64 {
	var n int64
	for _, l := range lines {
		n += int64(len(l)) + 1
	}
	return n
}

// BenchmarkExtract measures reading the facts of lines (the workers' part).
func BenchmarkExtract(b *testing.B) {
	lines := benchLines(b)
	var f Facts
	b.SetBytes(size(lines))
	b.ReportAllocs()
	for b.Loop() {
		for _, l := range lines {
			f.Extract(l)
		}
	}
}

// BenchmarkCheck measures the rules over extracted facts (the collector's
// part, on one goroutine).
func BenchmarkCheck(b *testing.B) {
	lines := benchLines(b)
	facts := make([]Facts, len(lines))
	for i, l := range lines {
		facts[i].Extract(l)
	}
	c := New(nil)
	b.SetBytes(size(lines))
	b.ReportAllocs()
	for b.Loop() {
		c.Reset(false, func(Issue) {})
		for i := range facts {
			c.Line(i+1, Stdout, &facts[i])
		}
		c.End()
	}
}
