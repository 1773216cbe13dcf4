package validate

// topInfo is what the first pass over a line learns: whether it is an
// object, and the members that select its variant.
type topInfo struct {
	object     bool
	kind       string // JSON type of a non-object line
	typ        string
	hasType    bool
	subtype    string
	hasSubtype bool
	replay     bool
}

// topLevel scans the whole line once, checking its syntax, and reads the
// discriminators: type, subtype, isReplay, and the subtype inside request
// or response.
func (s *scanner) topLevel() topInfo {
	var t topInfo
	s.collect = false
	s.ws()
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
	}
	if !t.object {
		s.value(nil)
		s.end()
		return t
	}
	var request, response, subtype, typ, replay [2]int
	found := map[string]*[2]int{"type": &typ, "subtype": &subtype, "isReplay": &replay, "request": &request, "response": &response}
	s.members(func(k []byte, start, end int) {
		if p, ok := found[string(k)]; ok {
			*p = [2]int{start, end}
		}
	})
	s.end()
	if s.failed() {
		return t
	}
	t.typ, t.hasType = s.stringAt(typ)
	switch sub := subtype; {
	case t.typ == "control_request":
		sub = s.memberOf(request, "subtype")
		t.subtype, t.hasSubtype = s.stringAt(sub)
	case t.typ == "control_response":
		sub = s.memberOf(response, "subtype")
		t.subtype, t.hasSubtype = s.stringAt(sub)
	default:
		t.subtype, t.hasSubtype = s.stringAt(sub)
	}
	t.replay = replay[1] > replay[0] && string(s.data[replay[0]:replay[1]]) == "true"
	return t
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
		s.ws()
		if s.pos >= len(s.data) {
			s.fail("unexpected end of JSON input in an object")
			return
		}
		switch s.data[s.pos] {
		case ',':
			s.pos++
		case '}':
			s.pos++
			return
		default:
			s.fail("invalid character after object member")
			return
		}
	}
}

// memberOf returns the value range of key inside the object at rng, or an
// empty range.
func (s *scanner) memberOf(rng [2]int, key string) [2]int {
	var out [2]int
	if rng[1] <= rng[0] || s.data[rng[0]] != '{' {
		return out
	}
	save := s.pos
	s.pos = rng[0]
	s.members(func(k []byte, start, end int) {
		if string(k) == key {
			out = [2]int{start, end}
		}
	})
	s.pos = save
	return out
}

// stringAt returns the string in the value range rng, if it holds one.
func (s *scanner) stringAt(rng [2]int) (string, bool) {
	if rng[1]-rng[0] < 2 || s.data[rng[0]] != '"' {
		return "", false
	}
	raw := s.data[rng[0]:rng[1]]
	for _, c := range raw[1 : len(raw)-1] {
		if c == '\\' {
			return unquote(raw)
		}
	}
	return string(raw[1 : len(raw)-1]), true
}

// stringMember returns the string value of a top-level member, or "".
func (s *scanner) stringMember(key string) string {
	s.pos = 0
	s.ws()
	if s.peekType() != tObject {
		return ""
	}
	rng := s.memberOf([2]int{s.pos, len(s.data)}, key)
	v, _ := s.stringAt(rng)
	return v
}
