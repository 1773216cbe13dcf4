package spec02

import (
	"reflect"

	"github.com/protocheck/protocheck/protocol"
)

// Model is the spec02 dialect: the 16 message variants of the seed's
// SDKMessage union, its control protocol, its content blocks and what it
// writes to the CLI.
var Model = &protocol.Model{
	Name:      "spec02",
	Doc:       "Go spec \"Spec 02: Message Types & Protocol\" (seed 000), mirroring an older sdk.d.ts: 16 message variants, 13 control subtypes.",
	Variants:  variants,
	Unions:    []*protocol.Union{contentBlockUnion},
	Envelopes: envelopes,
	Examples:  examples,
}

// variants lists the variants spec02 knows: the 16 of its SDKMessage union
// (result is one, read into one struct whatever its subtype), the 13
// control request subtypes, the control response frame and the cancel
// request. A system line needs one of the 8 subtypes listed; a
// control_request line one of the 13.
var variants = []*protocol.Variant{
	{Name: "assistant", Type: "assistant", New: func() any { return new(AssistantMessage) }, Direction: protocol.CLIToSDK,
		Doc: "A complete model response wrapping a BetaMessage."},
	{Name: "user", Type: "user", New: func() any { return new(UserMessage) }, Direction: protocol.Both,
		Doc: "A user input, written by the SDK and echoed by the CLI."},
	{Name: "user.replay", Type: "user", Marker: "isReplay", New: func() any { return new(UserMessageReplay) }, Direction: protocol.CLIToSDK,
		Doc: "A user message replayed on resume, told apart by isReplay: true."},
	{Name: "result", Type: "result", New: func() any { return new(ResultMessage) }, Direction: protocol.CLIToSDK,
		Doc: "The end of a query, success or error: one struct for every subtype."},
	{Name: "system.init", Type: "system", Subtype: "init", New: func() any { return new(SystemInitMessage) }, Direction: protocol.CLIToSDK,
		Doc: "The session's opening metadata."},
	{Name: "stream_event", Type: "stream_event", New: func() any { return new(PartialAssistantMessage) }, Direction: protocol.CLIToSDK,
		Doc: "One streaming delta with an untyped event."},
	{Name: "system.compact_boundary", Type: "system", Subtype: "compact_boundary", New: func() any { return new(CompactBoundaryMessage) }, Direction: protocol.CLIToSDK,
		Doc: "Marks where the context was compacted."},
	{Name: "system.status", Type: "system", Subtype: "status", New: func() any { return new(StatusMessage) }, Direction: protocol.CLIToSDK,
		Doc: "A status change such as compaction or a new permission mode."},
	{Name: "system.hook_started", Type: "system", Subtype: "hook_started", New: func() any { return new(HookStartedMessage) }, Direction: protocol.CLIToSDK,
		Doc: "A hook began to run."},
	{Name: "system.hook_progress", Type: "system", Subtype: "hook_progress", New: func() any { return new(HookProgressMessage) }, Direction: protocol.CLIToSDK,
		Doc: "A running hook's output so far."},
	{Name: "system.hook_response", Type: "system", Subtype: "hook_response", New: func() any { return new(HookResponseMessage) }, Direction: protocol.CLIToSDK,
		Doc: "A hook finished."},
	{Name: "tool_progress", Type: "tool_progress", New: func() any { return new(ToolProgressMessage) }, Direction: protocol.CLIToSDK,
		Doc: "The heartbeat of a long tool call."},
	{Name: "auth_status", Type: "auth_status", New: func() any { return new(AuthStatusMessage) }, Direction: protocol.CLIToSDK,
		Doc: "The state of an authentication flow."},
	{Name: "system.task_notification", Type: "system", Subtype: "task_notification", New: func() any { return new(TaskNotificationMessage) }, Direction: protocol.CLIToSDK,
		Doc: "A background subagent task ended."},
	{Name: "system.files_persisted", Type: "system", Subtype: "files_persisted", New: func() any { return new(FilesPersistedEvent) }, Direction: protocol.CLIToSDK,
		Doc: "Which session files were saved."},
	{Name: "tool_use_summary", Type: "tool_use_summary", New: func() any { return new(ToolUseSummaryMessage) }, Direction: protocol.CLIToSDK,
		Doc: "A summary of tool calls removed by compaction."},

	controlRequest("interrupt", protocol.SDKToCLI, "Stops the current turn."),
	controlRequest("can_use_tool", protocol.CLIToSDK, "Asks whether a tool may run; input is not read (see ControlRequestInner)."),
	controlRequest("set_permission_mode", protocol.SDKToCLI, "Changes the permission mode."),
	controlRequest("set_model", protocol.SDKToCLI, "Changes the model."),
	controlRequest("set_max_thinking_tokens", protocol.SDKToCLI, "Changes the thinking budget."),
	controlRequest("mcp_status", protocol.SDKToCLI, "Asks for the MCP servers' state."),
	controlRequest("mcp_reconnect", protocol.SDKToCLI, "Reconnects an MCP server."),
	controlRequest("mcp_toggle", protocol.SDKToCLI, "Turns an MCP server on or off."),
	controlRequest("mcp_set_servers", protocol.SDKToCLI, "Replaces the MCP server set."),
	controlRequest("mcp_message", protocol.Both, "Carries an MCP message; the seed has no member for its payload."),
	controlRequest("rewind_files", protocol.SDKToCLI, "Rewinds files to a user message."),
	controlRequest("hook_callback", protocol.CLIToSDK, "Runs an SDK hook callback; input is not read (see ControlRequestInner)."),
	controlRequest("initialize", protocol.SDKToCLI, "Opens the control session; the seed has no member for its payload."),

	{Name: "control_response", Type: "control_response", New: func() any { return new(ControlResponse) }, Direction: protocol.Both,
		Doc: "A whole control response frame with an untyped body and no subtype."},
	{Name: "control_cancel_request", Type: "control_cancel_request", New: func() any { return new(ControlCancelRequest) }, Direction: protocol.Both,
		Doc: "Withdraws a pending control request."},
}

// controlRequest returns the variant of one control request subtype; every
// subtype shares the body type ControlRequestInner.
func controlRequest(subtype string, d protocol.Direction, doc string) *protocol.Variant {
	return &protocol.Variant{
		Name:      "control_request." + subtype,
		Type:      "control_request",
		Subtype:   subtype,
		New:       func() any { return new(ControlRequestInner) },
		Direction: d,
		Doc:       doc,
	}
}

// envelopes holds the control_request envelope. The control_response
// variant is the whole frame, so it has none.
var envelopes = []protocol.Envelope{
	{Type: "control_request", Member: "request", New: func() any { return new(ControlRequest) }},
}

// contentBlockUnion is the content block union of BetaMessage.content, with
// the three kinds the seed knows.
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
