package validate

import (
	"bytes"
	"sync"
	"sync/atomic"
	"unicode/utf8"

	"github.com/protocheck/protocheck/validate/internal/fastpath"
)

// This file holds Options.Memoize: a cache of line results keyed by the
// line's projection, for callers that check many lines of few shapes
// against schemas most of them fail (corpus run checks every line against
// old dialects, where the full validator would run on nearly every line).
//
// The projection keeps what validation can depend on and drops the rest.
// The generated schemas constrain strings only by type, enum and const
// (format is an annotation: the validator does not assert it), and numbers
// only by type, so a line's findings, verdict and pointers depend on its
// structure, its member names, its literals, the JSON types of its values,
// whether each number is written as an integer within 64 bits, and those of its strings
// that are enum or const values somewhere in the schemas. The projection
// keeps exactly that, and the values of every "type" and "subtype" member,
// which name kinds (so a line of an unknown kind keeps its name): every
// other string value becomes one placeholder and every integer of up to 18
// digits 0. Two lines with one projection get the same findings,
// rule for rule and pointer for pointer; only the values a message quotes
// can differ, which LineResult.Reused says.

// memoBudget caps the bytes of projections the cache keeps.
const memoBudget = 64 << 20

// memo is the cache of one Validator.
type memo struct {
	proj *Projector

	mu    sync.RWMutex
	cache map[string]*memoEntry // by projection
	size  atomic.Int64
}

// A Projector writes the projections of lines for one or more schema sets
// (see the top of this file): two lines with one projection get the same
// findings, rule for rule and pointer for pointer, from each of them. It is
// safe for concurrent use.
type Projector struct {
	values map[string]bool // enum and const strings of the schemas
	// lens and firsts filter the look-ups in values: most strings of a line
	// (ids, text) have a length or first byte no pinned value has.
	lens   [64]bool
	firsts [256]bool
	uuid   bool // "format": "uuid" is asserted: a projection marks uuids
}

// Projector returns the validator's projector, or nil when its schemas
// assert a format other than uuid, which a projection cannot keep exact.
func (v *Validator) Projector() *Projector { return v.proj }

// JoinProjectors returns a projector whose projections are exact for each
// of ps: it keeps every value any of them pins. It returns nil when one of
// them is nil.
func JoinProjectors(ps ...*Projector) *Projector {
	j := &Projector{values: map[string]bool{}}
	for _, p := range ps {
		if p == nil {
			return nil
		}
		for v := range p.values {
			j.values[v] = true
		}
		j.uuid = j.uuid || p.uuid
	}
	j.index()
	return j
}

// index fills the filters of values.
func (p *Projector) index() {
	for v := range p.values {
		if len(v) > 0 && len(v) < len(p.lens) {
			p.lens[len(v)] = true
			p.firsts[v[0]] = true
		}
	}
}

// Projectable reports whether a line may be projected: a line with a NUL
// byte or invalid UTF-8 has a finding about bytes the projection drops.
func Projectable(line []byte) bool {
	return bytes.IndexByte(line, 0) < 0 && utf8.Valid(line)
}

// pinned reports whether text is an enum or const value of the schemas.
func (m *Projector) pinned(text []byte) bool {
	if len(text) == 0 {
		return m.values[""]
	}
	if len(text) >= len(m.lens) || !m.lens[len(text)] || !m.firsts[text[0]] {
		return len(text) >= len(m.lens) && m.values[string(text)]
	}
	return m.values[string(text)]
}

// memoEntry is the cached result of the first line of a projection.
type memoEntry struct {
	findings    []Finding
	variant     *variantSchema
	unknown     int
	slow        bool
	unknownKind string
	omitted     [Error + 1]int
}

// newProjector collects the strings the schema document pins. With formats
// asserted, a string's format matters too: the projection marks strings of
// the uuid format, and a schema that asserts any other format gets no
// projector (nil), since its projection could not be exact.
func newProjector(doc any, assertFormats bool) *Projector {
	m := &Projector{values: map[string]bool{}}
	formats := map[string]bool{}
	var walk func(any)
	walk = func(v any) {
		switch v := v.(type) {
		case map[string]any:
			for k, c := range v {
				switch k {
				case "const":
					if s, ok := c.(string); ok {
						m.values[s] = true
					}
				case "format":
					if f, ok := c.(string); ok {
						formats[f] = true
					}
				case "enum":
					if list, ok := c.([]any); ok {
						for _, e := range list {
							if s, ok := e.(string); ok {
								m.values[s] = true
							}
						}
					}
				}
				walk(c)
			}
		case []any:
			for _, c := range v {
				walk(c)
			}
		}
	}
	walk(doc)
	m.index()
	if assertFormats && len(formats) > 0 {
		if len(formats) > 1 || !formats["uuid"] {
			return nil
		}
		m.uuid = true
	}
	return m
}

// isUUID reports whether s has the form the uuid format asserts: five
// groups of 8, 4, 4, 4 and 12 hex digits.
func isUUID(s []byte) bool {
	if len(s) != 36 {
		return false
	}
	for i, c := range s {
		switch i {
		case 8, 13, 18, 23:
			if c != '-' {
				return false
			}
		default:
			if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F') {
				return false
			}
		}
	}
	return true
}

// project appends the projection of line to dst. It reads the line as JSON
// only far enough to tell keys from values, and keeps white space and every
// token that could make the line invalid JSON (escapes, raw control
// characters, a string left open, a number that is not a plain integer), so
// a line that is not JSON never shares a projection with one that is.
// Project appends the projection of line, which must be Projectable, to
// dst.
func (m *Projector) Project(dst, line []byte) []byte {
	disc := false // the last key was "type" or "subtype": its value names a kind
	for i := 0; i < len(line); {
		c := line[i]
		switch {
		case c == '"':
			end, keep := i+1, false
			for end < len(line) && line[end] != '"' {
				switch {
				case line[end] == '\\':
					keep = true // escapes: kept as they are, valid or not
					end++
				case line[end] < 0x20:
					keep = true // a raw control character makes the line invalid
				}
				end++
			}
			if end >= len(line) {
				keep = true // no closing quote
			}
			end = min(end+1, len(line))
			j := end
			for j < len(line) && isWS(line[j]) {
				j++
			}
			isKey := j < len(line) && line[j] == ':'
			text := line[i+1 : max(i+1, end-1)]
			if isKey || keep || disc || m.pinned(text) {
				dst = append(dst, line[i:end]...) // keys, escaped text and pinned values as they are
			} else if m.uuid && isUUID(text) {
				dst = append(dst, '"', 'u', '"') // of the uuid format
			} else {
				dst = append(dst, '"', '"')
			}
			disc = isKey && (string(text) == "type" || string(text) == "subtype")
			i = end
		case c == '-' || ('0' <= c && c <= '9'):
			disc = false
			j, integer := i+1, true
			for j < len(line) && (('0' <= line[j] && line[j] <= '9') || line[j] == '.' || line[j] == 'e' || line[j] == 'E' || line[j] == '+' || line[j] == '-') {
				if line[j] == '.' || line[j] == 'e' || line[j] == 'E' {
					integer = false
				}
				j++
			}
			if integer && c != '-' && (c != '0' || j == i+1) && j-i < 19 {
				dst = append(dst, '0') // a valid integer within 64 bits: its value does not matter
			} else {
				dst = append(dst, line[i:j]...)
			}
			i = j
		default:
			if c != ':' && !isWS(c) {
				disc = false
			}
			dst = append(dst, c)
			i++
		}
	}
	return dst
}

// checkLineMemo checks a line like checkLineSafe, reusing the result of an
// earlier line with the same projection.
func (v *Validator) checkLineMemo(s *scanner, file string, n int, line []byte, r *lineResult, key *[]byte) {
	if !Projectable(line) {
		v.checkLineSafe(s, file, n, line, r)
		return
	}
	*key = v.memo.proj.Project((*key)[:0], line)
	v.memo.mu.RLock()
	e, ok := v.memo.cache[string(*key)]
	v.memo.mu.RUnlock()
	if ok {
		*r = lineResult{findings: r.findings[:0], variant: e.variant, unknown: e.unknown, slow: e.slow, reused: true, unknownKind: e.unknownKind, omitted: e.omitted}
		for _, f := range e.findings {
			f.File, f.Line, f.Column = file, n, 0
			r.findings = append(r.findings, f)
		}
		if e.variant != nil && e.variant.name == "system.init" {
			r.cliVersion = fastpath.TopString(line, "claude_code_version")
		}
		return
	}
	v.checkLineSafe(s, file, n, line, r)
	if v.memo.size.Load() > memoBudget {
		return
	}
	e = &memoEntry{findings: append([]Finding(nil), r.findings...), variant: r.variant, unknown: r.unknown, slow: r.slow, unknownKind: r.unknownKind, omitted: r.omitted}
	v.memo.mu.Lock()
	if _, dup := v.memo.cache[string(*key)]; !dup {
		v.memo.cache[string(*key)] = e
		v.memo.size.Add(int64(len(*key)))
	}
	v.memo.mu.Unlock()
}

func isWS(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }
