package goat

import (
	"reflect"

	"github.com/protocheck/protocheck/protocol"
)

// Model is the goat dialect: the message variants of Goat's type notes, with
// Goat's own discriminators.
var Model = &protocol.Model{
	Name:     "goat",
	Doc:      "Goat, a Go port of Claude Code: its pkg/types message notes (seed 003)",
	Variants: Variants,
	Unions:   []*protocol.Union{contentBlockUnion},
	// Examples is empty: the notes show no line that Goat writes to a
	// CLI's stdin.
}

// Variants lists the messages of Goat's type hierarchy, in the notes' order,
// with one result variant per subtype the notes name.
var Variants = []*protocol.Variant{
	{Name: "system.init", Type: "system", Subtype: "init", New: func() any { return new(SystemInitMessage) }, Direction: protocol.CLIToSDK,
		Doc: "Start of a conversation: model, version, cwd, permission mode, tools."},
	{Name: "assistant", Type: "assistant", New: func() any { return new(AssistantMessage) }, Direction: protocol.CLIToSDK,
		Doc: "A complete model response, flattened: content, model, stopReason, usage, duration."},
	{Name: "assistant.partial", Type: "assistant", Subtype: "partial", New: func() any { return new(PartialAssistantMessage) }, Direction: protocol.CLIToSDK,
		Doc: "One streaming chunk, Goat's stand-in for the wire's stream_event."},
	{Name: "user", Type: "user", New: func() any { return new(UserMessage) }, Direction: protocol.Both,
		Doc: "User input, first prompt or follow-up, as a plain content string."},
	{Name: "user_replay", Type: "user_replay", New: func() any { return new(UserMessageReplay) }, Direction: protocol.CLIToSDK,
		Doc: "A user message replayed during session restore, under a type of its own."},
	resultVariant("success", "The query succeeded."),
	resultVariant("success_turn", "A result subtype only Goat's constants name."),
	resultVariant("error_max_turns", "The query hit its turn limit."),
	resultVariant("error_max_budget", "The query hit its budget, as Goat's message hierarchy spells it."),
	resultVariant("error_max_budget_usd", "The query hit its budget, as Goat's ResultSubtype constants spell it."),
	resultVariant("error_during_execution", "The query failed while running."),
	{Name: "system.status", Type: "system", Subtype: "status", New: func() any { return new(StatusMessage) }, Direction: protocol.CLIToSDK,
		Doc: "A status transition, with the permission mode."},
	{Name: "system.compact_boundary", Type: "system", Subtype: "compact_boundary", New: func() any { return new(CompactBoundaryMessage) }, Direction: protocol.CLIToSDK,
		Doc: "Context compaction happened: message count and summary length."},
	{Name: "tool_progress", Type: "tool_progress", New: func() any { return new(ToolProgressMessage) }, Direction: protocol.CLIToSDK,
		Doc: "Progress of a tool run, in elapsedSeconds."},
	{Name: "system.hook_started", Type: "system", Subtype: "hook_started", New: func() any { return new(HookStartedMessage) }, Direction: protocol.CLIToSDK,
		Doc: "A hook began."},
	{Name: "system.hook_progress", Type: "system", Subtype: "hook_progress", New: func() any { return new(HookProgressMessage) }, Direction: protocol.CLIToSDK,
		Doc: "Output of a running shell hook."},
	{Name: "system.hook_response", Type: "system", Subtype: "hook_response", New: func() any { return new(HookResponseMessage) }, Direction: protocol.CLIToSDK,
		Doc: "A hook finished, with its outcome."},
	{Name: "auth_status", Type: "auth_status", New: func() any { return new(AuthStatusMessage) }, Direction: protocol.CLIToSDK,
		Doc: "Authentication state: provider, status, message."},
	{Name: "task_notification", Type: "task_notification", New: func() any { return new(TaskNotificationMessage) }, Direction: protocol.CLIToSDK,
		Doc: "A team task changed state, under a top-level type of its own."},
	{Name: "tool_use_summary", Type: "tool_use_summary", New: func() any { return new(ToolUseSummaryMessage) }, Direction: protocol.CLIToSDK,
		Doc: "Summary of one tool call: name, input, output, duration."},
}

// resultVariant returns the variant of the result subtype sub, read with
// ResultMessage.
func resultVariant(sub, doc string) *protocol.Variant {
	return &protocol.Variant{Name: "result." + sub, Type: "result", Subtype: sub,
		New: func() any { return new(ResultMessage) }, Direction: protocol.CLIToSDK, Doc: doc}
}

// contentBlockUnion dispatches an assistant message's content blocks on
// "type": Goat knows text, tool_use and thinking.
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
