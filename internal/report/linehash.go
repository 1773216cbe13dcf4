package report

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"hash"
	"slices"
	"unicode/utf8"
)

// LineHash is the hash of a line's normalised content: the line's JSON
// value encoded again canonically (members sorted by name, the last of
// members of one name kept, no spaces, strings re-escaped, numbers as
// written), so that formatting does not matter, or, for a line that is
// not valid JSON, its bytes without surrounding space. It is "" for a nil
// line (a line whose content is unknown).
//
// The canonical bytes are those encoding/json writes for the line decoded
// into an any (with UseNumber), but they are written straight into the
// hash as the line is read, never built as a tree: that took some 23
// times the line's size (936 MB for a line of 40 MB).
func LineHash(line []byte) string {
	if line == nil {
		return ""
	}
	h := sha256.New()
	writeNormalised(h, line)
	return hex.EncodeToString(h.Sum(nil)[:8])
}

// writeNormalised writes the line's normalised content to h.
func writeNormalised(h hash.Hash, line []byte) {
	line = bytes.TrimSpace(line)
	if !utf8.Valid(line) || !json.Valid(line) {
		h.Write(line)
		return
	}
	c := &canon{in: line, ends: map[int32]int32{}}
	c.out = make([]byte, 0, 32<<10)
	c.h = h
	c.value(c.space(0))
	c.flush()
}

// canon writes the canonical form of a valid JSON text. An object's
// members are written in order of their names, so its members are first
// found (value skips over), then written; skip remembers where each value
// of at least memoLen bytes ends, so that no part of the line is gone
// over more than a few times however deep it nests.
type canon struct {
	in    []byte
	out   []byte // waiting to go into h
	h     hash.Hash
	ends  map[int32]int32
	stack []member
}

// memoLen is the shortest value whose end skip remembers.
const memoLen = 64

func (c *canon) write(b []byte) {
	if len(c.out)+len(b) > cap(c.out) {
		c.flush()
		if len(b) > cap(c.out) {
			c.h.Write(b)
			return
		}
	}
	c.out = append(c.out, b...)
}

func (c *canon) writeByte(b byte) {
	if len(c.out) == cap(c.out) {
		c.flush()
	}
	c.out = append(c.out, b)
}

func (c *canon) flush() {
	c.h.Write(c.out)
	c.out = c.out[:0]
}

// space returns the offset of the first byte at or after i that is not
// JSON white space.
func (c *canon) space(i int) int {
	for i < len(c.in) {
		switch c.in[i] {
		case ' ', '\t', '\n', '\r':
			i++
		default:
			return i
		}
	}
	return i
}

// stringEnd returns the offset just past the string that starts at i.
func (c *canon) stringEnd(i int) int {
	for i++; i < len(c.in); i++ {
		switch c.in[i] {
		case '\\':
			i++
		case '"':
			return i + 1
		}
	}
	return i
}

// skip returns the offset just past the value that starts at i.
func (c *canon) skip(i int) int {
	if e, ok := c.ends[int32(i)]; ok {
		return int(e)
	}
	var end int
	switch c.in[i] {
	case '"':
		end = c.stringEnd(i)
	case '{', '[':
		j := c.space(i + 1)
		for c.in[j] != '}' && c.in[j] != ']' {
			j = c.space(c.skip(j))
			if c.in[j] == ':' || c.in[j] == ',' {
				j = c.space(j + 1)
			}
		}
		end = j + 1
	default: // a number or a literal
		end = i
		for end < len(c.in) && !endsScalar(c.in[end]) {
			end++
		}
	}
	if end-i >= memoLen {
		c.ends[int32(i)] = int32(end)
	}
	return end
}

// endsScalar reports whether b ends a number or a literal.
func endsScalar(b byte) bool {
	switch b {
	case ',', ']', '}', ' ', '\t', '\n', '\r':
		return true
	}
	return false
}

// value writes the value that starts at i and returns the offset just
// past it.
func (c *canon) value(i int) int {
	switch c.in[i] {
	case '"':
		end := c.stringEnd(i)
		c.str(c.in[i:end])
		return end
	case '[':
		c.writeByte('[')
		j := c.space(i + 1)
		for first := true; c.in[j] != ']'; first = false {
			if !first {
				c.writeByte(',')
			}
			j = c.space(c.value(j))
			if c.in[j] == ',' {
				j = c.space(j + 1)
			}
		}
		c.writeByte(']')
		return j + 1
	case '{':
		return c.object(i)
	}
	end := c.skip(i)
	c.write(c.in[i:end])
	return end
}

// A member is one member of an object: where its name and its value
// start (8 bytes; its name is read again from the line when needed).
type member struct{ key, value int32 }

// name is a member's name, decoded.
func (c *canon) name(m member) []byte {
	return decodeString(c.in[m.key:c.stringEnd(int(m.key))])
}

// object writes the object that starts at i with its members sorted by
// name (bytewise, as encoding/json sorts a map's keys), the last of those
// that share a name kept (as decoding into a map keeps it), and returns
// the offset just past it. The members of the objects being written wait
// on one stack.
func (c *canon) object(i int) int {
	// Counted first, so that the stack grows by exactly the members.
	base := len(c.stack)
	n, _ := c.members(i, nil)
	c.stack = slices.Grow(c.stack, n)
	_, end := c.members(i, func(m member) { c.stack = append(c.stack, m) })
	ms := c.stack[base:]
	slices.SortStableFunc(ms, func(a, b member) int { return bytes.Compare(c.name(a), c.name(b)) })
	c.writeByte('{')
	first := true
	for k, m := range ms {
		if k+1 < len(ms) && bytes.Equal(c.name(ms[k+1]), c.name(m)) {
			continue // a later member of the same name wins
		}
		if !first {
			c.writeByte(',')
		}
		first = false
		c.str(c.in[m.key:c.stringEnd(int(m.key))])
		c.writeByte(':')
		c.value(int(m.value))
	}
	c.writeByte('}')
	c.stack = c.stack[:base]
	return end
}

// members goes through the members of the object that starts at i,
// giving each to fn (when not nil); it returns their number and the
// offset just past the object.
func (c *canon) members(i int, fn func(member)) (n, end int) {
	j := c.space(i + 1)
	for c.in[j] != '}' {
		v := c.space(c.space(c.stringEnd(j)) + 1) // past the ':'
		if fn != nil {
			fn(member{int32(j), int32(v)})
		}
		n++
		j = c.space(c.skip(v))
		if c.in[j] == ',' {
			j = c.space(j + 1)
		}
	}
	return n, j + 1
}

// str writes a JSON string (raw, quotes included) as encoding/json writes
// its decoded value: as it is, unless it holds an escape or a character
// encoding/json escapes (U+2028, U+2029: a raw string of valid JSON holds
// no other).
func (c *canon) str(raw []byte) {
	if bytes.IndexByte(raw, '\\') < 0 && !bytes.Contains(raw, []byte("\u2028")) && !bytes.Contains(raw, []byte("\u2029")) {
		c.write(raw)
		return
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.Encode(string(decodeString(raw))) //nolint:errcheck // a string always encodes
	c.write(bytes.TrimSuffix(b.Bytes(), []byte("\n")))
}

// decodeString is the value of a JSON string (raw, quotes included): the
// bytes between the quotes when it has no escape, else as encoding/json
// decodes it.
func decodeString(raw []byte) []byte {
	if bytes.IndexByte(raw, '\\') < 0 {
		return raw[1 : len(raw)-1]
	}
	var s string
	json.Unmarshal(raw, &s) //nolint:errcheck // the line is valid JSON
	return []byte(s)
}
