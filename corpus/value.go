package corpus

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
)

// A value is a JSON value that keeps its members in order, so that a
// normalised line reads like the original.
type value struct {
	kind    kind
	str     string      // kindString
	num     json.Number // kindNumber
	boolean bool        // kindBool
	members []member    // kindObject, in order
	items   []*value    // kindArray
}

type member struct {
	key string
	val *value
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

// parseValue parses one JSON value and rejects trailing data.
func parseValue(data []byte) (*value, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	v, err := readValue(dec)
	if err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, errors.New("unexpected data after the JSON value")
	}
	return v, nil
}

func readValue(dec *json.Decoder) (*value, error) {
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
		return &value{kind: kindString, str: t}, nil
	case json.Delim:
		switch t {
		case '{':
			v := &value{kind: kindObject}
			for dec.More() {
				kt, err := dec.Token()
				if err != nil {
					return nil, err
				}
				key, _ := kt.(string)
				mv, err := readValue(dec)
				if err != nil {
					return nil, err
				}
				v.members = append(v.members, member{key, mv})
			}
			_, err := dec.Token() // '}'
			return v, err
		case '[':
			v := &value{kind: kindArray}
			for dec.More() {
				iv, err := readValue(dec)
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
		writeString(b, v.str)
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
			writeString(b, m.key)
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

// escapePointer escapes a key for a JSON Pointer (RFC 6901).
func escapePointer(key string) string {
	return strings.ReplaceAll(strings.ReplaceAll(key, "~", "~0"), "/", "~1")
}
