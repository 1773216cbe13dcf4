package validate

import "bytes"

// topInfo is what the first pass over a line learns: whether it is an
// object, and the members that select its variant.
type topInfo struct {
	object     bool
	kind       string // JSON type of a non-object line
	typ        []byte // unescaped; points into the line when it had no escapes
	hasType    bool
	subtype    []byte
	hasSubtype bool
	replay     bool
}

// end checks that nothing but white space follows the value.
func (s *scanner) end() {
	if s.failed() {
		return
	}
	s.ws()
	if s.pos < len(s.data) {
		s.fail("invalid character after top-level value")
	}
}

// members scans the object at pos, calling fn with each member's key and
// the byte range of its value (the last occurrence of a key wins when fn
// keeps overwriting).
func (s *scanner) members(fn func(k []byte, start, end int)) {
	if !s.enter() {
		return
	}
	defer func() { s.depth-- }()
	s.pos++ // {
	s.ws()
	if s.pos < len(s.data) && s.data[s.pos] == '}' {
		s.pos++
		return
	}
	for {
		k, ok := s.key()
		if !ok || !s.colon() {
			return
		}
		key := s.ownKey(k)
		s.ws()
		start := s.pos
		s.value(nil)
		if s.failed() {
			return
		}
		fn(key, start, s.pos)
		if !s.next('}') {
			return
		}
	}
}

// stringAt returns the string in the value range rng, if it holds one,
// without copying it unless it has escapes.
func (s *scanner) stringAt(rng [2]int) ([]byte, bool) {
	if rng[1]-rng[0] < 2 || s.data[rng[0]] != '"' {
		return nil, false
	}
	return unquoteIfEscaped(s.data[rng[0]:rng[1]])
}

// unquoteIfEscaped returns the content of the string literal raw (with its
// quotes), copied only when it has escapes.
func unquoteIfEscaped(raw []byte) ([]byte, bool) {
	if bytes.IndexByte(raw, '\\') >= 0 {
		u, ok := unquote(raw)
		return []byte(u), ok
	}
	return raw[1 : len(raw)-1], true
}

// topString returns the string value of a top-level member of the line, or "".
func (s *scanner) topString(key string) string {
	i := skipWS(s.data, 0)
	v, _ := s.stringAt(lightMember(s.data, [2]int{i, len(s.data)}, key))
	return string(v)
}

// peekTop reads the discriminators of the line (type, subtype, isReplay,
// and the subtype inside request or response) in a light pass that skips
// values without checking their syntax; the full pass that follows checks
// it. For a line that is valid JSON it always succeeds (FuzzCheckLine checks
// that its dispatch agrees with protocol.Decode); ok is false only for a line
// that the full pass will find malformed.
func (s *scanner) peekTop() (t topInfo, ok bool) {
	d := s.data
	i := skipWS(d, 0)
	s.pos = i
	switch s.peekType() {
	case tObject:
		t.object = true
	case tArray:
		t.kind = "array"
	case tString:
		t.kind = "string"
	case tNumber:
		t.kind = "number"
	case tBool:
		t.kind = "boolean"
	case tNull:
		t.kind = "null"
	default:
		return t, false
	}
	s.pos = 0
	if !t.object {
		return t, true
	}
	var request, response, subtype, typ, replay [2]int
	i++
	for {
		i = skipWS(d, i)
		if i < len(d) && d[i] == '}' {
			break
		}
		if i >= len(d) || d[i] != '"' {
			return t, false
		}
		kEnd := skipString(d, i)
		if kEnd < 0 {
			return t, false
		}
		key, kok := s.stringAt([2]int{i, kEnd})
		if !kok {
			return t, false
		}
		i = skipWS(d, kEnd)
		if i >= len(d) || d[i] != ':' {
			return t, false
		}
		i = skipWS(d, i+1)
		vEnd := skipLight(d, i)
		if vEnd < 0 {
			return t, false
		}
		switch string(key) {
		case "type":
			typ = [2]int{i, vEnd}
		case "subtype":
			subtype = [2]int{i, vEnd}
		case "isReplay":
			replay = [2]int{i, vEnd}
		case "request":
			request = [2]int{i, vEnd}
		case "response":
			response = [2]int{i, vEnd}
		}
		i = skipWS(d, vEnd)
		if i < len(d) && d[i] == ',' {
			i++
			continue
		}
		if i < len(d) && d[i] == '}' {
			break
		}
		return t, false
	}
	t.typ, t.hasType = s.stringAt(trimRange(d, typ))
	sub := subtype
	switch string(t.typ) {
	case "control_request":
		sub = lightMember(d, request, "subtype")
	case "control_response":
		sub = lightMember(d, response, "subtype")
	}
	t.subtype, t.hasSubtype = s.stringAt(trimRange(d, sub))
	r := trimRange(d, replay)
	t.replay = string(d[r[0]:r[1]]) == "true"
	return t, true
}

func trimRange(d []byte, r [2]int) [2]int {
	for r[1] > r[0] && isWS(d[r[1]-1]) {
		r[1]--
	}
	return r
}

func isWS(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

func skipWS(d []byte, i int) int {
	for i < len(d) && isWS(d[i]) {
		i++
	}
	return i
}

// skipString returns the offset after the string starting at d[i] ('"'),
// or -1 when it does not end.
func skipString(d []byte, i int) int {
	i++
	for {
		j := bytes.IndexByte(d[i:], '"')
		if j < 0 {
			return -1
		}
		i += j
		// The quote is escaped when an odd number of backslashes precede it.
		n := 0
		for k := i - 1; k >= 0 && d[k] == '\\'; k-- {
			n++
		}
		i++
		if n%2 == 0 {
			return i
		}
	}
}

// skipLight returns the offset after the value starting at d[i], matching
// brackets and strings without checking anything else, or -1.
func skipLight(d []byte, i int) int {
	depth := 0
	for i < len(d) {
		switch d[i] {
		case '"':
			i = skipString(d, i)
			if i < 0 {
				return -1
			}
			if depth == 0 {
				return i
			}
			continue
		case '{', '[':
			depth++
		case '}', ']':
			if depth == 0 {
				return i
			}
			depth--
			if depth == 0 {
				return i + 1
			}
		case ',':
			if depth == 0 {
				return i
			}
		}
		i++
	}
	if depth == 0 {
		return i
	}
	return -1
}

// lightMember finds key among the members of the object in range r.
func lightMember(d []byte, r [2]int, key string) [2]int {
	var out [2]int
	i := r[0]
	if r[1] <= i || d[i] != '{' {
		return out
	}
	i++
	for i < r[1] {
		i = skipWS(d, i)
		if i >= r[1] || d[i] != '"' {
			return out
		}
		kEnd := skipString(d, i)
		if kEnd < 0 {
			return out
		}
		k, _ := unquoteIfEscaped(d[i:kEnd])
		i = skipWS(d, kEnd)
		if i >= r[1] || d[i] != ':' {
			return out
		}
		i = skipWS(d, i+1)
		vEnd := skipLight(d, i)
		if vEnd < 0 {
			return out
		}
		if string(k) == key {
			out = [2]int{i, vEnd}
		}
		i = skipWS(d, vEnd)
		if i < r[1] && d[i] == ',' {
			i++
			continue
		}
		return out
	}
	return out
}
