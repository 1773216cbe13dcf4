package protocol

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"sync"
)

// A Union is a discriminated union of JSON objects that appears inside a
// message: the content blocks, the stream events and their deltas, and the
// bodies of control requests and responses. Decoding reads the member named
// Key and picks the Go type listed for its value; a value not listed decodes
// as the union's unknown type, which keeps the raw object.
type Union struct {
	// Name is the union's name; it names its definition in the schemas.
	Name string
	// Interface is the Go interface type that every member implements.
	Interface reflect.Type
	// Key is the discriminating member, "type" or "subtype".
	Key string
	// Members lists the known members, in a stable order.
	Members []Member
	// Unknown makes the value that holds a member whose discriminator is not
	// listed (or is missing). It must implement Interface and json.Unmarshaler.
	Unknown func() any
}

// A Member is one known kind of a Union.
type Member struct {
	// Value is the discriminator value that selects the member.
	Value string
	// New returns a pointer to a new zero value of the member's Go type.
	New func() any
}

// Type returns the member's Go struct type.
func (m Member) Type() reflect.Type { return reflect.TypeOf(m.New()).Elem() }

// Unions lists every union in the protocol. The schemas define each one once,
// as a dispatch on its key.
var Unions = []*Union{contentBlockUnion, streamEventUnion, deltaUnion, controlRequestUnion, controlResponseUnion}

var unionsByInterface = sync.OnceValue(func() map[reflect.Type]*Union {
	m := make(map[reflect.Type]*Union, len(Unions))
	for _, u := range Unions {
		m[u.Interface] = u
	}
	return m
})

// unionOf returns the union whose interface is t, or nil.
func unionOf(t reflect.Type) *Union { return unionsByInterface()[t] }

// newFor returns a new value for the JSON object raw: a known member when its
// discriminator is listed, else the unknown type. It does not decode raw.
func (u *Union) newFor(raw []byte) any {
	var probe map[string]json.RawMessage
	if json.Unmarshal(raw, &probe) == nil {
		var value string
		if json.Unmarshal(probe[u.Key], &value) == nil {
			for _, m := range u.Members {
				if m.Value == value {
					return m.New()
				}
			}
		}
	}
	return u.Unknown()
}

// decode decodes one member of the union from raw. A JSON null gives nil.
func (u *Union) decode(raw []byte) (any, error) {
	if bytes.Equal(bytes.TrimSpace(raw), []byte("null")) {
		return nil, nil
	}
	v := u.newFor(raw)
	if err := json.Unmarshal(raw, v); err != nil {
		return nil, err
	}
	return v, nil
}

// prefillUnions sets every nil union-typed field of the struct rv to a new
// value of the member that members names, so that json.Unmarshal decodes
// into it (encoding/json decodes into the pointer a non-nil interface holds).
func prefillUnions(rv reflect.Value, fields map[string]*field, members map[string]json.RawMessage) {
	for name, raw := range members {
		f, ok := fields[name]
		if !ok {
			continue
		}
		fv := rv.FieldByIndex(f.index)
		if fv.Kind() != reflect.Interface || !fv.IsNil() {
			continue
		}
		u := unionOf(fv.Type())
		if u == nil || bytes.Equal(bytes.TrimSpace(raw), []byte("null")) {
			continue
		}
		fv.Set(reflect.ValueOf(u.newFor(raw)))
	}
}

// unknownObject is the shared body of the unknown member types: the raw
// object, kept whole, and its discriminator for convenience.
type unknownObject struct {
	// Raw is the object exactly as read.
	Raw json.RawMessage
}

func (o *unknownObject) set(data []byte) error {
	if !json.Valid(data) {
		return fmt.Errorf("protocol: invalid JSON")
	}
	o.Raw = append(json.RawMessage(nil), data...)
	return nil
}

func (o unknownObject) get() ([]byte, error) {
	if o.Raw == nil {
		return []byte("null"), nil
	}
	return o.Raw, nil
}

// discriminator returns the string value of key in the raw object, or "".
func (o unknownObject) discriminator(key string) string {
	var probe map[string]json.RawMessage
	if json.Unmarshal(o.Raw, &probe) != nil {
		return ""
	}
	var s string
	_ = json.Unmarshal(probe[key], &s)
	return s
}

// decodeList decodes a JSON array of union members.
func decodeList[T any](u *Union, data []byte) ([]T, error) {
	var raws []json.RawMessage
	if err := json.Unmarshal(data, &raws); err != nil {
		return nil, err
	}
	if raws == nil {
		return nil, nil
	}
	out := make([]T, len(raws))
	for i, raw := range raws {
		v, err := u.decode(raw)
		if err != nil {
			return nil, fmt.Errorf("%s %d: %w", u.Name, i, err)
		}
		if v != nil {
			out[i] = v.(T)
		}
	}
	return out, nil
}
