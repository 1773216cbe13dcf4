package spec02

// This file holds the control protocol of seed 000 §6: the request envelope
// with its one flat body for 13 subtypes, the response frame, and the cancel
// request.

// ControlRequest is the envelope of a control request (seed §6.1): the
// request id sits next to type, and the body is nested under request.
type ControlRequest struct {
	// Type is "control_request".
	Type string `json:"type" jsonschema:"required"`
	// RequestID correlates the request with its response; the seed calls it a
	// UUID but types it string.
	RequestID string `json:"request_id" jsonschema:"required"`
	// Request is the body, selected by its subtype.
	Request ControlRequestInner `json:"request" jsonschema:"required"`
}

// ControlRequestInner is the body of every control request: one struct for
// all 13 subtypes the seed lists (interrupt, can_use_tool,
// set_permission_mode, set_model, set_max_thinking_tokens, mcp_status,
// mcp_reconnect, mcp_toggle, mcp_set_servers, mcp_message, rewind_files,
// hook_callback, initialize). Every member but subtype has omitempty.
//
// The seed also declares Input (map, for can_use_tool) and HookInput (any,
// for hook_callback), both tagged "input". encoding/json ignores two fields
// of one name at the same depth, so the seed neither reads nor writes an
// input member; this package leaves both out, which makes input an
// undeclared member. The seed has no members for the payloads of initialize
// and mcp_message.
type ControlRequestInner struct {
	// Subtype selects the command.
	Subtype string `json:"subtype" jsonschema:"required"`
	// ToolName names the tool asking for permission (can_use_tool).
	ToolName string `json:"tool_name,omitempty"`
	// PermissionSuggestions lists rule changes to offer (can_use_tool).
	PermissionSuggestions []PermissionUpdate `json:"permission_suggestions,omitempty"`
	// BlockedPath is the path that triggered the request (can_use_tool).
	BlockedPath string `json:"blocked_path,omitempty"`
	// DecisionReason says why permission is asked (can_use_tool).
	DecisionReason string `json:"decision_reason,omitempty"`
	// ToolUseID is the id of the tool_use block (can_use_tool).
	ToolUseID string `json:"tool_use_id,omitempty"`
	// AgentID identifies the subagent that asks (can_use_tool).
	AgentID string `json:"agent_id,omitempty"`
	// Description describes the tool call (can_use_tool).
	Description string `json:"description,omitempty"`
	// Mode is the new permission mode (set_permission_mode); an empty mode is
	// dropped.
	Mode PermissionMode `json:"mode,omitempty"`
	// Model is the new model (set_model); an empty model is dropped.
	Model string `json:"model,omitempty"`
	// MaxThinkingTokens is the new thinking budget (set_max_thinking_tokens).
	// The seed means nil to unset it, but omitempty drops a nil pointer, so
	// an unset request has no such member at all.
	MaxThinkingTokens *int64 `json:"max_thinking_tokens,omitempty"`
	// Servers maps server names to their configuration (mcp_set_servers).
	Servers map[string]McpServerConfig `json:"servers,omitempty"`
	// ServerName names the server (mcp_reconnect, mcp_toggle), in camelCase.
	ServerName string `json:"serverName,omitempty"`
	// Enabled turns the server on or off (mcp_toggle).
	Enabled *bool `json:"enabled,omitempty"`
	// UserMessageID is the user message to rewind to (rewind_files).
	UserMessageID string `json:"user_message_id,omitempty"`
	// DryRun asks for a preview only (rewind_files); false is dropped.
	DryRun bool `json:"dry_run,omitempty"`
	// CallbackID names the hook callback to run (hook_callback).
	CallbackID string `json:"callback_id,omitempty"`
}

// ControlResponse is a whole control response frame (seed §6.2). It has no
// request id of its own, and the seed types the body any: a
// ControlSuccessResponse or a ControlErrorResponse, neither with a subtype.
// The seed's reader therefore takes any JSON as the body.
type ControlResponse struct {
	// Type is "control_response".
	Type string `json:"type" jsonschema:"required"`
	// Response is the body; untyped in the seed, written as null when nil.
	Response any `json:"response" jsonschema:"required,nullable"`
}

// ControlSuccessResponse is the body of a successful control response.
type ControlSuccessResponse struct {
	// RequestID is the id of the request answered.
	RequestID string `json:"request_id" jsonschema:"required"`
	// Result is the answer, such as a PermissionResult; the seed names it
	// result and drops it when nil.
	Result any `json:"result,omitempty"`
}

// ControlErrorResponse is the body of a failed control response.
type ControlErrorResponse struct {
	// RequestID is the id of the request answered.
	RequestID string `json:"request_id" jsonschema:"required"`
	// Error says what went wrong.
	Error string `json:"error" jsonschema:"required"`
}

// ControlCancelRequest withdraws a pending control request (seed §6.3).
type ControlCancelRequest struct {
	// Type is "control_cancel_request".
	Type string `json:"type" jsonschema:"required"`
	// RequestID is the id of the request withdrawn.
	RequestID string `json:"request_id" jsonschema:"required"`
}
