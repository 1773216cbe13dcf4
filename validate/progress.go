package validate

import (
	"io"
	"sync/atomic"
)

// Progress counts what a run has read so far, for a caller that shows
// progress while the run goes on (protocheck validate's progress line). The
// reader adds to it once per batch of lines (at most 256 lines or 1 MiB)
// and once per read of the input (1 MiB), never per line; any goroutine may
// read it at any time.
type Progress struct {
	// Files counts the inputs opened, Lines the lines read (blank ones
	// too), and Bytes the bytes read from the inputs as stored (gzip
	// input counts compressed).
	Files, Lines, Bytes atomic.Int64
}

// countingReader adds the bytes read through it to a Progress.
type countingReader struct {
	r io.ReadCloser
	n *atomic.Int64
}

func (c countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n.Add(int64(n))
	return n, err
}

func (c countingReader) Close() error { return c.r.Close() }
