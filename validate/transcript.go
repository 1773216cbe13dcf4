package validate

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
)

// SniffLines is how many non-blank lines of a file are read to tell a
// transcript from another JSON-lines file (see NotTranscripts).
const SniffLines = 64

// A NotTranscriptError reports an input whose lines are JSON objects none
// of which is a protocol message (an API request log beside the
// transcripts, say): it is one finding, not an error per line.
type NotTranscriptError struct {
	// Path names the input.
	Path string
	// Lines counts the non-blank lines read to decide (at most SniffLines).
	Lines int
	// All says every line of the input was read.
	All bool
}

func (e *NotTranscriptError) Error() string {
	which := fmt.Sprintf("none of its first %d lines", e.Lines)
	if e.All {
		which = fmt.Sprintf("none of its %d lines", e.Lines)
		if e.Lines == 1 {
			which = "its only line"
		}
	}
	return fmt.Sprintf("%s is not a transcript: %s has a string \"type\", as every protocol message does; skipped (--exclude leaves such files out)", e.Path, which)
}

// NotTranscripts wraps the Open of each file input so that a file whose
// non-blank lines (the first SniffLines of them) are all JSON objects and
// none has a string "type" or is a duplex envelope fails to open with a
// *NotTranscriptError. A line whose "type" the schemas do not know is
// still a message (a newer CLI's kind, reported as such), so one such
// line makes the file a transcript. A file with a line that is not a JSON
// object is a transcript with bad lines, and is checked as one. Standard
// input is left as it is: it cannot be read twice.
func NotTranscripts(inputs []Input) []Input {
	out := make([]Input, len(inputs))
	for i, in := range inputs {
		out[i] = in
		if in.Name == "-" || in.Open == nil {
			continue
		}
		open := in.Open
		name := in.Name
		out[i].Open = func() (io.ReadCloser, error) {
			rc, err := open()
			if err != nil {
				return nil, err
			}
			if nt := sniff(name, rc); nt != nil {
				rc.Close()
				return nil, nt
			}
			rc.Close()
			return open()
		}
	}
	return out
}

// sniff reads the first lines of r and returns the error when they show
// another JSON-lines file, or nil.
func sniff(name string, r io.Reader) *NotTranscriptError {
	br := bufio.NewReaderSize(r, 64*1024)
	if magic, _ := br.Peek(2); len(magic) == 2 && magic[0] == 0x1f && magic[1] == 0x8b {
		zr, err := gzip.NewReader(br)
		if err != nil {
			return nil // the checker reports it
		}
		defer zr.Close()
		br = bufio.NewReaderSize(zr, 64*1024)
	}
	nt := &NotTranscriptError{Path: name}
	read := 0
	for nt.Lines < SniffLines {
		line, err := br.ReadSlice('\n')
		read += len(line)
		if err == bufio.ErrBufferFull || read > 16<<20 {
			return nil // a long line: leave it to the checker
		}
		if t := bytes.TrimSpace(line); len(t) > 0 {
			if IsDuplex(t) {
				return nil
			}
			var obj struct {
				Type any `json:"type"`
			}
			if t[0] != '{' || json.Unmarshal(t, &obj) != nil {
				return nil
			}
			if _, ok := obj.Type.(string); ok {
				return nil
			}
			nt.Lines++
		}
		if err == io.EOF {
			nt.All = true
			break
		}
		if err != nil {
			return nil // the checker reports it
		}
	}
	if nt.Lines == 0 {
		return nil
	}
	return nt
}
