package validate

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
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

// inputSize is the size of the input whose lines are lines.
func inputSize(lines [][]byte) int64 {
	var size int64
	for _, l := range lines {
		size += int64(len(l)) + 1
	}
	return size
}

// BenchmarkCheckLine measures one goroutine checking valid lines.
func BenchmarkCheckLine(b *testing.B) {
	lines := benchLines(b)
	v, err := New(Options{})
	if err != nil {
		b.Fatal(err)
	}
	var s scanner
	var r lineResult
	b.SetBytes(inputSize(lines))
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

// BenchmarkFaultyLines measures one goroutine checking the lines of each
// file of $PROTOCHECK_BENCH_FAULTS (bench/faults.sh writes them: one kind
// of fault a file, every line failing) with the schema set of 2.1.330, as
// `validate --cli-version 2.1.330` checks them; the strict kinds in the
// strict profile.
func BenchmarkFaultyLines(b *testing.B) {
	dir := os.Getenv("PROTOCHECK_BENCH_FAULTS")
	if dir == "" {
		b.Skip("set PROTOCHECK_BENCH_FAULTS to a folder of bench/faults.sh")
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.jsonl"))
	for _, f := range files {
		kind := strings.TrimSuffix(filepath.Base(f), ".jsonl")
		b.Run(kind, func(b *testing.B) {
			b.Setenv("PROTOCHECK_BENCH_FILE", f)
			lines := benchLines(b)
			opts := Options{CLIVersion: "2.1.330", MaxFindingsPerLine: 1000}
			if strings.Contains(kind, "strict") {
				opts.Profile = ProfileStrict
			}
			root, err := New(opts)
			if err != nil {
				b.Fatal(err)
			}
			v, err := root.sets.validator("2.1.330")
			if err != nil {
				b.Fatal(err)
			}
			var s scanner
			var r lineResult
			b.SetBytes(inputSize(lines))
			for b.Loop() {
				for i, l := range lines {
					v.checkLine(&s, "bench", i+1, l, &r)
				}
			}
		})
	}
}
