package rust

import (
	"encoding/json"
	"errors"
)

// This file holds the Message enum's variants (messages.rs): a serde enum
// tagged on "type". A field that is not an Option and has no default is
// required; an Option accepts absence and null. serde ignores members a
// struct does not name (no deny_unknown_fields), except where a
// #[serde(flatten)] extra keeps them.

// errUnknownVariant stands for serde's "unknown variant" error.
var errUnknownVariant = errors.New("unknown variant")

// SystemInit is SystemMessage::Init, the first line of a session.
type SystemInit struct {
	// Type is "system".
	Type string `json:"type" jsonschema:"required"`
	// Subtype is "init".
	Subtype string `json:"subtype" jsonschema:"required"`
	// SessionID names the session; a String, required.
	SessionID string `json:"session_id" jsonschema:"required"`
	// Tools lists the tools, a Vec<ToolInfo>; required. ToolInfo's own
	// Deserialize (messages.rs:361) takes a bare string as a tool name as
	// well as an object, so each item is an object or a string.
	Tools []ToolInfo `json:"tools" jsonschema:"required,anyof_ref=#/$defs/ToolInfo;#/$defs/ToolInfo/properties/name"`
	// MCPServers lists the MCP servers, a Vec<McpServerInfo>; required.
	// The other members of the line are kept raw in the flattened extra.
	MCPServers []McpServerInfo `json:"mcp_servers" jsonschema:"required"`
}

// ToolInfo is one tool of SystemInit.tools.
type ToolInfo struct {
	// Name names the tool; required. A bare string item is read as this
	// name.
	Name string `json:"name" jsonschema:"required"`
	// Description describes the tool; Option<String>.
	Description *string `json:"description,omitempty" jsonschema:"nullable"`
	// InputSchema is the tool's input schema; Option<Value>.
	InputSchema json.RawMessage `json:"input_schema,omitempty" jsonschema:"nullable"`
}

// McpServerInfo is one server of SystemInit.mcp_servers. Its other members
// are kept raw in a flattened extra.
type McpServerInfo struct {
	// Name names the server; required.
	Name string `json:"name" jsonschema:"required"`
}

// CompactBoundary is SystemMessage::CompactBoundary, a unit variant: the
// CLI's compact_metadata and every other member are discarded.
type CompactBoundary struct {
	// Type is "system".
	Type string `json:"type" jsonschema:"required"`
	// Subtype is "compact_boundary".
	Subtype string `json:"subtype" jsonschema:"required"`
}

// AssistantMessage is a model response (messages.rs AssistantMessage).
type AssistantMessage struct {
	// Type is "assistant".
	Type string `json:"type" jsonschema:"required"`
	// Message holds role and content; required.
	Message ApiMessage `json:"message" jsonschema:"required"`
	// ParentToolUseID is the id of the tool call this response belongs to;
	// Option<String>.
	ParentToolUseID *string `json:"parent_tool_use_id,omitempty" jsonschema:"nullable"`
	// DurationMS is the time the API request took, an Option<u64> the
	// dialect invents: the CLI does not send it on assistant lines.
	DurationMS *int64 `json:"duration_ms,omitempty" jsonschema:"nullable,minimum=0"`
	// Error is the API failure, Option<AssistantMessageError>. The enum
	// names authentication_failed, billing_error, rate_limit,
	// invalid_request, server_error and overloaded, and its
	// #[serde(other)] Unknown takes any other string.
	Error *string `json:"error,omitempty" jsonschema:"nullable"`
}

// UserMessage is a user turn (messages.rs UserMessage). A replay is not
// told apart.
type UserMessage struct {
	// Type is "user".
	Type string `json:"type" jsonschema:"required"`
	// Message holds role and content; required. Its content must be a list
	// of blocks: a user line with string content is refused.
	Message ApiMessage `json:"message" jsonschema:"required"`
	// UUID identifies the message; Option<String>.
	UUID *string `json:"uuid,omitempty" jsonschema:"nullable"`
	// ParentToolUseID is the id of the tool call this turn belongs to;
	// Option<String>.
	ParentToolUseID *string `json:"parent_tool_use_id,omitempty" jsonschema:"nullable"`
}

// ResultSuccess is ResultMessage::Success.
type ResultSuccess struct {
	// Type is "result".
	Type string `json:"type" jsonschema:"required"`
	// Subtype is "success".
	Subtype string `json:"subtype" jsonschema:"required"`
	// Result is the final text; a String, the only required member.
	Result string `json:"result" jsonschema:"required"`
	// DurationMS is the turn's wall time; Option<u64>.
	DurationMS *int64 `json:"duration_ms,omitempty" jsonschema:"nullable,minimum=0"`
	// DurationAPIMS is the time spent in API calls; Option<u64>.
	DurationAPIMS *int64 `json:"duration_api_ms,omitempty" jsonschema:"nullable,minimum=0"`
	// NumTurns counts the turns; Option<u32>.
	NumTurns *int64 `json:"num_turns,omitempty" jsonschema:"nullable,minimum=0,maximum=4294967295"`
	// SessionID names the session; Option<String>.
	SessionID *string `json:"session_id,omitempty" jsonschema:"nullable"`
	// TotalCostUSD is the cost in US dollars; Option<f64>.
	TotalCostUSD *float64 `json:"total_cost_usd,omitempty" jsonschema:"nullable"`
	// Usage is the token usage; Option<UsageInfo>.
	Usage *UsageInfo `json:"usage,omitempty" jsonschema:"nullable"`
	// StructuredOutput is the output that matched the JSON schema asked
	// for; Option<Value>.
	StructuredOutput json.RawMessage `json:"structured_output,omitempty" jsonschema:"nullable"`
	// IsError says whether the turn failed; Option<bool>.
	IsError *bool `json:"is_error,omitempty" jsonschema:"nullable"`
}

// UsageInfo is the token usage of a result: two counters only.
type UsageInfo struct {
	// InputTokens counts input tokens; a u32, required.
	InputTokens int64 `json:"input_tokens" jsonschema:"required,minimum=0,maximum=4294967295"`
	// OutputTokens counts output tokens; a u32, required.
	OutputTokens int64 `json:"output_tokens" jsonschema:"required,minimum=0,maximum=4294967295"`
}

// ResultError is ResultMessage::Error. The CLI prints no result of subtype
// "error": its failed turns have subtypes error_during_execution,
// error_max_turns and so on, which the enum does not know.
type ResultError struct {
	// Type is "result".
	Type string `json:"type" jsonschema:"required"`
	// Subtype is "error".
	Subtype string `json:"subtype" jsonschema:"required"`
	// Error is the error message, a singular String; required. The other
	// members are kept raw in the flattened extra.
	Error string `json:"error" jsonschema:"required"`
}

// ResultInputRequired is ResultMessage::InputRequired, a unit variant for a
// paused session; the CLI does not print this subtype.
type ResultInputRequired struct {
	// Type is "result".
	Type string `json:"type" jsonschema:"required"`
	// Subtype is "input_required".
	Subtype string `json:"subtype" jsonschema:"required"`
}

// RateLimitEvent is Message::RateLimitEvent(serde_json::Value): the line is
// kept whole as an untyped Value.
type RateLimitEvent struct {
	// Type is "rate_limit_event"; everything else is kept raw.
	Type string `json:"type" jsonschema:"required"`
}

// McpMessage is Message::McpMessage(serde_json::Value), a top-level type the
// CLI does not print (its MCP messages are control requests); the line is
// kept whole as an untyped Value.
type McpMessage struct {
	// Type is "mcp_message"; everything else is kept raw.
	Type string `json:"type" jsonschema:"required"`
}

// OutgoingUserMessage is the user message the client writes for a prompt
// (client.rs write_message, a json! literal): string content, which
// ApiMessage cannot hold.
type OutgoingUserMessage struct {
	// Type is "user".
	Type string `json:"type" jsonschema:"required"`
	// SessionID is always "".
	SessionID string `json:"session_id" jsonschema:"required"`
	// Message holds the role and the prompt.
	Message OutgoingUserBody `json:"message" jsonschema:"required"`
	// ParentToolUseID is always null.
	ParentToolUseID *string `json:"parent_tool_use_id" jsonschema:"required,nullable"`
}

// OutgoingUserBody is the message member of an OutgoingUserMessage.
type OutgoingUserBody struct {
	// Role is "user".
	Role string `json:"role" jsonschema:"required"`
	// Content is the prompt text.
	Content string `json:"content" jsonschema:"required"`
}
