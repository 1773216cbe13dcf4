package validate

import (
	"context"
	"fmt"
	"io"
)

// A ReadError is an input that could not be opened or read to the end.
type ReadError struct {
	// Name is the input's name; Line is the 1-based line being read when
	// the error came, or 0 when the input could not be opened.
	Name string
	Line int
	Err  error
}

func (e *ReadError) Error() string {
	if e.Line == 0 {
		return fmt.Sprintf("%s: %v", e.Name, e.Err)
	}
	return fmt.Sprintf("%s:%d: %v", e.Name, e.Line, e.Err)
}

func (e *ReadError) Unwrap() error { return e.Err }

// ReadLines reads an input line by line exactly as Run does, for other
// tools that must see the same lines (protocheck normalize): gzip data is
// detected and decompressed; a line ends at \n, without the \r of a CRLF
// ending; a UTF-8 byte order mark at the start of line 1 is dropped; the
// last line needs no newline. It calls fn with each line's 1-based number
// and contents, blank lines included as they are, and stops at fn's first
// error, which it returns. The slice is valid only until fn returns.
//
// Memory is bounded by the longest line: a line longer than maxLine bytes
// (0 means DefaultMaxLineBytes) is not kept and comes to fn as nil, while
// every other line, even an empty one, is not nil.
//
// An input that cannot be opened or read is a *ReadError; a context that
// ends stops the reading with its error.
func ReadLines(ctx context.Context, in Input, maxLine int, fn func(n int, line []byte) error) error {
	if maxLine <= 0 {
		maxLine = DefaultMaxLineBytes
	}
	br, closeInput, err := openInput(in)
	if err != nil {
		return &ReadError{Name: in.Name, Err: err}
	}
	defer closeInput()
	lr := lineReader{r: br, max: maxLine}
	for n := 1; ; n++ {
		if err := ctx.Err(); err != nil {
			return err
		}
		line, size, err := lr.next()
		if err == io.EOF && size == 0 {
			return nil
		}
		if err != nil && err != io.EOF {
			return &ReadError{Name: in.Name, Line: n, Err: err}
		}
		if size <= maxLine {
			line = lineContent(line, n)
			if line == nil {
				line = []byte{}
			}
		}
		if ferr := fn(n, line); ferr != nil {
			return ferr
		}
		if err == io.EOF {
			return nil
		}
	}
}
