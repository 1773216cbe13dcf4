package fastpath

import (
	"slices"
	"strconv"
)

// PathsAt returns, for each offset in starts (ascending), the tokens of the
// JSON Pointer of the value that starts at that offset of line, unescaped,
// or nil when no value starts there. line must be valid JSON. It walks the
// line once, going into a value only when an offset lies inside it: a
// Failure keeps its Start rather than its pointer, and the few whose
// findings are reported are found this way.
func PathsAt(line []byte, starts []int) [][]string {
	out := make([][]string, len(starts))
	w := pathWalk{line: line, starts: starts, out: out}
	w.value(skipWS(line, 0), nil)
	return out
}

type pathWalk struct {
	line   []byte
	starts []int
	out    [][]string
	next   int // the first offset not passed yet
}

// value visits the value at i, whose pointer has the tokens path.
func (w *pathWalk) value(i int, path []string) {
	for w.next < len(w.starts) && w.starts[w.next] < i {
		w.next++ // no value starts there
	}
	for w.next < len(w.starts) && w.starts[w.next] == i {
		w.out[w.next] = append([]string{}, path...)
		w.next++
	}
	if w.next == len(w.starts) || i >= len(w.line) {
		return
	}
	end := skipValue(w.line, i)
	if end < 0 || w.starts[w.next] >= end {
		return // nothing asked for inside
	}
	switch w.line[i] {
	case '{':
		var ok bool
		for m := range eachMember(w.line[:end], i, &ok) {
			if w.next == len(w.starts) || w.starts[w.next] >= end {
				return
			}
			if w.starts[w.next] < m.value[1] {
				w.value(m.value[0], append(slices.Clip(path), string(m.key)))
			}
		}
	case '[':
		items(w.line[:end], i, func(k, v int) {
			if w.next < len(w.starts) && w.starts[w.next] < end {
				w.value(v, append(slices.Clip(path), strconv.Itoa(k)))
			}
		})
	}
}
