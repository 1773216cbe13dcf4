package spec02

import "github.com/protocheck/protocheck/protocol"

// This file builds what spec02 writes to the CLI's stdin, with the
// package's own types and the seed's tags: the user message from its
// constructor, the control requests of the subtypes it sends, and its
// replies to the CLI's can_use_tool and hook_callback requests.

// Fixed ids for the examples. The seed makes request ids and message uuids
// with uuid.New(); fixed values keep the examples stable.
const (
	exampleUUID      = "3b241101-e2bb-4255-8caf-4136c566a962"
	exampleRequestID = "6f1c2e9a-8d4b-4f3e-9a1c-2b7d5e8f0a13"
	exampleCLIReqID  = "7a2d3f0b-9e5c-4a4f-8b2d-3c8e6f9a1b24"
)

var examples = []protocol.Example{
	{
		Name:   "user message",
		Source: "seed 000 §8 NewUserMessage",
		// NewUserMessage sets a fresh uuid, the session id it is given (none
		// is known before init), role and string content; it leaves
		// ParentToolUseID nil, which is written as null.
		Value: &UserMessage{
			BaseMessage: BaseMessage{UUID: exampleUUID, SessionID: ""},
			Type:        "user",
			Message:     MessageParam{Role: "user", Content: "List the files in this directory."},
		},
	},
	request("initialize request", "seed 000 §6.1 ControlRequestInner (no initialize members)",
		ControlRequestInner{Subtype: "initialize"}),
	request("interrupt request", "seed 000 §6.1 ControlRequestInner",
		ControlRequestInner{Subtype: "interrupt"}),
	request("set_permission_mode request", "seed 000 §6.1 ControlRequestInner.Mode",
		ControlRequestInner{Subtype: "set_permission_mode", Mode: "acceptEdits"}),
	request("set_permission_mode delegate request", "seed 000 §6.1, §7.2 PermissionMode",
		ControlRequestInner{Subtype: "set_permission_mode", Mode: "delegate"}),
	request("set_model request", "seed 000 §6.1 ControlRequestInner.Model",
		ControlRequestInner{Subtype: "set_model", Model: "claude-sonnet-4-5"}),
	request("set_max_thinking_tokens request", "seed 000 §6.1 ControlRequestInner.MaxThinkingTokens",
		ControlRequestInner{Subtype: "set_max_thinking_tokens", MaxThinkingTokens: ptr(int64(8000))}),
	// The seed means a nil budget to unset it; omitempty drops the member.
	request("set_max_thinking_tokens unset request", "seed 000 §6.1 ControlRequestInner.MaxThinkingTokens (nil to unset)",
		ControlRequestInner{Subtype: "set_max_thinking_tokens"}),
	request("mcp_status request", "seed 000 §6.1 ControlRequestInner",
		ControlRequestInner{Subtype: "mcp_status"}),
	request("mcp_reconnect request", "seed 000 §6.1 ControlRequestInner.ServerName",
		ControlRequestInner{Subtype: "mcp_reconnect", ServerName: "filesystem"}),
	request("mcp_toggle request", "seed 000 §6.1 ControlRequestInner.ServerName, Enabled",
		ControlRequestInner{Subtype: "mcp_toggle", ServerName: "filesystem", Enabled: ptr(false)}),
	request("mcp_set_servers request", "seed 000 §6.1 ControlRequestInner.Servers, §7.3 McpServerConfig",
		ControlRequestInner{Subtype: "mcp_set_servers", Servers: map[string]McpServerConfig{
			"filesystem": {Type: "stdio", Command: "npx", Args: []string{"-y", "@modelcontextprotocol/server-filesystem", "."}},
		}}),
	request("rewind_files request", "seed 000 §6.1 ControlRequestInner.UserMessageID, DryRun",
		ControlRequestInner{Subtype: "rewind_files", UserMessageID: exampleUUID, DryRun: true}),
	{
		Name:   "control_cancel_request",
		Source: "seed 000 §6.3 ControlCancelRequest",
		Value:  &ControlCancelRequest{Type: "control_cancel_request", RequestID: exampleRequestID},
	},
	reply("can_use_tool allow reply", "can_use_tool", "seed 000 §6.2 ControlSuccessResponse, §7.2 PermissionResult",
		PermissionResult{Behavior: "allow", UpdatedInput: map[string]any{"command": "ls -la"}}),
	reply("can_use_tool allow reply with a rule", "can_use_tool", "seed 000 §6.2, §7.2 PermissionResult, PermissionUpdate",
		PermissionResult{Behavior: "allow", Permissions: []PermissionUpdate{{
			Type:        "addRules",
			Destination: "session",
			Rule:        &PermissionRuleValue{ToolName: "Bash", RuleContent: "ls:*"},
		}}}),
	reply("can_use_tool deny reply", "can_use_tool", "seed 000 §6.2, §7.2 PermissionResult",
		PermissionResult{Behavior: "deny", Message: "The user refused this command."}),
	reply("can_use_tool ask reply", "can_use_tool", "seed 000 §7.2 PermissionResult.Behavior (allow|deny|ask)",
		PermissionResult{Behavior: "ask"}),
	// The hook's output type is outside the seed; its result member is any.
	reply("hook_callback reply", "hook_callback", "seed 000 §6.2 ControlSuccessResponse (result any)",
		map[string]any{"continue": true}),
	// With nothing to report, omitempty drops result: only request_id is left.
	reply("hook_callback reply without output", "hook_callback", "seed 000 §6.2 ControlSuccessResponse (result omitempty)",
		nil),
	{
		Name:   "error reply",
		Source: "seed 000 §6.2 ControlErrorResponse",
		Value: &ControlResponse{
			Type:     "control_response",
			Response: ControlErrorResponse{RequestID: exampleCLIReqID, Error: "no handler for this request"},
		},
	},
}

// request returns an example control request with body inner.
func request(name, source string, inner ControlRequestInner) protocol.Example {
	return protocol.Example{Name: name, Source: source, Value: &ControlRequest{
		Type:      "control_request",
		RequestID: exampleRequestID,
		Request:   inner,
	}}
}

// reply returns an example success reply to a CLI request of subtype
// answers, with result as its result member.
func reply(name, answers, source string, result any) protocol.Example {
	return protocol.Example{Name: name, Source: source, Answers: answers, Value: &ControlResponse{
		Type:     "control_response",
		Response: ControlSuccessResponse{RequestID: exampleCLIReqID, Result: result},
	}}
}

func ptr[T any](v T) *T { return &v }
