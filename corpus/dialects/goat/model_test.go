package goat

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/protocheck/protocheck/corpus/dialects/internal/modeltest"
	"github.com/protocheck/protocheck/protocol"
)

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

// decode decodes line into the Go type of the variant named name, refusing
// members the type does not declare.
func decode(t *testing.T, name, line string) any { return modeltest.Decode(t, Model, name, line) }

// variant returns the variant named name.
func variant(t *testing.T, name string) *protocol.Variant { return modeltest.Variant(t, Model, name) }
