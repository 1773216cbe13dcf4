package modeltest

import (
	"bytes"
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/protocheck/protocheck/protocol"
)

// Check runs every check on m, whose Go files are in the current folder
// (the test's package).
func Check(t *testing.T, m *protocol.Model) {
	t.Run("VariantsUnique", func(t *testing.T) { variantsUnique(t, m) })
	t.Run("Discriminators", func(t *testing.T) { discriminators(t, m) })
	t.Run("Tags", func(t *testing.T) { tags(t, m) })
	t.Run("DocComments", func(t *testing.T) { docComments(t, ".") })
	t.Run("Unions", func(t *testing.T) { unions(t, m) })
}

// unionFor returns the union of m whose interface is t, or nil.
func unionFor(m *protocol.Model, t reflect.Type) *protocol.Union {
	for _, u := range m.Unions {
		if u.Interface == t {
			return u
		}
	}
	return nil
}

// Variant returns the variant of m named name.
func Variant(t *testing.T, m *protocol.Model, name string) *protocol.Variant {
	t.Helper()
	for _, v := range m.Variants {
		if v.Name == name {
			return v
		}
	}
	t.Fatalf("no variant %q", name)
	return nil
}

// Decode decodes line into the Go type of the variant of m named name,
// refusing members the type does not declare, so that a test sees every
// member the types miss, and a union kind they do not list.
func Decode(t *testing.T, m *protocol.Model, name, line string) any {
	t.Helper()
	v := Variant(t, m, name).New()
	prefill(t, m, reflect.ValueOf(v).Elem(), json.RawMessage(line))
	dec := json.NewDecoder(strings.NewReader(line))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		t.Fatalf("decode %s: %v", name, err)
	}
	return v
}

// prefill sets every union-typed field of the struct rv (and of the structs
// it holds) to a new value of the member its raw JSON names, so that
// encoding/json decodes into it.
func prefill(t *testing.T, m *protocol.Model, rv reflect.Value, raw json.RawMessage) {
	t.Helper()
	var members map[string]json.RawMessage
	if json.Unmarshal(raw, &members) != nil || rv.Kind() != reflect.Struct {
		return
	}
	rt := rv.Type()
	for i := range rt.NumField() {
		f := rt.Field(i)
		if f.Anonymous {
			prefill(t, m, rv.Field(i), raw)
			continue
		}
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		val, ok := members[name]
		if !ok {
			continue
		}
		switch {
		case f.Type.Kind() == reflect.Slice && unionFor(m, f.Type.Elem()) != nil:
			var elems []json.RawMessage
			if json.Unmarshal(val, &elems) != nil {
				continue
			}
			s := reflect.MakeSlice(f.Type, len(elems), len(elems))
			for j, e := range elems {
				s.Index(j).Set(reflect.ValueOf(newMember(t, unionFor(m, f.Type.Elem()), e)))
			}
			rv.Field(i).Set(s)
		case f.Type.Kind() == reflect.Interface && unionFor(m, f.Type) != nil:
			rv.Field(i).Set(reflect.ValueOf(newMember(t, unionFor(m, f.Type), val)))
		case f.Type.Kind() == reflect.Struct:
			prefill(t, m, rv.Field(i), val)
		}
	}
}

// newMember returns a new value of the member of u that raw names.
func newMember(t *testing.T, u *protocol.Union, raw json.RawMessage) any {
	t.Helper()
	var probe map[string]any
	if err := json.Unmarshal(raw, &probe); err != nil {
		t.Fatalf("%s member %s: %v", u.Name, raw, err)
	}
	for _, mb := range u.Members {
		if probe[u.Key] == mb.Value {
			return mb.New()
		}
	}
	t.Fatalf("%s: unknown %s %v", u.Name, u.Key, probe[u.Key])
	return nil
}

// variantsUnique: names and discriminators are unique; Checked is for the
// wire alone.
func variantsUnique(t *testing.T, m *protocol.Model) {
	names := map[string]bool{}
	type kind struct {
		k      protocol.Kind
		marker string
	}
	kinds := map[kind]string{}
	for _, v := range m.Variants {
		if names[v.Name] {
			t.Errorf("variant name %q twice", v.Name)
		}
		names[v.Name] = true
		k := kind{v.Kind(), v.Marker}
		if other, dup := kinds[k]; dup {
			t.Errorf("variants %q and %q share discriminators %v", other, v.Name, k)
		}
		kinds[k] = v.Name
		if v.Checked != "" {
			t.Errorf("%s: Checked %q; only the wire's variants say which CLI they were checked against", v.Name, v.Checked)
		}
		if v.Direction == 0 || v.Doc == "" {
			t.Errorf("%s: Direction %v, Doc %q; both must be set", v.Name, v.Direction, v.Doc)
		}
		// The member the variant is selected by is required in its Go type:
		// the body's subtype for an enveloped variant, else the type.
		gt := v.GoType()
		disc := "type"
		if m.EnvelopeOf(v.Type) != nil {
			disc = "subtype"
		}
		if !requiredMember(gt, disc) {
			t.Errorf("%s: %s has no required %q member", v.Name, gt.Name(), disc)
		}
	}
}

// requiredMember reports whether the struct t (or a struct it embeds) has
// the member name tagged required.
func requiredMember(t reflect.Type, name string) bool {
	for i := range t.NumField() {
		f := t.Field(i)
		if f.Anonymous && f.Type.Kind() == reflect.Struct && requiredMember(f.Type, name) {
			return true
		}
		json, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if json == name && strings.Contains(f.Tag.Get("jsonschema"), "required") {
			return true
		}
	}
	return false
}

// discriminators: each variant's Go type declares the discriminators it is
// selected by, so that a value of it marshals with them.
func discriminators(t *testing.T, m *protocol.Model) {
	for _, v := range m.Variants {
		in := map[string]string{"type": v.Type}
		if v.Subtype != "" {
			in["subtype"] = v.Subtype
		}
		if m.EnvelopeOf(v.Type) != nil {
			continue // the body's subtype is checked through the union of bodies
		}
		raw, _ := json.Marshal(in)
		x := v.New()
		if err := json.Unmarshal(raw, x); err != nil {
			t.Fatalf("%s: %v", v.Name, err)
		}
		out, err := json.Marshal(x)
		if err != nil {
			t.Fatalf("%s: marshal: %v", v.Name, err)
		}
		var got map[string]any
		if err := json.Unmarshal(out, &got); err != nil {
			t.Fatal(err)
		}
		for k, want := range in {
			if got[k] != want {
				t.Errorf("%s: %s = %v, want %q (%s)", v.Name, k, got[k], want, out)
			}
		}
	}
}

// tags checks the field conventions on every struct the variants reach: a
// required member has no omitempty, an optional one has it, every member
// is named. The walk must reach every union member.
func tags(t *testing.T, m *protocol.Model) {
	pkg := m.Variants[0].GoType().PkgPath()
	seen := map[reflect.Type]bool{}
	var walk func(reflect.Type)
	walk = func(rt reflect.Type) {
		for rt.Kind() == reflect.Pointer || rt.Kind() == reflect.Slice || rt.Kind() == reflect.Map {
			rt = rt.Elem()
		}
		if u := unionFor(m, rt); u != nil {
			for _, mb := range u.Members {
				walk(mb.Type())
			}
			return
		}
		if rt.Kind() != reflect.Struct || rt.PkgPath() != pkg || seen[rt] {
			return
		}
		seen[rt] = true
		for i := range rt.NumField() {
			f := rt.Field(i)
			if f.Anonymous {
				walk(f.Type)
				continue
			}
			name, opts, _ := strings.Cut(f.Tag.Get("json"), ",")
			required := strings.Contains(f.Tag.Get("jsonschema"), "required")
			omit := strings.Contains(opts, "omitempty") || strings.Contains(opts, "omitzero")
			switch {
			case name == "" || name == "-":
				t.Errorf("%s.%s: no JSON name", rt.Name(), f.Name)
			case required && omit:
				t.Errorf("%s.%s: required but %q", rt.Name(), f.Name, opts)
			case !required && !omit:
				t.Errorf("%s.%s: optional without omitempty", rt.Name(), f.Name)
			}
			walk(f.Type)
		}
	}
	for _, v := range m.Variants {
		walk(v.GoType())
	}
	for _, e := range m.Envelopes {
		walk(reflect.TypeOf(e.New()).Elem())
	}
	for _, u := range m.Unions {
		for _, mb := range u.Members {
			if !seen[mb.Type()] {
				t.Errorf("%s member %s (%s): no variant reaches it", u.Name, mb.Value, mb.Type().Name())
			}
		}
	}
}

// docComments: every type and struct field in the Go files of dir has a
// doc comment, which reflect turns into a schema description.
func docComments(t *testing.T, dir string) {
	fset := token.NewFileSet()
	paths, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range paths {
		if strings.HasSuffix(path, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, path, nil, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			g, ok := d.(*ast.GenDecl)
			if !ok || g.Tok != token.TYPE {
				continue
			}
			for _, s := range g.Specs {
				ts := s.(*ast.TypeSpec)
				if g.Doc == nil && ts.Doc == nil {
					t.Errorf("type %s has no doc comment", ts.Name)
				}
				st, ok := ts.Type.(*ast.StructType)
				if !ok {
					continue
				}
				for _, fl := range st.Fields.List {
					if len(fl.Names) > 0 && fl.Doc == nil && fl.Comment == nil {
						t.Errorf("%s.%s has no doc comment", ts.Name, fl.Names[0])
					}
				}
			}
		}
	}
}

// unions: members are unique, implement the union's interface and marshal
// with its key.
func unions(t *testing.T, m *protocol.Model) {
	for _, u := range m.Unions {
		values := map[string]bool{}
		for _, mb := range u.Members {
			if values[mb.Value] {
				t.Errorf("%s: member %q twice", u.Name, mb.Value)
			}
			values[mb.Value] = true
			x := mb.New()
			if !reflect.TypeOf(x).Implements(u.Interface) {
				t.Errorf("%s: %T does not implement %v", u.Name, x, u.Interface)
			}
			out, _ := json.Marshal(x)
			if !bytes.Contains(out, []byte(`"`+u.Key+`":`)) {
				t.Errorf("%s: %T has no %q member: %s", u.Name, x, u.Key, out)
			}
		}
	}
}
