package spec02

// This file holds the conversation messages of seed 000 §4.2-§4.7: the base
// every message embeds, assistant, stream_event, user, the replayed user
// message and result.

// ZeroUUID is what the seed writes for a uuid it never set: its BaseMessage
// holds a uuid.UUID, whose zero value marshals as this string (the uuid
// member has no omitempty).
const ZeroUUID = "00000000-0000-0000-0000-000000000000"

// BaseMessage holds the two members the seed embeds in each of its 16
// messages. Neither has omitempty, so the seed writes both on every message.
type BaseMessage struct {
	// UUID identifies the message. The seed types it uuid.UUID from
	// github.com/google/uuid, which parses it strictly on input (a string that
	// is not a UUID fails the whole line; a missing or null member leaves the
	// zero UUID) and writes ZeroUUID when unset. Required: the seed's
	// checklist makes non-pointer members the mandatory ones.
	UUID string `json:"uuid" jsonschema:"required,format=uuid"`
	// SessionID identifies the session. Required for the same reason as UUID.
	SessionID string `json:"session_id" jsonschema:"required"`
}

// AssistantMessage is one complete model response (seed §4.3).
type AssistantMessage struct {
	BaseMessage
	// Type is "assistant".
	Type string `json:"type" jsonschema:"required"`
	// Message is the response in the Messages API form.
	Message BetaMessage `json:"message" jsonschema:"required"`
	// ParentToolUseID is nil for the main agent and set for a subagent; the
	// seed has no omitempty, so it writes null for the main agent.
	ParentToolUseID *string `json:"parent_tool_use_id" jsonschema:"required,nullable"`
	// Error classifies a failed model call; a top-level member, absent when
	// unset (pointer with omitempty).
	Error *AssistantError `json:"error,omitempty"`
}

// AssistantError classifies why a model call failed. The seed declares 6
// values; its reader does not check them (encoding/json takes any string).
type AssistantError string

// EnumValues lists the 6 values the seed declares.
func (AssistantError) EnumValues() []string {
	return []string{"authentication_failed", "billing_error", "rate_limit",
		"invalid_request", "server_error", "unknown"}
}

// BetaMessage is the seed's mirror of a Messages API response (seed §4.4).
// None of its members has omitempty.
type BetaMessage struct {
	// ID is the API message id ("msg_…").
	ID string `json:"id" jsonschema:"required"`
	// Type is "message".
	Type string `json:"type" jsonschema:"required"`
	// Role is "assistant".
	Role string `json:"role" jsonschema:"required"`
	// Content holds the content blocks; the seed documents the order
	// thinking, text, tool_use. A nil slice is written as null.
	Content []ContentBlock `json:"content" jsonschema:"required,nullable"`
	// Model names the model that answered.
	Model string `json:"model" jsonschema:"required"`
	// StopReason is one of end_turn, tool_use, max_tokens, stop_sequence (a
	// comment in the seed, not a typed set), or null.
	StopReason *string `json:"stop_reason" jsonschema:"required,nullable"`
	// StopSequence is the stop sequence that matched, or null.
	StopSequence *string `json:"stop_sequence" jsonschema:"required,nullable"`
	// Usage counts the tokens of the call.
	Usage BetaUsage `json:"usage" jsonschema:"required"`
}

// BetaUsage counts tokens. The seed says all four members are non-optional
// (zero when the API omits them) and maps the type to NonNullableUsage, of
// which it keeps only these four.
type BetaUsage struct {
	// InputTokens counts the uncached input tokens.
	InputTokens int64 `json:"input_tokens" jsonschema:"required"`
	// OutputTokens counts the generated tokens.
	OutputTokens int64 `json:"output_tokens" jsonschema:"required"`
	// CacheReadInputTokens counts the input tokens read from the cache.
	CacheReadInputTokens int64 `json:"cache_read_input_tokens" jsonschema:"required"`
	// CacheCreationInputTokens counts the input tokens written to the cache.
	CacheCreationInputTokens int64 `json:"cache_creation_input_tokens" jsonschema:"required"`
}

// PartialAssistantMessage is one streaming delta (seed §4.5), written only
// when partial messages are enabled.
type PartialAssistantMessage struct {
	BaseMessage
	// Type is "stream_event".
	Type string `json:"type" jsonschema:"required"`
	// Event is the raw stream event, untyped in the seed (any).
	Event any `json:"event" jsonschema:"required,nullable"`
	// ParentToolUseID is nil for the main agent; written as null then.
	ParentToolUseID *string `json:"parent_tool_use_id" jsonschema:"required,nullable"`
}

// UserMessage is a user input (seed §4.6). The seed gives it the full
// BaseMessage, so uuid and session_id are required here too.
type UserMessage struct {
	BaseMessage
	// Type is "user".
	Type string `json:"type" jsonschema:"required"`
	// Message is the input in the Messages API MessageParam form.
	Message MessageParam `json:"message" jsonschema:"required"`
	// ParentToolUseID is nil for the main agent; written as null then.
	ParentToolUseID *string `json:"parent_tool_use_id" jsonschema:"required,nullable"`
	// IsSynthetic marks an input the system wrote, not the user; dropped when
	// false.
	IsSynthetic bool `json:"isSynthetic,omitempty"`
	// ToolUseResult is the tool's own result object, untyped in the seed.
	ToolUseResult any `json:"tool_use_result,omitempty"`
}

// UserMessageReplay is a user message replayed on resume (seed §4.6). The
// seed's reader picks it for a user line whose isReplay member is true.
type UserMessageReplay struct {
	UserMessage
	// IsReplay is always true on a replay; no omitempty.
	IsReplay bool `json:"isReplay" jsonschema:"required"`
}

// MessageParam is the seed's mirror of the Messages API input message.
type MessageParam struct {
	// Role is "user" or "assistant".
	Role string `json:"role" jsonschema:"required"`
	// Content is a string or a list of content blocks; the seed types it any,
	// so its reader takes any JSON here and its writer writes null for nil.
	Content any `json:"content" jsonschema:"required,nullable"`
}

// ResultMessage ends a query (seed §4.7). The seed uses this one struct for
// the success and every error subtype, and reads any subtype string into it.
type ResultMessage struct {
	BaseMessage
	// Type is "result".
	Type string `json:"type" jsonschema:"required"`
	// Subtype is the kind of ending. The seed names success,
	// error_during_execution, error_max_turns, error_max_budget_usd and
	// error_max_structured_output_retries as constants of a string type, but
	// reads any string.
	Subtype string `json:"subtype" jsonschema:"required"`
	// DurationMs is the wall-clock time of the query.
	DurationMs int64 `json:"duration_ms" jsonschema:"required"`
	// DurationAPIMs is the time spent in model calls.
	DurationAPIMs int64 `json:"duration_api_ms" jsonschema:"required"`
	// IsError is set on failure; the seed's constructors tie it to a subtype
	// other than success.
	IsError bool `json:"is_error" jsonschema:"required"`
	// NumTurns counts the turns of the query.
	NumTurns int64 `json:"num_turns" jsonschema:"required"`
	// StopReason is the last model stop reason, or null.
	StopReason *string `json:"stop_reason" jsonschema:"required,nullable"`
	// TotalCostUSD is the cost of the query in US dollars.
	TotalCostUSD float64 `json:"total_cost_usd" jsonschema:"required"`
	// Usage sums the tokens over all turns.
	Usage BetaUsage `json:"usage" jsonschema:"required"`
	// ModelUsage breaks usage down per model name; null when nil (the seed's
	// constructors leave it to the caller).
	ModelUsage map[string]ModelUsage `json:"modelUsage" jsonschema:"required,nullable"`
	// PermissionDenials lists the denied tool calls; the seed's constructors
	// never set it, so they write null.
	PermissionDenials []PermissionDenial `json:"permission_denials" jsonschema:"required,nullable"`
	// Result is the final text, on success only; omitempty drops an empty
	// result.
	Result string `json:"result,omitempty"`
	// StructuredOutput is the parsed output when an output format was set.
	StructuredOutput any `json:"structured_output,omitempty"`
	// Errors lists the error messages, on error subtypes only; omitempty drops
	// an empty list.
	Errors []string `json:"errors,omitempty"`
}

// ModelUsage is one model's share of a query's usage, with camelCase member
// names. None has omitempty.
type ModelUsage struct {
	// InputTokens counts the uncached input tokens.
	InputTokens int64 `json:"inputTokens" jsonschema:"required"`
	// OutputTokens counts the generated tokens.
	OutputTokens int64 `json:"outputTokens" jsonschema:"required"`
	// CacheReadInputTokens counts the input tokens read from the cache.
	CacheReadInputTokens int64 `json:"cacheReadInputTokens" jsonschema:"required"`
	// CacheCreationInputTokens counts the input tokens written to the cache.
	CacheCreationInputTokens int64 `json:"cacheCreationInputTokens" jsonschema:"required"`
	// WebSearchRequests counts the web searches.
	WebSearchRequests int64 `json:"webSearchRequests" jsonschema:"required"`
	// CostUSD is this model's cost in US dollars.
	CostUSD float64 `json:"costUSD" jsonschema:"required"`
	// ContextWindow is the model's context window in tokens.
	ContextWindow int64 `json:"contextWindow" jsonschema:"required"`
	// MaxOutputTokens is the model's output limit in tokens.
	MaxOutputTokens int64 `json:"maxOutputTokens" jsonschema:"required"`
}

// PermissionDenial is one tool call the permission system refused.
type PermissionDenial struct {
	// ToolName names the tool.
	ToolName string `json:"tool_name" jsonschema:"required"`
	// ToolUseID is the id of the refused tool_use block.
	ToolUseID string `json:"tool_use_id" jsonschema:"required"`
	// ToolInput is the input of the refused call; null when nil.
	ToolInput map[string]any `json:"tool_input" jsonschema:"required,nullable"`
}
