package python

import (
	"encoding/json"
	"errors"
	"testing"
)

// The lines seed 001 shows in its example flows.
const (
	seedUserPrompt     = `{"type":"user","message":{"role":"user","content":"Hello"},"session_id":"default"}`
	seedAssistantText  = `{"type":"assistant","message":{"role":"assistant","content":[{"type":"text","text":"Hello! How can I help?"}],"model":"claude-sonnet-4-20250514"}}`
	seedResult         = `{"type":"result","subtype":"success","duration_ms":1234,"duration_api_ms":1000,"is_error":false,"num_turns":1,"session_id":"abc123","usage":{"input_tokens":10,"output_tokens":20}}`
	seedAssistantTool  = `{"type":"assistant","message":{"role":"assistant","content":[{"type":"text","text":"Let me read that file."},{"type":"tool_use","id":"call_123","name":"read","input":{"filePath":"/tmp/test.txt"}}],"model":"claude-sonnet-4-20250514"}}`
	seedUserToolResult = `{"type":"user","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"call_123","content":"File contents here"}]},"session_id":"default"}`
)

func TestSeedLinesDecode(t *testing.T) {
	var a AssistantMessage
	if err := json.Unmarshal([]byte(seedAssistantTool), &a); err != nil {
		t.Fatal(err)
	}
	if a.Message.Model != "claude-sonnet-4-20250514" || len(a.Message.Content) != 2 {
		t.Fatalf("assistant = %+v", a)
	}
	text, ok := a.Message.Content[0].(*TextBlock)
	if !ok || text.Text != "Let me read that file." {
		t.Errorf("block 0 = %#v", a.Message.Content[0])
	}
	use, ok := a.Message.Content[1].(*ToolUseBlock)
	if !ok || use.ID != "call_123" || use.Name != "read" || string(use.Input) != `{"filePath":"/tmp/test.txt"}` {
		t.Errorf("block 1 = %#v", a.Message.Content[1])
	}

	var a2 AssistantMessage
	if err := json.Unmarshal([]byte(seedAssistantText), &a2); err != nil {
		t.Fatal(err)
	}
	if a2.Error != nil || a2.UUID != nil || len(a2.Message.Content) != 1 {
		t.Errorf("assistant = %+v", a2)
	}

	var r ResultMessage
	if err := json.Unmarshal([]byte(seedResult), &r); err != nil {
		t.Fatal(err)
	}
	if r.Subtype != "success" || r.DurationMS != 1234 || r.DurationAPIMS != 1000 || r.IsError || r.NumTurns != 1 || r.SessionID != "abc123" || r.TotalCostUSD != nil {
		t.Errorf("result = %+v", r)
	}

	var u UserMessage
	if err := json.Unmarshal([]byte(seedUserToolResult), &u); err != nil {
		t.Fatal(err)
	}
	tr, ok := u.Message.Content[0].(*ToolResultBlock)
	if len(u.Message.Content) != 1 || !ok || tr.ToolUseID != "call_123" || string(tr.Content) != `"File contents here"` || tr.IsError != nil {
		t.Errorf("user content = %#v", u.Message.Content)
	}

	var p UserMessage
	if err := json.Unmarshal([]byte(seedUserPrompt), &p); err != nil {
		t.Fatal(err)
	}
	if len(p.Message.Content) != 1 || p.Message.Content[0] != StringContent("Hello") {
		t.Errorf("prompt content = %#v", p.Message.Content)
	}
	var out OutgoingUserMessage
	if err := json.Unmarshal([]byte(seedUserPrompt), &out); err != nil {
		t.Fatal(err)
	}
	if out.Message.Content != "Hello" || out.SessionID != "default" {
		t.Errorf("outgoing = %+v", out)
	}
}

// The parser drops blocks of kinds it does not list, and the user branch
// lists fewer than the assistant branch.
func TestUnknownBlocksAreDropped(t *testing.T) {
	var a AssistantMessage
	line := `{"type":"assistant","message":{"model":"m","content":[{"type":"web_search_tool_result","tool_use_id":"x","content":[]},{"type":"thinking","thinking":"hm","signature":"s"},{"type":"advisor_tool_result","tool_use_id":"y","content":{}}]}}`
	if err := json.Unmarshal([]byte(line), &a); err != nil {
		t.Fatal(err)
	}
	if len(a.Message.Content) != 2 {
		t.Fatalf("assistant content = %#v, want thinking and advisor_tool_result", a.Message.Content)
	}
	if _, ok := a.Message.Content[0].(*ThinkingBlock); !ok {
		t.Errorf("block 0 = %#v", a.Message.Content[0])
	}
	var u UserMessage
	if err := json.Unmarshal([]byte(`{"type":"user","message":{"content":[{"type":"thinking","thinking":"hm","signature":"s"},{"type":"text","text":"hi"}]}}`), &u); err != nil {
		t.Fatal(err)
	}
	if len(u.Message.Content) != 1 {
		t.Errorf("user content = %#v, want only the text block", u.Message.Content)
	}
	// block["type"] raises KeyError.
	err := json.Unmarshal([]byte(`{"type":"assistant","message":{"model":"m","content":[{"text":"no type"}]}}`), &a)
	if !errors.Is(err, errNoBlockType) {
		t.Errorf("block without type: err = %v, want errNoBlockType", err)
	}
}

func TestExamples(t *testing.T) {
	behaviors := map[string]bool{}
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
			if m["request_id"] == nil || m["request"].(map[string]any)["subtype"] == nil {
				t.Errorf("%s: %s", ex.Name, data)
			}
		case "control_response":
			resp := m["response"].(map[string]any)
			if resp["request_id"] == nil || resp["subtype"] == nil {
				t.Errorf("%s: %s", ex.Name, data)
			}
			if p, ok := resp["response"].(map[string]any); ok {
				if b, ok := p["behavior"].(string); ok {
					behaviors[b] = true
				}
				if _, ok := p["allowed"]; ok {
					t.Errorf("%s: python replies with behavior, not allowed", ex.Name)
				}
			}
		case "user":
			if m["parent_tool_use_id"] != nil || m["session_id"] == nil {
				t.Errorf("%s: %s", ex.Name, data)
			}
		}
	}
	if !behaviors["allow"] || !behaviors["deny"] {
		t.Errorf("behaviors in examples = %v, want allow and deny", behaviors)
	}
}
