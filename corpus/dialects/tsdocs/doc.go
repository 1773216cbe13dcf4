// Package tsdocs models the "ts-docs" dialect of the stream-json protocol:
// the TypeScript Agent SDK's "Message Types Reference" page (seed
// 004_783356bfa9e27443.txt; DIALECTS.md §2.3 and the TSDocs column of §5
// summarise it), which documents SDKMessage as a union of seven types.
//
// The types follow that page as written, not the wire or a later sdk.d.ts:
//
//   - The union has seven members: system/init, system/compact_boundary,
//     user, the user replay, assistant, stream_event and result. Every other
//     type and system subtype the CLI prints is unknown to it.
//   - system/init lacks claude_code_version, agents, skills and plugins,
//     and its apiKeySource is one of user, project, org or temporary only.
//   - A user message requires session_id and may omit uuid.
//   - A result's is_error is the literal false on success and true on an
//     error, and the error subtypes are only error_max_turns and
//     error_during_execution. Neither result has modelUsage, stop_reason,
//     errors or structured_output.
//   - Assistant content blocks are text, tool_use and thinking; stream
//     events are the six Messages API event kinds the page lists.
//
// # The user replay
//
// The page gives SDKUserMessageReplay the same type ("user") and the same
// members as SDKUserMessage; only uuid changes from optional to required.
// It has no isReplay member or any other mark, so a reader of this dialect
// cannot tell a replay from a user message that happens to carry a uuid.
// The package therefore declares one "user" variant, whose uuid is optional,
// and no user.replay; a wire replay line is read as a user message.
//
// # Types the page does not define
//
// The page takes APIUserMessage, APIAssistantMessage and
// RawMessageStreamEvent from the Anthropic SDK, PermissionMode from its
// Types reference and ToolInput from its Tool reference, and defines none
// of them. The package models what the page itself says of them (an
// assistant message holds id, role and content; a content_block_delta
// event has a delta) and leaves the rest free-form; see each type.
//
// # Unknown input
//
// Policy "raw" for all four kinds (dialect.json). The page says nothing of
// unknown input; the TypeScript SDK runtime it documents parses each stdout
// line with JSON.parse and hands every object it does not consume itself to
// the caller unvalidated (DIALECTS.md §1.1, sdk.mjs
// ProcessTransport.readMessages), so an unknown type, subtype, block or
// member reaches the user as untyped data.
//
// # Examples
//
// The page shows query() called with a prompt string twice ("Your task",
// "Generate output"); the SDK sends each as an SDKUserMessage on the CLI's
// stdin, without a uuid, which the page allows for the first send. The
// page shows no session_id value for it; the examples use the empty string.
package tsdocs
