package validate

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// benchLines loads the lines of $PROTOCHECK_BENCH_FILE, or of the shared
// real CLI sample.
func benchLines(b *testing.B) [][]byte {
	b.Helper()
	var data []byte
	if f := os.Getenv("PROTOCHECK_BENCH_FILE"); f != "" {
		var err error
		if data, err = os.ReadFile(f); err != nil {
			b.Fatal(err)
		}
	} else {
		files, _ := filepath.Glob("../../shared/real-cli-sample/*.jsonl")
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

// BenchmarkCheckLine measures one goroutine checking valid lines.
func BenchmarkCheckLine(b *testing.B) {
	lines := benchLines(b)
	v, err := New(Options{})
	if err != nil {
		b.Fatal(err)
	}
	var size int64
	for _, l := range lines {
		size += int64(len(l)) + 1
	}
	var s scanner
	var r lineResult
	b.SetBytes(size)
	b.ReportAllocs()
	for b.Loop() {
		for i, l := range lines {
			v.checkLine(&s, "bench", i+1, l, &r)
			if r.slow {
				b.Fatalf("line %d needed the full validator: %v", i+1, r.findings)
			}
		}
	}
}
