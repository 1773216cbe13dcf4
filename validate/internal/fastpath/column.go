package fastpath

import (
	"strconv"
	"strings"
)

// ColumnOf returns the 1-based byte column in line of the value that
// pointer names: of its member name when the value is an object member, of
// the value itself when it is an array item. When the pointer goes on past
// what the line has (a missing member), it is the column of the deepest
// value that exists, so a finding about a missing member points at the
// object that lacks it. A repeated member name resolves to its last
// occurrence, the one readers keep. The line must be valid JSON; 0 means
// the place could not be found.
func ColumnOf(line []byte, pointer string) int {
	if pointer == "" || pointer[0] != '/' {
		return 0
	}
	i := skipWS(line, 0)
	at := i // where the current value (or its member name) starts
	for _, tok := range strings.Split(pointer[1:], "/") {
		tok = unescapeToken(tok)
		var p place
		found := false
		switch kindOf(line, i) {
		case tObject:
			var ok bool
			for m := range eachMember(line, i, &ok) {
				if string(m.key) == tok {
					p, found = place{m.name, m.value[0]}, true
				}
			}
		case tArray:
			n, err := strconv.Atoi(tok)
			if err != nil || n < 0 || (len(tok) > 1 && tok[0] == '0') {
				break
			}
			items(line, i, func(k, v int) {
				if k == n {
					p, found = place{-1, v}, true
				}
			})
		}
		if !found {
			break
		}
		at = p.value
		if p.name >= 0 {
			at = p.name
		}
		i = p.value
	}
	if at >= len(line) {
		return 0
	}
	return at + 1
}

// Columns sets cols[i] to ColumnOf(line, pointers[i]) for every pointer
// that starts with '/' (the others are left as they are), in one walk over
// the line: the pointers are merged into a tree, and the walk descends
// only into the values on some pointer's path, so that a line of many
// findings costs time linear in its size (times the depth of the deepest
// pointer), not in its size times the number of findings.
func Columns(line []byte, pointers []string, cols []int) {
	var root *ptrNode
	for i, p := range pointers {
		if p == "" || p[0] != '/' {
			continue
		}
		if root == nil {
			root = &ptrNode{}
		}
		n := root
		for tok := range strings.SplitSeq(p[1:], "/") {
			n = n.child(tok)
		}
		n.ends = append(n.ends, i)
	}
	if root == nil {
		return
	}
	i := skipWS(line, 0)
	(&colWalk{line: line, cols: cols}).walk(i, root, i)
}

func unescapeToken(tok string) string {
	if strings.Contains(tok, "~") {
		tok = strings.NewReplacer("~1", "/", "~0", "~").Replace(tok)
	}
	return tok
}

// items calls fn with the index and the start of each item of the array
// at d[i], lightly.
func items(d []byte, i int, fn func(k, v int)) {
	i++ // [
	for k := 0; ; k++ {
		i = skipWS(d, i)
		if i >= len(d) || d[i] == ']' {
			return
		}
		fn(k, i)
		if i = skipValue(d, i); i < 0 {
			return
		}
		i = skipWS(d, i)
		if i >= len(d) || d[i] != ',' {
			return
		}
		i++
	}
}

// ptrNode is one token of the pointers Columns resolves: the pointers that
// end here, and the tokens that follow.
type ptrNode struct {
	ends []int               // indexes of the pointers
	keys map[string]*ptrNode // by member name (unescaped)
	idx  map[int]*ptrNode    // by array index, for tokens that are one
}

func (n *ptrNode) child(tok string) *ptrNode {
	tok = unescapeToken(tok)
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
	line []byte
	cols []int
}

// place is where a child of a value was found: its member name (or -1) and
// its value.
type place struct{ name, value int }

// walk resolves the pointers below n for the value at i, whose column (of
// its member name, or of itself) is at.
func (w *colWalk) walk(i int, n *ptrNode, at int) {
	w.set(n.ends, at)
	if n.keys == nil {
		return
	}
	found := map[*ptrNode]place{}
	switch kindOf(w.line, i) {
	case tObject:
		var ok bool
		for m := range eachMember(w.line, i, &ok) {
			if k := n.keys[string(m.key)]; k != nil {
				found[k] = place{m.name, m.value[0]} // the last occurrence wins
			}
		}
	case tArray:
		if n.idx != nil {
			items(w.line, i, func(k, v int) {
				if m := n.idx[k]; m != nil {
					found[m] = place{-1, v}
				}
			})
		}
	}
	for _, k := range n.keys {
		p, ok := found[k]
		if !ok {
			w.setAll(k, at) // past what the line has
			continue
		}
		col := p.name
		if col < 0 {
			col = p.value
		}
		w.walk(p.value, k, col)
	}
}

func (w *colWalk) set(ends []int, at int) {
	if at >= len(w.line) {
		return
	}
	for _, i := range ends {
		w.cols[i] = at + 1
	}
}

func (w *colWalk) setAll(n *ptrNode, at int) {
	w.set(n.ends, at)
	for _, k := range n.keys {
		w.setAll(k, at)
	}
}
