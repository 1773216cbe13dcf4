package capture

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strings"
	"unicode/utf8"
)

// A value is a JSON value that keeps its members in order, so that a
// normalised line reads like the original.
type value struct {
	kind    kind
	str     string      // kindString
	raw     string      // kindString: the literal as written, when str lost something (see readValue)
	num     json.Number // kindNumber
	boolean bool        // kindBool
	members []member    // kindObject, in order
	items   []*value    // kindArray
}

type member struct {
	key    string
	rawKey string // the key's literal as written, when key lost something
	val    *value
}

// kind is a JSON type; its names are the ones JSON Schema uses.
type kind uint8

const (
	kindNull kind = iota
	kindBool
	kindNumber
	kindString
	kindArray
	kindObject
)

func (k kind) String() string {
	return [...]string{"null", "boolean", "number", "string", "array", "object"}[k]
}

// parseValue parses one JSON value and rejects trailing data. The caller
// bounds its nesting (see tooDeep): readValue recurses.
func parseValue(data []byte) (*value, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	v, err := readValue(dec, data)
	if err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, errors.New("unexpected data after the JSON value")
	}
	return v, nil
}

// readValue reads the value at the decoder's position in data.
//
// encoding/json decodes a lone UTF-16 surrogate escape ("\ud800") as
// U+FFFD: such a string is kept with its literal (value.raw) and written
// back as it was, not repaired.
func readValue(dec *json.Decoder, data []byte) (*value, error) {
	off := dec.InputOffset()
	tok, err := dec.Token()
	if err != nil {
		if err == io.EOF {
			err = io.ErrUnexpectedEOF
		}
		return nil, err
	}
	switch t := tok.(type) {
	case nil:
		return &value{kind: kindNull}, nil
	case bool:
		return &value{kind: kindBool, boolean: t}, nil
	case json.Number:
		return &value{kind: kindNumber, num: t}, nil
	case string:
		return &value{kind: kindString, str: t, raw: rawString(data, off, dec.InputOffset(), t)}, nil
	case json.Delim:
		switch t {
		case '{':
			v := &value{kind: kindObject}
			for dec.More() {
				koff := dec.InputOffset()
				kt, err := dec.Token()
				if err != nil {
					return nil, err
				}
				key, _ := kt.(string)
				mv, err := readValue(dec, data)
				if err != nil {
					return nil, err
				}
				v.members = append(v.members, member{key: key, rawKey: rawString(data, koff, dec.InputOffset(), key), val: mv})
			}
			_, err := dec.Token() // '}'
			return v, err
		case '[':
			v := &value{kind: kindArray}
			for dec.More() {
				iv, err := readValue(dec, data)
				if err != nil {
					return nil, err
				}
				v.items = append(v.items, iv)
			}
			_, err := dec.Token() // ']'
			return v, err
		}
	}
	return nil, fmt.Errorf("unexpected token %v", tok)
}

// surrogateEscapeRe matches a \u escape of a UTF-16 surrogate.
var surrogateEscapeRe = regexp.MustCompile(`\\u[dD][89a-fA-F][0-9a-fA-F]{2}`)

// rawString returns the literal of the string s, found in data between the
// offsets start and end, when decoding lost something (a lone surrogate
// became U+FFFD), else "".
func rawString(data []byte, start, end int64, s string) string {
	if !strings.ContainsRune(s, utf8.RuneError) || start < 0 || end > int64(len(data)) || start > end {
		return ""
	}
	lit := bytes.TrimLeft(data[start:end], " \t\r\n,:")
	if !surrogateEscapeRe.Match(lit) {
		return ""
	}
	return string(lit)
}

// get returns the member named key, or nil.
func (v *value) get(key string) *value {
	if v == nil || v.kind != kindObject {
		return nil
	}
	for _, m := range v.members {
		if m.key == key {
			return m.val
		}
	}
	return nil
}

// getString returns the string member named key, or "".
func (v *value) getString(key string) string {
	if m := v.get(key); m != nil && m.kind == kindString {
		return m.str
	}
	return ""
}

// appendJSON writes v as compact JSON, members in order, without escaping
// <, > and & (as the CLI writes them).
func (v *value) appendJSON(b *bytes.Buffer) {
	switch v.kind {
	case kindNull:
		b.WriteString("null")
	case kindBool:
		if v.boolean {
			b.WriteString("true")
		} else {
			b.WriteString("false")
		}
	case kindNumber:
		b.WriteString(v.num.String())
	case kindString:
		if v.raw != "" {
			b.WriteString(v.raw)
		} else {
			writeString(b, v.str)
		}
	case kindArray:
		b.WriteByte('[')
		for i, it := range v.items {
			if i > 0 {
				b.WriteByte(',')
			}
			it.appendJSON(b)
		}
		b.WriteByte(']')
	case kindObject:
		b.WriteByte('{')
		for i, m := range v.members {
			if i > 0 {
				b.WriteByte(',')
			}
			if m.rawKey != "" {
				b.WriteString(m.rawKey)
			} else {
				writeString(b, m.key)
			}
			b.WriteByte(':')
			m.val.appendJSON(b)
		}
		b.WriteByte('}')
	}
}

func writeString(b *bytes.Buffer, s string) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.Encode(s) //nolint:errcheck // a string always encodes
	b.WriteString(strings.TrimSuffix(buf.String(), "\n"))
}
