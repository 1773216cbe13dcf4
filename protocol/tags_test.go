package protocol

import (
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// reachable returns every struct type reachable from the variants and the
// union members, following fields, pointers, slices and maps.
func reachable() []reflect.Type {
	seen := map[reflect.Type]bool{}
	var order []reflect.Type
	var visit func(t reflect.Type)
	visit = func(t reflect.Type) {
		for t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice || t.Kind() == reflect.Map {
			t = t.Elem()
		}
		if t.Kind() != reflect.Struct || seen[t] || t.PkgPath() != reflect.TypeFor[Kind]().PkgPath() {
			return
		}
		seen[t] = true
		order = append(order, t)
		for i := range t.NumField() {
			if f := t.Field(i); f.Tag.Get("json") != "-" {
				visit(f.Type)
			}
		}
	}
	for _, v := range Variants {
		visit(v.GoType())
	}
	visit(reflect.TypeFor[ControlRequest]())
	visit(reflect.TypeFor[ControlResponse]())
	for _, u := range Unions {
		for _, m := range u.Members {
			visit(m.Type())
		}
	}
	return order
}

// embeddedOnly lists structs that are only ever embedded, so they carry no
// Extra of their own (the embedding struct's Extra keeps their unknowns).
var embeddedOnly = map[reflect.Type]bool{
	reflect.TypeFor[ResultCommon]():   true,
	reflect.TypeFor[ResultTimings]():  true,
	reflect.TypeFor[MessageContent](): true, // a string or a list, not an object
	reflect.TypeFor[unknownObject]():  true,
}

// TestTagContract checks that the struct tags state a coherent contract:
// every object keeps its unknown members; a member is required exactly when
// it is always written; a nullable member can hold null; a since member is
// optional.
func TestTagContract(t *testing.T) {
	extra := reflect.TypeFor[Extra]()
	nilable := func(k reflect.Kind) bool {
		return slices.Contains([]reflect.Kind{reflect.Pointer, reflect.Slice, reflect.Map, reflect.Interface}, k)
	}
	for _, st := range reachable() {
		if embeddedOnly[st] {
			continue
		}
		// the generated <Type>Evidence structs are only ever embedded too:
		// their members are checked, the embedding struct keeps unknowns
		if !strings.HasSuffix(st.Name(), "Evidence") {
			if f, ok := st.FieldByName("Extra"); !ok || f.Type != extra || f.Tag.Get("json") != "-" {
				t.Errorf("%s: no Extra field tagged json:\"-\"", st.Name())
			}
			if _, ok := reflect.PointerTo(st).MethodByName("UnmarshalJSON"); !ok {
				t.Errorf("%s: no UnmarshalJSON; run go generate ./protocol", st.Name())
			}
		}
		for i := range st.NumField() {
			f := st.Field(i)
			js := f.Tag.Get("json")
			if js == "-" || (f.Anonymous && js == "") {
				continue
			}
			name, opts, _ := strings.Cut(js, ",")
			omit := strings.Contains(opts, "omitzero") || strings.Contains(opts, "omitempty")
			schemaTags := strings.Split(f.Tag.Get("jsonschema"), ",")
			required := slices.Contains(schemaTags, "required")
			where := st.Name() + "." + f.Name + " (" + name + ")"
			if name == "" {
				t.Errorf("%s: no JSON name", where)
			}
			if required == omit {
				t.Errorf("%s: required=%v but omitted-when-zero=%v; a member is required exactly when it is always written", where, required, omit)
			}
			if slices.Contains(schemaTags, "nullable") && !nilable(f.Type.Kind()) {
				t.Errorf("%s: nullable but %s cannot hold null", where, f.Type)
			}
			if f.Tag.Get("since") != "" && required {
				t.Errorf("%s: a since member is optional in the model (the version facts make it required in the sets of the versions that always send it)", where)
			}
			if strings.Contains(opts, "omitempty") {
				t.Errorf("%s: use omitzero, which keeps empty lists and maps", where)
			}
		}
	}
}

// TestVariants checks each entry of Variants and that lookups find it.
func TestVariants(t *testing.T) {
	names := map[string]bool{}
	for _, v := range Variants {
		if err := checkVariant(v); err != nil {
			t.Error(err)
		}
		if names[v.Name] {
			t.Errorf("duplicate variant name %s", v.Name)
		}
		names[v.Name] = true
		if got := Lookup(v.Type, v.Subtype, v.Marker != ""); got != v {
			t.Errorf("Lookup(%q, %q) = %v, want %s", v.Type, v.Subtype, got, v.Name)
		}
		if got := ByName(v.Name); got != v {
			t.Errorf("ByName(%q) = %v", v.Name, got)
		}
		// The Go type has the discriminator members the variant needs.
		gt := v.GoType()
		key := "type"
		if v.Envelope() != "" {
			key = "subtype"
		}
		if _, ok := fieldsOf(gt)[key]; !ok {
			t.Errorf("%s: Go type %s has no %q member", v.Name, gt.Name(), key)
		}
		if v.Subtype != "" && v.Envelope() == "" {
			if _, ok := fieldsOf(gt)["subtype"]; !ok {
				t.Errorf("%s: Go type %s has no subtype member", v.Name, gt.Name())
			}
		}
		if v.Marker != "" {
			if _, ok := fieldsOf(gt)[v.Marker]; !ok {
				t.Errorf("%s: Go type %s has no %q member", v.Name, gt.Name(), v.Marker)
			}
		}
	}
}

// TestUnionMembers checks that every member type is listed in exactly one
// union, under one value, and has the union's key.
func TestUnionMembers(t *testing.T) {
	owner := map[reflect.Type]string{}
	for _, u := range Unions {
		values := map[string]bool{}
		for _, m := range u.Members {
			if values[m.Value] {
				t.Errorf("union %s lists %q twice", u.Name, m.Value)
			}
			values[m.Value] = true
			mt := m.Type()
			if prev, ok := owner[mt]; ok {
				t.Errorf("%s is a member of %s and %s", mt.Name(), prev, u.Name)
			}
			owner[mt] = u.Name
			if !reflect.PointerTo(mt).Implements(u.Interface) {
				t.Errorf("%s does not implement %s", mt.Name(), u.Interface.Name())
			}
			if _, ok := fieldsOf(mt)[u.Key]; !ok {
				t.Errorf("%s has no %q member", mt.Name(), u.Key)
			}
		}
		if _, ok := u.Unknown().(json.Unmarshaler); !ok || !reflect.TypeOf(u.Unknown()).Implements(u.Interface) {
			t.Errorf("union %s: Unknown must implement %s and json.Unmarshaler", u.Name, u.Interface.Name())
		}
	}
}

// checkVariant reports what is wrong with an entry of Variants.
func checkVariant(v *Variant) error {
	want := v.Type
	if v.Subtype != "" {
		want += "." + v.Subtype
	}
	if v.Marker != "" {
		want += "." + strings.TrimPrefix(strings.ToLower(v.Marker), "is")
	}
	switch {
	case v.Name != want:
		return fmt.Errorf("variant %q: name should be %q", v.Name, want)
	case (SubtypePath(v.Type) != "") != (v.Subtype != ""):
		return fmt.Errorf("variant %q: subtype %q does not fit type %q", v.Name, v.Subtype, v.Type)
	case v.New == nil || v.Direction == 0 || v.Checked == "" || v.Doc == "":
		return fmt.Errorf("variant %q: New, Direction, Checked and Doc are required", v.Name)
	}
	return nil
}
