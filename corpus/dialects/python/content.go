package python

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"

	"github.com/protocheck/protocheck/protocol"
)

// This file holds the content blocks. message_parser.py walks
// message.content with a match on block["type"] that has no default case:
// a block of any other kind is left out of the list, without a word. The
// assistant branch knows six kinds, the user branch three, so there are two
// unions over the same block types.

// An AssistantContentBlock is one block of an assistant message's content
// as the parser keeps it: one of the six kinds of the AssistantContentBlock
// union. Blocks of other kinds are dropped.
type AssistantContentBlock interface {
	// assistantBlock marks the block types the assistant branch parses.
	assistantBlock()
}

// A UserContentBlock is one block of a user message's content as the parser
// keeps it: text, tool_use or tool_result. Blocks of other kinds (thinking,
// image, ...) are dropped.
type UserContentBlock interface {
	// userBlock marks the block types the user branch parses.
	userBlock()
}

// TextBlock is a block of text (types.py TextBlock).
type TextBlock struct {
	// Type is "text"; block["type"] raises KeyError when it is missing.
	Type string `json:"type" jsonschema:"required"`
	// Text is the text; required (block["text"]).
	Text string `json:"text" jsonschema:"required"`
}

// ThinkingBlock is the model's reasoning (types.py ThinkingBlock). Only the
// assistant branch parses it.
type ThinkingBlock struct {
	// Type is "thinking".
	Type string `json:"type" jsonschema:"required"`
	// Thinking is the reasoning text; required (block["thinking"]).
	Thinking string `json:"thinking" jsonschema:"required"`
	// Signature is the block's signature; required (block["signature"]), so
	// a thinking block without one makes the whole message fail to parse.
	Signature string `json:"signature" jsonschema:"required"`
}

// ToolUseBlock is a call to a client tool (types.py ToolUseBlock).
type ToolUseBlock struct {
	// Type is "tool_use".
	Type string `json:"type" jsonschema:"required"`
	// ID identifies the call; required (block["id"]).
	ID string `json:"id" jsonschema:"required"`
	// Name names the tool; required (block["name"]).
	Name string `json:"name" jsonschema:"required"`
	// Input is the tool's input, dict[str, Any] in types.py; required
	// (block["input"]).
	Input json.RawMessage `json:"input" jsonschema:"required"`
}

// ToolResultBlock answers a tool_use block (types.py ToolResultBlock).
type ToolResultBlock struct {
	// Type is "tool_result".
	Type string `json:"type" jsonschema:"required"`
	// ToolUseID is the id of the call answered; required
	// (block["tool_use_id"]).
	ToolUseID string `json:"tool_use_id" jsonschema:"required"`
	// Content is the result: str, a list of dicts, or None; read with
	// block.get, so it may be absent.
	Content json.RawMessage `json:"content,omitempty" jsonschema:"nullable"`
	// IsError is true when the tool failed; read with block.get.
	IsError *bool `json:"is_error,omitempty" jsonschema:"nullable"`
}

// ServerToolUseBlock is a call to a server-side tool (types.py
// ServerToolUseBlock). Only the assistant branch parses it.
type ServerToolUseBlock struct {
	// Type is "server_tool_use".
	Type string `json:"type" jsonschema:"required"`
	// ID identifies the call; required (block["id"]).
	ID string `json:"id" jsonschema:"required"`
	// Name names the server tool; required (block["name"]).
	Name string `json:"name" jsonschema:"required"`
	// Input is the tool's input; required (block["input"]).
	Input json.RawMessage `json:"input" jsonschema:"required"`
}

// AdvisorToolResultBlock is the result of the advisor server tool; the
// parser turns it into a ServerToolResultBlock. It is the only server-tool
// result kind parsed: web_search_tool_result and the others are dropped.
type AdvisorToolResultBlock struct {
	// Type is "advisor_tool_result".
	Type string `json:"type" jsonschema:"required"`
	// ToolUseID is the id of the server_tool_use answered; required
	// (block["tool_use_id"]).
	ToolUseID string `json:"tool_use_id" jsonschema:"required"`
	// Content is the result, dict[str, Any] in types.py; required
	// (block["content"]).
	Content json.RawMessage `json:"content" jsonschema:"required"`
}

func (*TextBlock) assistantBlock()              {}
func (*ThinkingBlock) assistantBlock()          {}
func (*ToolUseBlock) assistantBlock()           {}
func (*ToolResultBlock) assistantBlock()        {}
func (*ServerToolUseBlock) assistantBlock()     {}
func (*AdvisorToolResultBlock) assistantBlock() {}

func (*TextBlock) userBlock()       {}
func (*ToolUseBlock) userBlock()    {}
func (*ToolResultBlock) userBlock() {}

// StringContent holds user content given as a plain string. It is not a
// block kind: it stands for the str the parser keeps as it is.
type StringContent string

func (StringContent) userBlock() {}

// UnmarshalJSON decodes the body as the parser does: content must be a
// list, of which blocks of kinds the AssistantContentBlock union does not
// list are dropped; a block with no "type" is an error.
func (b *AssistantMessageBody) UnmarshalJSON(data []byte) error {
	type plain AssistantMessageBody
	var aux struct {
		plain
		Content json.RawMessage `json:"content"`
	}
	if err := json.Unmarshal(data, &aux); err != nil {
		return err
	}
	*b = AssistantMessageBody(aux.plain)
	if aux.Content == nil {
		return nil
	}
	blocks, err := decodeBlocks[AssistantContentBlock](assistantBlockUnion, aux.Content)
	b.Content = blocks
	return err
}

// UnmarshalJSON decodes the body as the parser does: string content becomes
// one StringContent; of a list, blocks of kinds the UserContentBlock union
// does not list are dropped.
func (b *UserMessageBody) UnmarshalJSON(data []byte) error {
	type plain UserMessageBody
	var aux struct {
		plain
		Content json.RawMessage `json:"content"`
	}
	if err := json.Unmarshal(data, &aux); err != nil {
		return err
	}
	*b = UserMessageBody(aux.plain)
	if aux.Content == nil {
		return nil
	}
	var s string
	if json.Unmarshal(aux.Content, &s) == nil {
		b.Content = []UserContentBlock{StringContent(s)}
		return nil
	}
	blocks, err := decodeBlocks[UserContentBlock](userBlockUnion, aux.Content)
	b.Content = blocks
	return err
}

var errNoBlockType = errors.New("content block has no type")

// decodeBlocks decodes a JSON list of blocks of union u, leaving out those
// whose type u does not list.
func decodeBlocks[T any](u *protocol.Union, data []byte) ([]T, error) {
	var raws []json.RawMessage
	if err := json.Unmarshal(data, &raws); err != nil {
		return nil, err
	}
	var out []T
	for i, raw := range raws {
		var probe map[string]json.RawMessage
		if err := json.Unmarshal(raw, &probe); err != nil {
			return nil, fmt.Errorf("block %d: %w", i, err)
		}
		var kind string
		if _, ok := probe[u.Key]; !ok || json.Unmarshal(probe[u.Key], &kind) != nil {
			return nil, fmt.Errorf("block %d: %w", i, errNoBlockType)
		}
		for _, m := range u.Members {
			if m.Value != kind {
				continue
			}
			v := m.New()
			if err := json.Unmarshal(raw, v); err != nil {
				return nil, fmt.Errorf("block %d: %w", i, err)
			}
			out = append(out, v.(T))
		}
	}
	return out, nil
}

var assistantBlockUnion = &protocol.Union{
	Name:      "AssistantContentBlock",
	Interface: reflect.TypeFor[AssistantContentBlock](),
	Key:       "type",
	Members: []protocol.Member{
		{Value: "text", New: func() any { return new(TextBlock) }},
		{Value: "thinking", New: func() any { return new(ThinkingBlock) }},
		{Value: "tool_use", New: func() any { return new(ToolUseBlock) }},
		{Value: "tool_result", New: func() any { return new(ToolResultBlock) }},
		{Value: "server_tool_use", New: func() any { return new(ServerToolUseBlock) }},
		{Value: "advisor_tool_result", New: func() any { return new(AdvisorToolResultBlock) }},
	},
}

var userBlockUnion = &protocol.Union{
	Name:      "UserContentBlock",
	Interface: reflect.TypeFor[UserContentBlock](),
	Key:       "type",
	Members: []protocol.Member{
		{Value: "text", New: func() any { return new(TextBlock) }},
		{Value: "tool_use", New: func() any { return new(ToolUseBlock) }},
		{Value: "tool_result", New: func() any { return new(ToolResultBlock) }},
	},
}
