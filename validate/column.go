package validate

import (
	"encoding/json"
	"strconv"
	"strings"
)

// columnOf returns the 1-based byte column in line of the value that
// pointer names: of its member name when the value is an object member, of
// the value itself when it is an array item. When the pointer goes on past
// what the line has (a missing member), it is the column of the deepest
// value that exists, so a finding about a missing member points at the
// object that lacks it. A repeated member name resolves to its last
// occurrence, the one readers keep. The line must be valid JSON; 0 means
// the place could not be found.
func columnOf(line []byte, pointer string) int {
	if pointer == "" || pointer[0] != '/' {
		return 0
	}
	c := cursor{b: line}
	c.space()
	at := c.i // where the current value (or its member name) starts
	for _, tok := range strings.Split(pointer[1:], "/") {
		tok = strings.NewReplacer("~1", "/", "~0", "~").Replace(tok)
		start, name, ok := c.child(tok)
		if !ok {
			break
		}
		if name >= 0 {
			at = name
		} else {
			at = start
		}
		c.i = start
	}
	if at >= len(line) {
		return 0
	}
	return at + 1
}

// A cursor walks a line of valid JSON.
type cursor struct {
	b []byte
	i int
}

func (c *cursor) space() {
	for c.i < len(c.b) {
		switch c.b[c.i] {
		case ' ', '\t', '\r', '\n':
			c.i++
		default:
			return
		}
	}
}

// child finds the member or item tok of the value at the cursor. It returns
// where the child's value starts and, for a member, where its name starts
// (else -1).
func (c *cursor) child(tok string) (value, name int, ok bool) {
	if c.i >= len(c.b) {
		return 0, 0, false
	}
	switch c.b[c.i] {
	case '{':
		value, name = -1, -1
		c.i++
		for {
			c.space()
			if c.i >= len(c.b) || c.b[c.i] != '"' {
				return value, name, value >= 0
			}
			keyStart := c.i
			key, good := c.str()
			if !good {
				return 0, 0, false
			}
			c.space()
			if c.i >= len(c.b) || c.b[c.i] != ':' {
				return 0, 0, false
			}
			c.i++
			c.space()
			if key == tok {
				value, name = c.i, keyStart
			}
			if !c.skip() {
				return 0, 0, false
			}
			c.space()
			if c.i < len(c.b) && c.b[c.i] == ',' {
				c.i++
				continue
			}
			return value, name, value >= 0
		}
	case '[':
		n, err := strconv.Atoi(tok)
		if err != nil || n < 0 || (len(tok) > 1 && tok[0] == '0') {
			return 0, 0, false
		}
		c.i++
		for k := 0; ; k++ {
			c.space()
			if c.i >= len(c.b) || c.b[c.i] == ']' {
				return 0, 0, false
			}
			if k == n {
				return c.i, -1, true
			}
			if !c.skip() {
				return 0, 0, false
			}
			c.space()
			if c.i >= len(c.b) || c.b[c.i] != ',' {
				return 0, 0, false
			}
			c.i++
		}
	}
	return 0, 0, false
}

// str reads the string at the cursor and returns it unescaped.
func (c *cursor) str() (string, bool) {
	start := c.i
	c.i++
	escaped := false
	for c.i < len(c.b) {
		switch c.b[c.i] {
		case '\\':
			escaped = true
			c.i += 2
			continue
		case '"':
			c.i++
			raw := c.b[start+1 : c.i-1]
			if !escaped {
				return string(raw), true
			}
			var s string
			if err := json.Unmarshal(c.b[start:c.i], &s); err != nil {
				return "", false
			}
			return s, true
		}
		c.i++
	}
	return "", false
}

// skip moves the cursor past the value at it.
func (c *cursor) skip() bool {
	if c.i >= len(c.b) {
		return false
	}
	switch c.b[c.i] {
	case '"':
		_, ok := c.str()
		return ok
	case '{', '[':
		depth := 0
		for c.i < len(c.b) {
			switch c.b[c.i] {
			case '"':
				if _, ok := c.str(); !ok {
					return false
				}
				continue
			case '{', '[':
				depth++
			case '}', ']':
				depth--
				if depth == 0 {
					c.i++
					return true
				}
			}
			c.i++
		}
		return false
	}
	// A number, true, false or null.
	for c.i < len(c.b) {
		switch c.b[c.i] {
		case ',', '}', ']', ' ', '\t', '\r', '\n':
			return true
		}
		c.i++
	}
	return true
}
