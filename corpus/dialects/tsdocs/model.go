package tsdocs

import (
	"encoding/json"
	"reflect"

	"github.com/protocheck/protocheck/protocol"
)

// Model is the ts-docs dialect: the seven-type SDKMessage union of the TS
// SDK's message-types reference page.
var Model = &protocol.Model{
	Name:     "ts-docs",
	Doc:      "The TS Agent SDK's Message Types Reference page: a 7-type SDKMessage union (seed 004)",
	Variants: Variants,
	Unions:   []*protocol.Union{contentBlockUnion, streamEventUnion},
	Examples: Examples,
}

// Variants lists the union's members. SDKUserMessage and
// SDKUserMessageReplay share the "user" variant; SDKResultMessage is one
// variant per subtype it names.
var Variants = []*protocol.Variant{
	{Name: "system.init", Type: "system", Subtype: "init", New: func() any { return new(SystemInitMessage) }, Direction: protocol.CLIToSDK,
		Doc: "SDKSystemMessage: session start, without claude_code_version, agents, skills or plugins."},
	{Name: "system.compact_boundary", Type: "system", Subtype: "compact_boundary", New: func() any { return new(CompactBoundaryMessage) }, Direction: protocol.CLIToSDK,
		Doc: "SDKCompactBoundaryMessage: the conversation was compacted."},
	{Name: "user", Type: "user", New: func() any { return new(UserMessage) }, Direction: protocol.Both,
		Doc: "SDKUserMessage and SDKUserMessageReplay, which the page does not tell apart."},
	{Name: "assistant", Type: "assistant", New: func() any { return new(AssistantMessage) }, Direction: protocol.CLIToSDK,
		Doc: "SDKAssistantMessage: a full response."},
	{Name: "stream_event", Type: "stream_event", New: func() any { return new(PartialAssistantMessage) }, Direction: protocol.CLIToSDK,
		Doc: "SDKPartialAssistantMessage: one streaming event."},
	{Name: "result.success", Type: "result", Subtype: "success", New: func() any { return new(ResultSuccess) }, Direction: protocol.CLIToSDK,
		Doc: "SDKResultMessage, success case: is_error is the literal false."},
	{Name: "result.error_max_turns", Type: "result", Subtype: "error_max_turns", New: func() any { return new(ResultError) }, Direction: protocol.CLIToSDK,
		Doc: "SDKResultMessage, turn limit reached: is_error is the literal true."},
	{Name: "result.error_during_execution", Type: "result", Subtype: "error_during_execution", New: func() any { return new(ResultError) }, Direction: protocol.CLIToSDK,
		Doc: "SDKResultMessage, failure while running: is_error is the literal true."},
}

// Examples lists the lines the page shows the SDK writing to the CLI's
// stdin: the user message that each query() call with a prompt string sends.
var Examples = []protocol.Example{
	{Name: "query prompt \"Your task\"", Source: "seed 004 §Processing Patterns, Collect Results; §User Messages, SDKUserMessage",
		Value: prompt("Your task")},
	{Name: "query prompt \"Generate output\"", Source: "seed 004 §Processing Patterns, Stream Partial Output; §User Messages, SDKUserMessage",
		Value: prompt("Generate output")},
}

// prompt returns the user message that sends text as a first prompt: no
// uuid, no parent tool use, and an empty session_id (the page shows none).
func prompt(text string) *UserMessage {
	content, _ := json.Marshal(text)
	return &UserMessage{
		Type:    "user",
		Message: APIUserMessage{Role: "user", Content: content},
	}
}

// contentBlockUnion dispatches an assistant message's content blocks on
// "type".
var contentBlockUnion = &protocol.Union{
	Name:      "ContentBlock",
	Interface: reflect.TypeFor[ContentBlock](),
	Key:       "type",
	Members: []protocol.Member{
		{Value: "text", New: func() any { return new(TextBlock) }},
		{Value: "tool_use", New: func() any { return new(ToolUseBlock) }},
		{Value: "thinking", New: func() any { return new(ThinkingBlock) }},
	},
}

// streamEventUnion dispatches a stream_event's event on "type".
var streamEventUnion = &protocol.Union{
	Name:      "StreamEvent",
	Interface: reflect.TypeFor[StreamEvent](),
	Key:       "type",
	Members: []protocol.Member{
		{Value: "message_start", New: func() any { return new(MessageStartEvent) }},
		{Value: "message_delta", New: func() any { return new(MessageDeltaEvent) }},
		{Value: "message_stop", New: func() any { return new(MessageStopEvent) }},
		{Value: "content_block_start", New: func() any { return new(ContentBlockStartEvent) }},
		{Value: "content_block_delta", New: func() any { return new(ContentBlockDeltaEvent) }},
		{Value: "content_block_stop", New: func() any { return new(ContentBlockStopEvent) }},
	},
}
