package tsdocs

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/protocheck/protocheck/corpus/dialects/internal/modeltest"
	"github.com/protocheck/protocheck/protocol"
)

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

// decode decodes line into the Go type of the variant named name, refusing
// members the type does not declare.
func decode(t *testing.T, name, line string) any { return modeltest.Decode(t, Model, name, line) }

// variant returns the variant named name.
func variant(t *testing.T, name string) *protocol.Variant { return modeltest.Variant(t, Model, name) }
