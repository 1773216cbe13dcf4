package validate

import (
	"context"
	"io"
	"os"
	"testing"
)

func BenchmarkZZRun(b *testing.B) {
	f := os.Getenv("PROTOCHECK_BENCH_FILE")
	if f == "" {
		b.Skip()
	}
	norules := os.Getenv("NORULES") != ""
	v, err := New(Options{NoCrossLine: norules})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		_, err := v.Run(context.Background(), []Input{{Name: f, Open: func() (io.ReadCloser, error) { return os.Open(f) }}}, func(Finding) {})
		if err != nil {
			b.Fatal(err)
		}
	}
}
