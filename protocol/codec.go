package protocol

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"sync"
)

// Extra holds the members of a JSON object that its Go type does not model,
// keyed by member name, with their raw values.
//
// It also keeps modelled members whose value the Go field cannot carry back
// out: a member sent as null, "", 0 or false for a field that is omitted when
// zero. Encoding writes such a member from Extra only while the field is still
// zero, so a value set in Go always wins.
//
// Every struct in this package that stands for a JSON object has an Extra
// field, so that Decode followed by json.Marshal loses nothing.
type Extra map[string]json.RawMessage

// Keys returns the member names in Extra, sorted.
func (e Extra) Keys() []string {
	keys := make([]string, 0, len(e))
	for k := range e {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// field describes one JSON member of a struct type, as encoding/json sees it.
type field struct {
	name  string
	index []int
	omit  bool // omitempty or omitzero: absent from the output when zero
}

// fieldsOf returns the JSON members of the struct type t, cached.
func fieldsOf(t reflect.Type) map[string]field {
	if f, ok := fieldCache.Load(t); ok {
		return f.(map[string]field)
	}
	m := make(map[string]field)
	collectFields(t, nil, m)
	f, _ := fieldCache.LoadOrStore(t, m)
	return f.(map[string]field)
}

var fieldCache sync.Map // reflect.Type -> map[string]field

func collectFields(t reflect.Type, index []int, into map[string]field) {
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
		if _, dup := into[name]; !dup {
			into[name] = field{name: name, index: idx, omit: omit}
		}
	}
}

// decodeObject decodes the JSON object data into v, a pointer to a struct
// type with no methods of its own, and records in *extra what v cannot
// carry back out (see Extra).
func decodeObject(data []byte, v any, extra *Extra) error {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil {
		return err
	}
	rv := reflect.ValueOf(v).Elem()
	fields := fieldsOf(rv.Type())
	prefillUnions(rv, fields, members)
	if err := json.Unmarshal(data, v); err != nil {
		return err
	}
	var keep Extra
	for name, raw := range members {
		f, known := fields[name]
		if known && !(f.omit && rv.FieldByIndex(f.index).IsZero()) {
			continue
		}
		if keep == nil {
			keep = make(Extra)
		}
		keep[name] = raw
	}
	*extra = keep
	return nil
}

// encodeObject encodes v, a struct value of a type with no methods of its
// own, and adds the members of extra that v did not write.
func encodeObject(v any, extra Extra) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	out := bytes.TrimRight(buf.Bytes(), "\n")
	if len(extra) == 0 {
		return out, nil
	}
	rv := reflect.ValueOf(v)
	fields := fieldsOf(rv.Type())
	if len(out) < 2 || out[len(out)-1] != '}' {
		return nil, fmt.Errorf("protocol: %s did not encode as a JSON object", rv.Type())
	}
	body := out[:len(out)-1]
	empty := len(bytes.TrimSpace(body)) == 1 // just "{"
	for _, name := range extra.Keys() {
		if f, known := fields[name]; known && !(f.omit && rv.FieldByIndex(f.index).IsZero()) {
			continue // the field wrote this member itself
		}
		key, err := json.Marshal(name)
		if err != nil {
			return nil, err
		}
		if !empty {
			body = append(body, ',')
		}
		empty = false
		body = append(body, key...)
		body = append(body, ':')
		body = append(body, extra[name]...)
	}
	return append(body, '}'), nil
}
