package validate

import (
	"context"
	"os"
	"testing"
)

func TestProfRun(t *testing.T) {
	if os.Getenv("PROF_FILE") == "" { t.Skip() }
	v, err := New(Options{})
	if err != nil { t.Fatal(err) }
	f, _ := os.Open(os.Getenv("PROF_FILE"))
	sum, err := v.Stream(context.Background(), "x", f, func(Finding){})
	t.Log(sum.Lines, sum.Elapsed, err)
}

func BenchmarkNew(b *testing.B) {
	for b.Loop() { New(Options{}) }
}
