// Package goat models the "goat" dialect of the stream-json protocol: the
// message types of Goat, a Go port of Claude Code, as its type-system notes
// describe them (seed 003_08adbf74b7b037c6.txt, the pkg/types/ document;
// DIALECTS.md §2.2 and the Goat column of §5 summarise it).
//
// The types follow the notes as written, not the wire. Where they differ
// from the CLI's stream-json output the difference is the point:
//
//   - Every message embeds BaseMessage, whose members are camelCase (uuid,
//     sessionId, parentUuid, timestamp): the key names of the CLI's on-disk
//     session files, not the wire's session_id.
//   - Three discriminators are Goat's own: a streaming chunk is
//     type=assistant with subtype=partial (the wire: type=stream_event); a
//     replayed user message is type=user_replay (the wire: type=user with
//     isReplay true); a task notification is a top-level
//     type=task_notification (the wire: type=system, subtype
//     task_notification).
//   - The assistant message is flat (content, model, stopReason, usage,
//     duration) where the wire nests an API message under "message".
//   - Results have their own subtype set, with success_turn and both
//     error_max_budget (the message hierarchy) and error_max_budget_usd (the
//     ResultSubtype constants); see below.
//   - compact_boundary, auth_status, tool_use_summary and tool_progress carry
//     payloads of Goat's own (messageCount/summaryLength;
//     provider/status/message; toolName/input/output/duration;
//     elapsedSeconds).
//   - There is no stream_event, rate_limit_event, control_request or
//     control_response, and system knows six subtypes.
//
// # Member names
//
// The notes list most members by their Go field names only. The two structs
// they print with tags (BaseMessage and AgentDefinition) tag every field
// with its lowerCamelCase name, so this package uses that convention for the
// untagged ones too: StopReason is "stopReason", ToolUseID is "toolUseId",
// CWD is "cwd". Read literally, untagged Go fields would marshal under their
// Go names ("StopReason"); either way they do not match the wire.
//
// # Required members
//
// The notes say Goat's Go types are strict and must match the struct
// exactly, and that an optional TypeScript member becomes a pointer field
// with omitempty. The only members they show with omitempty are parentUuid
// and timestamp. Every other listed member is therefore required here.
// Where the notes name a member but not its Go type (Usage, Duration, the
// partial chunk's content, a tool summary's output) the package says what it
// chose in the field's comment.
//
// # Unknown input
//
// Policy "fail" for all four kinds (dialect.json): the notes describe
// decoding as json.Unmarshal into a typed struct chosen by GetType(), with
// closed MessageType, SystemSubtype and ResultSubtype sets and a content
// block type of text, tool_use or thinking, and call the result strict. The
// package takes that claim at its word: an unknown type, subtype, block kind
// or member makes the line fail. (A plain encoding/json reader would in fact
// drop unknown members; the notes do not show the decoder.)
//
// # Not modelled
//
// The notes also describe AgentDefinition, PermissionResult and
// PermissionUpdate. They are callback and configuration types, not lines
// of the message stream, and the notes show no control protocol to carry
// them, so they are left out. The notes show Goat writing nothing to a CLI's
// stdin (Goat is the agent; its stream is its output), so Model.Examples is
// empty.
//
// # Where the notes disagree with themselves
//
// The message hierarchy gives the result subtypes success, error_max_turns,
// error_max_budget and error_during_execution; the ResultSubtype constants
// give success, success_turn, error_max_turns, error_max_budget_usd and
// error_during_execution. The package keeps the union of both lists, one
// variant per subtype.
package goat
