package validate

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"io"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestReadLines(t *testing.T) {
	gz := func(s string) string {
		var b bytes.Buffer
		zw := gzip.NewWriter(&b)
		zw.Write([]byte(s))
		zw.Close()
		return b.String()
	}
	tests := []struct {
		name    string
		in      string
		maxLine int
		want    []string // "<nil>" for a line too long to keep
		reason  string
	}{
		{name: "plain", in: "{}\n{\"a\":1}\n", want: []string{"{}", `{"a":1}`}},
		{name: "no final newline", in: "{}\n{}", want: []string{"{}", "{}"}},
		{name: "blank lines kept as they are", in: "{}\n\n  \t\n{}\n", want: []string{"{}", "", "  \t", "{}"}},
		{name: "CRLF", in: "{}\r\n{}\r\n", want: []string{"{}", "{}"}},
		{name: "BOM on line 1 only", in: "\xef\xbb\xbf{}\n\xef\xbb\xbf{}\n", want: []string{"{}", "\xef\xbb\xbf{}"},
			reason: "a BOM is a file's mark, so only line 1 loses it, as Run does"},
		{name: "gzip", in: gz("{}\n\xff\n"), want: []string{"{}", "\xff"}},
		{name: "line too long", in: "{}\n" + strings.Repeat("x", 20) + "\n{}\n", maxLine: 10, want: []string{"{}", "<nil>", "{}"}},
		{name: "empty", in: "", want: nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := Input{Name: "t", Open: func() (io.ReadCloser, error) { return io.NopCloser(strings.NewReader(tt.in)), nil }}
			var got []string
			n := 0
			err := ReadLines(context.Background(), in, tt.maxLine, func(num int, line []byte) error {
				n++
				if num != n {
					t.Errorf("line number %d, want %d", num, n)
				}
				if line == nil {
					got = append(got, "<nil>")
				} else {
					got = append(got, string(line))
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("ReadLines(%q) mismatch (-want +got):\n%s\n%s", tt.in, diff, tt.reason)
			}
		})
	}
}

type failingReader struct{ data string }

func (r *failingReader) Read(p []byte) (int, error) {
	if r.data == "" {
		return 0, errors.New("disk gone")
	}
	n := copy(p, r.data)
	r.data = r.data[n:]
	return n, nil
}

func TestReadLinesErrors(t *testing.T) {
	in := Input{Name: "f", Open: func() (io.ReadCloser, error) { return io.NopCloser(&failingReader{"{}\n{}\n{"}), nil }}
	var lines int
	err := ReadLines(context.Background(), in, 0, func(int, []byte) error { lines++; return nil })
	var re *ReadError
	if !errors.As(err, &re) || re.Name != "f" || re.Line != 3 || lines != 2 {
		t.Errorf("ReadLines(read fails on line 3) = %v after %d lines, want a *ReadError at f:3 after 2", err, lines)
	}
	stop := errors.New("stop")
	in = Input{Name: "f", Open: func() (io.ReadCloser, error) { return io.NopCloser(strings.NewReader("{}\n{}\n")), nil }}
	if err := ReadLines(context.Background(), in, 0, func(int, []byte) error { return stop }); err != stop {
		t.Errorf("ReadLines with fn failing = %v, want fn's error", err)
	}
	in = Input{Name: "g", Open: func() (io.ReadCloser, error) { return nil, errors.New("no such file") }}
	if err := ReadLines(context.Background(), in, 0, nil); !errors.As(err, &re) || re.Line != 0 {
		t.Errorf("ReadLines(unopenable) = %v, want a *ReadError at line 0", err)
	}
}

// TestReadLinesHugeMax: a longest line of math.MaxInt bytes (the API
// allows it; --max-line-bytes is bounded) reads a line longer than the
// read buffer whole, without an overflow.
func TestReadLinesHugeMax(t *testing.T) {
	long := strings.Repeat("x", 3<<20)
	in := Input{Name: "t", Open: func() (io.ReadCloser, error) { return io.NopCloser(strings.NewReader(long + "\nab\n")), nil }}
	var got []int
	err := ReadLines(context.Background(), in, math.MaxInt, func(_ int, line []byte) error {
		got = append(got, len(line))
		return nil
	})
	if err != nil || !slices.Equal(got, []int{len(long), 2}) {
		t.Errorf("ReadLines = %v, %v; want lines of %d and 2 bytes", got, err, len(long))
	}
}

// TestOtherCompressionHint: compressed data that is not gzip is one
// error that names the format and how to decompress it.
func TestOtherCompressionHint(t *testing.T) {
	in := Input{Name: "t.jsonl", Open: func() (io.ReadCloser, error) {
		return io.NopCloser(strings.NewReader("\xfd7zXZ\x00\x00\n\x01\n")), nil
	}}
	err := ReadLines(context.Background(), in, 0, func(int, []byte) error { return nil })
	if err == nil || !strings.Contains(err.Error(), "xz data") || !strings.Contains(err.Error(), "xz -dc") {
		t.Errorf("ReadLines of xz data: %v; want one error naming xz and xz -dc", err)
	}
}

// TestInflationBound: gzip data that inflates past MaxInflation times its
// size (plus the slack) stops with one InflationError at the line it
// reached, rather than being read to its end.
func TestInflationBound(t *testing.T) {
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	line := []byte(`{"type":"keep_alive"}` + "\n")
	chunk := bytes.Repeat(line, 1<<16)
	for written := 0; written < 300<<20; written += len(chunk) {
		zw.Write(chunk)
	}
	zw.Close()
	in := Input{Name: "bomb.jsonl.gz", Open: func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(buf.Bytes())), nil }}
	lines := 0
	err := ReadLines(context.Background(), in, 0, func(int, []byte) error { lines++; return nil })
	var ie *InflationError
	if !errors.As(err, &ie) {
		t.Fatalf("ReadLines of %d bytes inflating to 300 MiB: %v after %d lines; want an InflationError", buf.Len(), err, lines)
	}
	if lines*len(line) >= 300<<20 {
		t.Errorf("read all %d lines", lines)
	}
}
