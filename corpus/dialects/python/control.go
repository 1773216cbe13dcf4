package python

import "encoding/json"

// This file holds the control protocol as _internal/query.py reads and
// writes it: the real nested envelopes, request_id at the top of a
// control_request and inside the response of a control_response. The read
// loop (_read_messages) takes control_response, control_request and
// control_cancel_request frames (and transcript_mirror) off the stream
// before parse_message sees anything. The request bodies are the TypedDicts
// of types.py; the lines the SDK writes are dict literals in query.py.

// ControlRequestEnvelope is a control_request frame (types.py
// SDKControlRequest), in either direction.
type ControlRequestEnvelope struct {
	// Type is "control_request".
	Type string `json:"type" jsonschema:"required"`
	// RequestID is the sender's id for the request; required (the read
	// loop reads request["request_id"]). The SDK makes its own as
	// "req_<counter>_<8 hex digits>".
	RequestID string `json:"request_id" jsonschema:"required"`
	// Request is the body, one of the request types of this package;
	// required (request["request"]).
	Request any `json:"request" jsonschema:"required"`
}

// ControlResponseEnvelope is a control_response frame (types.py
// SDKControlResponse), in either direction.
type ControlResponseEnvelope struct {
	// Type is "control_response".
	Type string `json:"type" jsonschema:"required"`
	// Response is the body: a ControlSuccess or a ControlErrorResponse. The
	// read loop reads it with message.get("response", {}).
	Response any `json:"response" jsonschema:"required"`
}

// CanUseToolRequest asks the SDK whether a tool may run (types.py
// SDKControlPermissionRequest). The handler reads tool_name and input with
// [] and the rest with .get; a missing key raises and is answered with an
// error response.
type CanUseToolRequest struct {
	// Subtype is "can_use_tool".
	Subtype string `json:"subtype" jsonschema:"required"`
	// ToolName names the tool; required.
	ToolName string `json:"tool_name" jsonschema:"required"`
	// Input is the tool's input; required.
	Input json.RawMessage `json:"input" jsonschema:"required"`
	// PermissionSuggestions lists PermissionUpdate dicts the CLI offers;
	// the TypedDict declares it (as list | None) but the handler reads it
	// with .get.
	PermissionSuggestions []PermissionUpdate `json:"permission_suggestions,omitempty" jsonschema:"nullable"`
	// BlockedPath is the path that triggered the request; declared, read
	// with .get.
	BlockedPath *string `json:"blocked_path,omitempty" jsonschema:"nullable"`
	// DecisionReason says why the CLI asks; NotRequired.
	DecisionReason string `json:"decision_reason,omitempty"`
	// Title is a title for a permission prompt; NotRequired.
	Title string `json:"title,omitempty"`
	// DisplayName is the tool's display name; NotRequired.
	DisplayName string `json:"display_name,omitempty"`
	// Description describes the call; NotRequired.
	Description string `json:"description,omitempty"`
	// ToolUseID is the id of the tool call; the TypedDict declares it
	// (str), the handler reads it with .get.
	ToolUseID string `json:"tool_use_id,omitempty"`
	// AgentID names the subagent that makes the call; NotRequired.
	AgentID string `json:"agent_id,omitempty"`
}

// HookCallbackRequest asks the SDK to run a hook callback it registered in
// initialize (types.py SDKHookCallbackRequest).
type HookCallbackRequest struct {
	// Subtype is "hook_callback".
	Subtype string `json:"subtype" jsonschema:"required"`
	// CallbackID is one of the hookCallbackIds the SDK sent; required
	// (["callback_id"]).
	CallbackID string `json:"callback_id" jsonschema:"required"`
	// Input is the hook's input; declared, read with .get.
	Input json.RawMessage `json:"input,omitempty"`
	// ToolUseID is the id of the tool call the hook is about; declared as
	// str | None, read with .get.
	ToolUseID *string `json:"tool_use_id,omitempty" jsonschema:"nullable"`
}

// MCPMessageRequest carries a JSON-RPC message for an MCP server the SDK
// runs in-process (types.py SDKControlMcpMessageRequest). Both members are
// read with .get, but the handler raises when either is missing or empty.
type MCPMessageRequest struct {
	// Subtype is "mcp_message".
	Subtype string `json:"subtype" jsonschema:"required"`
	// ServerName names the SDK MCP server; required by the handler.
	ServerName string `json:"server_name" jsonschema:"required"`
	// Message is the JSON-RPC message, a dict; required by the handler.
	Message json.RawMessage `json:"message" jsonschema:"required"`
}

// InitializeRequest is the first request the SDK sends in streaming mode
// (types.py SDKControlInitializeRequest; query.py initialize).
type InitializeRequest struct {
	// Subtype is "initialize".
	Subtype string `json:"subtype" jsonschema:"required"`
	// Hooks maps a hook event name to its matchers; always written, null
	// when no hook is registered.
	Hooks map[string][]HookMatcherConfig `json:"hooks" jsonschema:"required,nullable"`
	// Agents maps agent names to their definitions; NotRequired.
	Agents map[string]json.RawMessage `json:"agents,omitempty"`
	// ExcludeDynamicSections leaves the dynamic sections out of the system
	// prompt; NotRequired.
	ExcludeDynamicSections *bool `json:"excludeDynamicSections,omitempty"`
	// SystemPromptSnapshot asks for the system prompt's snapshot; written
	// when the option system_prompt_snapshot is set (query.py initialize,
	// 0.2.x).
	SystemPromptSnapshot *bool `json:"systemPromptSnapshot,omitempty"`
	// Skills lists the skills to enable; NotRequired, written only for an
	// explicit list.
	Skills []string `json:"skills,omitempty"`
	// ForwardSubagentText asks for subagent text; written only when true.
	ForwardSubagentText bool `json:"forwardSubagentText,omitempty"`
}

// HookMatcherConfig is one matcher of InitializeRequest.hooks, as
// query.py builds it.
type HookMatcherConfig struct {
	// Matcher is the tool-name pattern, or null for every tool; always
	// written.
	Matcher *string `json:"matcher" jsonschema:"required,nullable"`
	// HookCallbackIDs are the ids ("hook_<n>") the CLI sends back in
	// hook_callback requests; always written.
	HookCallbackIDs []string `json:"hookCallbackIds" jsonschema:"required"`
	// Timeout is the matcher's timeout in seconds; written when set.
	Timeout *float64 `json:"timeout,omitempty"`
	// OnFailure is the matcher's on_failure ("continue" or "block");
	// written when set (query.py initialize, 0.2.x).
	OnFailure *string `json:"onFailure,omitempty"`
}

// InterruptRequest stops the current turn (types.py
// SDKControlInterruptRequest).
type InterruptRequest struct {
	// Subtype is "interrupt".
	Subtype string `json:"subtype" jsonschema:"required"`
}

// PermissionMode is types.py PermissionMode.
type PermissionMode string

// EnumValues lists the Literal's values.
func (PermissionMode) EnumValues() []string {
	return []string{"default", "acceptEdits", "plan", "bypassPermissions", "dontAsk", "auto"}
}

// SetPermissionModeRequest changes the permission mode (types.py
// SDKControlSetPermissionModeRequest).
type SetPermissionModeRequest struct {
	// Subtype is "set_permission_mode".
	Subtype string `json:"subtype" jsonschema:"required"`
	// Mode is the new mode; required.
	Mode PermissionMode `json:"mode" jsonschema:"required"`
}

// SetModelRequest changes the model (query.py set_model; types.py has no
// TypedDict for it).
type SetModelRequest struct {
	// Subtype is "set_model".
	Subtype string `json:"subtype" jsonschema:"required"`
	// Model names the model, or is null for the default; always written.
	Model *string `json:"model" jsonschema:"required,nullable"`
}

// RewindFilesRequest restores files to their state at a user message
// (types.py SDKControlRewindFilesRequest).
type RewindFilesRequest struct {
	// Subtype is "rewind_files".
	Subtype string `json:"subtype" jsonschema:"required"`
	// UserMessageID is the uuid of the user message; required.
	UserMessageID string `json:"user_message_id" jsonschema:"required"`
}

// MCPStatusRequest asks for the MCP servers' state (query.py
// get_mcp_status; no TypedDict).
type MCPStatusRequest struct {
	// Subtype is "mcp_status".
	Subtype string `json:"subtype" jsonschema:"required"`
}

// GetContextUsageRequest asks how the context window is used (query.py
// get_context_usage; no TypedDict).
type GetContextUsageRequest struct {
	// Subtype is "get_context_usage".
	Subtype string `json:"subtype" jsonschema:"required"`
}

// MCPReconnectRequest reconnects an MCP server (types.py
// SDKControlMcpReconnectRequest).
type MCPReconnectRequest struct {
	// Subtype is "mcp_reconnect".
	Subtype string `json:"subtype" jsonschema:"required"`
	// ServerName names the server; camelCase on the wire, as the TypedDict
	// notes.
	ServerName string `json:"serverName" jsonschema:"required"`
}

// MCPToggleRequest turns an MCP server on or off (types.py
// SDKControlMcpToggleRequest).
type MCPToggleRequest struct {
	// Subtype is "mcp_toggle".
	Subtype string `json:"subtype" jsonschema:"required"`
	// ServerName names the server.
	ServerName string `json:"serverName" jsonschema:"required"`
	// Enabled is the new state.
	Enabled bool `json:"enabled" jsonschema:"required"`
}

// StopTaskRequest stops a background task (types.py
// SDKControlStopTaskRequest).
type StopTaskRequest struct {
	// Subtype is "stop_task".
	Subtype string `json:"subtype" jsonschema:"required"`
	// TaskID names the task, as task_notification gives it.
	TaskID string `json:"task_id" jsonschema:"required"`
}

// ControlSuccess is the body of a control_response that succeeded
// (types.py ControlResponse). The SDK writes it to answer the CLI's
// requests and reads it as the answer to its own.
type ControlSuccess struct {
	// Subtype is "success".
	Subtype string `json:"subtype" jsonschema:"required"`
	// RequestID is the id of the request answered; declared in the
	// TypedDict and always written. The read loop reads it with .get and
	// ignores a response whose id it is not waiting for.
	RequestID string `json:"request_id" jsonschema:"required"`
	// Response is the payload (dict | None): a PermissionAllow or
	// PermissionDeny for can_use_tool, a HookOutput for hook_callback, an
	// MCPResponse for mcp_message.
	Response any `json:"response,omitempty"`
}

// ControlErrorResponse is the body of a control_response that failed
// (types.py ControlErrorResponse). The SDK writes one with str(e) for any
// exception its handler raises, including an unsupported subtype.
type ControlErrorResponse struct {
	// Subtype is "error".
	Subtype string `json:"subtype" jsonschema:"required"`
	// RequestID is the id of the request answered.
	RequestID string `json:"request_id" jsonschema:"required"`
	// Error says what went wrong; declared in the TypedDict, read with
	// .get("error", "Unknown error").
	Error string `json:"error" jsonschema:"required"`
}

// ControlCancelRequest withdraws a control request the CLI sent; the SDK
// cancels the handler and writes no response. The read loop reads
// request_id with .get.
type ControlCancelRequest struct {
	// Type is "control_cancel_request".
	Type string `json:"type" jsonschema:"required"`
	// RequestID is the id of the request withdrawn.
	RequestID string `json:"request_id,omitempty"`
}

// PermissionAllow is the response payload that lets a tool run, as
// query.py writes it from a PermissionResultAllow.
type PermissionAllow struct {
	// Behavior is "allow".
	Behavior string `json:"behavior" jsonschema:"required,enum=allow"`
	// UpdatedInput is the input to run the tool with: the callback's, or
	// the request's input when the callback gave none; always written.
	UpdatedInput json.RawMessage `json:"updatedInput" jsonschema:"required"`
	// UpdatedPermissions lists permission changes; written when the
	// callback gave some.
	UpdatedPermissions []PermissionUpdate `json:"updatedPermissions,omitempty"`
}

// PermissionDeny is the response payload that refuses a tool, as query.py
// writes it from a PermissionResultDeny.
type PermissionDeny struct {
	// Behavior is "deny".
	Behavior string `json:"behavior" jsonschema:"required,enum=deny"`
	// Message says why; always written ("" by default).
	Message string `json:"message" jsonschema:"required"`
	// Interrupt stops the turn too; written only when true.
	Interrupt bool `json:"interrupt,omitempty"`
}

// PermissionUpdate is types.py PermissionUpdate as to_dict writes it.
type PermissionUpdate struct {
	// Type is the kind of change: addRules, replaceRules, removeRules,
	// setMode, addDirectories or removeDirectories.
	Type string `json:"type" jsonschema:"required,enum=addRules,enum=replaceRules,enum=removeRules,enum=setMode,enum=addDirectories,enum=removeDirectories"`
	// Destination is where the change is saved; written when set.
	Destination string `json:"destination,omitempty"`
	// Rules are the rules, for the *Rules kinds.
	Rules []PermissionRuleValue `json:"rules,omitempty"`
	// Behavior is allow, deny or ask, for the *Rules kinds.
	Behavior string `json:"behavior,omitempty"`
	// Mode is the new permission mode, for setMode.
	Mode PermissionMode `json:"mode,omitempty"`
	// Directories are the directories, for the *Directories kinds.
	Directories []string `json:"directories,omitempty"`
}

// PermissionRuleValue is one rule of a PermissionUpdate (types.py
// PermissionRuleValue, written with camelCase keys).
type PermissionRuleValue struct {
	// ToolName names the tool (attribute tool_name).
	ToolName string `json:"toolName" jsonschema:"required"`
	// RuleContent narrows the rule, or is null. The SDK writes it always
	// (null when unset: see writes.json), but reads it with
	// rule.get("ruleContent") (types.py PermissionRuleValue), so a rule
	// without it is read too; the model, which says what the SDK reads,
	// has it optional.
	RuleContent *string `json:"ruleContent,omitempty" jsonschema:"nullable"`
}

// HookOutput is the response payload of a hook_callback: the callback's
// SyncHookJSONOutput or AsyncHookJSONOutput dict, with the Python-safe keys
// continue_ and async_ renamed to continue and async.
type HookOutput struct {
	// Continue says whether the turn goes on (continue_ in Python).
	Continue *bool `json:"continue,omitempty"`
	// SuppressOutput hides the hook's stdout.
	SuppressOutput *bool `json:"suppressOutput,omitempty"`
	// StopReason is shown when Continue is false.
	StopReason string `json:"stopReason,omitempty"`
	// Decision is "block" to block.
	Decision string `json:"decision,omitempty" jsonschema:"enum=block"`
	// SystemMessage is a warning shown to the user.
	SystemMessage string `json:"systemMessage,omitempty"`
	// Reason is feedback for the model.
	Reason string `json:"reason,omitempty"`
	// HookSpecificOutput holds the event's own fields, such as
	// permissionDecision for PreToolUse.
	HookSpecificOutput json.RawMessage `json:"hookSpecificOutput,omitempty"`
	// Async defers the hook (async_ in Python).
	Async *bool `json:"async,omitempty"`
	// AsyncTimeout is the deferred hook's timeout in milliseconds.
	AsyncTimeout *int64 `json:"asyncTimeout,omitempty"`
}

// MCPResponse is the response payload of an mcp_message: the SDK MCP
// server's JSON-RPC reply, or {"jsonrpc": "2.0", "result": {}} for a
// notification.
type MCPResponse struct {
	// MCPResponse is the JSON-RPC reply.
	MCPResponse json.RawMessage `json:"mcp_response" jsonschema:"required"`
}
