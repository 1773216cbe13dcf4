package validate

import (
	"bytes"
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
		_, ok := c.rawStr()
		return ok
	case '{', '[':
		depth := 0
		for c.i < len(c.b) {
			switch c.b[c.i] {
			case '"':
				if _, ok := c.rawStr(); !ok {
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

// columns sets the Column of every finding in fs that has a pointer and no
// column yet, as columnOf would, in one walk over the line: the pointers
// are merged into a tree, and the walk descends only into the values on
// some pointer's path, so that a line of many findings costs time linear
// in its size (times the depth of the deepest pointer), not in its size
// times the number of findings.
func columns(line []byte, fs []Finding) {
	var root *ptrNode
	for i := range fs {
		f := &fs[i]
		if f.Column != 0 || f.Pointer == "" || f.Pointer[0] != '/' {
			continue
		}
		if root == nil {
			root = &ptrNode{}
		}
		n := root
		for tok := range strings.SplitSeq(f.Pointer[1:], "/") {
			n = n.child(tok)
		}
		n.ends = append(n.ends, i)
	}
	if root == nil {
		return
	}
	c := cursor{b: line}
	c.space()
	(&colWalk{fs: fs}).walk(&c, root, c.i)
}

// ptrNode is one token of the pointers columns resolves: the findings whose
// pointer ends here, and the tokens that follow.
type ptrNode struct {
	ends []int               // indexes of the findings
	keys map[string]*ptrNode // by member name (unescaped)
	idx  map[int]*ptrNode    // by array index, for tokens that are one
}

func (n *ptrNode) child(tok string) *ptrNode {
	if strings.Contains(tok, "~") {
		tok = strings.NewReplacer("~1", "/", "~0", "~").Replace(tok)
	}
	if n.keys == nil {
		n.keys = map[string]*ptrNode{}
	}
	c := n.keys[tok]
	if c == nil {
		c = &ptrNode{}
		n.keys[tok] = c
		if i, ok := arrayIndex(tok); ok {
			if n.idx == nil {
				n.idx = map[int]*ptrNode{}
			}
			n.idx[i] = c
		}
	}
	return c
}

// arrayIndex parses a pointer token that names an array item: decimal
// digits without a leading zero.
func arrayIndex(tok string) (int, bool) {
	if tok == "" || len(tok) > 9 || (len(tok) > 1 && tok[0] == '0') {
		return 0, false
	}
	n := 0
	for i := 0; i < len(tok); i++ {
		if tok[i] < '0' || tok[i] > '9' {
			return 0, false
		}
		n = n*10 + int(tok[i]-'0')
	}
	return n, true
}

type colWalk struct {
	fs []Finding
}

// place is where a child of a value was found: its member name (or -1) and
// its value.
type place struct{ name, value int }

// walk resolves the pointers below n for the value at the cursor, whose
// column (of its member name, or of itself) is at.
func (w *colWalk) walk(c *cursor, n *ptrNode, at int) {
	w.set(n.ends, at, len(c.b))
	if n.keys == nil {
		return
	}
	found := map[*ptrNode]place{}
	if c.i < len(c.b) {
		switch c.b[c.i] {
		case '{':
			c.members(func(name int, key []byte) {
				if k := n.keys[string(key)]; k != nil {
					found[k] = place{name, c.i} // the last occurrence wins
				}
			})
		case '[':
			if n.idx != nil {
				c.items(func(k int) {
					if m := n.idx[k]; m != nil {
						found[m] = place{-1, c.i}
					}
				})
			}
		}
	}
	for _, k := range n.keys {
		p, ok := found[k]
		if !ok {
			w.setAll(k, at, len(c.b)) // past what the line has
			continue
		}
		col := p.name
		if col < 0 {
			col = p.value
		}
		sub := cursor{b: c.b, i: p.value}
		w.walk(&sub, k, col)
	}
}

func (w *colWalk) set(ends []int, at, size int) {
	if at >= size {
		return
	}
	for _, i := range ends {
		w.fs[i].Column = at + 1
	}
}

func (w *colWalk) setAll(n *ptrNode, at, size int) {
	w.set(n.ends, at, size)
	for _, k := range n.keys {
		w.setAll(k, at, size)
	}
}

// members calls fn with the start of each member's name and its name
// (unescaped; valid until fn returns), with the cursor at the member's
// value, and moves past the object at the cursor.
func (c *cursor) members(fn func(name int, key []byte)) {
	c.i++ // {
	for {
		c.space()
		if c.i >= len(c.b) || c.b[c.i] != '"' {
			return
		}
		nameStart := c.i
		key, ok := c.rawStr()
		if !ok {
			return
		}
		if bytes.IndexByte(key, '\\') >= 0 {
			u, ok := unquote(c.b[nameStart:c.i])
			if !ok {
				return
			}
			key = []byte(u)
		} else {
			key = key[1 : len(key)-1]
		}
		c.space()
		if c.i >= len(c.b) || c.b[c.i] != ':' {
			return
		}
		c.i++
		c.space()
		fn(nameStart, key)
		if !c.skip() {
			return
		}
		c.space()
		if c.i >= len(c.b) || c.b[c.i] != ',' {
			return
		}
		c.i++
	}
}

// items calls fn with the index of each item, with the cursor at it, and
// moves past the array at the cursor.
func (c *cursor) items(fn func(k int)) {
	c.i++ // [
	for k := 0; ; k++ {
		c.space()
		if c.i >= len(c.b) || c.b[c.i] == ']' {
			return
		}
		fn(k)
		if !c.skip() {
			return
		}
		c.space()
		if c.i >= len(c.b) || c.b[c.i] != ',' {
			return
		}
		c.i++
	}
}

// rawStr moves past the string at the cursor and returns it with its
// quotes, escapes as they are.
func (c *cursor) rawStr() ([]byte, bool) {
	start := c.i
	c.i++
	for c.i < len(c.b) {
		switch c.b[c.i] {
		case '\\':
			c.i += 2
			continue
		case '"':
			c.i++
			return c.b[start:c.i], true
		}
		c.i++
	}
	return nil, false
}
