package fastpath

import (
	"cmp"
	"fmt"
	"slices"
)

// This file lets the scan note where chosen members lie, so that a reader
// of a few members of a valid line (the cross-line rules) need not walk it
// again: Mark chooses them in a compiled program, and a check with
// Limits.Capture returns them in Result.Captures.

// A Capture is a marked value the scan went past: its byte range in the
// line, the slot Mark gave it, and its depth, the number of arrays and
// objects that hold it (a top-level member has depth 1). Captures come in
// the order their values end, so a value's captured members come before
// the value itself, and a value's children are the captures of depth one
// more that lie in its range.
type Capture struct {
	Start, End int
	Slot       uint8
	Depth      uint16
}

// Mark marks the values at path below n with slot (1 to 255): each token
// is a member name, or "*" for the items of an array. Whatever n's value
// turns out to be on a line (the member of a union its discriminator
// selects, the branch its JSON type selects), a value at that path is
// captured when the scan accepts it there; a value the schema lets through
// without declaring it (an undeclared member, the payload of an "any"
// member) is not. It returns the number of places marked, and an error
// when one of them holds another slot already.
func Mark(n *Node, path []string, slot uint8) (int, error) {
	if slot == 0 || len(path) == 0 {
		return 0, fmt.Errorf("fastpath.Mark: slot 0 or empty path")
	}
	m := marker{seen: map[markAt]bool{}}
	m.mark(n, path, slot)
	return m.count, m.err
}

type marker struct {
	seen  map[markAt]bool
	count int
	err   error
}

// markAt is a node met with the tokens of a path left to walk: met again
// (a schema shared by several places, or referring to itself), it is not
// walked again.
type markAt struct {
	n    *Node
	left int
}

func (m *marker) mark(n *Node, path []string, slot uint8) {
	if n == nil || m.err != nil {
		return
	}
	at := markAt{n, len(path)}
	if m.seen[at] {
		return
	}
	m.seen[at] = true
	for _, a := range n.all {
		m.mark(a, path, slot)
	}
	for _, d := range n.dispatch {
		m.mark(d, path, slot)
	}
	for _, b := range n.branches {
		m.mark(b, path, slot)
	}
	tok, rest := path[0], path[1:]
	if tok == "*" {
		if n.items == nil {
			return
		}
		if len(rest) == 0 {
			m.set(&n.itemSlot, slot)
			return
		}
		m.mark(n.items, rest, slot)
		return
	}
	p := n.props[tok]
	if p == nil || !p.declared {
		return
	}
	if len(rest) == 0 {
		m.set(&p.slot, slot)
		return
	}
	m.mark(p.node, rest, slot)
}

func (m *marker) set(at *uint8, slot uint8) {
	switch *at {
	case 0:
		*at = slot
		m.count++
	case slot:
	default:
		m.err = fmt.Errorf("fastpath.Mark: a place marked with slot %d is marked %d already", slot, *at)
	}
}

// capture records a marked value that ended at pos.
func (s *scanner) capture(slot uint8, start int) {
	d := s.depth
	if d > 0xffff {
		d = 0xffff
	}
	s.captures = append(s.captures, Capture{Start: start, End: s.pos, Slot: slot, Depth: uint16(d)})
}

// dedupCaptures keeps one of each capture recorded since from, in the order
// of their ends: the passes of a node whose schemas are checked one after
// the other (Node.all) go over the same values, and may mark the same.
func (s *scanner) dedupCaptures(from int) {
	c := s.captures[from:]
	// Values end in order, and a value holding another ends after it.
	slices.SortStableFunc(c, func(a, b Capture) int {
		return cmp.Or(cmp.Compare(a.End, b.End), cmp.Compare(b.Start, a.Start), cmp.Compare(a.Slot, b.Slot))
	})
	s.captures = append(s.captures[:from], slices.Compact(c)...)
}
