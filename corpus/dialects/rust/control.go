package rust

import "encoding/json"

// This file holds the control protocol as the client's code writes and
// reads it: the nested envelopes (control/mod.rs:289, :513-540;
// client.rs:742-800), not the flattened Message::ControlRequest and
// Message::ControlResponse variants the Message enum and seed 002 show.
// The client peeks at the raw "type" and decodes the request member as
// IncomingControlRequest and the response member as ControlResponse
// (control/messages.rs); a body that fails to decode is logged and dropped.

// ControlRequestEnvelope is a control_request frame. The SDK writes it with
// json!({"type", "request_id", "request"}); Message::ControlRequest types
// request_id as a required String.
type ControlRequestEnvelope struct {
	// Type is "control_request".
	Type string `json:"type" jsonschema:"required"`
	// RequestID is the request's id: a UUID v4 for the SDK's own requests.
	// The reader takes it from the raw line with a fallback to "".
	RequestID string `json:"request_id" jsonschema:"required"`
	// Request is the body: an IncomingControlRequest variant when the CLI
	// asks, a ControlRequest variant when the SDK does.
	Request any `json:"request" jsonschema:"required"`
}

// ControlResponseEnvelope is a control_response frame, with request_id
// inside the response in both directions.
type ControlResponseEnvelope struct {
	// Type is "control_response".
	Type string `json:"type" jsonschema:"required"`
	// Response is the body: a ControlSuccess or a ControlErrorBody.
	Response any `json:"response" jsonschema:"required"`
}

// HookEvent is the options.rs HookEvent enum, written in PascalCase.
type HookEvent string

// EnumValues lists the enum's variants.
func (HookEvent) EnumValues() []string {
	return []string{"PreToolUse", "PostToolUse", "PostToolUseFailure", "UserPromptSubmit", "Stop",
		"SubagentStop", "SubagentStart", "PreCompact", "Notification", "PermissionRequest"}
}

// CanUseToolRequest is IncomingControlRequest::CanUseTool. Its input member
// is named tool_input, so the CLI's can_use_tool requests (which send
// input) fail to decode and go unanswered.
type CanUseToolRequest struct {
	// Subtype is "can_use_tool".
	Subtype string `json:"subtype" jsonschema:"required"`
	// ToolName names the tool; required.
	ToolName string `json:"tool_name" jsonschema:"required"`
	// ToolInput is the tool's input, a Value; required.
	ToolInput json.RawMessage `json:"tool_input" jsonschema:"required"`
}

// HookCallbackRequest is IncomingControlRequest::HookCallback, with member
// names of the dialect's own: the CLI sends callback_id and input.
type HookCallbackRequest struct {
	// Subtype is "hook_callback".
	Subtype string `json:"subtype" jsonschema:"required"`
	// HookID names the hook handler; required.
	HookID string `json:"hook_id" jsonschema:"required"`
	// HookEvent is the event, a HookEvent variant; required.
	HookEvent HookEvent `json:"hook_event" jsonschema:"required"`
	// HookInput is the hook's input, a Value; required.
	HookInput json.RawMessage `json:"hook_input" jsonschema:"required"`
}

// MCPMessageRequest is IncomingControlRequest::McpMessage.
type MCPMessageRequest struct {
	// Subtype is "mcp_message".
	Subtype string `json:"subtype" jsonschema:"required"`
	// ServerName names the SDK MCP server; required.
	ServerName string `json:"server_name" jsonschema:"required"`
	// Message is the JSON-RPC message, a Value; required.
	Message json.RawMessage `json:"message" jsonschema:"required"`
}

// InitializeRequest is ControlRequest::Initialize, sent first by
// ClaudeClient (control/mod.rs initialize).
type InitializeRequest struct {
	// Subtype is "initialize".
	Subtype string `json:"subtype" jsonschema:"required"`
	// Hooks maps events to the dialect's own HookMatcher; left out when
	// empty.
	Hooks map[HookEvent][]HookMatcher `json:"hooks,omitempty"`
	// Agents maps agent names to definitions; left out when empty.
	Agents map[string]AgentDefinition `json:"agents,omitempty"`
	// SDKMcpServers names the SDK-hosted MCP servers; left out when empty.
	SDKMcpServers []string `json:"sdkMcpServers,omitempty"`
}

// HookMatcher is options.rs HookMatcher: a shape of the dialect's own (the
// wire's matchers carry matcher and hookCallbackIds).
type HookMatcher struct {
	// ToolName is a tool-name pattern with * wildcards; left out when None.
	ToolName string `json:"tool_name,omitempty"`
	// Hooks lists the events the matcher answers; left out when empty.
	Hooks []HookEvent `json:"hooks,omitempty"`
	// TimeoutMS is the hook's timeout in milliseconds; left out when None.
	TimeoutMS *int64 `json:"timeout_ms,omitempty" jsonschema:"minimum=0"`
}

// AgentDefinition is options.rs AgentDefinition.
type AgentDefinition struct {
	// Description describes the agent.
	Description string `json:"description" jsonschema:"required"`
	// Prompt is the agent's prompt.
	Prompt string `json:"prompt" jsonschema:"required"`
	// Tools lists the tools the agent may use.
	Tools []string `json:"tools" jsonschema:"required"`
	// Model overrides the model; an Option serialized as null when None.
	Model *string `json:"model" jsonschema:"required,nullable"`
}

// InterruptRequest is ControlRequest::Interrupt.
type InterruptRequest struct {
	// Subtype is "interrupt".
	Subtype string `json:"subtype" jsonschema:"required"`
}

// SetPermissionModeRequest is ControlRequest::SetPermissionMode.
type SetPermissionModeRequest struct {
	// Subtype is "set_permission_mode".
	Subtype string `json:"subtype" jsonschema:"required"`
	// Mode is the new mode, a free String.
	Mode string `json:"mode" jsonschema:"required"`
}

// SetModelRequest is ControlRequest::SetModel.
type SetModelRequest struct {
	// Subtype is "set_model".
	Subtype string `json:"subtype" jsonschema:"required"`
	// Model names the model; a String, so it cannot be null.
	Model string `json:"model" jsonschema:"required"`
}

// MCPStatusRequest is ControlRequest::McpStatus.
type MCPStatusRequest struct {
	// Subtype is "mcp_status".
	Subtype string `json:"subtype" jsonschema:"required"`
}

// RewindFilesRequest is ControlRequest::RewindFiles.
type RewindFilesRequest struct {
	// Subtype is "rewind_files".
	Subtype string `json:"subtype" jsonschema:"required"`
	// UserMessageID is the id of the user message to rewind to.
	UserMessageID string `json:"user_message_id" jsonschema:"required"`
}

// GetServerInfoRequest is ControlRequest::GetServerInfo, a subtype the CLI
// does not have.
type GetServerInfoRequest struct {
	// Subtype is "get_server_info".
	Subtype string `json:"subtype" jsonschema:"required"`
}

// ControlSuccess is the body of a control_response that succeeded. Read,
// it is ControlResponse::Success, whose flattened data keeps every other
// member raw; written, it is a json! literal with request_id and response.
type ControlSuccess struct {
	// Subtype is "success".
	Subtype string `json:"subtype" jsonschema:"required"`
	// RequestID is the id of the request answered: always written; read
	// from the raw line with a fallback to "".
	RequestID string `json:"request_id,omitempty"`
	// Response is the payload: a PermissionReply for can_use_tool, the
	// handler's Value for hook_callback, an MCPReply for mcp_message.
	Response any `json:"response,omitempty"`
}

// ControlErrorBody is the body of a control_response that failed:
// ControlResponse::Error, whose flattened extra keeps the other members.
type ControlErrorBody struct {
	// Subtype is "error".
	Subtype string `json:"subtype" jsonschema:"required"`
	// RequestID is the id of the request answered: always written; read
	// from the raw line with a fallback to "".
	RequestID string `json:"request_id,omitempty"`
	// Error says what went wrong; a String, required.
	Error string `json:"error" jsonschema:"required"`
}

// PermissionReply is the payload the SDK answers can_use_tool with
// (control/mod.rs:427-451): allowed, where the CLI expects behavior.
type PermissionReply struct {
	// Allowed says whether the tool may run.
	Allowed bool `json:"allowed" jsonschema:"required"`
	// UpdatedInput replaces the tool's input; written only when allowing
	// with a new input.
	UpdatedInput json.RawMessage `json:"updatedInput,omitempty"`
	// Interrupt stops the turn; written (true or false) with every denial.
	Interrupt *bool `json:"interrupt,omitempty"`
}

// MCPReply is the payload the SDK answers mcp_message with: the server's
// JSON-RPC reply under mcp_response.
type MCPReply struct {
	// MCPResponse is the JSON-RPC reply.
	MCPResponse json.RawMessage `json:"mcp_response" jsonschema:"required"`
}
