package tsdocs

import "encoding/json"

// SystemInitMessage is SDKSystemMessage: the first message of a session,
// also sent when one resumes.
type SystemInitMessage struct {
	// Type is "system".
	Type string `json:"type" jsonschema:"required"`
	// Subtype is "init".
	Subtype string `json:"subtype" jsonschema:"required"`
	// UUID identifies the message.
	UUID string `json:"uuid" jsonschema:"required"`
	// SessionID identifies the session.
	SessionID string `json:"session_id" jsonschema:"required"`
	// APIKeySource says where the API key came from.
	APIKeySource APIKeySource `json:"apiKeySource" jsonschema:"required"`
	// CWD is the working directory.
	CWD string `json:"cwd" jsonschema:"required"`
	// Tools lists the names of the available tools.
	Tools []string `json:"tools" jsonschema:"required"`
	// MCPServers lists the configured MCP servers and their state.
	MCPServers []MCPServerStatus `json:"mcp_servers" jsonschema:"required"`
	// Model names the model in use.
	Model string `json:"model" jsonschema:"required"`
	// PermissionMode is the session's permission mode. The page defers its
	// values to another reference, so any string is accepted.
	PermissionMode string `json:"permissionMode" jsonschema:"required"`
	// SlashCommands lists the available slash commands.
	SlashCommands []string `json:"slash_commands" jsonschema:"required"`
	// OutputStyle names the output style.
	OutputStyle string `json:"output_style" jsonschema:"required"`
}

// APIKeySource is where the API key came from: the page's four values, a
// subset of the wire's.
type APIKeySource string

// EnumValues lists the values of APIKeySource.
func (APIKeySource) EnumValues() []string {
	return []string{"user", "project", "org", "temporary"}
}

// MCPServerStatus is one entry of init's mcp_servers.
type MCPServerStatus struct {
	// Name names the server.
	Name string `json:"name" jsonschema:"required"`
	// Status is the server's state; the page's examples are "ready" and
	// "error" but it declares a plain string.
	Status string `json:"status" jsonschema:"required"`
}

// CompactBoundaryMessage is SDKCompactBoundaryMessage: the conversation was
// compacted, by hand or automatically.
type CompactBoundaryMessage struct {
	// Type is "system".
	Type string `json:"type" jsonschema:"required"`
	// Subtype is "compact_boundary".
	Subtype string `json:"subtype" jsonschema:"required"`
	// UUID identifies the message.
	UUID string `json:"uuid" jsonschema:"required"`
	// SessionID identifies the session.
	SessionID string `json:"session_id" jsonschema:"required"`
	// CompactMetadata says what started the compaction and how big the
	// context was.
	CompactMetadata CompactMetadata `json:"compact_metadata" jsonschema:"required"`
}

// CompactMetadata describes one compaction.
type CompactMetadata struct {
	// Trigger is "manual" or "auto".
	Trigger string `json:"trigger" jsonschema:"required,enum=manual,enum=auto"`
	// PreTokens counts the context's tokens before compaction.
	PreTokens int64 `json:"pre_tokens" jsonschema:"required"`
}

// UserMessage is SDKUserMessage, and SDKUserMessageReplay too: the page
// gives both type "user" and the same members, differing only in whether
// uuid is required, so a reader cannot tell them apart (see the package
// doc). The SDK writes it to send a prompt; the CLI prints it back.
type UserMessage struct {
	// Type is "user".
	Type string `json:"type" jsonschema:"required"`
	// UUID identifies the message; optional, since the first send may lack
	// one (the replay form always has it).
	UUID string `json:"uuid,omitempty"`
	// SessionID identifies the session; required on this page (sdk.d.ts
	// makes it optional).
	SessionID string `json:"session_id" jsonschema:"required"`
	// Message is the user turn in the Anthropic SDK's input form.
	Message APIUserMessage `json:"message" jsonschema:"required"`
	// ParentToolUseID is the tool_use id of the subagent the turn belongs
	// to, or null.
	ParentToolUseID *string `json:"parent_tool_use_id" jsonschema:"required,nullable"`
}

// APIUserMessage is the Anthropic SDK's message parameter, which the page
// names but does not define: a role and a content that is either a string
// or a list of content block parameters.
type APIUserMessage struct {
	// Role is the speaker, "user" on a user message.
	Role string `json:"role" jsonschema:"required"`
	// Content is the turn's text or its list of blocks; left free-form, as
	// the page does not define it.
	Content json.RawMessage `json:"content" jsonschema:"required"`
}

// AssistantMessage is SDKAssistantMessage: a full response, text or tool
// calls.
type AssistantMessage struct {
	// Type is "assistant".
	Type string `json:"type" jsonschema:"required"`
	// UUID identifies the message.
	UUID string `json:"uuid" jsonschema:"required"`
	// SessionID identifies the session.
	SessionID string `json:"session_id" jsonschema:"required"`
	// Message is the response from the Anthropic SDK.
	Message APIAssistantMessage `json:"message" jsonschema:"required"`
	// ParentToolUseID is the tool_use id of the subagent that wrote the
	// message, or null.
	ParentToolUseID *string `json:"parent_tool_use_id" jsonschema:"required,nullable"`
}

// APIAssistantMessage is the Anthropic SDK's response message. The page
// names three of its members (id, role, content); the package declares
// those.
type APIAssistantMessage struct {
	// ID identifies the API message.
	ID string `json:"id" jsonschema:"required"`
	// Role is the speaker, "assistant".
	Role string `json:"role" jsonschema:"required"`
	// Content holds the response's blocks.
	Content []ContentBlock `json:"content" jsonschema:"required"`
}

// PartialAssistantMessage is SDKPartialAssistantMessage: one streaming
// event, sent only when partial messages are requested.
type PartialAssistantMessage struct {
	// Type is "stream_event".
	Type string `json:"type" jsonschema:"required"`
	// Event is the Messages API stream event.
	Event StreamEvent `json:"event" jsonschema:"required"`
	// ParentToolUseID is the tool_use id of the subagent streaming, or null.
	ParentToolUseID *string `json:"parent_tool_use_id" jsonschema:"required,nullable"`
	// UUID identifies the message.
	UUID string `json:"uuid" jsonschema:"required"`
	// SessionID identifies the session.
	SessionID string `json:"session_id" jsonschema:"required"`
}

// ResultSuccess is SDKResultMessage in its success case.
type ResultSuccess struct {
	// Type is "result".
	Type string `json:"type" jsonschema:"required"`
	// Subtype is "success".
	Subtype string `json:"subtype" jsonschema:"required"`
	// UUID identifies the message.
	UUID string `json:"uuid" jsonschema:"required"`
	// SessionID identifies the session.
	SessionID string `json:"session_id" jsonschema:"required"`
	// DurationMS is the query's wall time in milliseconds.
	DurationMS int64 `json:"duration_ms" jsonschema:"required"`
	// DurationAPIMS is the time spent in API calls, in milliseconds.
	DurationAPIMS int64 `json:"duration_api_ms" jsonschema:"required"`
	// IsError is typed as the literal false on the success case (the wire
	// sends true here when an API call failed).
	IsError bool `json:"is_error" jsonschema:"required" jsonschema_extras:"const=false"`
	// NumTurns counts the turns.
	NumTurns int64 `json:"num_turns" jsonschema:"required"`
	// Result sums up the work done.
	Result string `json:"result" jsonschema:"required"`
	// TotalCostUSD is the query's cost in US dollars.
	TotalCostUSD float64 `json:"total_cost_usd" jsonschema:"required"`
	// Usage counts the query's tokens.
	Usage NonNullableUsage `json:"usage" jsonschema:"required"`
	// PermissionDenials lists the tool calls that were refused.
	PermissionDenials []PermissionDenial `json:"permission_denials" jsonschema:"required"`
}

// ResultError is SDKResultMessage in its error cases, error_max_turns and
// error_during_execution. It has no result text.
type ResultError struct {
	// Type is "result".
	Type string `json:"type" jsonschema:"required"`
	// Subtype is "error_max_turns" or "error_during_execution".
	Subtype string `json:"subtype" jsonschema:"required"`
	// UUID identifies the message.
	UUID string `json:"uuid" jsonschema:"required"`
	// SessionID identifies the session.
	SessionID string `json:"session_id" jsonschema:"required"`
	// DurationMS is the query's wall time in milliseconds.
	DurationMS int64 `json:"duration_ms" jsonschema:"required"`
	// DurationAPIMS is the time spent in API calls, in milliseconds.
	DurationAPIMS int64 `json:"duration_api_ms" jsonschema:"required"`
	// IsError is typed as the literal true on the error cases (the wire
	// sends false on error_max_turns).
	IsError bool `json:"is_error" jsonschema:"required" jsonschema_extras:"const=true"`
	// NumTurns counts the turns.
	NumTurns int64 `json:"num_turns" jsonschema:"required"`
	// TotalCostUSD is the query's cost in US dollars.
	TotalCostUSD float64 `json:"total_cost_usd" jsonschema:"required"`
	// Usage counts the query's tokens.
	Usage NonNullableUsage `json:"usage" jsonschema:"required"`
	// PermissionDenials lists the tool calls that were refused.
	PermissionDenials []PermissionDenial `json:"permission_denials" jsonschema:"required"`
}

// NonNullableUsage counts tokens: the page's four counters, all required.
type NonNullableUsage struct {
	// InputTokens counts the uncached input tokens.
	InputTokens int64 `json:"input_tokens" jsonschema:"required"`
	// OutputTokens counts the generated tokens.
	OutputTokens int64 `json:"output_tokens" jsonschema:"required"`
	// CacheCreationInputTokens counts the input tokens written to the cache.
	CacheCreationInputTokens int64 `json:"cache_creation_input_tokens" jsonschema:"required"`
	// CacheReadInputTokens counts the input tokens read from the cache.
	CacheReadInputTokens int64 `json:"cache_read_input_tokens" jsonschema:"required"`
}

// PermissionDenial is SDKPermissionDenial: one refused tool call.
type PermissionDenial struct {
	// ToolName names the tool.
	ToolName string `json:"tool_name" jsonschema:"required"`
	// ToolUseID is the id of the refused tool_use block.
	ToolUseID string `json:"tool_use_id" jsonschema:"required"`
	// ToolInput is the call's input; ToolInput is defined in another
	// reference, so any JSON value is accepted.
	ToolInput json.RawMessage `json:"tool_input" jsonschema:"required"`
}
