package jsonfile

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
)

// An Error is a problem in a JSON file, at a 1-based line and column (both 0
// when the problem is about the whole file).
type Error struct {
	File         string
	Line, Column int
	Err          error
}

func (e *Error) Error() string {
	if e.Line == 0 {
		return fmt.Sprintf("%s: %v", e.File, e.Err)
	}
	return fmt.Sprintf("%s:%d:%d: %v", e.File, e.Line, e.Column, e.Err)
}

func (e *Error) Unwrap() error { return e.Err }

// Read reads and decodes the file at path into v; see Decode.
func Read(path string, v any) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	return Decode(path, data, v)
}

// Decode decodes data, the contents of the file name, into v. Members that v
// does not declare are errors, and so is anything after the first value.
// The error is an *Error with the line and column of the problem.
func Decode(name string, data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return At(name, data, offsetOf(data, err, dec), err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return At(name, data, dec.InputOffset(), errors.New("unexpected data after the JSON value"))
	}
	return nil
}

// At returns an *Error for the byte offset off of data (the contents of
// the file name); a negative offset makes an error about the whole file.
func At(name string, data []byte, off int64, err error) *Error {
	if off < 0 {
		return &Error{File: name, Err: err}
	}
	line, col := Position(data, off)
	return &Error{File: name, Line: line, Column: col, Err: err}
}

// Position returns the 1-based line and column of byte offset off in data.
func Position(data []byte, off int64) (line, col int) {
	if off > int64(len(data)) {
		off = int64(len(data))
	}
	before := data[:off]
	line = bytes.Count(before, []byte("\n")) + 1
	col = int(off) - (bytes.LastIndexByte(before, '\n') + 1) + 1
	return line, col
}

func offsetOf(data []byte, err error, dec *json.Decoder) int64 {
	var se *json.SyntaxError
	if errors.As(err, &se) {
		return se.Offset
	}
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		return te.Offset
	}
	if errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) {
		return -1
	}
	// Unknown members carry no offset: point at the member's name, the first
	// one spelled so (encoding/json names it in its message), else at the
	// end of the value that failed.
	if name, ok := strings.CutPrefix(err.Error(), "json: unknown field "); ok {
		if i := bytes.Index(data, []byte(name)); i >= 0 {
			return int64(i)
		}
	}
	return dec.InputOffset()
}
