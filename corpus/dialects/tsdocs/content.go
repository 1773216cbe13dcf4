package tsdocs

import "encoding/json"

// ContentBlock is one block of an assistant message's content; the page
// lists three kinds.
type ContentBlock interface {
	tsdocsBlock()
}

// TextBlock is generated text.
type TextBlock struct {
	// Type is "text".
	Type string `json:"type" jsonschema:"required"`
	// Text is the text.
	Text string `json:"text" jsonschema:"required"`
}

// ToolUseBlock is a tool invocation.
type ToolUseBlock struct {
	// Type is "tool_use".
	Type string `json:"type" jsonschema:"required"`
	// ID identifies the call.
	ID string `json:"id" jsonschema:"required"`
	// Name names the tool.
	Name string `json:"name" jsonschema:"required"`
	// Input holds the tool's arguments, an object.
	Input map[string]any `json:"input" jsonschema:"required"`
}

// ThinkingBlock is extended-thinking output, present when thinking is on.
// The page gives it no signature.
type ThinkingBlock struct {
	// Type is "thinking".
	Type string `json:"type" jsonschema:"required"`
	// Thinking is the reasoning text.
	Thinking string `json:"thinking" jsonschema:"required"`
}

func (*TextBlock) tsdocsBlock()     {}
func (*ToolUseBlock) tsdocsBlock()  {}
func (*ThinkingBlock) tsdocsBlock() {}

// StreamEvent is a Messages API stream event, as carried by a stream_event
// message. The page lists six kinds by name and shows only one member
// beyond "type": the delta of a content_block_delta.
type StreamEvent interface {
	tsdocsEvent()
}

// MessageStartEvent opens a streamed message.
type MessageStartEvent struct {
	// Type is "message_start".
	Type string `json:"type" jsonschema:"required"`
}

// MessageDeltaEvent updates a streamed message's top-level state.
type MessageDeltaEvent struct {
	// Type is "message_delta".
	Type string `json:"type" jsonschema:"required"`
}

// MessageStopEvent closes a streamed message.
type MessageStopEvent struct {
	// Type is "message_stop".
	Type string `json:"type" jsonschema:"required"`
}

// ContentBlockStartEvent opens a content block.
type ContentBlockStartEvent struct {
	// Type is "content_block_start".
	Type string `json:"type" jsonschema:"required"`
}

// ContentBlockDeltaEvent carries a piece of a content block.
type ContentBlockDeltaEvent struct {
	// Type is "content_block_delta".
	Type string `json:"type" jsonschema:"required"`
	// Delta is the piece; the page's example reads its text, but does not
	// define it, so any JSON value is accepted.
	Delta json.RawMessage `json:"delta" jsonschema:"required"`
}

// ContentBlockStopEvent closes a content block.
type ContentBlockStopEvent struct {
	// Type is "content_block_stop".
	Type string `json:"type" jsonschema:"required"`
}

func (*MessageStartEvent) tsdocsEvent()      {}
func (*MessageDeltaEvent) tsdocsEvent()      {}
func (*MessageStopEvent) tsdocsEvent()       {}
func (*ContentBlockStartEvent) tsdocsEvent() {}
func (*ContentBlockDeltaEvent) tsdocsEvent() {}
func (*ContentBlockStopEvent) tsdocsEvent()  {}
