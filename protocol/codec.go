package protocol

import (
	"bytes"
	"encoding/json"
	"maps"
	"reflect"
	"slices"
	"strings"
	"sync"
)

// Extra holds what a decoded JSON object had that its Go fields cannot give
// back when it is encoded again:
//
//   - members the Go type does not model, with their raw values;
//   - modelled members sent as a zero value (null, "", 0, false) for a field
//     that is left out when zero, and nulls sent for a field that cannot hold
//     null;
//   - required members the object lacked, which encoding leaves out while
//     their field is still zero (see Missing).
//
// A value set in Go always wins over what Extra kept. Every struct in this
// package that stands for a JSON object has an Extra field, so that Decode
// followed by json.Marshal gives back an equal object.
type Extra struct {
	members map[string]json.RawMessage
	missing map[string]bool
}

// Keys returns the names of the members kept, sorted.
func (e Extra) Keys() []string { return slices.Sorted(maps.Keys(e.members)) }

// Get returns the raw value of a kept member.
func (e Extra) Get(name string) (json.RawMessage, bool) {
	raw, ok := e.members[name]
	return raw, ok
}

// Set keeps a member, to be written when the Go type does not write it.
func (e *Extra) Set(name string, raw json.RawMessage) {
	if e.members == nil {
		e.members = make(map[string]json.RawMessage)
	}
	e.members[name] = raw
}

// Delete forgets a kept member.
func (e *Extra) Delete(name string) { delete(e.members, name) }

// Len returns the number of members kept.
func (e Extra) Len() int { return len(e.members) }

// Missing returns, sorted, the required members the decoded object lacked.
func (e Extra) Missing() []string { return slices.Sorted(maps.Keys(e.missing)) }

// field describes one JSON member of a struct type, as encoding/json sees it.
type field struct {
	name  string
	key   []byte // the name encoded as a JSON string
	index []int
	omit  bool // omitempty or omitzero: absent from the output when zero
}

// structFields lists the JSON members of a struct type in field order and
// by name.
type structFields struct {
	list   []*field
	byName map[string]*field
}

// fieldsOf returns the JSON members of the struct type t by name, cached.
func fieldsOf(t reflect.Type) map[string]*field { return structFieldsOf(t).byName }

func structFieldsOf(t reflect.Type) *structFields {
	if f, ok := fieldCache.Load(t); ok {
		return f.(*structFields)
	}
	sf := &structFields{byName: make(map[string]*field)}
	collectFields(t, nil, sf)
	f, _ := fieldCache.LoadOrStore(t, sf)
	return f.(*structFields)
}

var fieldCache sync.Map // reflect.Type -> *structFields

func collectFields(t reflect.Type, index []int, into *structFields) {
	for i := range t.NumField() {
		sf := t.Field(i)
		tag := sf.Tag.Get("json")
		if tag == "-" {
			continue
		}
		name, opts, _ := strings.Cut(tag, ",")
		idx := append(slices.Clone(index), i)
		if sf.Anonymous && name == "" && sf.Type.Kind() == reflect.Struct {
			collectFields(sf.Type, idx, into)
			continue
		}
		if !sf.IsExported() {
			continue
		}
		if name == "" {
			name = sf.Name
		}
		omit := false
		for o := range strings.SplitSeq(opts, ",") {
			if o == "omitempty" || o == "omitzero" {
				omit = true
			}
		}
		if _, dup := into.byName[name]; !dup {
			key, _ := json.Marshal(name)
			f := &field{name: name, key: key, index: idx, omit: omit}
			into.list = append(into.list, f)
			into.byName[name] = f
		}
	}
}

// decodeObject decodes the JSON object data into v, a pointer to a struct
// type with no methods of its own, and records in *extra what v cannot give
// back (see Extra).
func decodeObject(data []byte, v any, extra *Extra) error {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil {
		return err
	}
	rv := reflect.ValueOf(v).Elem()
	fields := structFieldsOf(rv.Type())
	prefillUnions(rv, fields.byName, members)
	if err := json.Unmarshal(data, v); err != nil {
		return err
	}
	*extra = Extra{}
	if members == nil {
		return nil // null
	}
	for name, raw := range members {
		if f, known := fields.byName[name]; known {
			// A zero field gives back its member only if it is left out
			// when zero, and a null only if the field can hold one.
			if !rv.FieldByIndex(f.index).IsZero() || !(f.omit || isNull(raw)) {
				continue
			}
		}
		extra.Set(name, raw)
	}
	for _, f := range fields.list {
		if _, present := members[f.name]; !present && !f.omit {
			if extra.missing == nil {
				extra.missing = make(map[string]bool)
			}
			extra.missing[f.name] = true
		}
	}
	return nil
}

// encodeObject encodes v, a struct value of a type with no methods of its
// own, member by member in field order, then the members of extra that no
// field wrote, sorted.
func encodeObject(v any, extra Extra) ([]byte, error) {
	rv := reflect.ValueOf(v)
	fields := structFieldsOf(rv.Type())
	buf := make([]byte, 0, 256)
	buf = append(buf, '{')
	written := make(map[string]bool, len(fields.list))
	for _, f := range fields.list {
		fv := rv.FieldByIndex(f.index)
		var val []byte
		if fv.IsZero() {
			if kept, ok := extra.members[f.name]; ok {
				val = kept
			} else if f.omit || extra.missing[f.name] {
				continue
			}
		}
		if val == nil {
			var err error
			if val, err = json.Marshal(fv.Interface()); err != nil {
				return nil, err
			}
		}
		buf = appendMember(buf, f.key, val)
		written[f.name] = true
	}
	for _, name := range extra.Keys() {
		if written[name] {
			continue
		}
		key, err := json.Marshal(name)
		if err != nil {
			return nil, err
		}
		buf = appendMember(buf, key, extra.members[name])
	}
	return append(buf, '}'), nil
}

// isNull reports whether raw is the JSON null.
func isNull(raw []byte) bool { return string(bytes.TrimSpace(raw)) == "null" }

func appendMember(buf, key, val []byte) []byte {
	if len(buf) > 1 {
		buf = append(buf, ',')
	}
	buf = append(buf, key...)
	buf = append(buf, ':')
	return append(buf, val...)
}
