package protocol_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/protocheck/protocheck/protocol"
)

func TestDecodeKinds(t *testing.T) {
	tests := []struct {
		name    string
		line    string
		want    string // Go type of the result
		variant string // "" for no variant
		kind    protocol.Kind
		reason  string
	}{
		{name: "assistant", line: `{"type":"assistant","message":{"id":"m","type":"message","role":"assistant","model":"x","content":[],"stop_reason":null,"stop_sequence":null,"usage":{"input_tokens":1,"output_tokens":2}},"parent_tool_use_id":null,"uuid":"u","session_id":"s"}`,
			want: "*protocol.AssistantMessage", variant: "assistant", kind: protocol.Kind{Type: "assistant"}},
		{name: "user", line: `{"type":"user","message":{"role":"user","content":"hi"},"parent_tool_use_id":null}`,
			want: "*protocol.UserMessage", variant: "user", kind: protocol.Kind{Type: "user"}},
		{name: "user replay", line: `{"type":"user","message":{"role":"user","content":"hi"},"parent_tool_use_id":null,"isReplay":true,"uuid":"u","session_id":"s"}`,
			want: "*protocol.UserMessageReplay", variant: "user.replay", kind: protocol.Kind{Type: "user"},
			reason: "isReplay:true selects the replay variant"},
		{name: "user isReplay false", line: `{"type":"user","message":{"role":"user","content":"hi"},"parent_tool_use_id":null,"isReplay":false}`,
			want: "*protocol.UserMessage", variant: "user", kind: protocol.Kind{Type: "user"}},
		{name: "result error subtype", line: `{"type":"result","subtype":"error_max_turns","is_error":false}`,
			want: "*protocol.ResultError", variant: "result.error_max_turns", kind: protocol.Kind{Type: "result", Subtype: "error_max_turns"},
			reason: "missing members are the validator's business, not Decode's"},
		{name: "control request", line: `{"type":"control_request","request_id":"r1","request":{"subtype":"interrupt"}}`,
			want: "*protocol.ControlRequest", variant: "control_request.interrupt", kind: protocol.Kind{Type: "control_request", Subtype: "interrupt"}},
		{name: "control response", line: `{"type":"control_response","response":{"subtype":"error","request_id":"r1","error":"no"}}`,
			want: "*protocol.ControlResponse", variant: "control_response.error", kind: protocol.Kind{Type: "control_response", Subtype: "error"}},
		{name: "unknown type", line: `{"type":"brand_new","x":1}`,
			want: "*protocol.Unknown", kind: protocol.Kind{Type: "brand_new"}},
		{name: "unknown system subtype", line: `{"type":"system","subtype":"brand_new"}`,
			want: "*protocol.Unknown", kind: protocol.Kind{Type: "system", Subtype: "brand_new"}},
		{name: "missing type", line: `{"subtype":"init"}`, want: "*protocol.Unknown"},
		{name: "type not a string", line: `{"type":7}`, want: "*protocol.Unknown"},
		{name: "unknown control subtype", line: `{"type":"control_request","request_id":"r5","request":{"subtype":"no_such_subtype"}}`,
			want: "*protocol.Unknown", kind: protocol.Kind{Type: "control_request", Subtype: "no_such_subtype"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, err := protocol.Decode([]byte(tt.line))
			if err != nil {
				t.Fatalf("Decode: %v", err)
			}
			if got := fmt.Sprintf("%T", m); got != tt.want {
				t.Errorf("Decode(%s) = %s, want %s (%s)", tt.line, got, tt.want, tt.reason)
			}
			if diff := cmp.Diff(tt.kind, m.Kind()); diff != "" {
				t.Errorf("Kind() mismatch (-want +got):\n%s", diff)
			}
			got := ""
			if v := protocol.VariantOf(m); v != nil {
				got = v.Name
			}
			if got != tt.variant {
				t.Errorf("VariantOf = %q, want %q", got, tt.variant)
			}
		})
	}
}

func TestDecodeErrors(t *testing.T) {
	tests := []struct {
		name       string
		line       string
		variant    string
		wantOffset bool
	}{
		{name: "not json", line: `hello`, wantOffset: true},
		{name: "truncated", line: `{"type":"assistant"`, wantOffset: true},
		{name: "array", line: `[1,2]`},
		{name: "null", line: `null`},
		{name: "string", line: `"x"`},
		{name: "wrong member type", line: `{"type":"result","subtype":"success","num_turns":"three"}`, variant: "result.success"},
		{name: "wrong nested type", line: `{"type":"assistant","message":{"content":{"a":1}}}`, variant: "assistant"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, err := protocol.Decode([]byte(tt.line))
			var de *protocol.DecodeError
			if !errors.As(err, &de) {
				t.Fatalf("Decode(%s) = %v, %v; want a *DecodeError", tt.line, m, err)
			}
			got := ""
			if de.Variant != nil {
				got = de.Variant.Name
			}
			if got != tt.variant {
				t.Errorf("DecodeError.Variant = %q, want %q", got, tt.variant)
			}
			if (de.Offset >= 0) != tt.wantOffset {
				t.Errorf("DecodeError.Offset = %d, want known=%v", de.Offset, tt.wantOffset)
			}
		})
	}
}

// TestUnknownNested: content blocks, events and control bodies of unknown
// kinds decode as their Unknown types and encode back unchanged.
func TestUnknownNested(t *testing.T) {
	line := `{"type":"assistant","message":{"id":"m","type":"message","role":"assistant","model":"x","content":[{"type":"text","text":"a"},{"type":"hologram","beam":[1,2]}],"stop_reason":null,"stop_sequence":null,"usage":{"input_tokens":1,"output_tokens":2}},"parent_tool_use_id":null,"uuid":"u","session_id":"s"}`
	m, err := protocol.Decode([]byte(line))
	if err != nil {
		t.Fatal(err)
	}
	blocks := m.(*protocol.AssistantMessage).Message.Content
	if len(blocks) != 2 {
		t.Fatalf("got %d blocks, want 2", len(blocks))
	}
	u, ok := blocks[1].(*protocol.UnknownBlock)
	if !ok {
		t.Fatalf("block 1 is %T, want *UnknownBlock", blocks[1])
	}
	if u.BlockType() != "hologram" {
		t.Errorf("BlockType() = %q, want hologram", u.BlockType())
	}
	if got, want := findUnknown(reflect.ValueOf(m), ""), ".Message.Content[1]"; got != want {
		t.Errorf("findUnknown = %q, want %q", got, want)
	}
	assertSameJSON(t, []byte(line), m)
}

// TestExtraKeepsZeroValues: members sent as zero values of optional fields,
// and members the types do not know, survive a round trip; a value set in Go
// wins over the kept one.
func TestExtraKeepsZeroValues(t *testing.T) {
	line := `{"type":"result","subtype":"success","duration_ms":1,"duration_api_ms":1,"is_error":false,"num_turns":1,"result":"","total_cost_usd":0,"usage":{"input_tokens":0,"output_tokens":0},"modelUsage":{},"permission_denials":[],"uuid":"u","session_id":"s","api_error_status":null,"queued_turn_count":0,"brand_new":{"x":[1,2.50]}}`
	m, err := protocol.Decode([]byte(line))
	if err != nil {
		t.Fatal(err)
	}
	assertSameJSON(t, []byte(line), m)
	r := m.(*protocol.ResultSuccess)
	if diff := cmp.Diff([]string{"api_error_status", "brand_new", "queued_turn_count"}, r.Extra.Keys()); diff != "" {
		t.Errorf("Extra.Keys() mismatch (-want +got):\n%s", diff)
	}
	r.QueuedTurnCount = 3
	out, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	var back map[string]any
	if err := json.Unmarshal(out, &back); err != nil {
		t.Fatalf("re-encoded result is not JSON: %v\n%s", err, out)
	}
	if back["queued_turn_count"] != float64(3) {
		t.Errorf("queued_turn_count = %v, want 3 (the Go value wins)", back["queued_turn_count"])
	}
}

// assertSameJSON checks that m encodes to the same JSON value as line, and
// that decoding the encoding gives an equal Go value.
func assertSameJSON(t *testing.T, line []byte, m protocol.Message) {
	t.Helper()
	out, err := json.Marshal(m)
	if err != nil {
		t.Fatalf("Marshal: %v", err)
	}
	var want, got any
	if err := json.Unmarshal(line, &want); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatalf("Marshal gave invalid JSON: %v\n%s", err, out)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Decode→Marshal changed the JSON (-want +got):\n%s", diff)
	}
	again, err := protocol.Decode(out)
	if err != nil {
		t.Fatalf("Decode(Marshal): %v", err)
	}
	if !reflect.DeepEqual(normalise(t, m), normalise(t, again)) {
		t.Errorf("Decode→Marshal→Decode gave a different value:\n%#v\n%#v", m, again)
	}
}

// normalise re-encodes and decodes m so that raw JSON kept in RawMessage
// fields compares without regard to insignificant whitespace.
func normalise(t *testing.T, m protocol.Message) any {
	t.Helper()
	out, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	var v any
	if err := json.Unmarshal(out, &v); err != nil {
		t.Fatal(err)
	}
	return v
}
