package protocol

import (
	"encoding/json"
	"reflect"
)

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

// MessageStartEvent opens the stream of one API response. Its message has
// no content yet (or, from some CLIs, the first block) and preliminary usage.
//
//protocheck:member StreamEvent
type MessageStartEvent struct {
	// Type is "message_start".
	Type string `json:"type" jsonschema:"required"`
	// Message is the response as far as it is known.
	Message BetaMessage `json:"message" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// MessageDeltaEvent changes the top-level members of the response, near its
// end: the stop reason and the final usage.
//
//protocheck:member StreamEvent
type MessageDeltaEvent struct {
	// Type is "message_delta".
	Type string `json:"type" jsonschema:"required"`
	// Delta holds the changed members.
	Delta MessageDeltaBody `json:"delta" jsonschema:"required"`
	// Usage holds the token counts so far; they add up over the stream.
	Usage MessageDeltaUsage `json:"usage" jsonschema:"required"`
	// ContextManagement reports the context edits the API applied, or is
	// null. The API types declare it on every message_delta, but the CLI
	// does not print it.
	ContextManagement json.RawMessage `json:"context_management,omitzero" jsonschema:"nullable"`
	// InputTransformations lists changes the API made to the request input
	// (such as thinking blocks it dropped), or is null.
	InputTransformations json.RawMessage `json:"input_transformations,omitzero" jsonschema:"nullable"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// MessageDeltaBody is the delta of a message_delta event.
type MessageDeltaBody struct {
	// StopReason says why the model stopped, or is null.
	StopReason *StopReason `json:"stop_reason" jsonschema:"required,nullable"`
	// StopSequence is the stop sequence that matched, or null.
	StopSequence *string `json:"stop_sequence" jsonschema:"required,nullable"`
	// StopDetails explains a refusal, or is null. The API types declare it
	// on every message_delta, but the CLI does not print it.
	StopDetails json.RawMessage `json:"stop_details,omitzero" jsonschema:"nullable"`
	// Container describes the code-execution container, or is null. The API
	// types declare it on every message_delta, but the CLI does not print it.
	Container json.RawMessage `json:"container,omitzero" jsonschema:"nullable"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// MessageDeltaUsage is the usage of a message_delta event: the counts so far,
// where only output_tokens is sure to be present. The API types declare every
// other member as present and nullable, but the CLI prints only those the API
// sent (output_tokens alone, or with the input and cache counts).
type MessageDeltaUsage struct {
	// OutputTokens counts the tokens generated so far.
	OutputTokens int64 `json:"output_tokens" jsonschema:"required"`
	// InputTokens counts the input tokens not read from or written to the
	// cache, or is null.
	InputTokens *int64 `json:"input_tokens,omitzero" jsonschema:"nullable"`
	// CacheCreationInputTokens counts the input tokens written to the cache,
	// or is null.
	CacheCreationInputTokens *int64 `json:"cache_creation_input_tokens,omitzero" jsonschema:"nullable"`
	// CacheReadInputTokens counts the input tokens read from the cache, or is
	// null.
	CacheReadInputTokens *int64 `json:"cache_read_input_tokens,omitzero" jsonschema:"nullable"`
	// ServerToolUse counts the server tool requests, or is null.
	ServerToolUse *ServerToolUse `json:"server_tool_use,omitzero" jsonschema:"nullable"`
	// OutputTokensDetails splits the output tokens, or is null.
	OutputTokensDetails json.RawMessage `json:"output_tokens_details,omitzero" jsonschema:"nullable"`
	// Iterations breaks the usage down per iteration, or is null.
	Iterations json.RawMessage `json:"iterations,omitzero" jsonschema:"nullable"`
	// FallbackCredit reports fallback credit used, or is null.
	FallbackCredit json.RawMessage `json:"fallback_credit,omitzero" jsonschema:"nullable"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// MessageStopEvent ends the stream of one API response.
//
//protocheck:member StreamEvent
type MessageStopEvent struct {
	// Type is "message_stop".
	Type string `json:"type" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// ContentBlockStartEvent opens the content block at Index. The block's text,
// thinking or input is empty; deltas fill it in.
//
//protocheck:member StreamEvent
type ContentBlockStartEvent struct {
	// Type is "content_block_start".
	Type string `json:"type" jsonschema:"required"`
	// Index is the position of the block in the message.
	Index int64 `json:"index" jsonschema:"required"`
	// ContentBlock is the block as it starts.
	ContentBlock ContentBlock `json:"content_block" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
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

// ContentBlockStopEvent closes the content block at Index.
//
//protocheck:member StreamEvent
type ContentBlockStopEvent struct {
	// Type is "content_block_stop".
	Type string `json:"type" jsonschema:"required"`
	// Index is the position of the block in the message.
	Index int64 `json:"index" jsonschema:"required"`
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

// InputJSONDelta adds a piece of the input of a tool_use, server_tool_use or
// mcp_tool_use block. The pieces only form valid JSON once joined.
//
//protocheck:member Delta
type InputJSONDelta struct {
	// Type is "input_json_delta".
	Type string `json:"type" jsonschema:"required"`
	// PartialJSON is the next piece of the input's JSON text.
	PartialJSON string `json:"partial_json" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// CitationsDelta adds one citation to a text block.
//
//protocheck:member Delta
type CitationsDelta struct {
	// Type is "citations_delta".
	Type string `json:"type" jsonschema:"required"`
	// Citation is the citation: a location in a document (by characters,
	// pages or content blocks), in a web search result or in a search_result
	// block, keyed on its own "type".
	Citation json.RawMessage `json:"citation" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// ThinkingDelta adds reasoning text to a thinking block.
//
//protocheck:member Delta
type ThinkingDelta struct {
	// Type is "thinking_delta".
	Type string `json:"type" jsonschema:"required"`
	// Thinking is the text added.
	Thinking string `json:"thinking" jsonschema:"required"`
	// EstimatedTokens estimates the thinking tokens so far, or is null. The
	// API types declare it on every thinking_delta, but the CLI does not
	// print it.
	EstimatedTokens *int64 `json:"estimated_tokens,omitzero" jsonschema:"nullable"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// SignatureDelta sets the signature of a thinking block, just before the
// block stops.
//
//protocheck:member Delta
type SignatureDelta struct {
	// Type is "signature_delta".
	Type string `json:"type" jsonschema:"required"`
	// Signature is the block's signature.
	Signature string `json:"signature" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// CompactionDelta fills in a compaction block. The API types declare both
// members as present and nullable; no capture shows this delta, so both are
// optional here.
//
//protocheck:member Delta
type CompactionDelta struct {
	// Type is "compaction_delta".
	Type string `json:"type" jsonschema:"required"`
	// Content is the summary text added, or null.
	Content *string `json:"content,omitzero" jsonschema:"nullable"`
	// EncryptedContent is the summary in encrypted form, or null.
	EncryptedContent *string `json:"encrypted_content,omitzero" jsonschema:"nullable"`
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
		{"message_start", func() any { return new(MessageStartEvent) }},
		{"content_block_start", func() any { return new(ContentBlockStartEvent) }},
		{"content_block_delta", func() any { return new(ContentBlockDeltaEvent) }},
		{"content_block_stop", func() any { return new(ContentBlockStopEvent) }},
		{"message_delta", func() any { return new(MessageDeltaEvent) }},
		{"message_stop", func() any { return new(MessageStopEvent) }},
	},
	Unknown: func() any { return new(UnknownEvent) },
}

var deltaUnion = &Union{
	Name:      "Delta",
	Interface: reflect.TypeFor[Delta](),
	Key:       "type",
	Members: []Member{
		{"text_delta", func() any { return new(TextDelta) }},
		{"input_json_delta", func() any { return new(InputJSONDelta) }},
		{"citations_delta", func() any { return new(CitationsDelta) }},
		{"thinking_delta", func() any { return new(ThinkingDelta) }},
		{"signature_delta", func() any { return new(SignatureDelta) }},
		{"compaction_delta", func() any { return new(CompactionDelta) }},
	},
	Unknown: func() any { return new(UnknownDelta) },
}
