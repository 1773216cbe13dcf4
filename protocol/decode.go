package protocol

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
)

// Unknown is a message whose type, subtype or marker no variant lists. It
// keeps the line whole, so encoding it gives back the same object.
type Unknown struct {
	// Type and Subtype are the discriminators as read; each is "" when the
	// line lacks it or it is not a string.
	Type, Subtype string
	// Raw is the line's JSON object exactly as read.
	Raw json.RawMessage
}

// Kind returns the discriminators as read.
func (u *Unknown) Kind() Kind { return Kind{Type: u.Type, Subtype: u.Subtype} }

// MarshalJSON returns the raw object.
func (u Unknown) MarshalJSON() ([]byte, error) { return unknownObject{u.Raw}.get() }

// A DecodeError reports a line that is not a JSON object, or whose members do
// not fit the Go type of its variant.
type DecodeError struct {
	// Variant is the variant the line was decoded as, or nil when the line
	// is not a JSON object.
	Variant *Variant
	// Offset is the byte offset in the line of a syntax error, or -1.
	Offset int64
	// Err is the underlying error from encoding/json.
	Err error
}

func (e *DecodeError) Error() string {
	where := ""
	if e.Offset >= 0 {
		where = fmt.Sprintf(" at byte %d", e.Offset)
	}
	if e.Variant == nil {
		return fmt.Sprintf("protocol: not a JSON object%s: %v", where, e.Err)
	}
	return fmt.Sprintf("protocol: decoding %s%s: %v", e.Variant.Name, where, e.Err)
}

func (e *DecodeError) Unwrap() error { return e.Err }

// errNotObject is the error of a line whose JSON value is not an object.
var errNotObject = errors.New("the value is not an object")

// Decode decodes one line of the protocol into its variant's Go type.
//
// A line whose type, subtype or marker no variant lists decodes as *Unknown,
// and nested content blocks, stream events, deltas and control bodies of
// unknown kinds decode as their Unknown types: none of these is an error.
// Members the Go types do not model are kept in their Extra fields, so
// encoding the result with encoding/json gives an equal object.
//
// The error, always a *DecodeError, reports a line that is not a JSON object
// or a member whose JSON type does not fit its Go field.
func Decode(line []byte) (Message, error) {
	k, replay, err := Peek(line)
	if err != nil {
		return nil, err
	}
	typ, subtype := k.Type, k.Subtype
	v := Lookup(typ, subtype, replay)
	if v == nil {
		raw := append(json.RawMessage(nil), bytes.TrimSpace(line)...)
		return &Unknown{Type: typ, Subtype: subtype, Raw: raw}, nil
	}
	var m Message
	switch v.Envelope() {
	case "request":
		m = new(ControlRequest)
	case "response":
		m = new(ControlResponse)
	default:
		m = v.New().(Message)
	}
	if err := json.Unmarshal(line, m); err != nil {
		return nil, &DecodeError{Variant: v, Offset: offsetOf(err), Err: err}
	}
	return m, nil
}

// Peek reads a line's discriminators without decoding the rest: its Kind
// (a member that is missing or not a string reads as "") and whether it is
// a replayed user message (isReplay true). The error, a *DecodeError,
// reports a line that is not a JSON object.
func Peek(line []byte) (k Kind, replay bool, err error) {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(line, &members); err != nil {
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) {
			err = fmt.Errorf("%w: it is %s", errNotObject, te.Value)
		}
		return k, false, &DecodeError{Offset: offsetOf(err), Err: err}
	}
	if members == nil {
		return k, false, &DecodeError{Offset: -1, Err: errNotObject}
	}
	k.Type = stringMember(members, "type")
	if p := SubtypePath(k.Type); p != "" {
		k.Subtype = stringAt(members, p)
	}
	replay = k.Type == "user" && bytes.Equal(bytes.TrimSpace(members["isReplay"]), []byte("true"))
	return k, replay, nil
}

// VariantOf returns the variant that describes m, or nil for *Unknown and for
// values whose discriminators no variant lists.
func VariantOf(m Message) *Variant {
	if m == nil {
		return nil
	}
	k := m.Kind()
	var goType reflect.Type
	switch m := m.(type) {
	case *Unknown:
		return nil
	case *ControlRequest:
		if m.Request == nil {
			return nil
		}
		goType = reflect.TypeOf(m.Request)
	case *ControlResponse:
		if m.Response == nil {
			return nil
		}
		goType = reflect.TypeOf(m.Response)
	default:
		goType = reflect.TypeOf(m)
	}
	for _, replay := range []bool{false, true} {
		v := Lookup(k.Type, k.Subtype, replay)
		if v != nil && reflect.TypeOf(v.New()) == goType {
			return v
		}
	}
	return nil
}

func offsetOf(err error) int64 {
	var se *json.SyntaxError
	if errors.As(err, &se) {
		return se.Offset
	}
	return -1 // a type error's offset is relative to the nested value that failed
}

// stringMember returns the string value of members[name], or "".
func stringMember(members map[string]json.RawMessage, name string) string {
	var s string
	if raw, ok := members[name]; ok && json.Unmarshal(raw, &s) == nil {
		return s
	}
	return ""
}

// stringAt returns the string at a JSON Pointer of one or two levels, or "".
func stringAt(members map[string]json.RawMessage, pointer string) string {
	switch pointer {
	case "/subtype":
		return stringMember(members, "subtype")
	case "/request/subtype", "/response/subtype":
		var inner map[string]json.RawMessage
		if json.Unmarshal(members[pointer[1:len(pointer)-len("/subtype")]], &inner) != nil {
			return ""
		}
		return stringMember(inner, "subtype")
	}
	return ""
}
