package goat

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

// unionFor returns the Model union whose interface is t, or nil.
func unionFor(t reflect.Type) *protocol.Union {
	for _, u := range Model.Unions {
		if u.Interface == t {
			return u
		}
	}
	return nil
}

// prefill sets every union-typed field of the struct rv (and of the structs
// it holds) to a new value of the member its raw JSON names, so that
// encoding/json decodes into it. A block kind the union does not list
// is an error: the dialect's block policy is "fail".
func prefill(t *testing.T, rv reflect.Value, raw json.RawMessage) {
	t.Helper()
	var members map[string]json.RawMessage
	if json.Unmarshal(raw, &members) != nil {
		return
	}
	rt := rv.Type()
	for i := range rt.NumField() {
		f := rt.Field(i)
		if f.Anonymous {
			prefill(t, rv.Field(i), raw)
			continue
		}
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		m, ok := members[name]
		if !ok {
			continue
		}
		switch {
		case f.Type.Kind() == reflect.Slice && unionFor(f.Type.Elem()) != nil:
			var elems []json.RawMessage
			if json.Unmarshal(m, &elems) != nil {
				continue
			}
			s := reflect.MakeSlice(f.Type, len(elems), len(elems))
			for j, e := range elems {
				s.Index(j).Set(reflect.ValueOf(newMember(t, unionFor(f.Type.Elem()), e)))
			}
			rv.Field(i).Set(s)
		case f.Type.Kind() == reflect.Interface && unionFor(f.Type) != nil:
			rv.Field(i).Set(reflect.ValueOf(newMember(t, unionFor(f.Type), m)))
		case f.Type.Kind() == reflect.Struct:
			prefill(t, rv.Field(i), m)
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
	for _, m := range u.Members {
		if probe[u.Key] == m.Value {
			return m.New()
		}
	}
	t.Fatalf("%s: unknown %s %v", u.Name, u.Key, probe[u.Key])
	return nil
}

// decode decodes line into the Go type of the variant named name, refusing
// members the type does not declare (the dialect's member policy).
func decode(t *testing.T, name, line string) any {
	t.Helper()
	v := variant(t, name).New()
	prefill(t, reflect.ValueOf(v).Elem(), json.RawMessage(line))
	dec := json.NewDecoder(strings.NewReader(line))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		t.Fatalf("decode %s: %v", name, err)
	}
	return v
}

func variant(t *testing.T, name string) *protocol.Variant {
	t.Helper()
	for _, v := range Model.Variants {
		if v.Name == name {
			return v
		}
	}
	t.Fatalf("no variant %q", name)
	return nil
}

func TestVariantsUnique(t *testing.T) {
	names := map[string]bool{}
	kinds := map[protocol.Kind]string{}
	for _, v := range Model.Variants {
		if names[v.Name] {
			t.Errorf("variant name %q twice", v.Name)
		}
		names[v.Name] = true
		if other, dup := kinds[v.Kind()]; dup {
			t.Errorf("variants %q and %q share discriminators %v", other, v.Name, v.Kind())
		}
		kinds[v.Kind()] = v.Name
		if v.Marker != "" || v.Checked != "" {
			t.Errorf("%s: Marker %q, Checked %q; want both empty", v.Name, v.Marker, v.Checked)
		}
	}
}

// TestDiscriminatorsRoundTrip checks that each variant's Go type declares the
// discriminators the variant is selected by, so that a value marshals with
// them.
func TestDiscriminatorsRoundTrip(t *testing.T) {
	for _, v := range Model.Variants {
		in := map[string]string{"type": v.Type}
		if v.Subtype != "" {
			in["subtype"] = v.Subtype
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

// TestTags checks the field conventions: a required member has no
// omitempty, an optional one has it, and every member is named.
func TestTags(t *testing.T) {
	seen := map[reflect.Type]bool{}
	var walk func(reflect.Type)
	walk = func(rt reflect.Type) {
		for rt.Kind() == reflect.Pointer || rt.Kind() == reflect.Slice || rt.Kind() == reflect.Map {
			rt = rt.Elem()
		}
		if u := unionFor(rt); u != nil {
			for _, m := range u.Members {
				walk(m.Type())
			}
			return
		}
		if rt.Kind() != reflect.Struct || rt.PkgPath() != reflect.TypeFor[BaseMessage]().PkgPath() || seen[rt] {
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
	for _, v := range Model.Variants {
		walk(v.GoType())
	}
	if !seen[reflect.TypeFor[ToolUseBlock]()] {
		t.Error("the walk did not reach the content blocks")
	}
}

// TestDocComments checks that every type and struct field in the package
// has a doc comment: reflect turns them into schema descriptions.
func TestDocComments(t *testing.T) {
	fset := token.NewFileSet()
	paths, err := filepath.Glob("*.go")
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
					if len(fl.Names) > 0 && fl.Doc == nil {
						t.Errorf("%s.%s has no doc comment", ts.Name, fl.Names[0])
					}
				}
			}
		}
	}
}

func TestUnionMembers(t *testing.T) {
	for _, u := range Model.Unions {
		values := map[string]bool{}
		for _, m := range u.Members {
			if values[m.Value] {
				t.Errorf("%s: member %q twice", u.Name, m.Value)
			}
			values[m.Value] = true
			x := m.New()
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

// TestNoExamples: the notes show no line Goat writes to a CLI's stdin.
func TestNoExamples(t *testing.T) {
	if len(Model.Examples) != 0 {
		t.Errorf("Examples = %v; the seed shows none", Model.Examples)
	}
}

// TestSeedShapes decodes lines built from the notes' field lists and sample
// values (call_abc123, Bash, {"command": "ls"}, the thinking → text →
// tool_use order).
func TestSeedShapes(t *testing.T) {
	a := decode(t, "assistant", `{"type":"assistant","uuid":"u1","sessionId":"s1","parentUuid":"u0",
		"content":[{"type":"thinking","thinking":"list files"},{"type":"text","text":"Listing."},
		{"type":"tool_use","id":"call_abc123","name":"Bash","input":{"command":"ls"}}],
		"model":"m","stopReason":"tool_use","usage":{},"duration":1200}`).(*AssistantMessage)
	if a.SessionID != "s1" || a.ParentUUID != "u0" || a.StopReason != "tool_use" || a.Duration != 1200 {
		t.Errorf("assistant = %+v", a)
	}
	if len(a.Content) != 3 {
		t.Fatalf("content = %v", a.Content)
	}
	if b, ok := a.Content[2].(*ToolUseBlock); !ok || b.ID != "call_abc123" || b.Name != "Bash" || b.Input["command"] != "ls" {
		t.Errorf("content[2] = %#v", a.Content[2])
	}
	if b, ok := a.Content[0].(*ThinkingBlock); !ok || b.Thinking != "list files" {
		t.Errorf("content[0] = %#v", a.Content[0])
	}

	r := decode(t, "user_replay", `{"type":"user_replay","uuid":"u2","sessionId":"s1","content":"hello"}`).(*UserMessageReplay)
	if r.Content != "hello" || r.UUID != "u2" {
		t.Errorf("user_replay = %+v", r)
	}
	n := decode(t, "task_notification", `{"type":"task_notification","uuid":"u3","sessionId":"s1",
		"taskId":"t1","status":"completed","agentName":"helper","message":"done"}`).(*TaskNotificationMessage)
	if n.TaskID != "t1" || n.AgentName != "helper" {
		t.Errorf("task_notification = %+v", n)
	}
	res := decode(t, "result.success_turn", `{"type":"result","subtype":"success_turn","uuid":"u4","sessionId":"s1",
		"result":"ok","duration":5,"turnCount":2,"cost":0.25,"usage":{"input_tokens":1}}`).(*ResultMessage)
	if res.TurnCount != 2 || res.Cost != 0.25 || res.Subtype != "success_turn" {
		t.Errorf("result = %+v", res)
	}
}

// TestWireKeysUndeclared checks that the wire's own key names are members
// Goat does not declare, so a strict Goat reader refuses real lines.
func TestWireKeysUndeclared(t *testing.T) {
	for _, c := range []struct{ variant, line string }{
		{"user", `{"type":"user","uuid":"u","session_id":"s","content":"hi"}`},
		{"assistant", `{"type":"assistant","uuid":"u","sessionId":"s","message":{}}`},
		{"tool_progress", `{"type":"tool_progress","uuid":"u","sessionId":"s","elapsed_time_seconds":1}`},
	} {
		dec := json.NewDecoder(strings.NewReader(c.line))
		dec.DisallowUnknownFields()
		if err := dec.Decode(variant(t, c.variant).New()); err == nil || !strings.Contains(err.Error(), "unknown field") {
			t.Errorf("%s: strict decode of %s: err = %v, want unknown field", c.variant, c.line, err)
		}
	}
}
