package protocol

import (
	"encoding/json"
	"reflect"
)

// This file holds the content blocks of message.content: the blocks of model
// responses (assistant messages, content_block_start events) and of input
// turns (user messages) share one union keyed on "type". A kind that exists
// both as a response block and as an input block has one Go type whose
// required members are those both forms require; members only the input form
// has (cache_control, for one) are optional.
//
// content.go has the common blocks and the values blocks share;
// content_server.go the blocks of server-side tools, MCP, compaction and
// fallback; content_input.go the blocks only input turns carry.

// A ContentBlock is one block of message content: one of the types listed in
// the ContentBlock union, or *UnknownBlock.
type ContentBlock interface {
	// BlockType returns the block's "type".
	BlockType() string
}

// TextBlock is a block of text.
//
//protocheck:member ContentBlock
type TextBlock struct {
	// Type is "text".
	Type string `json:"type" jsonschema:"required"`
	// Text is the text.
	Text string `json:"text" jsonschema:"required"`
	// Citations lists the passages of documents or search results the text
	// relies on, or is null. The API types declare it on every response text
	// block, but the CLI does not print it.
	Citations json.RawMessage `json:"citations,omitzero" jsonschema:"nullable"`
	// CacheControl marks a cache breakpoint on input blocks.
	CacheControl *CacheControl `json:"cache_control,omitzero" jsonschema:"nullable"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// ThinkingBlock is the model's visible reasoning.
//
//protocheck:member ContentBlock
type ThinkingBlock struct {
	// Type is "thinking".
	Type string `json:"type" jsonschema:"required"`
	// Thinking is the reasoning text.
	Thinking string `json:"thinking" jsonschema:"required"`
	// Signature lets the API check that the block was not altered; it is ""
	// in the content_block_start event, before the signature_delta.
	Signature string `json:"signature" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// RedactedThinkingBlock is reasoning the API withheld; only an encrypted form
// is given, to be passed back unchanged.
//
//protocheck:member ContentBlock
type RedactedThinkingBlock struct {
	// Type is "redacted_thinking".
	Type string `json:"type" jsonschema:"required"`
	// Data is the encrypted reasoning; it cannot be read.
	Data string `json:"data" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// ToolUseBlock is a call the model makes to a client tool.
//
//protocheck:member ContentBlock
type ToolUseBlock struct {
	// Type is "tool_use".
	Type string `json:"type" jsonschema:"required"`
	// ID identifies the call; the tool_result block that answers it
	// carries it as tool_use_id.
	ID string `json:"id" jsonschema:"required"`
	// Name names the tool.
	Name string `json:"name" jsonschema:"required"`
	// Input is the tool's input, as the model wrote it; {} in the
	// content_block_start event, before the input_json_delta events.
	Input json.RawMessage `json:"input" jsonschema:"required"`
	// Caller says what made the call: the model itself, or code running in
	// the code-execution tool.
	Caller *ToolCaller `json:"caller,omitzero"`
	// ToolsetName names the toolset the tool belongs to, or is null.
	ToolsetName *string `json:"toolset_name,omitzero" jsonschema:"nullable"`
	// CacheControl marks a cache breakpoint on input blocks.
	CacheControl *CacheControl `json:"cache_control,omitzero" jsonschema:"nullable"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// ToolResultBlock answers a tool_use block, in a user message.
//
//protocheck:member ContentBlock
type ToolResultBlock struct {
	// Type is "tool_result".
	Type string `json:"type" jsonschema:"required"`
	// ToolUseID is the id of the tool_use block this answers.
	ToolUseID string `json:"tool_use_id" jsonschema:"required"`
	// Content is the result: a string or a list of content blocks (text,
	// image, search_result, document, tool_reference, browser_state).
	Content *MessageContent `json:"content,omitzero"`
	// IsError is true when the tool failed.
	IsError *bool `json:"is_error,omitzero"`
	// ToolsetName names the toolset of the tool that ran, or is null.
	ToolsetName *string `json:"toolset_name,omitzero" jsonschema:"nullable"`
	// CacheControl marks a cache breakpoint.
	CacheControl *CacheControl `json:"cache_control,omitzero" jsonschema:"nullable"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// CacheControl marks a prompt-cache breakpoint after the block that carries it.
type CacheControl struct {
	// Type is "ephemeral".
	Type string `json:"type" jsonschema:"required,enum=ephemeral"`
	// TTL is how long the cache entry lives; the API's default is "5m".
	TTL string `json:"ttl,omitzero" jsonschema:"enum=5m,enum=1h"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// ToolCaller says what issued a tool call. The API types make it a union of
// three objects on "type"; this flat struct holds any of them.
type ToolCaller struct {
	// Type is "direct" when the model called the tool itself, or the
	// version of the code-execution tool whose code made the call.
	Type string `json:"type" jsonschema:"required,enum=direct,enum=code_execution_20250825,enum=code_execution_20260120"`
	// ToolID is the id of the code-execution tool call that made this call;
	// absent for direct calls.
	ToolID string `json:"tool_id,omitzero"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// CitationsConfig turns citations on or off for a document or search result.
type CitationsConfig struct {
	// Enabled is true to let the model cite the block.
	Enabled *bool `json:"enabled,omitzero"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// UnknownBlock is a content block whose type the union does not list. It
// keeps the block whole.
type UnknownBlock struct{ unknownObject }

// BlockType returns the block's "type" as read, or "".
func (b *UnknownBlock) BlockType() string { return b.discriminator("type") }

// UnmarshalJSON keeps data as it is.
func (b *UnknownBlock) UnmarshalJSON(data []byte) error { return b.set(data) }

// MarshalJSON returns the block as read.
func (b UnknownBlock) MarshalJSON() ([]byte, error) { return b.get() }

// contentBlockUnion lists the common blocks first, then the other response
// blocks in the order of the API's BetaContentBlock union, then the kinds
// only input turns carry.
var contentBlockUnion = &Union{
	Name:      "ContentBlock",
	Interface: reflect.TypeFor[ContentBlock](),
	Key:       "type",
	Members: []Member{
		{"text", func() any { return new(TextBlock) }},
		{"thinking", func() any { return new(ThinkingBlock) }},
		{"tool_use", func() any { return new(ToolUseBlock) }},
		{"tool_result", func() any { return new(ToolResultBlock) }},
		// Response blocks (also accepted as input).
		{"redacted_thinking", func() any { return new(RedactedThinkingBlock) }},
		{"server_tool_use", func() any { return new(ServerToolUseBlock) }},
		{"web_search_tool_result", func() any { return new(WebSearchToolResultBlock) }},
		{"web_fetch_tool_result", func() any { return new(WebFetchToolResultBlock) }},
		{"advisor_tool_result", func() any { return new(AdvisorToolResultBlock) }},
		{"code_execution_tool_result", func() any { return new(CodeExecutionToolResultBlock) }},
		{"bash_code_execution_tool_result", func() any { return new(BashCodeExecutionToolResultBlock) }},
		{"text_editor_code_execution_tool_result", func() any { return new(TextEditorCodeExecutionToolResultBlock) }},
		{"tool_search_tool_result", func() any { return new(ToolSearchToolResultBlock) }},
		{"mcp_tool_use", func() any { return new(MCPToolUseBlock) }},
		{"mcp_tool_result", func() any { return new(MCPToolResultBlock) }},
		{"container_upload", func() any { return new(ContainerUploadBlock) }},
		{"compaction", func() any { return new(CompactionBlock) }},
		{"fallback", func() any { return new(FallbackBlock) }},
		{"mcp_tool_listing", func() any { return new(MCPToolListingBlock) }},
		// Input-only blocks.
		{"image", func() any { return new(ImageBlock) }},
		{"document", func() any { return new(DocumentBlock) }},
		{"search_result", func() any { return new(SearchResultBlock) }},
		{"tool_addition", func() any { return new(ToolAdditionBlock) }},
		{"tool_removal", func() any { return new(ToolRemovalBlock) }},
		// Input-only blocks found only inside tool_result content.
		{"tool_reference", func() any { return new(ToolReferenceBlock) }},
		{"browser_state", func() any { return new(BrowserStateBlock) }},
	},
	Unknown: func() any { return new(UnknownBlock) },
}
