package goat

import "encoding/json"

// BaseMessage holds the members every Goat message embeds. Its keys are
// those of the CLI's on-disk session files (sessionId, parentUuid), not the
// stream-json wire's session_id.
type BaseMessage struct {
	// UUID identifies the message; a plain string. Required: the notes tag
	// it without omitempty.
	UUID string `json:"uuid" jsonschema:"required"`
	// SessionID correlates the messages of one session, under the key
	// "sessionId". Required: tagged without omitempty.
	SessionID string `json:"sessionId" jsonschema:"required"`
	// ParentUUID is the uuid of the message this one follows; optional
	// (omitempty in the notes).
	ParentUUID string `json:"parentUuid,omitempty"`
	// Timestamp is when the message was written, as a string; optional
	// (omitempty in the notes).
	Timestamp string `json:"timestamp,omitempty"`
}

// SystemInitMessage opens a conversation (type system, subtype init).
type SystemInitMessage struct {
	// Type is "system".
	Type string `json:"type" jsonschema:"required"`
	// Subtype is "init".
	Subtype string `json:"subtype" jsonschema:"required"`
	BaseMessage
	// Model names the model in use.
	Model string `json:"model" jsonschema:"required"`
	// Version is Goat's version; a member the wire names
	// claude_code_version.
	Version string `json:"version" jsonschema:"required"`
	// CWD is the working directory.
	CWD string `json:"cwd" jsonschema:"required"`
	// PermissionMode is the permission mode the session starts in.
	PermissionMode PermissionMode `json:"permissionMode" jsonschema:"required"`
	// Tools lists the available tools. The notes write "Tools[]" without an
	// element type; tool names (strings) are assumed.
	Tools []string `json:"tools" jsonschema:"required"`
}

// AssistantMessage is a complete model response, written once the whole
// response has been accumulated. Goat flattens it: the wire nests content,
// model, stop reason and usage in an API message under "message" and has no
// duration.
type AssistantMessage struct {
	// Type is "assistant".
	Type string `json:"type" jsonschema:"required"`
	BaseMessage
	// Content holds the response's blocks.
	Content []ContentBlock `json:"content" jsonschema:"required"`
	// Model names the model that answered.
	Model string `json:"model" jsonschema:"required"`
	// StopReason says why the model stopped; a string.
	StopReason string `json:"stopReason" jsonschema:"required"`
	// Usage counts the tokens of the response. The notes do not define
	// Goat's Usage type, so any JSON value is accepted.
	Usage json.RawMessage `json:"usage" jsonschema:"required"`
	// Duration is how long the response took. The notes give no unit or Go
	// type; an integer is assumed (a Go time.Duration marshals as integer
	// nanoseconds).
	Duration int64 `json:"duration" jsonschema:"required"`
}

// PartialAssistantMessage is one streaming chunk of a response, sent for
// each server-sent event when partial messages are enabled. Goat marks it
// type assistant with subtype partial; the wire uses type stream_event.
type PartialAssistantMessage struct {
	// Type is "assistant".
	Type string `json:"type" jsonschema:"required"`
	// Subtype is "partial".
	Subtype string `json:"subtype" jsonschema:"required"`
	BaseMessage
	// Content is the chunk's partial content. The notes name neither the
	// member nor its type; "content" holding any JSON value is assumed.
	Content json.RawMessage `json:"content" jsonschema:"required"`
}

// UserMessage is user input: the first prompt or a later follow-up.
type UserMessage struct {
	// Type is "user".
	Type string `json:"type" jsonschema:"required"`
	BaseMessage
	// Content is the input text; a plain string in the notes, where the wire
	// nests an API message under "message".
	Content string `json:"content" jsonschema:"required"`
}

// UserMessageReplay is a user message written again while a session is
// restored. Goat gives it its own type, user_replay; the wire keeps type
// user and sets isReplay.
type UserMessageReplay struct {
	// Type is "user_replay".
	Type string `json:"type" jsonschema:"required"`
	BaseMessage
	// Content is the replayed input text.
	Content string `json:"content" jsonschema:"required"`
}

// ResultMessage is the last message of a query, for every result subtype.
type ResultMessage struct {
	// Type is "result".
	Type string `json:"type" jsonschema:"required"`
	// Subtype says how the query ended.
	Subtype string `json:"subtype" jsonschema:"required"`
	BaseMessage
	// Result is the final text.
	Result string `json:"result" jsonschema:"required"`
	// Duration is how long the query took; unit and Go type unstated, an
	// integer is assumed (the wire has duration_ms).
	Duration int64 `json:"duration" jsonschema:"required"`
	// TurnCount counts the turns (the wire: num_turns).
	TurnCount int64 `json:"turnCount" jsonschema:"required"`
	// Cost is the query's cost (the wire: total_cost_usd).
	Cost float64 `json:"cost" jsonschema:"required"`
	// Usage counts the query's tokens; Goat's Usage type is not defined in
	// the notes, so any JSON value is accepted.
	Usage json.RawMessage `json:"usage" jsonschema:"required"`
}

// StatusMessage reports a status change (type system, subtype status).
type StatusMessage struct {
	// Type is "system".
	Type string `json:"type" jsonschema:"required"`
	// Subtype is "status".
	Subtype string `json:"subtype" jsonschema:"required"`
	BaseMessage
	// Status is the new status; its values are not listed.
	Status string `json:"status" jsonschema:"required"`
	// PermissionMode is the current permission mode; listed as a field, so
	// required here (the wire makes it optional).
	PermissionMode PermissionMode `json:"permissionMode" jsonschema:"required"`
}

// CompactBoundaryMessage marks where the context was compacted (type
// system, subtype compact_boundary). Its payload is Goat's own; the wire
// sends compact_metadata.
type CompactBoundaryMessage struct {
	// Type is "system".
	Type string `json:"type" jsonschema:"required"`
	// Subtype is "compact_boundary".
	Subtype string `json:"subtype" jsonschema:"required"`
	BaseMessage
	// MessageCount counts the messages that were compacted.
	MessageCount int64 `json:"messageCount" jsonschema:"required"`
	// SummaryLength is the length of the summary that replaced them.
	SummaryLength int64 `json:"summaryLength" jsonschema:"required"`
}

// ToolProgressMessage reports on a tool run, before and after it executes.
type ToolProgressMessage struct {
	// Type is "tool_progress".
	Type string `json:"type" jsonschema:"required"`
	BaseMessage
	// ToolUseID is the id of the tool_use block being run.
	ToolUseID string `json:"toolUseId" jsonschema:"required"`
	// ToolName names the tool.
	ToolName string `json:"toolName" jsonschema:"required"`
	// ElapsedSeconds is the time spent so far, in seconds (the wire:
	// elapsed_time_seconds).
	ElapsedSeconds float64 `json:"elapsedSeconds" jsonschema:"required"`
}

// HookStartedMessage says a hook began (type system, subtype hook_started).
type HookStartedMessage struct {
	// Type is "system".
	Type string `json:"type" jsonschema:"required"`
	// Subtype is "hook_started".
	Subtype string `json:"subtype" jsonschema:"required"`
	BaseMessage
	// HookID identifies the hook run.
	HookID string `json:"hookId" jsonschema:"required"`
	// HookName names the hook.
	HookName string `json:"hookName" jsonschema:"required"`
	// HookEvent is the event that fired the hook.
	HookEvent HookEvent `json:"hookEvent" jsonschema:"required"`
}

// HookProgressMessage streams a shell hook's output while it runs (type
// system, subtype hook_progress). Unlike the wire it has no hook name or
// event.
type HookProgressMessage struct {
	// Type is "system".
	Type string `json:"type" jsonschema:"required"`
	// Subtype is "hook_progress".
	Subtype string `json:"subtype" jsonschema:"required"`
	BaseMessage
	// HookID identifies the hook run.
	HookID string `json:"hookId" jsonschema:"required"`
	// Stdout is the hook's standard output so far.
	Stdout string `json:"stdout" jsonschema:"required"`
	// Stderr is the hook's standard error so far.
	Stderr string `json:"stderr" jsonschema:"required"`
	// Output is the hook's combined output so far.
	Output string `json:"output" jsonschema:"required"`
}

// HookResponseMessage says a hook finished (type system, subtype
// hook_response). Unlike the wire it has no hook name, event or output.
type HookResponseMessage struct {
	// Type is "system".
	Type string `json:"type" jsonschema:"required"`
	// Subtype is "hook_response".
	Subtype string `json:"subtype" jsonschema:"required"`
	BaseMessage
	// HookID identifies the hook run.
	HookID string `json:"hookId" jsonschema:"required"`
	// Stdout is the hook's standard output.
	Stdout string `json:"stdout" jsonschema:"required"`
	// Stderr is the hook's standard error.
	Stderr string `json:"stderr" jsonschema:"required"`
	// Outcome says how the hook ended; its values are not listed.
	Outcome string `json:"outcome" jsonschema:"required"`
}

// AuthStatusMessage reports authentication state. Its payload is Goat's
// own; the wire sends isAuthenticating, output and error.
type AuthStatusMessage struct {
	// Type is "auth_status".
	Type string `json:"type" jsonschema:"required"`
	BaseMessage
	// Provider names the authentication provider.
	Provider string `json:"provider" jsonschema:"required"`
	// Status is the authentication status.
	Status string `json:"status" jsonschema:"required"`
	// Message describes the status.
	Message string `json:"message" jsonschema:"required"`
}

// TaskNotificationMessage reports a change in a team task's state. Goat
// gives it a top-level type of its own; on the wire it is a system message
// with subtype task_notification.
type TaskNotificationMessage struct {
	// Type is "task_notification".
	Type string `json:"type" jsonschema:"required"`
	BaseMessage
	// TaskID identifies the task.
	TaskID string `json:"taskId" jsonschema:"required"`
	// Status is the task's new state; its values are not listed.
	Status string `json:"status" jsonschema:"required"`
	// AgentName names the agent working on the task.
	AgentName string `json:"agentName" jsonschema:"required"`
	// Message describes the change.
	Message string `json:"message" jsonschema:"required"`
}

// ToolUseSummaryMessage sums up one tool call. Its payload is Goat's own;
// the wire sends summary and preceding_tool_use_ids.
type ToolUseSummaryMessage struct {
	// Type is "tool_use_summary".
	Type string `json:"type" jsonschema:"required"`
	BaseMessage
	// ToolName names the tool.
	ToolName string `json:"toolName" jsonschema:"required"`
	// Input holds the tool's arguments, assumed to be an object like a
	// tool_use block's input.
	Input map[string]any `json:"input" jsonschema:"required"`
	// Output is the tool's output; its type is not stated, so any JSON
	// value is accepted.
	Output json.RawMessage `json:"output" jsonschema:"required"`
	// Duration is how long the call took; unit and Go type unstated, an
	// integer is assumed.
	Duration int64 `json:"duration" jsonschema:"required"`
}

// PermissionMode is Goat's set of permission modes: it has delegate, which
// the wire no longer has, and lacks the wire's auto.
type PermissionMode string

// EnumValues lists the values of PermissionMode.
func (PermissionMode) EnumValues() []string {
	return []string{"default", "acceptEdits", "bypassPermissions", "plan", "delegate", "dontAsk"}
}

// HookEvent is Goat's set of 15 hook events.
type HookEvent string

// EnumValues lists the values of HookEvent.
func (HookEvent) EnumValues() []string {
	return []string{"PreToolUse", "PostToolUse", "PostToolUseFailure", "Notification",
		"UserPromptSubmit", "SessionStart", "SessionEnd", "Stop", "SubagentStart",
		"SubagentStop", "PreCompact", "PermissionRequest", "Setup", "TeammateIdle",
		"TaskCompleted"}
}
