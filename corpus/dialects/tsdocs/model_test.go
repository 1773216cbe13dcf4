package tsdocs

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
// encoding/json decodes into it. A kind the union does not list fails the
// test.
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
// members the type does not declare, so that the tests see every member the
// types miss (the dialect's own policy, raw, would keep them untyped).
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
		if rt.Kind() != reflect.Struct || rt.PkgPath() != reflect.TypeFor[UserMessage]().PkgPath() || seen[rt] {
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

// TestExamples checks that each example marshals to one JSON object of a
// variant the SDK writes, which reads back as that variant.
func TestExamples(t *testing.T) {
	if len(Model.Examples) == 0 {
		t.Fatal("no examples; the page shows query() prompts")
	}
	for _, e := range Model.Examples {
		line, err := json.Marshal(e.Value)
		if err != nil {
			t.Fatalf("%s: %v", e.Name, err)
		}
		var probe map[string]any
		if err := json.Unmarshal(line, &probe); err != nil {
			t.Fatalf("%s: %s is not an object: %v", e.Name, line, err)
		}
		typ, _ := probe["type"].(string)
		var v *protocol.Variant
		for _, c := range Model.Variants {
			if c.Type == typ && c.Direction.WrittenBy(protocol.SDKToCLI) {
				v = c
			}
		}
		if v == nil {
			t.Fatalf("%s: type %q is no variant the SDK writes", e.Name, typ)
		}
		if e.Source == "" {
			t.Errorf("%s: no source", e.Name)
		}
		decode(t, v.Name, string(line))
	}
	got, _ := json.Marshal(Model.Examples[0].Value)
	want := `{"type":"user","session_id":"","message":{"role":"user","content":"Your task"},"parent_tool_use_id":null}`
	if string(got) != want {
		t.Errorf("first example = %s, want %s", got, want)
	}
}

// TestReplayIsUser checks that the page's SDKUserMessageReplay, which has
// the user message's type and members with a uuid, reads as the one user
// variant: the dialect has no way to tell the two apart.
func TestReplayIsUser(t *testing.T) {
	var users []string
	for _, v := range Model.Variants {
		if v.Type == "user" {
			users = append(users, v.Name)
		}
	}
	if len(users) != 1 || users[0] != "user" {
		t.Fatalf("user variants = %v, want [user]", users)
	}
	u := decode(t, "user", `{"type":"user","uuid":"9b2f6a1e-0c1d-4e5f-8a9b-0c1d2e3f4a5b","session_id":"s1",
		"message":{"role":"user","content":[{"type":"text","text":"again"}]},"parent_tool_use_id":null}`).(*UserMessage)
	if u.UUID == "" || u.SessionID != "s1" || u.ParentToolUseID != nil {
		t.Errorf("replay = %+v", u)
	}
}

// TestIsErrorLiteral checks that the result types pin is_error to the
// literal the page gives each case.
func TestIsErrorLiteral(t *testing.T) {
	for _, c := range []struct {
		typ  reflect.Type
		want string
	}{
		{reflect.TypeFor[ResultSuccess](), "const=false"},
		{reflect.TypeFor[ResultError](), "const=true"},
	} {
		f, ok := c.typ.FieldByName("IsError")
		if !ok {
			t.Fatalf("%v has no IsError", c.typ)
		}
		if got := f.Tag.Get("jsonschema_extras"); got != c.want {
			t.Errorf("%v.IsError extras = %q, want %q", c.typ, got, c.want)
		}
	}
}

// TestSeedShapes decodes lines built from the page's type declarations.
func TestSeedShapes(t *testing.T) {
	in := decode(t, "system.init", `{"type":"system","subtype":"init","uuid":"u0","session_id":"s1",
		"apiKeySource":"user","cwd":"/w","tools":["Bash","Read"],"mcp_servers":[{"name":"fs","status":"ready"}],
		"model":"m","permissionMode":"default","slash_commands":["compact"],"output_style":"default"}`).(*SystemInitMessage)
	if in.APIKeySource != "user" || len(in.MCPServers) != 1 || in.MCPServers[0].Status != "ready" {
		t.Errorf("init = %+v", in)
	}
	cb := decode(t, "system.compact_boundary", `{"type":"system","subtype":"compact_boundary","uuid":"u1","session_id":"s1",
		"compact_metadata":{"trigger":"auto","pre_tokens":150000}}`).(*CompactBoundaryMessage)
	if cb.CompactMetadata.Trigger != "auto" || cb.CompactMetadata.PreTokens != 150000 {
		t.Errorf("compact_boundary = %+v", cb)
	}
	a := decode(t, "assistant", `{"type":"assistant","uuid":"u2","session_id":"s1","parent_tool_use_id":null,
		"message":{"id":"msg_1","role":"assistant","content":[{"type":"thinking","thinking":"hm"},
		{"type":"text","text":"Running."},{"type":"tool_use","id":"toolu_1","name":"Bash","input":{"command":"ls"}}]}}`).(*AssistantMessage)
	if b, ok := a.Message.Content[2].(*ToolUseBlock); !ok || b.Name != "Bash" || b.Input["command"] != "ls" {
		t.Errorf("assistant content = %#v", a.Message.Content)
	}
	se := decode(t, "stream_event", `{"type":"stream_event","uuid":"u3","session_id":"s1","parent_tool_use_id":null,
		"event":{"type":"content_block_delta","delta":{"type":"text_delta","text":"Hel"}}}`).(*PartialAssistantMessage)
	if ev, ok := se.Event.(*ContentBlockDeltaEvent); !ok || !strings.Contains(string(ev.Delta), `"Hel"`) {
		t.Errorf("stream_event event = %#v", se.Event)
	}
	rs := decode(t, "result.success", `{"type":"result","subtype":"success","uuid":"u4","session_id":"s1",
		"duration_ms":1200,"duration_api_ms":900,"is_error":false,"num_turns":1,"result":"done","total_cost_usd":0.01,
		"usage":{"input_tokens":10,"output_tokens":5,"cache_creation_input_tokens":0,"cache_read_input_tokens":0},
		"permission_denials":[{"tool_name":"Bash","tool_use_id":"toolu_1","tool_input":{"command":"rm -rf /"}}]}`).(*ResultSuccess)
	if rs.Result != "done" || rs.Usage.InputTokens != 10 || rs.PermissionDenials[0].ToolName != "Bash" {
		t.Errorf("result = %+v", rs)
	}
}

// TestWireMembersUndeclared checks members the real CLI prints that the
// page does not declare; under the dialect's raw policy they pass through
// untyped.
func TestWireMembersUndeclared(t *testing.T) {
	for _, c := range []struct{ variant, member string }{
		{"system.init", "claude_code_version"},
		{"system.init", "skills"},
		{"result.success", "modelUsage"},
		{"result.error_max_turns", "errors"},
		{"user", "isReplay"},
	} {
		rt := variant(t, c.variant).GoType()
		for i := range rt.NumField() {
			if name, _, _ := strings.Cut(rt.Field(i).Tag.Get("json"), ","); name == c.member {
				t.Errorf("%s declares %s", c.variant, c.member)
			}
		}
	}
}
