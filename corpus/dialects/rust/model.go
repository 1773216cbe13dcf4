package rust

import (
	"encoding/json"

	"github.com/protocheck/protocheck/protocol"
)

// Model is rusty_claw's dialect.
var Model = &protocol.Model{
	Name:      "rust",
	Doc:       "rusty_claw @b182bf8 (messages.rs, control/) with seed 002",
	Variants:  Variants,
	Unions:    []*protocol.Union{contentBlockUnion},
	Envelopes: Envelopes,
	Examples:  Examples,
}

// Variants lists what rusty_claw reads and writes. There is no
// stream_event: messages.rs has a StreamEvent{event_type, data} struct, but
// it is not a variant of the Message enum, so every stream_event line is a
// serde error (unknown variant).
var Variants = []*protocol.Variant{
	{Name: "system.init", Type: "system", Subtype: "init", New: func() any { return new(SystemInit) }, Direction: protocol.CLIToSDK,
		Doc: "The session's first line: session_id, tools (objects or names) and mcp_servers; the rest kept raw."},
	{Name: "system.compact_boundary", Type: "system", Subtype: "compact_boundary", New: func() any { return new(CompactBoundary) }, Direction: protocol.CLIToSDK,
		Doc: "A compaction marker; its payload is discarded."},
	{Name: "assistant", Type: "assistant", New: func() any { return new(AssistantMessage) }, Direction: protocol.CLIToSDK,
		Doc: "A model response: message{role, content} and an invented duration_ms."},
	{Name: "user", Type: "user", New: func() any { return new(UserMessage) }, Direction: protocol.Both,
		Doc: "A user turn; read with list content only, written as OutgoingUserMessage with string content."},
	{Name: "result.success", Type: "result", Subtype: "success", New: func() any { return new(ResultSuccess) }, Direction: protocol.CLIToSDK,
		Doc: "A successful turn; only result is required."},
	{Name: "result.error", Type: "result", Subtype: "error", New: func() any { return new(ResultError) }, Direction: protocol.CLIToSDK,
		Doc: "A failed turn with a singular error string: a subtype the CLI does not print."},
	{Name: "result.input_required", Type: "result", Subtype: "input_required", New: func() any { return new(ResultInputRequired) }, Direction: protocol.CLIToSDK,
		Doc: "A paused session: a subtype the CLI does not print."},
	{Name: "rate_limit_event", Type: "rate_limit_event", New: func() any { return new(RateLimitEvent) }, Direction: protocol.CLIToSDK,
		Doc: "A rate-limit event, kept as a raw Value."},
	{Name: "mcp_message", Type: "mcp_message", New: func() any { return new(McpMessage) }, Direction: protocol.CLIToSDK,
		Doc: "A top-level MCP message, kept as a raw Value; not a type the CLI prints."},

	{Name: "control_request.can_use_tool", Type: "control_request", Subtype: "can_use_tool", New: func() any { return new(CanUseToolRequest) }, Direction: protocol.CLIToSDK,
		Doc: "The CLI asks whether a tool may run; the input is read from tool_input."},
	{Name: "control_request.hook_callback", Type: "control_request", Subtype: "hook_callback", New: func() any { return new(HookCallbackRequest) }, Direction: protocol.CLIToSDK,
		Doc: "The CLI asks for a hook; read as hook_id, hook_event, hook_input."},
	{Name: "control_request.mcp_message", Type: "control_request", Subtype: "mcp_message", New: func() any { return new(MCPMessageRequest) }, Direction: protocol.CLIToSDK,
		Doc: "A JSON-RPC message for an SDK-hosted MCP server."},
	{Name: "control_request.initialize", Type: "control_request", Subtype: "initialize", New: func() any { return new(InitializeRequest) }, Direction: protocol.SDKToCLI,
		Doc: "Registers hooks, agents and SDK MCP server names."},
	{Name: "control_request.interrupt", Type: "control_request", Subtype: "interrupt", New: func() any { return new(InterruptRequest) }, Direction: protocol.SDKToCLI,
		Doc: "Stops the current turn."},
	{Name: "control_request.set_permission_mode", Type: "control_request", Subtype: "set_permission_mode", New: func() any { return new(SetPermissionModeRequest) }, Direction: protocol.SDKToCLI,
		Doc: "Changes the permission mode (a free string)."},
	{Name: "control_request.set_model", Type: "control_request", Subtype: "set_model", New: func() any { return new(SetModelRequest) }, Direction: protocol.SDKToCLI,
		Doc: "Changes the model; model is required."},
	{Name: "control_request.mcp_status", Type: "control_request", Subtype: "mcp_status", New: func() any { return new(MCPStatusRequest) }, Direction: protocol.SDKToCLI,
		Doc: "Asks for the MCP servers' state."},
	{Name: "control_request.rewind_files", Type: "control_request", Subtype: "rewind_files", New: func() any { return new(RewindFilesRequest) }, Direction: protocol.SDKToCLI,
		Doc: "Restores files to their state at a user message."},
	{Name: "control_request.get_server_info", Type: "control_request", Subtype: "get_server_info", New: func() any { return new(GetServerInfoRequest) }, Direction: protocol.SDKToCLI,
		Doc: "Asks for server information: a subtype the CLI does not have."},
	{Name: "control_response.success", Type: "control_response", Subtype: "success", New: func() any { return new(ControlSuccess) }, Direction: protocol.Both,
		Doc: "A request succeeded; the SDK's permission replies carry allowed, not behavior."},
	{Name: "control_response.error", Type: "control_response", Subtype: "error", New: func() any { return new(ControlErrorBody) }, Direction: protocol.Both,
		Doc: "A request failed."},
}

// Envelopes lists the nested control envelopes the client's code uses.
var Envelopes = []protocol.Envelope{
	{Type: "control_request", Member: "request", New: func() any { return new(ControlRequestEnvelope) }},
	{Type: "control_response", Member: "response", New: func() any { return new(ControlResponseEnvelope) }},
}

// The SDK names its own requests with UUIDs v4; replies echo the id of the
// CLI's request.
const (
	exampleRequestID = "0b5e4c1a-7d2f-4e8b-9a6c-3f1d2e7b8c90"
	exampleCLIID     = "3f8e2a4c-9b1d-4e6f-a2c5-7d8e9f0a1b2c"
)

func request(body any) ControlRequestEnvelope {
	return ControlRequestEnvelope{Type: "control_request", RequestID: exampleRequestID, Request: body}
}

func reply(payload any) ControlResponseEnvelope {
	return ControlResponseEnvelope{Type: "control_response", Response: ControlSuccess{Subtype: "success", RequestID: exampleCLIID, Response: payload}}
}

func ptr[T any](v T) *T { return &v }

// Examples lists every kind of line rusty_claw writes to the CLI's stdin,
// built as its code builds them.
var Examples = []protocol.Example{
	{Name: "user message", Source: "client.rs:691 (write_message)",
		Value: OutgoingUserMessage{Type: "user", SessionID: "", Message: OutgoingUserBody{Role: "user", Content: "List the files"}}},
	{Name: "initialize", Source: "control/mod.rs:225-247, control/messages.rs ControlRequest::Initialize",
		Value: request(InitializeRequest{Subtype: "initialize",
			Hooks:         map[HookEvent][]HookMatcher{"PreToolUse": {{ToolName: "Bash", TimeoutMS: ptr(int64(5000))}}},
			Agents:        map[string]AgentDefinition{"reviewer": {Description: "Reviews code", Prompt: "Review the diff", Tools: []string{"Read"}}},
			SDKMcpServers: []string{"calc"}})},
	{Name: "initialize, nothing registered", Source: "control/mod.rs:225-247",
		Value: request(InitializeRequest{Subtype: "initialize"})},
	{Name: "interrupt", Source: "control/messages.rs ControlRequest::Interrupt; control/mod.rs:289",
		Value: request(InterruptRequest{Subtype: "interrupt"})},
	{Name: "set_permission_mode", Source: "control/messages.rs ControlRequest::SetPermissionMode",
		Value: request(SetPermissionModeRequest{Subtype: "set_permission_mode", Mode: "acceptEdits"})},
	{Name: "set_model", Source: "control/messages.rs ControlRequest::SetModel",
		Value: request(SetModelRequest{Subtype: "set_model", Model: "claude-sonnet-4"})},
	{Name: "mcp_status", Source: "control/messages.rs ControlRequest::McpStatus",
		Value: request(MCPStatusRequest{Subtype: "mcp_status"})},
	{Name: "rewind_files", Source: "control/messages.rs ControlRequest::RewindFiles",
		Value: request(RewindFilesRequest{Subtype: "rewind_files", UserMessageID: "5b0c6a52-3d1e-4f7a-9c2b-8e4d1a6f0b3c"})},
	{Name: "get_server_info", Source: "control/messages.rs ControlRequest::GetServerInfo",
		Value: request(GetServerInfoRequest{Subtype: "get_server_info"})},
	{Name: "can_use_tool allow reply", Answers: "can_use_tool", Source: "control/mod.rs:427-431, 449-452",
		Value: reply(PermissionReply{Allowed: true})},
	{Name: "can_use_tool allow reply with a new input", Answers: "can_use_tool", Source: "control/mod.rs:427-431",
		Value: reply(PermissionReply{Allowed: true, UpdatedInput: json.RawMessage(`{"command":"ls -la"}`)})},
	{Name: "can_use_tool deny reply", Answers: "can_use_tool", Source: "control/mod.rs:433-441 (seed 002 §11 shows it flattened)",
		Value: reply(PermissionReply{Allowed: false, Interrupt: ptr(false)})},
	{Name: "hook_callback reply", Answers: "hook_callback", Source: "control/mod.rs:455-466",
		Value: reply(json.RawMessage(`{"continue":true}`))},
	{Name: "mcp_message reply", Answers: "mcp_message", Source: "control/mod.rs:481-496",
		Value: reply(MCPReply{MCPResponse: json.RawMessage(`{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"4"}]}}`)})},
	{Name: "error reply", Source: "control/mod.rs:468-472, 527-545",
		Value: ControlResponseEnvelope{Type: "control_response", Response: ControlErrorBody{Subtype: "error", RequestID: exampleCLIID, Error: "No handler registered for hook_id: hook_0"}}},
}
