package validate

import (
	"bytes"
	"compress/gzip"
	"context"
	"io"
	"strings"
	"testing"
)

// TestProgressCounts runs four inputs, one of them gzip, one that
// cannot be opened and one of blank lines only, and wants the progress to end at what the run read:
// every input opened, the summary's lines, and the stored bytes.
func TestProgressCounts(t *testing.T) {
	plain := strings.Repeat(`{"type":"keep_alive"}`+"\n", 600) + "\n\n" // more than one batch, blank lines last
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	io.WriteString(zw, `{"type":"keep_alive"}`+"\n"+`{"type":"keep_alive"}`)
	zw.Close()
	inputs := []Input{
		{Name: "a.jsonl", Open: func() (io.ReadCloser, error) { return io.NopCloser(strings.NewReader(plain)), nil }},
		{Name: "b.jsonl.gz", Open: func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(gz.Bytes())), nil }},
		{Name: "c.jsonl", Open: func() (io.ReadCloser, error) { return nil, io.ErrUnexpectedEOF }},
		{Name: "blank.jsonl", Open: func() (io.ReadCloser, error) { return io.NopCloser(strings.NewReader("\n \n")), nil }}, // no batch at all
	}
	var p Progress
	v, err := New(Options{Progress: &p, Jobs: 2})
	if err != nil {
		t.Fatal(err)
	}
	sum, err := v.Run(context.Background(), inputs, func(Finding) {})
	if err != nil {
		t.Fatal(err)
	}
	if sum.Lines != 606 {
		t.Fatalf("summary: %d lines, want 606", sum.Lines)
	}
	if got := p.Files.Load(); got != 4 {
		t.Errorf("Progress.Files = %d, want 4", got)
	}
	if got := p.Lines.Load(); got != int64(sum.Lines) {
		t.Errorf("Progress.Lines = %d, want the summary's %d", got, sum.Lines)
	}
	if got, want := p.Bytes.Load(), int64(len(plain)+gz.Len()+3); got != want {
		t.Errorf("Progress.Bytes = %d, want %d (gzip counted as stored)", got, want)
	}
}
