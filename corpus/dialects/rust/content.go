package rust

import (
	"encoding/json"
	"fmt"
	"reflect"

	"github.com/protocheck/protocheck/protocol"
)

// This file holds ApiMessage and its content blocks (messages.rs
// ContentBlock, a serde enum tagged on "type" with four variants and no
// fallback): a block of any other kind is a serde error, and the whole line
// with it.

// A ContentBlock is one block of ApiMessage.content: one of the four kinds
// of the ContentBlock union.
type ContentBlock interface {
	// contentBlock marks the ContentBlock enum's variants.
	contentBlock()
}

// TextBlock is ContentBlock::Text.
type TextBlock struct {
	// Type is "text".
	Type string `json:"type" jsonschema:"required"`
	// Text is the text; a String, required.
	Text string `json:"text" jsonschema:"required"`
}

// ToolUseBlock is ContentBlock::ToolUse.
type ToolUseBlock struct {
	// Type is "tool_use".
	Type string `json:"type" jsonschema:"required"`
	// ID identifies the call; required.
	ID string `json:"id" jsonschema:"required"`
	// Name names the tool; required.
	Name string `json:"name" jsonschema:"required"`
	// Input is the tool's input, a serde_json::Value; required (any JSON,
	// null included).
	Input json.RawMessage `json:"input" jsonschema:"required"`
}

// ToolResultBlock is ContentBlock::ToolResult.
type ToolResultBlock struct {
	// Type is "tool_result".
	Type string `json:"type" jsonschema:"required"`
	// ToolUseID is the id of the call answered; required.
	ToolUseID string `json:"tool_use_id" jsonschema:"required"`
	// Content is the result, a serde_json::Value without a default: it
	// must be present, though any JSON (null too) will do.
	Content json.RawMessage `json:"content" jsonschema:"required"`
	// IsError is a bool with #[serde(default)]: it may be absent (false)
	// but not null.
	IsError bool `json:"is_error,omitempty"`
}

// ThinkingBlock is ContentBlock::Thinking.
type ThinkingBlock struct {
	// Type is "thinking".
	Type string `json:"type" jsonschema:"required"`
	// Thinking is the reasoning text; required.
	Thinking string `json:"thinking" jsonschema:"required"`
	// Signature is an Option<String> with a default; the seed leaves it
	// out.
	Signature *string `json:"signature,omitempty" jsonschema:"nullable"`
}

func (*TextBlock) contentBlock()       {}
func (*ToolUseBlock) contentBlock()    {}
func (*ToolResultBlock) contentBlock() {}
func (*ThinkingBlock) contentBlock()   {}

// ApiMessage is the message member of assistant and user messages
// (messages.rs ApiMessage).
type ApiMessage struct {
	// Role is "assistant" or "user"; a String, required.
	Role string `json:"role" jsonschema:"required"`
	// Content is a Vec<ContentBlock>, required: a string is refused, and so
	// is a list holding a block of another kind.
	Content []ContentBlock `json:"content" jsonschema:"required"`
}

// UnmarshalJSON decodes the message as serde does: content must be a list
// of the four known kinds of block; anything else is an error.
func (m *ApiMessage) UnmarshalJSON(data []byte) error {
	var aux struct {
		Role    string            `json:"role"`
		Content []json.RawMessage `json:"content"`
	}
	if err := json.Unmarshal(data, &aux); err != nil {
		return err
	}
	m.Role, m.Content = aux.Role, nil
	for i, raw := range aux.Content {
		var probe struct {
			Type *string `json:"type"`
		}
		if err := json.Unmarshal(raw, &probe); err != nil {
			return fmt.Errorf("block %d: %w", i, err)
		}
		if probe.Type == nil {
			return fmt.Errorf("block %d: missing field `type`", i)
		}
		var block ContentBlock
		for _, mem := range contentBlockUnion.Members {
			if mem.Value == *probe.Type {
				block = mem.New().(ContentBlock)
			}
		}
		if block == nil {
			return fmt.Errorf("block %d: %w %q", i, errUnknownVariant, *probe.Type)
		}
		if err := json.Unmarshal(raw, block); err != nil {
			return fmt.Errorf("block %d: %w", i, err)
		}
		m.Content = append(m.Content, block)
	}
	return nil
}

var contentBlockUnion = &protocol.Union{
	Name:      "ContentBlock",
	Interface: reflect.TypeFor[ContentBlock](),
	Key:       "type",
	Members: []protocol.Member{
		{Value: "text", New: func() any { return new(TextBlock) }},
		{Value: "tool_use", New: func() any { return new(ToolUseBlock) }},
		{Value: "tool_result", New: func() any { return new(ToolResultBlock) }},
		{Value: "thinking", New: func() any { return new(ThinkingBlock) }},
	},
}
