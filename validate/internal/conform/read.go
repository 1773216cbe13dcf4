package conform

import (
	"bytes"
	"encoding/json"
	"unicode/utf8"
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
	// stop ends the object being read after the current member: its
	// caller has what it wants.
	stop bool
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

// str reads a string and returns what lies between its quotes, escapes
// kept (see text).
func (r *reader) str() []byte {
	if r.peek() != '"' {
		r.ok = false
		return nil
	}
	start := r.i + 1
	j := start
	for {
		k := quoteIndex(r.b[j:])
		if k < 0 {
			r.ok = false
			return nil
		}
		j += k
		// The quote ends the string unless an odd number of backslashes
		// escapes it.
		n := 0
		for p := j - 1; p >= start && r.b[p] == '\\'; p-- {
			n++
		}
		if n%2 == 0 {
			r.i = j + 1
			return r.b[start:j]
		}
		j++
	}
}

// skip reads a value of any kind and returns its bytes.
func (r *reader) skip() []byte {
	c := r.peek()
	start := r.i
	switch c {
	case '"':
		r.str()
	case '{', '[':
		depth := 0
		b := r.b
		for i := r.i; i < len(b); i++ {
			c := b[i]
			if !structural[c] {
				continue
			}
			switch c {
			case '"':
				// The string's end: the next quote no odd run of
				// backslashes escapes.
				for {
					k := quoteIndex(b[i+1:])
					if k < 0 {
						r.ok = false
						return nil
					}
					i += k + 1
					n := 0
					for p := i - 1; b[p] == '\\'; p-- {
						n++
					}
					if n%2 == 0 {
						break
					}
				}
			case '{', '[':
				depth++
			default:
				if depth--; depth == 0 {
					r.i = i + 1
					return b[start:r.i]
				}
			}
		}
		r.ok = false
	case 0:
	default:
		for r.i < len(r.b) {
			switch r.b[r.i] {
			case ',', '}', ']', ' ', '\t', '\n', '\r':
				return r.b[start:r.i]
			}
			r.i++
		}
	}
	if !r.ok {
		return nil
	}
	return r.b[start:r.i]
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
		key := r.str()
		if r.peek() != ':' {
			r.ok = false
			return
		}
		r.i++
		member(key)
		if r.stop {
			r.stop = false
			return
		}
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

// strOrNull reads a string, or null (nil).
func (r *reader) strOrNull() []byte {
	if r.peek() == '"' {
		return r.str()
	}
	r.skip()
	return nil
}

// boolean reads true or false; anything else is false.
func (r *reader) boolean() bool {
	return string(r.skip()) == "true"
}

// quoteIndex is bytes.IndexByte(b, '"'), quicker for the short strings
// most members hold: it looks at the first bytes itself.
func quoteIndex(b []byte) int {
	n := min(len(b), 24)
	for i := 0; i < n; i++ {
		if b[i] == '"' {
			return i
		}
	}
	if n == len(b) {
		return -1
	}
	if k := bytes.IndexByte(b[n:], '"'); k >= 0 {
		return n + k
	}
	return -1
}

// structural marks the bytes skip stops at inside a container.
var structural = [256]bool{'"': true, '{': true, '}': true, '[': true, ']': true}

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
