package validate

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/protocheck/protocheck/validate/internal/conform"
	"github.com/protocheck/protocheck/validate/internal/fastpath"
)

// A duplex transcript holds both directions of a session in one NDJSON
// file, in the order protocheck saw the lines, each wrapped in an envelope
// that says which way it went:
//
//	{"dir":"stdin","msg":{"type":"user",...}}       written to the CLI's stdin (by the SDK)
//	{"dir":"stdout","msg":{"type":"system",...}}    printed by the CLI on its stdout
//	{"dir":"stdin","raw":"not json"}                a line that was not JSON, kept as a string
//
// "dir" comes first and the message is kept byte for byte, so a line is
// `{"dir":"stdout","msg":` + the line as printed + `}`; jq
// 'select(.dir=="stdout").msg' gives back the plain transcript. An optional
// "t" member (seconds since the start, a number, before "msg") may time a
// line; other members are an error. validate recognises a duplex transcript by its
// first line, checks each message against the schemas of its direction and
// runs every cross-line rule over both sides; findings point into the
// message (their JSON Pointers are relative to "msg"), with columns counted
// in the file's line.
const (
	DuplexStdin  = "stdin"
	DuplexStdout = "stdout"
)

// RuleDuplexEnvelope is a line of a duplex transcript without a valid
// envelope.
var RuleDuplexEnvelope = &Rule{ID: "input/duplex-envelope", Severity: Error,
	Doc:     `A line of a duplex transcript is not {"dir":"stdin"|"stdout","msg":{...}} (or "raw":"..." for a line that was not JSON).`,
	Example: `{"dir":"stdin","msg":{"type":"keep_alive"}}` + "\n" + `{"dir":"sideways","msg":{"type":"keep_alive"}}`,
	Fix:     "Write each line of a duplex transcript as {\"dir\":\"stdin\" or \"stdout\",\"msg\":{...}}, or \"raw\":\"...\" for a line that was not JSON (docs/duplex.md). A file whose first line has a `dir` member is read as duplex.",
}

// DuplexLine wraps one line of a session in its duplex envelope: msg is
// kept as it is when it is a JSON object, and as a "raw" string otherwise.
func DuplexLine(dir string, msg []byte) []byte {
	out := make([]byte, 0, len(msg)+24)
	out = append(out, `{"dir":`...)
	out = strconv.AppendQuote(out, dir)
	if t := bytes.TrimSpace(msg); len(t) > 0 && t[0] == '{' && json.Valid(t) {
		out = append(out, `,"msg":`...)
		out = append(out, t...)
	} else {
		raw, _ := json.Marshal(string(msg))
		out = append(out, `,"raw":`...)
		out = append(out, raw...)
	}
	return append(out, '}')
}

// IsDuplex reports whether a transcript's first non-blank line makes it a
// duplex transcript: an object whose first member is "dir".
func IsDuplex(first []byte) bool {
	t := bytes.TrimLeft(first, " \t\r\n\ufeff")
	if len(t) == 0 || t[0] != '{' {
		return false
	}
	t = bytes.TrimLeft(t[1:], " \t\r\n")
	return bytes.HasPrefix(t, []byte(`"dir"`))
}

// envelope is a parsed duplex line: the message's place in the line, its
// direction, or the finding that replaces it.
type envelope struct {
	start, end int
	dir        conform.Dir
	pre        *Finding
}

var (
	prefixStdout = []byte(`{"dir":"stdout","msg":`)
	prefixStdin  = []byte(`{"dir":"stdin","msg":`)
)

// unwrap reads line n's envelope.
func unwrap(file string, n int, line []byte) envelope {
	// The form protocheck writes, without a second parse.
	t := bytes.TrimRight(line, " \t")
	if len(t) > 0 && t[len(t)-1] == '}' {
		for _, p := range []struct {
			prefix []byte
			dir    conform.Dir
		}{{prefixStdout, conform.Stdout}, {prefixStdin, conform.Stdin}} {
			if bytes.HasPrefix(t, p.prefix) {
				if body := bytes.TrimSpace(t[len(p.prefix) : len(t)-1]); len(body) > 0 && body[0] == '{' && fastpath.SkipValue(body, 0) == len(body) {
					start := len(p.prefix) + bytes.Index(t[len(p.prefix):], body[:1])
					return envelope{start: start, end: start + len(body), dir: p.dir}
				}
			}
		}
	}
	bad := func(format string, args ...any) envelope {
		return envelope{pre: &Finding{File: file, Line: n, Rule: RuleDuplexEnvelope.ID, Severity: RuleDuplexEnvelope.Severity,
			Message: fmt.Sprintf(format, args...)}}
	}
	var env map[string]json.RawMessage
	if err := json.Unmarshal(line, &env); err != nil {
		return bad("not a duplex envelope: %v", err)
	}
	var dir string
	if json.Unmarshal(env["dir"], &dir) != nil || (dir != DuplexStdin && dir != DuplexStdout) {
		return bad(`"dir" must be "stdin" or "stdout"`)
	}
	for k := range env {
		if k != "dir" && k != "msg" && k != "raw" && k != "t" {
			return bad("unknown envelope member %s", strconv.Quote(k))
		}
	}
	d := conform.Stdout
	if dir == DuplexStdin {
		d = conform.Stdin
	}
	msg, hasMsg := env["msg"]
	raw, hasRaw := env["raw"]
	switch {
	case hasMsg == hasRaw:
		return bad(`the envelope needs exactly one of "msg" and "raw"`)
	case hasRaw:
		var s string
		if json.Unmarshal(raw, &s) != nil {
			return bad(`"raw" must be a string`)
		}
		return envelope{dir: d, pre: &Finding{File: file, Line: n, Rule: RuleInvalidJSON.ID, Severity: RuleInvalidJSON.Severity,
			Message: fmt.Sprintf("the line on %s was not JSON: %s", dir, strconv.Quote(cut(s, 80)))}}
	}
	i := bytes.Index(line, msg)
	if i < 0 {
		return bad(`cannot find "msg" in the line`)
	}
	return envelope{start: i, end: i + len(msg), dir: d}
}
