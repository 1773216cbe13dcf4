package python

import (
	"encoding/json"
	"slices"

	"github.com/protocheck/protocheck/protocol"
)

// Model is the Python SDK's dialect.
var Model = &protocol.Model{
	Name:      "python",
	Doc:       "claude-agent-sdk-python 0.2.143 (message_parser.py, query.py) with seed 001",
	Variants:  Variants,
	Unions:    []*protocol.Union{assistantBlockUnion, userBlockUnion},
	Envelopes: Envelopes,
	Examples:  Examples,
}

// ModelBefore0140 is the Python SDK's dialect before 0.1.40, kept to show
// what the matrix would have said then: the parser raised MessageParseError
// on a type it did not know (its policy, in python0139/dialect.json, fails
// unknown types) and had no case for rate_limit_event, so the first CLI that
// printed one crashed every session (#598, fixed in 0.1.40). It is today's
// model less that variant and conversation_reset, which the parser of
// 0.1.37 (the release before 0.1.40 on PyPI, a harness row of the matrix)
// has no case for either and so fails on; the parser's other changes since
// are not modelled.
var ModelBefore0140 = &protocol.Model{
	Name:      "python-0.1.39",
	Doc:       "claude-agent-sdk-python before 0.1.40: today's model without rate_limit_event and conversation_reset, failing on unknown types",
	Variants:  without(Variants, "rate_limit_event", "conversation_reset"),
	Unions:    Model.Unions,
	Envelopes: Envelopes,
	Examples:  Examples,
}

// without returns vs less the variants named in names.
func without(vs []*protocol.Variant, names ...string) []*protocol.Variant {
	var out []*protocol.Variant
	for _, v := range vs {
		if !slices.Contains(names, v.Name) {
			out = append(out, v)
		}
	}
	return out
}

// Variants lists what the Python SDK reads and writes. A system line of a
// subtype not listed matches the generic "system" variant; every result
// line matches "result".
var Variants = []*protocol.Variant{
	{Name: "user", Type: "user", New: func() any { return new(UserMessage) }, Direction: protocol.Both,
		Doc: "A user turn: read as UserMessage (replays not told apart); the SDK writes string prompts as OutgoingUserMessage."},
	{Name: "assistant", Type: "assistant", New: func() any { return new(AssistantMessage) }, Direction: protocol.CLIToSDK,
		Doc: "A model response; message.content and message.model are required."},
	{Name: "system", Type: "system", New: func() any { return new(SystemMessage) }, Direction: protocol.CLIToSDK,
		Doc: "Any other system subtype: a generic SystemMessage that keeps the raw dict."},
	{Name: "system.task_started", Type: "system", Subtype: "task_started", New: func() any { return new(TaskStartedMessage) }, Direction: protocol.CLIToSDK,
		Doc: "A task started."},
	{Name: "system.task_progress", Type: "system", Subtype: "task_progress", New: func() any { return new(TaskProgressMessage) }, Direction: protocol.CLIToSDK,
		Doc: "A task's progress."},
	{Name: "system.task_notification", Type: "system", Subtype: "task_notification", New: func() any { return new(TaskNotificationMessage) }, Direction: protocol.CLIToSDK,
		Doc: "A task ended."},
	{Name: "system.task_updated", Type: "system", Subtype: "task_updated", New: func() any { return new(TaskUpdatedMessage) }, Direction: protocol.CLIToSDK,
		Doc: "A patch to a task's state, parsed without raising."},
	{Name: "system.mirror_error", Type: "system", Subtype: "mirror_error", New: func() any { return new(MirrorErrorMessage) }, Direction: protocol.CLIToSDK,
		Doc: "A SessionStore mirroring failure; made by the SDK itself."},
	{Name: "system.hook_started", Type: "system", Subtype: "hook_started", New: func() any { return new(HookEventMessage) }, Direction: protocol.CLIToSDK,
		Doc: "A hook started: HookEventMessage."},
	{Name: "system.hook_response", Type: "system", Subtype: "hook_response", New: func() any { return new(HookEventMessage) }, Direction: protocol.CLIToSDK,
		Doc: "A hook finished: HookEventMessage."},
	{Name: "result", Type: "result", New: func() any { return new(ResultMessage) }, Direction: protocol.CLIToSDK,
		Doc: "The end of a turn, any subtype, one dataclass."},
	{Name: "stream_event", Type: "stream_event", New: func() any { return new(StreamEvent) }, Direction: protocol.CLIToSDK,
		Doc: "A raw API stream event; uuid, session_id and event are required."},
	{Name: "rate_limit_event", Type: "rate_limit_event", New: func() any { return new(RateLimitEvent) }, Direction: protocol.CLIToSDK,
		Doc: "A rate-limit state change; the info dict is also kept raw."},
	{Name: "conversation_reset", Type: "conversation_reset", New: func() any { return new(ConversationResetMessage) }, Direction: protocol.CLIToSDK,
		Doc: "The CLI started a new conversation."},
	{Name: "control_cancel_request", Type: "control_cancel_request", New: func() any { return new(ControlCancelRequest) }, Direction: protocol.CLIToSDK,
		Doc: "Withdraws a can_use_tool, hook_callback or mcp_message request; no reply."},

	{Name: "control_request.can_use_tool", Type: "control_request", Subtype: "can_use_tool", New: func() any { return new(CanUseToolRequest) }, Direction: protocol.CLIToSDK,
		Doc: "The CLI asks whether a tool may run."},
	{Name: "control_request.hook_callback", Type: "control_request", Subtype: "hook_callback", New: func() any { return new(HookCallbackRequest) }, Direction: protocol.CLIToSDK,
		Doc: "The CLI asks the SDK to run a registered hook callback."},
	{Name: "control_request.mcp_message", Type: "control_request", Subtype: "mcp_message", New: func() any { return new(MCPMessageRequest) }, Direction: protocol.CLIToSDK,
		Doc: "A JSON-RPC message for an in-process SDK MCP server."},
	{Name: "control_request.initialize", Type: "control_request", Subtype: "initialize", New: func() any { return new(InitializeRequest) }, Direction: protocol.SDKToCLI,
		Doc: "Registers hooks and agents at start-up."},
	{Name: "control_request.interrupt", Type: "control_request", Subtype: "interrupt", New: func() any { return new(InterruptRequest) }, Direction: protocol.SDKToCLI,
		Doc: "Stops the current turn."},
	{Name: "control_request.set_permission_mode", Type: "control_request", Subtype: "set_permission_mode", New: func() any { return new(SetPermissionModeRequest) }, Direction: protocol.SDKToCLI,
		Doc: "Changes the permission mode."},
	{Name: "control_request.set_model", Type: "control_request", Subtype: "set_model", New: func() any { return new(SetModelRequest) }, Direction: protocol.SDKToCLI,
		Doc: "Changes the model; null for the default."},
	{Name: "control_request.rewind_files", Type: "control_request", Subtype: "rewind_files", New: func() any { return new(RewindFilesRequest) }, Direction: protocol.SDKToCLI,
		Doc: "Restores files to their state at a user message."},
	{Name: "control_request.mcp_status", Type: "control_request", Subtype: "mcp_status", New: func() any { return new(MCPStatusRequest) }, Direction: protocol.SDKToCLI,
		Doc: "Asks for the MCP servers' state."},
	{Name: "control_request.get_context_usage", Type: "control_request", Subtype: "get_context_usage", New: func() any { return new(GetContextUsageRequest) }, Direction: protocol.SDKToCLI,
		Doc: "Asks how the context window is used."},
	{Name: "control_request.mcp_reconnect", Type: "control_request", Subtype: "mcp_reconnect", New: func() any { return new(MCPReconnectRequest) }, Direction: protocol.SDKToCLI,
		Doc: "Reconnects an MCP server."},
	{Name: "control_request.mcp_toggle", Type: "control_request", Subtype: "mcp_toggle", New: func() any { return new(MCPToggleRequest) }, Direction: protocol.SDKToCLI,
		Doc: "Turns an MCP server on or off."},
	{Name: "control_request.stop_task", Type: "control_request", Subtype: "stop_task", New: func() any { return new(StopTaskRequest) }, Direction: protocol.SDKToCLI,
		Doc: "Stops a background task."},
	{Name: "control_response.success", Type: "control_response", Subtype: "success", New: func() any { return new(ControlSuccess) }, Direction: protocol.Both,
		Doc: "A request succeeded; the SDK's replies carry behavior, hook output or mcp_response."},
	{Name: "control_response.error", Type: "control_response", Subtype: "error", New: func() any { return new(ControlErrorResponse) }, Direction: protocol.Both,
		Doc: "A request failed; the SDK answers unsupported subtypes this way."},
}

// Envelopes lists the nested control envelopes that hold the control
// variants' bodies.
var Envelopes = []protocol.Envelope{
	{Type: "control_request", Member: "request", New: func() any { return new(ControlRequestEnvelope) }},
	{Type: "control_response", Member: "response", New: func() any { return new(ControlResponseEnvelope) }},
}

// The request ids below have the shape the SDK gives its own requests; the
// replies echo ids of the CLI's requests.
const (
	exampleRequestID = "req_1_0a1b2c3d"
	exampleCLIID     = "3f8e2a4c-9b1d-4e6f-a2c5-7d8e9f0a1b2c"
)

func request(body any) ControlRequestEnvelope {
	return ControlRequestEnvelope{Type: "control_request", RequestID: exampleRequestID, Request: body}
}

func reply(payload any) ControlResponseEnvelope {
	return ControlResponseEnvelope{Type: "control_response", Response: ControlSuccess{Subtype: "success", RequestID: exampleCLIID, Response: payload}}
}

func ptr[T any](v T) *T { return &v }

// Examples lists every kind of line the Python SDK writes to the CLI's
// stdin, built as its code builds them.
var Examples = []protocol.Example{
	{Name: "user message (ClaudeSDKClient string prompt)", Source: "client.py:264 (seed 001 §Example Message Flow)",
		Value: OutgoingUserMessage{Type: "user", Message: OutgoingUserBody{Role: "user", Content: "Hello"}, SessionID: "default"}},
	{Name: "user message (one-shot query)", Source: "_internal/client.py:177",
		Value: OutgoingUserMessage{Type: "user", Message: OutgoingUserBody{Role: "user", Content: "Hello"}, SessionID: ""}},
	{Name: "initialize with a hook", Source: "_internal/query.py:240-279",
		Value: request(InitializeRequest{Subtype: "initialize", Hooks: map[string][]HookMatcherConfig{
			"PreToolUse": {{Matcher: ptr("Bash"), HookCallbackIDs: []string{"hook_0"}}},
		}})},
	{Name: "initialize without hooks", Source: "_internal/query.py:262-265",
		Value: request(InitializeRequest{Subtype: "initialize"})},
	{Name: "interrupt", Source: "_internal/query.py:686",
		Value: request(InterruptRequest{Subtype: "interrupt"})},
	{Name: "set_permission_mode", Source: "_internal/query.py:690-694",
		Value: request(SetPermissionModeRequest{Subtype: "set_permission_mode", Mode: "acceptEdits"})},
	{Name: "set_model", Source: "_internal/query.py:699-703",
		Value: request(SetModelRequest{Subtype: "set_model", Model: ptr("claude-sonnet-4-5")})},
	{Name: "set_model to the default", Source: "_internal/query.py:699-703",
		Value: request(SetModelRequest{Subtype: "set_model"})},
	{Name: "rewind_files", Source: "_internal/query.py:714-718",
		Value: request(RewindFilesRequest{Subtype: "rewind_files", UserMessageID: "5b0c6a52-3d1e-4f7a-9c2b-8e4d1a6f0b3c"})},
	{Name: "mcp_status", Source: "_internal/query.py:678",
		Value: request(MCPStatusRequest{Subtype: "mcp_status"})},
	{Name: "get_context_usage", Source: "_internal/query.py:682",
		Value: request(GetContextUsageRequest{Subtype: "get_context_usage"})},
	{Name: "mcp_reconnect", Source: "_internal/query.py:727-731",
		Value: request(MCPReconnectRequest{Subtype: "mcp_reconnect", ServerName: "files"})},
	{Name: "mcp_toggle", Source: "_internal/query.py:741-746",
		Value: request(MCPToggleRequest{Subtype: "mcp_toggle", ServerName: "files", Enabled: false})},
	{Name: "stop_task", Source: "_internal/query.py:755-759",
		Value: request(StopTaskRequest{Subtype: "stop_task", TaskID: "task_1"})},
	{Name: "can_use_tool allow reply", Answers: "can_use_tool", Source: "_internal/query.py:509-522",
		Value: reply(PermissionAllow{Behavior: "allow", UpdatedInput: json.RawMessage(`{"command":"ls"}`)})},
	{Name: "can_use_tool allow reply with a permission update", Answers: "can_use_tool", Source: "_internal/query.py:509-522, types.py PermissionUpdate.to_dict",
		Value: reply(PermissionAllow{Behavior: "allow", UpdatedInput: json.RawMessage(`{"command":"ls"}`), UpdatedPermissions: []PermissionUpdate{{
			Type: "addRules", Destination: "session", Behavior: "allow",
			Rules: []PermissionRuleValue{{ToolName: "Bash", RuleContent: ptr("ls:*")}},
		}}})},
	{Name: "can_use_tool deny reply", Answers: "can_use_tool", Source: "_internal/query.py:523-526",
		Value: reply(PermissionDeny{Behavior: "deny", Message: "not allowed"})},
	{Name: "can_use_tool deny reply that interrupts", Answers: "can_use_tool", Source: "_internal/query.py:523-526",
		Value: reply(PermissionDeny{Behavior: "deny", Message: "stop", Interrupt: true})},
	{Name: "hook_callback reply", Answers: "hook_callback", Source: "_internal/query.py:532-546, 83-99",
		Value: reply(HookOutput{Continue: ptr(true), HookSpecificOutput: json.RawMessage(`{"hookEventName":"PreToolUse","permissionDecision":"allow"}`)})},
	{Name: "mcp_message reply", Answers: "mcp_message", Source: "_internal/query.py:548-566",
		Value: reply(MCPResponse{MCPResponse: json.RawMessage(`{"jsonrpc":"2.0","id":1,"result":{"tools":[]}}`)})},
	{Name: "error reply (unsupported subtype)", Source: "_internal/query.py:568-595",
		Value: ControlResponseEnvelope{Type: "control_response", Response: ControlErrorResponse{Subtype: "error", RequestID: exampleCLIID, Error: "Unsupported control request subtype: elicitation"}}},
}
