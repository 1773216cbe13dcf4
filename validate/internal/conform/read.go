package conform

import (
	"bytes"
	"encoding/json"
	"unicode/utf8"

	"github.com/protocheck/protocheck/validate/internal/fastpath"
)

// reader walks a JSON value the validator has read already. It keeps raw
// slices of the line rather than decoding: the cross-line rules need a few
// members of each line, and decode a string only when they compare it. On
// malformed input it never panics: ok turns false and every later call
// returns at once.
type reader struct {
	b  []byte
	i  int
	ok bool
}

func (r *reader) ws() {
	for r.i < len(r.b) {
		switch r.b[r.i] {
		case ' ', '\t', '\n', '\r':
			r.i++
		default:
			return
		}
	}
}

func (r *reader) peek() byte {
	r.ws()
	if !r.ok || r.i >= len(r.b) {
		r.ok = false
		return 0
	}
	return r.b[r.i]
}

// str reads a string and returns where its contents lie, between its
// quotes, escapes kept (see text).
func (r *reader) str() Raw {
	if r.peek() != '"' {
		r.ok = false
		return Raw{}
	}
	v := r.skip()
	if v.end-v.start < 2 {
		r.ok = false
		return Raw{}
	}
	return Raw{v.start + 1, v.end - 1}
}

// key reads a member's name and returns its contents, escapes kept.
func (r *reader) key() []byte { return r.bytes(r.str()) }

// bytes returns the bytes of a Raw the reader returned.
func (r *reader) bytes(v Raw) []byte { return v.in(r.b) }

// skip reads a value of any kind and returns where it lies, with the
// skipper the fast path shares (strings at the speed of bytes.IndexByte,
// brackets matched, nothing checked).
func (r *reader) skip() Raw {
	if r.peek() == 0 {
		return Raw{}
	}
	start := r.i
	end := fastpath.SkipValue(r.b, start)
	if end < 0 {
		r.ok = false
		return Raw{}
	}
	r.i = end
	return raw(start, end)
}

// object reads an object, calling member for each member with the raw key;
// member must read the value (skip it when it is of no interest).
func (r *reader) object(member func(key []byte)) {
	if r.peek() != '{' {
		r.skip()
		return
	}
	r.i++
	if r.peek() == '}' {
		r.i++
		return
	}
	for r.ok {
		key := r.key()
		if r.peek() != ':' {
			r.ok = false
			return
		}
		r.i++
		member(key)
		switch r.peek() {
		case ',':
			r.i++
		case '}':
			r.i++
			return
		default:
			r.ok = false
		}
	}
}

// array reads an array, calling elem for each element, which must read it.
func (r *reader) array(elem func()) {
	if r.peek() != '[' {
		r.skip()
		return
	}
	r.i++
	if r.peek() == ']' {
		r.i++
		return
	}
	for r.ok {
		elem()
		switch r.peek() {
		case ',':
			r.i++
		case ']':
			r.i++
			return
		default:
			r.ok = false
		}
	}
}

// strOrNull reads a string, or null (the zero Raw).
func (r *reader) strOrNull() Raw {
	if r.peek() == '"' {
		return r.str()
	}
	r.skip()
	return Raw{}
}

// boolean reads true or false; anything else is false.
func (r *reader) boolean() bool {
	return string(r.bytes(r.skip())) == "true"
}

// text decodes the contents of a JSON string as str returned them.
func text(raw []byte) string {
	if bytes.IndexByte(raw, '\\') < 0 {
		return string(raw)
	}
	q := make([]byte, 0, len(raw)+2)
	q = append(q, '"')
	q = append(q, raw...)
	q = append(q, '"')
	var s string
	if json.Unmarshal(q, &s) != nil {
		return string(raw)
	}
	return s
}

// sameText reports whether the contents of a JSON string, as str returned
// them, decode to s.
func sameText(raw []byte, s string) bool {
	if bytes.IndexByte(raw, '\\') < 0 {
		return string(raw) == s
	}
	return text(raw) == s
}

// clip shortens s for a message, on a character boundary.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}
