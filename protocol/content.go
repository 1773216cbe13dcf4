package protocol

import (
	"encoding/json"
	"reflect"
)

// This file holds the content blocks of message.content: the blocks of model
// responses (assistant messages, content_block_start events) and of input
// turns (user messages) share one union keyed on "type".

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
	// Citations lists the sources the text cites, or is null.
	Citations json.RawMessage `json:"citations,omitzero" jsonschema:"nullable"`
	// CacheControl marks a cache breakpoint on input blocks.
	CacheControl json.RawMessage `json:"cache_control,omitzero" jsonschema:"nullable"`
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
	// Signature lets the API check that the block was not altered.
	Signature string `json:"signature" jsonschema:"required"`
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
	// Input is the tool's input.
	Input json.RawMessage `json:"input" jsonschema:"required"`
	// Caller says what made the call.
	Caller json.RawMessage `json:"caller,omitzero"`
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
	// Content is the result: a string or a list of content blocks.
	Content *MessageContent `json:"content,omitzero"`
	// IsError is true when the tool failed.
	IsError *bool `json:"is_error,omitzero"`
	// CacheControl marks a cache breakpoint.
	CacheControl json.RawMessage `json:"cache_control,omitzero" jsonschema:"nullable"`
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

var contentBlockUnion = &Union{
	Name:      "ContentBlock",
	Interface: reflect.TypeFor[ContentBlock](),
	Key:       "type",
	Members: []Member{
		{"text", func() any { return new(TextBlock) }},
		{"thinking", func() any { return new(ThinkingBlock) }},
		{"tool_use", func() any { return new(ToolUseBlock) }},
		{"tool_result", func() any { return new(ToolResultBlock) }},
	},
	Unknown: func() any { return new(UnknownBlock) },
}
