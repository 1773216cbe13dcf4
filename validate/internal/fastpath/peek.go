package fastpath

// Top is what the light pass learns of a line: whether it is an object,
// and the members that select its variant.
type Top struct {
	// Object is set when the line is a JSON object; Kind names the JSON
	// type of a line that is not.
	Object bool
	Kind   string
	// Type and Subtype are the discriminators, unescaped (pointing into the
	// line when they had no escapes); HasType and HasSubtype say whether
	// the line gives them as strings. The subtype of control_request and
	// control_response is the one of request and response.
	Type       []byte
	HasType    bool
	Subtype    []byte
	HasSubtype bool
	// Replay is set when isReplay is true.
	Replay bool
	// TypeTwice and SubtypeTwice are set when the line gives type, or the
	// member the subtype is read from, more than once (the last counts).
	TypeTwice, SubtypeTwice bool
}

// Peek reads the discriminators of a line (type, subtype, isReplay, and
// the subtype inside request or response) in a light pass that skips
// values without checking their syntax; the scan that follows checks it.
// For a line that is valid JSON it always succeeds (FuzzCheckLine checks
// that its dispatch agrees with protocol.Decode); ok is false only for a
// line the scan will find malformed. The last occurrence of a member
// counts, as in encoding/json.
func Peek(d []byte) (t Top, ok bool) {
	i := skipWS(d, 0)
	switch kindOf(d, i) {
	case tObject:
		t.Object = true
	case tArray:
		t.Kind = "array"
	case tString:
		t.Kind = "string"
	case tNumber:
		t.Kind = "number"
	case tBool:
		t.Kind = "boolean"
	case tNull:
		t.Kind = "null"
	default:
		return t, false
	}
	if !t.Object {
		return t, true
	}
	var request, response, subtype, typ, replay [2]int
	types, subtypes := 0, 0
	for m := range eachMember(d, i, &ok) {
		switch string(m.key) {
		case "type":
			typ = m.value
			types++
		case "subtype":
			subtype = m.value
			subtypes++
		case "isReplay":
			replay = m.value
		case "request":
			request = m.value
		case "response":
			response = m.value
		}
	}
	if !ok {
		return t, false
	}
	t.Type, t.HasType = stringAt(d, typ)
	t.TypeTwice = types > 1
	sub := subtype
	t.SubtypeTwice = subtypes > 1
	switch string(t.Type) {
	case "control_request":
		sub, t.SubtypeTwice = memberTwice(d, request, "subtype")
	case "control_response":
		sub, t.SubtypeTwice = memberTwice(d, response, "subtype")
	}
	t.Subtype, t.HasSubtype = stringAt(d, sub)
	t.Replay = string(d[replay[0]:replay[1]]) == "true"
	return t, true
}

// TopString returns the string value of a top-level member of the line,
// or "".
func TopString(d []byte, key string) string {
	v, _ := stringAt(d, member(d, [2]int{skipWS(d, 0), len(d)}, key))
	return string(v)
}

// memberRef is one member of an object, as eachMember reads it.
type memberRef struct {
	name  int    // where its name starts
	key   []byte // its name, unescaped; valid for one step of the loop
	value [2]int // its value's byte range
}

// eachMember yields the members of the object at d[i], lightly: values
// are skipped, not checked. It sets *ok to whether the object reads to its
// closing brace (when the loop is not left early).
func eachMember(d []byte, i int, ok *bool) func(yield func(memberRef) bool) {
	return func(yield func(memberRef) bool) {
		*ok = false
		i++ // {
		i = skipWS(d, i)
		if i < len(d) && d[i] == '}' {
			*ok = true
			return
		}
		for {
			if i >= len(d) || d[i] != '"' {
				return
			}
			name := i
			kEnd, esc, msg := scanString(d, i)
			if msg != "" {
				return
			}
			key, kok := stringValue(d[i:kEnd], esc)
			if !kok {
				return
			}
			i = skipWS(d, kEnd)
			if i >= len(d) || d[i] != ':' {
				return
			}
			i = skipWS(d, i+1)
			vEnd := skipValue(d, i)
			if vEnd < 0 {
				return
			}
			if !yield(memberRef{name, key, [2]int{i, vEnd}}) {
				return
			}
			i = skipWS(d, vEnd)
			if i < len(d) && d[i] == ',' {
				i = skipWS(d, i+1)
				continue
			}
			*ok = i < len(d) && d[i] == '}'
			return
		}
	}
}

// member finds key among the members of the object in the range r of d,
// lightly; the last occurrence counts.
func member(d []byte, r [2]int, key string) [2]int {
	out, _ := memberTwice(d, r, key)
	return out
}

// memberTwice is member, and also reports whether the object gives key
// more than once.
func memberTwice(d []byte, r [2]int, key string) ([2]int, bool) {
	var out [2]int
	if r[1] <= r[0] || d[r[0]] != '{' {
		return out, false
	}
	var ok bool
	n := 0
	for m := range eachMember(d[:r[1]], r[0], &ok) {
		if string(m.key) == key {
			out = m.value
			n++
		}
	}
	return out, n > 1
}

// stringAt returns the string in the value range r of d, if it holds
// one, without copying it unless it has escapes.
func stringAt(d []byte, r [2]int) ([]byte, bool) {
	if r[1]-r[0] < 2 || d[r[0]] != '"' {
		return nil, false
	}
	end, esc, msg := scanString(d, r[0])
	if msg != "" || end != r[1] {
		return nil, false
	}
	return stringValue(d[r[0]:r[1]], esc)
}

// kindOf returns the JSON type of the value starting at d[i], from its
// first byte (integer and number are told apart later), or 0.
func kindOf(d []byte, i int) jsonType {
	if i >= len(d) {
		return 0
	}
	switch c := d[i]; {
	case c == '{':
		return tObject
	case c == '[':
		return tArray
	case c == '"':
		return tString
	case c == 't' || c == 'f':
		return tBool
	case c == 'n':
		return tNull
	case c == '-' || (c >= '0' && c <= '9'):
		return tNumber
	}
	return 0
}
