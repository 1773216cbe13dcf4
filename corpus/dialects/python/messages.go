package python

import "encoding/json"

// This file holds the messages parse_message (message_parser.py) turns into
// dataclasses. A member the parser reads as data["key"] raises KeyError when
// missing, which becomes MessageParseError: those members are required. A
// member read with data.get may be absent or null. Members the parser does
// not read are dropped from the dataclass.

// UserMessage is a user turn (types.py UserMessage). The parser does not
// tell a replay (isReplay) from a plain user message, and does not read
// session_id.
type UserMessage struct {
	// Type is "user".
	Type string `json:"type" jsonschema:"required"`
	// Message holds the turn; message["content"] is required.
	Message UserMessageBody `json:"message" jsonschema:"required"`
	// ParentToolUseID is the id of the tool call this turn belongs to, or
	// null; read with data.get.
	ParentToolUseID *string `json:"parent_tool_use_id,omitempty" jsonschema:"nullable"`
	// ToolUseResult is the tool's own record of a tool result,
	// dict[str, Any] | None in types.py; read with data.get.
	ToolUseResult json.RawMessage `json:"tool_use_result,omitempty" jsonschema:"nullable"`
	// UUID identifies the message; read with data.get.
	UUID *string `json:"uuid,omitempty" jsonschema:"nullable"`
	// Origin says where the turn came from; kept as the raw dict when it
	// is an object with a string kind, else treated as absent.
	Origin json.RawMessage `json:"origin,omitempty"`
}

// UserMessageBody is the message member of a user message. The parser reads
// only its content.
type UserMessageBody struct {
	// Role is "user"; the SDK writes it, the parser never reads it.
	Role string `json:"role,omitempty"`
	// Content is a str, or a list of blocks of which text, tool_use and
	// tool_result are kept; required (data["message"]["content"]). A str
	// decodes as one StringContent.
	Content []UserContentBlock `json:"content" jsonschema:"required,anyof_type=string;array"`
}

// AssistantMessage is a model response (types.py AssistantMessage). The
// dataclass hoists model, usage, stop_reason and id out of message.
type AssistantMessage struct {
	// Type is "assistant".
	Type string `json:"type" jsonschema:"required"`
	// Message is the API message; content and model are required.
	Message AssistantMessageBody `json:"message" jsonschema:"required"`
	// ParentToolUseID is the id of the tool call this response belongs to,
	// or null; read with data.get.
	ParentToolUseID *string `json:"parent_tool_use_id,omitempty" jsonschema:"nullable"`
	// Error is the API failure the response stands for, read at the top
	// level with data.get. types.py types it as a Literal of six values
	// (authentication_failed, billing_error, rate_limit, invalid_request,
	// server_error, unknown) that the parser does not check, so any string
	// is kept.
	Error *string `json:"error,omitempty" jsonschema:"nullable"`
	// SessionID names the session; read with data.get.
	SessionID *string `json:"session_id,omitempty" jsonschema:"nullable"`
	// UUID identifies the message; read with data.get.
	UUID *string `json:"uuid,omitempty" jsonschema:"nullable"`
}

// AssistantMessageBody is the message member of an assistant message.
type AssistantMessageBody struct {
	// Content is the list of blocks; required (data["message"]["content"]),
	// and the parser raises MessageParseError when it is not a list.
	Content []AssistantContentBlock `json:"content" jsonschema:"required"`
	// Model names the model; required (data["message"]["model"]).
	Model string `json:"model" jsonschema:"required"`
	// Usage is the token usage, dict[str, Any] | None in types.py; read with
	// .get and hoisted to AssistantMessage.usage.
	Usage json.RawMessage `json:"usage,omitempty" jsonschema:"nullable"`
	// ID is the API message id, hoisted to AssistantMessage.message_id;
	// read with .get.
	ID *string `json:"id,omitempty" jsonschema:"nullable"`
	// StopReason is why the model stopped, hoisted to
	// AssistantMessage.stop_reason; read with .get.
	StopReason *string `json:"stop_reason,omitempty" jsonschema:"nullable"`
}

// SystemMessage is the generic system message (types.py SystemMessage): any
// subtype without a dataclass of its own. The parser keeps the whole line
// as the raw dict SystemMessage.data, so every member reaches the user,
// untyped.
type SystemMessage struct {
	// Type is "system".
	Type string `json:"type" jsonschema:"required"`
	// Subtype is any string; required (data["subtype"]).
	Subtype string `json:"subtype" jsonschema:"required"`
}

// TaskStartedMessage reports that a subagent task started (types.py
// TaskStartedMessage, a SystemMessage subclass that also keeps the raw
// dict as data).
type TaskStartedMessage struct {
	// Type is "system".
	Type string `json:"type" jsonschema:"required"`
	// Subtype is "task_started".
	Subtype string `json:"subtype" jsonschema:"required"`
	// TaskID identifies the task; required (data["task_id"]).
	TaskID string `json:"task_id" jsonschema:"required"`
	// Description describes the task; required (data["description"]).
	Description string `json:"description" jsonschema:"required"`
	// UUID identifies the message; required (data["uuid"]).
	UUID string `json:"uuid" jsonschema:"required"`
	// SessionID names the session; required (data["session_id"]).
	SessionID string `json:"session_id" jsonschema:"required"`
	// ToolUseID is the id of the tool call that started the task; read with
	// data.get.
	ToolUseID *string `json:"tool_use_id,omitempty" jsonschema:"nullable"`
	// TaskType is the kind of task; read with data.get.
	TaskType *string `json:"task_type,omitempty" jsonschema:"nullable"`
}

// TaskProgressMessage reports a running task's progress (types.py
// TaskProgressMessage; raw dict kept as data).
type TaskProgressMessage struct {
	// Type is "system".
	Type string `json:"type" jsonschema:"required"`
	// Subtype is "task_progress".
	Subtype string `json:"subtype" jsonschema:"required"`
	// TaskID identifies the task; required.
	TaskID string `json:"task_id" jsonschema:"required"`
	// Description describes the task; required.
	Description string `json:"description" jsonschema:"required"`
	// Usage is the task's usage so far; required (data["usage"]).
	Usage TaskUsage `json:"usage" jsonschema:"required"`
	// UUID identifies the message; required.
	UUID string `json:"uuid" jsonschema:"required"`
	// SessionID names the session; required.
	SessionID string `json:"session_id" jsonschema:"required"`
	// ToolUseID is the id of the tool call that started the task; optional.
	ToolUseID *string `json:"tool_use_id,omitempty" jsonschema:"nullable"`
	// LastToolName names the tool the task used last; optional.
	LastToolName *string `json:"last_tool_name,omitempty" jsonschema:"nullable"`
}

// TaskUsage is types.py TaskUsage, a TypedDict whose three keys are all
// declared; the parser passes the dict through without checking it.
type TaskUsage struct {
	// TotalTokens counts the tokens the task used.
	TotalTokens int64 `json:"total_tokens" jsonschema:"required"`
	// ToolUses counts the task's tool calls.
	ToolUses int64 `json:"tool_uses" jsonschema:"required"`
	// DurationMS is how long the task has run, in milliseconds.
	DurationMS int64 `json:"duration_ms" jsonschema:"required"`
}

// TaskNotificationStatus is how a task ended (types.py
// TaskNotificationStatus).
type TaskNotificationStatus string

// EnumValues lists the Literal's values.
func (TaskNotificationStatus) EnumValues() []string {
	return []string{"completed", "failed", "stopped"}
}

// TaskNotificationMessage reports that a task ended (types.py
// TaskNotificationMessage; raw dict kept as data).
type TaskNotificationMessage struct {
	// Type is "system".
	Type string `json:"type" jsonschema:"required"`
	// Subtype is "task_notification".
	Subtype string `json:"subtype" jsonschema:"required"`
	// TaskID identifies the task; required.
	TaskID string `json:"task_id" jsonschema:"required"`
	// Status is how the task ended; required (data["status"]).
	Status TaskNotificationStatus `json:"status" jsonschema:"required"`
	// OutputFile is the file that holds the task's output; required.
	OutputFile string `json:"output_file" jsonschema:"required"`
	// Summary summarises the task; required.
	Summary string `json:"summary" jsonschema:"required"`
	// UUID identifies the message; required.
	UUID string `json:"uuid" jsonschema:"required"`
	// SessionID names the session; required.
	SessionID string `json:"session_id" jsonschema:"required"`
	// ToolUseID is the id of the tool call that started the task; optional.
	ToolUseID *string `json:"tool_use_id,omitempty" jsonschema:"nullable"`
	// Usage is the task's final usage; optional.
	Usage *TaskUsage `json:"usage,omitempty" jsonschema:"nullable"`
}

// TaskUpdatedMessage carries a patch to a task's state (types.py
// TaskUpdatedMessage). The parser reads it defensively: every member is
// read with .get, and it never raises.
type TaskUpdatedMessage struct {
	// Type is "system".
	Type string `json:"type" jsonschema:"required"`
	// Subtype is "task_updated".
	Subtype string `json:"subtype" jsonschema:"required"`
	// TaskID identifies the task; "" when absent.
	TaskID string `json:"task_id,omitempty"`
	// Patch is the change; a value that is not a dict is replaced by {}, and
	// its status member becomes TaskUpdatedMessage.status.
	Patch json.RawMessage `json:"patch,omitempty"`
	// SessionID names the session; optional here, unlike the other task
	// messages.
	SessionID *string `json:"session_id,omitempty" jsonschema:"nullable"`
	// UUID identifies the message; optional here.
	UUID *string `json:"uuid,omitempty" jsonschema:"nullable"`
}

// MirrorErrorMessage reports a failure to mirror the transcript to a
// SessionStore (types.py MirrorErrorMessage). The SDK makes it itself
// (query.py report_mirror_error); the CLI does not print it.
type MirrorErrorMessage struct {
	// Type is "system".
	Type string `json:"type" jsonschema:"required"`
	// Subtype is "mirror_error".
	Subtype string `json:"subtype" jsonschema:"required"`
	// Key is the SessionStore key of the failed write; read with data.get.
	Key json.RawMessage `json:"key,omitempty" jsonschema:"nullable"`
	// Error says what failed; "" when absent.
	Error string `json:"error,omitempty"`
}

// HookEventMessage is a hook_started or hook_response system message
// (types.py HookEventMessage, a SystemMessage subclass that keeps the raw
// dict as data). The parser routes both subtypes here before its match on
// type and reads every member with .get; hook_progress gets the generic
// SystemMessage.
type HookEventMessage struct {
	// Type is "system".
	Type string `json:"type" jsonschema:"required"`
	// Subtype is "hook_started" or "hook_response"; required
	// (data["subtype"]).
	Subtype string `json:"subtype" jsonschema:"required"`
	// HookEvent is the hook's event; the first of hook_event, hook_name and
	// hook_event_name that is set becomes HookEventMessage.hook_event_name.
	HookEvent string `json:"hook_event,omitempty"`
	// HookName is read as hook_event_name when hook_event is not set.
	HookName string `json:"hook_name,omitempty"`
	// HookEventName is read as hook_event_name when neither hook_event nor
	// hook_name is set; the CLI does not print it.
	HookEventName string `json:"hook_event_name,omitempty"`
	// SessionID names the session; read with data.get.
	SessionID *string `json:"session_id,omitempty" jsonschema:"nullable"`
	// UUID identifies the message; read with data.get.
	UUID *string `json:"uuid,omitempty" jsonschema:"nullable"`
}

// ResultMessage ends a turn (types.py ResultMessage). One dataclass holds
// every subtype; the subtype is kept as a string and not checked.
type ResultMessage struct {
	// Type is "result".
	Type string `json:"type" jsonschema:"required"`
	// Subtype is any string; required (data["subtype"]).
	Subtype string `json:"subtype" jsonschema:"required"`
	// DurationMS is the turn's wall time; required.
	DurationMS int64 `json:"duration_ms" jsonschema:"required"`
	// DurationAPIMS is the time spent in API calls; required.
	DurationAPIMS int64 `json:"duration_api_ms" jsonschema:"required"`
	// IsError says whether the turn failed; required. It does not follow
	// from the subtype.
	IsError bool `json:"is_error" jsonschema:"required"`
	// NumTurns counts the turns; required.
	NumTurns int64 `json:"num_turns" jsonschema:"required"`
	// SessionID names the session; required (data["session_id"]).
	SessionID string `json:"session_id" jsonschema:"required"`
	// StopReason is why the model stopped; optional.
	StopReason *string `json:"stop_reason,omitempty" jsonschema:"nullable"`
	// TotalCostUSD is the cost in US dollars; optional.
	TotalCostUSD *float64 `json:"total_cost_usd,omitempty" jsonschema:"nullable"`
	// Usage is the token usage, dict[str, Any] | None; optional.
	Usage json.RawMessage `json:"usage,omitempty" jsonschema:"nullable"`
	// Result is the final text; optional, on any subtype.
	Result *string `json:"result,omitempty" jsonschema:"nullable"`
	// StructuredOutput is the output that matched the JSON schema asked
	// for; optional.
	StructuredOutput json.RawMessage `json:"structured_output,omitempty" jsonschema:"nullable"`
	// ModelUsage is the usage per model, read into the attribute
	// model_usage; optional.
	ModelUsage json.RawMessage `json:"modelUsage,omitempty" jsonschema:"nullable"`
	// PermissionDenials lists the tool calls refused; optional.
	PermissionDenials json.RawMessage `json:"permission_denials,omitempty" jsonschema:"nullable"`
	// DeferredToolUse is the tool call a PreToolUse hook deferred; optional,
	// but when present its id, name and input are required.
	DeferredToolUse *DeferredToolUse `json:"deferred_tool_use,omitempty" jsonschema:"nullable"`
	// Errors lists error messages; optional.
	Errors []string `json:"errors,omitempty" jsonschema:"nullable"`
	// APIErrorStatus is the HTTP status of the API failure that ended the
	// turn; optional.
	APIErrorStatus *int64 `json:"api_error_status,omitempty" jsonschema:"nullable"`
	// UUID identifies the message; optional.
	UUID *string `json:"uuid,omitempty" jsonschema:"nullable"`
	// TerminalReason is why the query loop ended; optional.
	TerminalReason *string `json:"terminal_reason,omitempty" jsonschema:"nullable"`
	// Origin says what started the turn; kept raw when it is an object with
	// a string kind.
	Origin json.RawMessage `json:"origin,omitempty"`
}

// DeferredToolUse is a tool call a hook deferred (types.py
// DeferredToolUse).
type DeferredToolUse struct {
	// ID identifies the call; required (deferred["id"]).
	ID string `json:"id" jsonschema:"required"`
	// Name names the tool; required.
	Name string `json:"name" jsonschema:"required"`
	// Input is the tool's input; required.
	Input json.RawMessage `json:"input" jsonschema:"required"`
}

// StreamEvent is one raw API stream event (types.py StreamEvent).
type StreamEvent struct {
	// Type is "stream_event".
	Type string `json:"type" jsonschema:"required"`
	// UUID identifies the message; required (data["uuid"]).
	UUID string `json:"uuid" jsonschema:"required"`
	// SessionID names the session; required.
	SessionID string `json:"session_id" jsonschema:"required"`
	// Event is the API stream event, passed through as a dict; required.
	Event json.RawMessage `json:"event" jsonschema:"required"`
	// ParentToolUseID is the id of the tool call the stream belongs to;
	// read with data.get.
	ParentToolUseID *string `json:"parent_tool_use_id,omitempty" jsonschema:"nullable"`
}

// RateLimitEvent reports a change of rate-limit state (types.py
// RateLimitEvent). Before 0.1.40 the parser did not know this type and
// raised, which ended sessions (#598).
type RateLimitEvent struct {
	// Type is "rate_limit_event".
	Type string `json:"type" jsonschema:"required"`
	// RateLimitInfo is the state; required (data["rate_limit_info"]).
	RateLimitInfo RateLimitInfo `json:"rate_limit_info" jsonschema:"required"`
	// UUID identifies the message; required.
	UUID string `json:"uuid" jsonschema:"required"`
	// SessionID names the session; required.
	SessionID string `json:"session_id" jsonschema:"required"`
}

// RateLimitStatus is types.py RateLimitStatus.
type RateLimitStatus string

// EnumValues lists the Literal's values.
func (RateLimitStatus) EnumValues() []string {
	return []string{"allowed", "allowed_warning", "rejected"}
}

// RateLimitInfo is types.py RateLimitInfo. Unlike the other dataclasses it
// keeps the whole dict as RateLimitInfo.raw, so members it does not name
// still reach the user. Its attributes are snake_case; the members read are
// camelCase.
type RateLimitInfo struct {
	// Status is the rate-limit state; required (info["status"]). The
	// Literal is not checked at run time.
	Status RateLimitStatus `json:"status" jsonschema:"required"`
	// ResetsAt is the Unix time the window resets (attribute resets_at).
	ResetsAt *int64 `json:"resetsAt,omitempty" jsonschema:"nullable"`
	// RateLimitType names the window (attribute rate_limit_type): one of
	// five_hour, seven_day, seven_day_opus, seven_day_sonnet, overage.
	RateLimitType *string `json:"rateLimitType,omitempty" jsonschema:"nullable"`
	// Utilization is the fraction of the limit used.
	Utilization *float64 `json:"utilization,omitempty" jsonschema:"nullable"`
	// OverageStatus is the state of pay-as-you-go usage.
	OverageStatus *string `json:"overageStatus,omitempty" jsonschema:"nullable"`
	// OverageResetsAt is the Unix time the overage window resets.
	OverageResetsAt *int64 `json:"overageResetsAt,omitempty" jsonschema:"nullable"`
	// OverageDisabledReason says why overage is not available.
	OverageDisabledReason *string `json:"overageDisabledReason,omitempty" jsonschema:"nullable"`
}

// ConversationResetMessage says the CLI started a new conversation
// (types.py ConversationResetMessage).
type ConversationResetMessage struct {
	// Type is "conversation_reset".
	Type string `json:"type" jsonschema:"required"`
	// NewConversationID names the new conversation; required.
	NewConversationID string `json:"new_conversation_id" jsonschema:"required"`
	// UUID identifies the message; required.
	UUID string `json:"uuid" jsonschema:"required"`
	// SessionID names the session; required.
	SessionID string `json:"session_id" jsonschema:"required"`
}

// OutgoingUserMessage is the user message the SDK writes for a string
// prompt (client.py query and connect; _internal/client.py for one-shot
// queries). It is a dict literal, not a dataclass.
type OutgoingUserMessage struct {
	// Type is "user".
	Type string `json:"type" jsonschema:"required"`
	// Message holds the role and the prompt.
	Message OutgoingUserBody `json:"message" jsonschema:"required"`
	// ParentToolUseID is always written as null.
	ParentToolUseID *string `json:"parent_tool_use_id" jsonschema:"required,nullable"`
	// SessionID is "default" (or the caller's id) from ClaudeSDKClient, and
	// "" from the one-shot query.
	SessionID string `json:"session_id" jsonschema:"required"`
}

// OutgoingUserBody is the message member of an OutgoingUserMessage.
type OutgoingUserBody struct {
	// Role is "user".
	Role string `json:"role" jsonschema:"required"`
	// Content is the prompt text.
	Content string `json:"content" jsonschema:"required"`
}
