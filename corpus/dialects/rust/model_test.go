package rust

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/invopop/jsonschema"
	sjs "github.com/santhosh-tekuri/jsonschema/v6"
)

// Lines seed 002 shows in its wire-format sections.
const (
	seedInit        = `{"type":"system","subtype":"init","session_id":"sess_002","tools":[{"name":"bash","description":"Run shell commands","input_schema":{"type":"object","properties":{"command":{"type":"string"}}}}],"mcp_servers":[{"name":"filesystem"}]}`
	seedAssistant   = `{"type":"assistant","message":{"role":"assistant","content":[{"type":"text","text":"Let me check the current directory."},{"type":"tool_use","id":"toolu_01ABC","name":"bash","input":{"command":"ls -la"}}]},"duration_ms":180}`
	seedUser        = `{"type":"user","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"toolu_01ABC","content":"total 42","is_error":false}]}}`
	seedThinking    = `{"type":"assistant","message":{"role":"assistant","content":[{"type":"thinking","thinking":"Let me analyze this request."},{"type":"text","text":"I'll list the files for you."}]},"duration_ms":234}`
	seedSuccess     = `{"type":"result","subtype":"success","result":"Analyzed project structure","duration_ms":450,"num_turns":2,"usage":{"input_tokens":200,"output_tokens":85}}`
	seedError       = `{"type":"result","subtype":"error","error":"Failed to execute command: permission denied","error_code":"EACCES","exit_code":126}`
	seedInputNeeded = `{"type":"result","subtype":"input_required"}`
)

func decode(t *testing.T, line string, v any) {
	t.Helper()
	if err := json.Unmarshal([]byte(line), v); err != nil {
		t.Fatalf("%s: %v", line, err)
	}
}

func TestSeedLinesDecode(t *testing.T) {
	var in SystemInit
	decode(t, seedInit, &in)
	if in.SessionID != "sess_002" || len(in.Tools) != 1 || in.Tools[0].Name != "bash" || *in.Tools[0].Description != "Run shell commands" || len(in.MCPServers) != 1 || in.MCPServers[0].Name != "filesystem" {
		t.Errorf("init = %+v", in)
	}

	var a AssistantMessage
	decode(t, seedAssistant, &a)
	use, ok := a.Message.Content[1].(*ToolUseBlock)
	if a.Message.Role != "assistant" || len(a.Message.Content) != 2 || !ok || use.ID != "toolu_01ABC" || a.DurationMS == nil || *a.DurationMS != 180 {
		t.Errorf("assistant = %+v", a)
	}

	var th AssistantMessage
	decode(t, seedThinking, &th)
	thinking, ok := th.Message.Content[0].(*ThinkingBlock)
	if !ok || thinking.Signature != nil || thinking.Thinking != "Let me analyze this request." {
		t.Errorf("thinking = %#v", th.Message.Content[0])
	}

	var u UserMessage
	decode(t, seedUser, &u)
	tr, ok := u.Message.Content[0].(*ToolResultBlock)
	if !ok || tr.ToolUseID != "toolu_01ABC" || string(tr.Content) != `"total 42"` || tr.IsError {
		t.Errorf("user = %#v", u.Message.Content)
	}

	var s ResultSuccess
	decode(t, seedSuccess, &s)
	if s.Result != "Analyzed project structure" || *s.DurationMS != 450 || *s.NumTurns != 2 || s.SessionID != nil || s.Usage.InputTokens != 200 || s.Usage.OutputTokens != 85 {
		t.Errorf("success = %+v", s)
	}

	var e ResultError
	decode(t, seedError, &e)
	if e.Subtype != "error" || e.Error != "Failed to execute command: permission denied" {
		t.Errorf("error = %+v", e)
	}

	var ir ResultInputRequired
	decode(t, seedInputNeeded, &ir)
	if ir.Subtype != "input_required" {
		t.Errorf("input_required = %+v", ir)
	}
}

// serde refuses the whole message for one unknown block, and refuses user
// content given as a string.
func TestContentIsStrict(t *testing.T) {
	var a AssistantMessage
	err := json.Unmarshal([]byte(`{"type":"assistant","message":{"role":"assistant","content":[{"type":"text","text":"a"},{"type":"server_tool_use","id":"s","name":"web_search","input":{}}]}}`), &a)
	if !errors.Is(err, errUnknownVariant) {
		t.Errorf("unknown block: err = %v, want errUnknownVariant", err)
	}
	var u UserMessage
	if err := json.Unmarshal([]byte(`{"type":"user","message":{"role":"user","content":"Hello"}}`), &u); err == nil {
		t.Errorf("string user content decoded: %+v", u)
	}
}

// init.tools items are objects or bare names, as ToolInfo's Deserialize
// takes them.
func TestInitToolsTakeStringsAndObjects(t *testing.T) {
	r := &jsonschema.Reflector{RequiredFromJSONSchemaTags: true}
	data, err := json.Marshal(r.Reflect(new(SystemInit)))
	if err != nil {
		t.Fatal(err)
	}
	doc, err := sjs.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	c := sjs.NewCompiler()
	if err := c.AddResource("init.json", doc); err != nil {
		t.Fatal(err)
	}
	sch, err := c.Compile("init.json")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		tools string
		ok    bool
	}{
		{`["Bash","Read"]`, true},
		{`[{"name":"bash","description":"Run shell commands"}]`, true},
		{`["Bash",{"name":"bash"}]`, true},
		{`[42]`, false},
		{`[{"description":"no name"}]`, false},
	} {
		line := `{"type":"system","subtype":"init","session_id":"s","mcp_servers":[],"tools":` + tc.tools + `}`
		v, err := sjs.UnmarshalJSON(strings.NewReader(line))
		if err != nil {
			t.Fatal(err)
		}
		if err := sch.Validate(v); (err == nil) != tc.ok {
			t.Errorf("tools %s: valid = %v, want %v (%v)", tc.tools, err == nil, tc.ok, err)
		}
	}
}

// TestVariants: what is rusty_claw's own in its variant list (the checks
// every dialect must pass are modeltest's): no stream_event, and the
// variants the CLI never sends that its code knows.
func TestVariants(t *testing.T) {
	names := map[string]bool{}
	for _, v := range Model.Variants {
		names[v.Name] = true
		if v.Type == "stream_event" {
			t.Errorf("%s: rusty_claw's Message enum has no stream_event", v.Name)
		}
	}
	for _, want := range []string{"system.init", "result.error", "result.input_required", "mcp_message", "control_request.get_server_info"} {
		if !names[want] {
			t.Errorf("no variant %s", want)
		}
	}
}

func TestExamples(t *testing.T) {
	allowed := map[bool]bool{}
	for _, ex := range Model.Examples {
		data, err := json.Marshal(ex.Value)
		if err != nil {
			t.Errorf("%s: %v", ex.Name, err)
			continue
		}
		var m map[string]any
		if err := json.Unmarshal(data, &m); err != nil {
			t.Errorf("%s: %s is not an object", ex.Name, data)
			continue
		}
		typ, _ := m["type"].(string)
		if typ == "" || ex.Source == "" {
			t.Errorf("%s: type %q, source %q", ex.Name, typ, ex.Source)
		}
		switch typ {
		case "control_request":
			if _, flat := m["subtype"]; flat || m["request"].(map[string]any)["subtype"] == nil {
				t.Errorf("%s: not the nested envelope: %s", ex.Name, data)
			}
		case "control_response":
			resp := m["response"].(map[string]any)
			if _, top := m["request_id"]; top || resp["request_id"] == nil {
				t.Errorf("%s: request_id not inside response: %s", ex.Name, data)
			}
			if p, ok := resp["response"].(map[string]any); ok {
				if b, ok := p["allowed"].(bool); ok {
					allowed[b] = true
				}
				if _, ok := p["behavior"]; ok {
					t.Errorf("%s: rusty_claw replies with allowed, not behavior", ex.Name)
				}
			}
		case "user":
			if _, ok := m["message"].(map[string]any)["content"].(string); !ok {
				t.Errorf("%s: content is not a string: %s", ex.Name, data)
			}
		}
	}
	if !allowed[true] || !allowed[false] {
		t.Errorf("allowed values in examples = %v, want true and false", allowed)
	}
}
