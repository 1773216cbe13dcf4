package protocol

import "reflect"

// This file holds the raw streaming events of the Messages API that
// stream_event messages wrap, and the deltas of content_block_delta events.

// A StreamEvent is one raw streaming event: one of the types listed in the
// StreamEvent union, or *UnknownEvent.
type StreamEvent interface {
	// EventType returns the event's "type".
	EventType() string
}

// A Delta is the change a content_block_delta event carries: one of the types
// listed in the Delta union, or *UnknownDelta.
type Delta interface {
	// DeltaType returns the delta's "type".
	DeltaType() string
}

// ContentBlockDeltaEvent adds to the content block at Index.
//
//protocheck:member StreamEvent
type ContentBlockDeltaEvent struct {
	// Type is "content_block_delta".
	Type string `json:"type" jsonschema:"required"`
	// Index is the position of the block in the message.
	Index int64 `json:"index" jsonschema:"required"`
	// Delta is the change.
	Delta Delta `json:"delta" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// TextDelta adds text to a text block.
//
//protocheck:member Delta
type TextDelta struct {
	// Type is "text_delta".
	Type string `json:"type" jsonschema:"required"`
	// Text is the text added.
	Text string `json:"text" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// UnknownEvent is a stream event whose type the union does not list. It keeps
// the event whole.
type UnknownEvent struct{ unknownObject }

// EventType returns the event's "type" as read, or "".
func (e *UnknownEvent) EventType() string { return e.discriminator("type") }

// UnmarshalJSON keeps data as it is.
func (e *UnknownEvent) UnmarshalJSON(data []byte) error { return e.set(data) }

// MarshalJSON returns the event as read.
func (e UnknownEvent) MarshalJSON() ([]byte, error) { return e.get() }

// UnknownDelta is a delta whose type the union does not list. It keeps the
// delta whole.
type UnknownDelta struct{ unknownObject }

// DeltaType returns the delta's "type" as read, or "".
func (d *UnknownDelta) DeltaType() string { return d.discriminator("type") }

// UnmarshalJSON keeps data as it is.
func (d *UnknownDelta) UnmarshalJSON(data []byte) error { return d.set(data) }

// MarshalJSON returns the delta as read.
func (d UnknownDelta) MarshalJSON() ([]byte, error) { return d.get() }

var streamEventUnion = &Union{
	Name:      "StreamEvent",
	Interface: reflect.TypeFor[StreamEvent](),
	Key:       "type",
	Members: []Member{
		{"content_block_delta", func() any { return new(ContentBlockDeltaEvent) }},
	},
	Unknown: func() any { return new(UnknownEvent) },
}

var deltaUnion = &Union{
	Name:      "Delta",
	Interface: reflect.TypeFor[Delta](),
	Key:       "type",
	Members: []Member{
		{"text_delta", func() any { return new(TextDelta) }},
	},
	Unknown: func() any { return new(UnknownDelta) },
}
