package spec02

import (
	"encoding/json"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/protocheck/protocheck/protocol"
)

// members returns the JSON member names of struct type t as encoding/json
// sees them, split into required and optional by the jsonschema tag, with
// embedded structs inlined.
func members(t reflect.Type) (required, optional []string) {
	for f := range t.Fields() {
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if f.Anonymous && name == "" {
			r, o := members(f.Type)
			required, optional = append(required, r...), append(optional, o...)
			continue
		}
		if slices.Contains(strings.Split(f.Tag.Get("jsonschema"), ","), "required") {
			required = append(required, name)
		} else {
			optional = append(optional, name)
		}
	}
	slices.Sort(required)
	slices.Sort(optional)
	return required, optional
}

// TestMembers pins each type's member names, and which are required, to the
// seed's struct tags (no omitempty = required).
func TestMembers(t *testing.T) {
	base := []string{"uuid", "session_id"}
	tests := []struct {
		value              any
		required, optional []string
	}{
		{AssistantMessage{}, append([]string{"type", "message", "parent_tool_use_id"}, base...), []string{"error"}},
		{BetaMessage{}, []string{"id", "type", "role", "content", "model", "stop_reason", "stop_sequence", "usage"}, nil},
		{BetaUsage{}, []string{"input_tokens", "output_tokens", "cache_read_input_tokens", "cache_creation_input_tokens"}, nil},
		{PartialAssistantMessage{}, append([]string{"type", "event", "parent_tool_use_id"}, base...), nil},
		{UserMessage{}, append([]string{"type", "message", "parent_tool_use_id"}, base...), []string{"isSynthetic", "tool_use_result"}},
		{UserMessageReplay{}, append([]string{"type", "message", "parent_tool_use_id", "isReplay"}, base...), []string{"isSynthetic", "tool_use_result"}},
		{MessageParam{}, []string{"role", "content"}, nil},
		{ResultMessage{}, append([]string{"type", "subtype", "duration_ms", "duration_api_ms", "is_error", "num_turns", "stop_reason",
			"total_cost_usd", "usage", "modelUsage", "permission_denials"}, base...), []string{"result", "structured_output", "errors"}},
		{ModelUsage{}, []string{"inputTokens", "outputTokens", "cacheReadInputTokens", "cacheCreationInputTokens",
			"webSearchRequests", "costUSD", "contextWindow", "maxOutputTokens"}, nil},
		{PermissionDenial{}, []string{"tool_name", "tool_use_id", "tool_input"}, nil},
		{SystemInitMessage{}, append([]string{"type", "subtype", "apiKeySource", "claude_code_version", "cwd", "tools", "mcp_servers",
			"model", "permissionMode", "slash_commands", "output_style", "skills", "plugins"}, base...), []string{"agents", "betas"}},
		{StatusMessage{}, append([]string{"type", "subtype", "status"}, base...), []string{"permissionMode"}},
		{CompactBoundaryMessage{}, append([]string{"type", "subtype", "compact_metadata"}, base...), nil},
		{CompactMetadata{}, []string{"trigger", "pre_tokens"}, nil},
		{HookStartedMessage{}, append([]string{"type", "subtype", "hook_id", "hook_name", "hook_event"}, base...), nil},
		{HookProgressMessage{}, append([]string{"type", "subtype", "hook_id", "hook_name", "hook_event", "stdout", "stderr", "output"}, base...), nil},
		{HookResponseMessage{}, append([]string{"type", "subtype", "hook_id", "hook_name", "hook_event", "output", "stdout", "stderr", "outcome"}, base...), []string{"exit_code"}},
		{ToolProgressMessage{}, append([]string{"type", "tool_use_id", "tool_name", "parent_tool_use_id", "elapsed_time_seconds"}, base...), nil},
		{AuthStatusMessage{}, append([]string{"type", "isAuthenticating", "output"}, base...), []string{"error"}},
		{TaskNotificationMessage{}, append([]string{"type", "subtype", "task_id", "status", "output_file", "summary"}, base...), nil},
		{FilesPersistedEvent{}, append([]string{"type", "subtype", "files", "failed", "processed_at"}, base...), nil},
		{ToolUseSummaryMessage{}, append([]string{"type", "summary", "preceding_tool_use_ids"}, base...), nil},
		{TextBlock{}, []string{"type", "text"}, nil},
		{ToolUseBlock{}, []string{"type", "id", "name", "input"}, nil},
		{ThinkingBlock{}, []string{"type", "thinking"}, nil},
		{ControlRequest{}, []string{"type", "request_id", "request"}, nil},
		// No "input": the seed's two fields of that name cancel out.
		{ControlRequestInner{}, []string{"subtype"}, []string{"tool_name", "permission_suggestions", "blocked_path", "decision_reason",
			"tool_use_id", "agent_id", "description", "mode", "model", "max_thinking_tokens", "servers", "serverName", "enabled",
			"user_message_id", "dry_run", "callback_id"}},
		{ControlResponse{}, []string{"type", "response"}, nil},
		{ControlSuccessResponse{}, []string{"request_id"}, []string{"result"}},
		{ControlErrorResponse{}, []string{"request_id", "error"}, nil},
		{ControlCancelRequest{}, []string{"type", "request_id"}, nil},
		{PermissionResult{}, []string{"behavior"}, []string{"updatedInput", "message", "updatedPermissions"}},
		{PermissionUpdate{}, []string{"type", "destination"}, []string{"rule", "mode", "directories"}},
		{PermissionRuleValue{}, []string{"tool_name", "rule_content"}, nil},
	}
	for _, tt := range tests {
		typ := reflect.TypeOf(tt.value)
		t.Run(typ.Name(), func(t *testing.T) {
			slices.Sort(tt.required)
			slices.Sort(tt.optional)
			req, opt := members(typ)
			if diff := cmp.Diff(tt.required, req); diff != "" {
				t.Errorf("required members mismatch (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.optional, opt); diff != "" {
				t.Errorf("optional members mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

// structTypes returns every struct type reachable from the model's
// variants, unions, envelopes and examples.
func structTypes() []reflect.Type {
	var out []reflect.Type
	var walk func(reflect.Type)
	walk = func(t reflect.Type) {
		for t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice || t.Kind() == reflect.Map {
			t = t.Elem()
		}
		if t.Kind() != reflect.Struct || slices.Contains(out, t) {
			return
		}
		out = append(out, t)
		for f := range t.Fields() {
			walk(f.Type)
		}
	}
	for _, v := range Model.Variants {
		walk(v.GoType())
	}
	for _, u := range Model.Unions {
		for _, m := range u.Members {
			walk(m.Type())
		}
	}
	for _, e := range Model.Envelopes {
		walk(reflect.TypeOf(e.New()))
	}
	for _, e := range Model.Examples {
		walk(reflect.TypeOf(e.Value))
	}
	walk(reflect.TypeFor[ControlSuccessResponse]())
	walk(reflect.TypeFor[ControlErrorResponse]())
	walk(reflect.TypeFor[PermissionResult]())
	return out
}

// TestTags checks the field conventions on every struct: required members
// have no omitempty, optional ones have it, and nullable members are
// required and of a Go type that can hold null.
func TestTags(t *testing.T) {
	for _, st := range structTypes() {
		for f := range st.Fields() {
			if f.Anonymous {
				continue
			}
			jsonTag, schemaTag := f.Tag.Get("json"), strings.Split(f.Tag.Get("jsonschema"), ",")
			name, opts, _ := strings.Cut(jsonTag, ",")
			if name == "" || name == "-" {
				t.Errorf("%s.%s: no JSON member name", st.Name(), f.Name)
				continue
			}
			omit := strings.Contains(opts, "omitempty") || strings.Contains(opts, "omitzero")
			required := slices.Contains(schemaTag, "required")
			if required == omit {
				t.Errorf("%s.%s: required=%v but omitempty=%v", st.Name(), f.Name, required, omit)
			}
			if slices.Contains(schemaTag, "nullable") {
				switch f.Type.Kind() {
				case reflect.Pointer, reflect.Slice, reflect.Map, reflect.Interface:
				default:
					t.Errorf("%s.%s: nullable but %s cannot hold null", st.Name(), f.Name, f.Type)
				}
				if !required {
					t.Errorf("%s.%s: nullable but optional; only members the seed always writes are nullable", st.Name(), f.Name)
				}
			}
		}
	}
}

// TestVariants checks the variant list: unique names and discriminators,
// the 16 SDKMessage variants and 13 control request subtypes of the seed,
// and bodies that declare their discriminators.
func TestVariants(t *testing.T) {
	names := map[string]bool{}
	keys := map[[3]string]string{}
	var messages, control []string
	for _, v := range Model.Variants {
		if names[v.Name] {
			t.Errorf("variant name %q twice", v.Name)
		}
		names[v.Name] = true
		key := [3]string{v.Type, v.Subtype, v.Marker}
		if other, ok := keys[key]; ok {
			t.Errorf("variants %q and %q share discriminators %v", other, v.Name, key)
		}
		keys[key] = v.Name
		if v.Direction == 0 || v.Doc == "" || v.New == nil {
			t.Errorf("variant %q: Direction, Doc and New must be set", v.Name)
		}
		req, _ := members(v.GoType())
		switch v.Type {
		case "control_request":
			control = append(control, v.Subtype)
			if v.GoType() != reflect.TypeFor[ControlRequestInner]() {
				t.Errorf("variant %q: body %v, want ControlRequestInner", v.Name, v.GoType())
			}
			if !slices.Contains(req, "subtype") {
				t.Errorf("variant %q: subtype not required", v.Name)
			}
			continue
		case "control_response", "control_cancel_request":
		default:
			messages = append(messages, v.Name)
		}
		if !slices.Contains(req, "type") {
			t.Errorf("variant %q: type not required", v.Name)
		}
		if v.Subtype != "" && !slices.Contains(req, "subtype") {
			t.Errorf("variant %q: subtype not required", v.Name)
		}
		if v.Marker != "" && !slices.Contains(req, v.Marker) {
			t.Errorf("variant %q: marker %q not required", v.Name, v.Marker)
		}
	}
	if len(messages) != 16 {
		t.Errorf("got %d SDKMessage variants, want the seed's 16: %v", len(messages), messages)
	}
	wantControl := []string{"interrupt", "can_use_tool", "set_permission_mode", "set_model", "set_max_thinking_tokens",
		"mcp_status", "mcp_reconnect", "mcp_toggle", "mcp_set_servers", "mcp_message", "rewind_files", "hook_callback", "initialize"}
	if diff := cmp.Diff(wantControl, control); diff != "" {
		t.Errorf("control request subtypes mismatch (-want +got):\n%s", diff)
	}
	if len(Model.Envelopes) != 1 || Model.Envelopes[0].Type != "control_request" || Model.Envelopes[0].Member != "request" {
		t.Errorf("Envelopes = %+v, want one control_request envelope on request", Model.Envelopes)
	}
}

// TestUnion checks that every content block member implements the union's
// interface and pins a distinct type.
func TestUnion(t *testing.T) {
	u := contentBlockUnion
	seen := map[string]bool{}
	for _, m := range u.Members {
		if seen[m.Value] {
			t.Errorf("member %q twice", m.Value)
		}
		seen[m.Value] = true
		if !reflect.TypeOf(m.New()).Implements(u.Interface) {
			t.Errorf("member %q: %T does not implement %v", m.Value, m.New(), u.Interface)
		}
	}
	if got := must(reflect.TypeFor[BetaMessage]().FieldByName("Content")).Type.Elem(); got != u.Interface {
		t.Errorf("BetaMessage.Content holds %v, want the union's interface", got)
	}
}

var uuidRE = regexp.MustCompile(`^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$`)

// TestExamples checks what spec02 writes: each example is one JSON object
// with a type, its discriminators name a variant spec02 may write, and a
// uuid member holds a UUID, as the seed's uuid.UUID would.
func TestExamples(t *testing.T) {
	names := map[string]bool{}
	for _, e := range Model.Examples {
		t.Run(e.Name, func(t *testing.T) {
			if names[e.Name] || e.Source == "" {
				t.Errorf("example %q: duplicate name or no source", e.Name)
			}
			names[e.Name] = true
			line, err := json.Marshal(e.Value)
			if err != nil {
				t.Fatal(err)
			}
			var obj struct {
				Type    string          `json:"type"`
				Subtype string          `json:"subtype"`
				Request json.RawMessage `json:"request"`
				Replay  bool            `json:"isReplay"`
				UUID    *string         `json:"uuid"`
			}
			if err := json.Unmarshal(line, &obj); err != nil {
				t.Fatalf("%s: %v", line, err)
			}
			if obj.Type == "" {
				t.Fatalf("%s: no type", line)
			}
			if obj.Type == "control_request" {
				var body struct{ Subtype string }
				if err := json.Unmarshal(obj.Request, &body); err != nil {
					t.Fatal(err)
				}
				obj.Subtype = body.Subtype
			}
			v := lookup(obj.Type, obj.Subtype, obj.Replay)
			if v == nil || !v.Direction.WrittenBy(protocol.SDKToCLI) {
				t.Errorf("%s: no variant spec02 writes for type %q subtype %q", line, obj.Type, obj.Subtype)
			}
			if obj.UUID != nil && !uuidRE.MatchString(*obj.UUID) {
				t.Errorf("%s: uuid %q is not a UUID", line, *obj.UUID)
			}
		})
	}
}

// lookup finds the variant a line with these discriminators selects: an
// exact subtype first, then the type's variant without subtype.
func lookup(typ, subtype string, replay bool) *protocol.Variant {
	var fallback *protocol.Variant
	for _, v := range Model.Variants {
		if v.Type != typ || (v.Marker != "") != replay {
			continue
		}
		if v.Subtype == subtype {
			return v
		}
		if v.Subtype == "" {
			fallback = v
		}
	}
	return fallback
}

// TestSeedMarshal pins what the seed's tags make it write, the consequences
// the doc comments describe.
func TestSeedMarshal(t *testing.T) {
	tests := []struct {
		name, reason string
		value        any
		want         string
	}{
		{
			name:   "result success with empty result",
			reason: "omitempty drops result and errors; nil slices and maps are written as null",
			value:  ResultMessage{BaseMessage: BaseMessage{UUID: ZeroUUID}, Type: "result", Subtype: "success", Errors: []string{}},
			want: `{"uuid":"00000000-0000-0000-0000-000000000000","session_id":"","type":"result","subtype":"success",` +
				`"duration_ms":0,"duration_api_ms":0,"is_error":false,"num_turns":0,"stop_reason":null,"total_cost_usd":0,` +
				`"usage":{"input_tokens":0,"output_tokens":0,"cache_read_input_tokens":0,"cache_creation_input_tokens":0},` +
				`"modelUsage":null,"permission_denials":null}`,
		},
		{
			name:   "tool_use block without input",
			reason: "the seed's MarshalJSON writes input without omitempty",
			value:  ToolUseBlock{Type: "tool_use", ID: "toolu_1", Name: "Bash"},
			want:   `{"type":"tool_use","id":"toolu_1","name":"Bash","input":null}`,
		},
		{
			name:   "set_max_thinking_tokens unset",
			reason: "nil is meant to unset, but omitempty drops it",
			value:  ControlRequestInner{Subtype: "set_max_thinking_tokens"},
			want:   `{"subtype":"set_max_thinking_tokens"}`,
		},
		{
			name:   "success reply",
			reason: "request_id inside response, result not response, no subtype",
			value:  ControlResponse{Type: "control_response", Response: ControlSuccessResponse{RequestID: "r1", Result: PermissionResult{Behavior: "allow"}}},
			want:   `{"type":"control_response","response":{"request_id":"r1","result":{"behavior":"allow"}}}`,
		},
		{
			name:   "rule update",
			reason: "one rule, snake_case members",
			value:  PermissionUpdate{Type: "addRules", Destination: "session", Rule: &PermissionRuleValue{ToolName: "Bash"}},
			want:   `{"type":"addRules","destination":"session","rule":{"tool_name":"Bash","rule_content":""}}`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := json.Marshal(tt.value)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, string(got)); diff != "" {
				t.Errorf("json.Marshal mismatch (-want +got) (%s):\n%s", tt.reason, diff)
			}
		})
	}
}

// TestDecode checks that lines shaped as the seed describes them decode into
// the types with the expected values.
func TestDecode(t *testing.T) {
	t.Run("status with null status", func(t *testing.T) {
		var m StatusMessage
		line := `{"type":"system","subtype":"status","status":null,"permissionMode":"delegate","uuid":"` + ZeroUUID + `","session_id":"s"}`
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			t.Fatal(err)
		}
		if m.Status != nil || m.PermissionMode == nil || *m.PermissionMode != "delegate" || m.SessionID != "s" {
			t.Errorf("got %+v", m)
		}
	})
	t.Run("replay", func(t *testing.T) {
		var m UserMessageReplay
		line := `{"type":"user","isReplay":true,"message":{"role":"user","content":"hi"},"parent_tool_use_id":null,"uuid":"` + ZeroUUID + `","session_id":"s"}`
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			t.Fatal(err)
		}
		if !m.IsReplay || m.Message.Content != "hi" || m.ParentToolUseID != nil || m.UUID != ZeroUUID {
			t.Errorf("got %+v", m)
		}
	})
	t.Run("can_use_tool request", func(t *testing.T) {
		var m ControlRequest
		line := `{"type":"control_request","request_id":"r1","request":{"subtype":"can_use_tool","tool_name":"Bash","input":{"command":"ls"},"tool_use_id":"toolu_1"}}`
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			t.Fatal(err)
		}
		want := ControlRequest{Type: "control_request", RequestID: "r1", Request: ControlRequestInner{Subtype: "can_use_tool", ToolName: "Bash", ToolUseID: "toolu_1"}}
		if diff := cmp.Diff(want, m); diff != "" {
			t.Errorf("json.Unmarshal mismatch (-want +got):\n%s", diff)
		}
	})
}

// TestEnums pins the closed sets the seed declares.
func TestEnums(t *testing.T) {
	if got := len(AssistantError("").EnumValues()); got != 6 {
		t.Errorf("AssistantError has %d values, want 6", got)
	}
	modes := PermissionMode("").EnumValues()
	if !slices.Contains(modes, "delegate") || slices.Contains(modes, "auto") || len(modes) != 6 {
		t.Errorf("PermissionMode = %v, want 6 values with delegate and without auto", modes)
	}
}

func must(f reflect.StructField, ok bool) reflect.StructField {
	if !ok {
		panic("no such field")
	}
	return f
}
