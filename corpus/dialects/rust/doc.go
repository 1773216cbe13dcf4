// Package rust models the Claude Code stream-json protocol as rusty_claw, a
// Rust SDK, reads and writes it.
//
// # Sources
//
//   - seed 002_495046f221f4588e.txt, rusty_claw's message reference (an
//     older snapshot than the code);
//   - the code, citadelgrad/rusty_claw at b182bf8, as DIALECTS.md §2.5, §3
//     and §5 record it: crates/rusty_claw/src/messages.rs (Message enum :76,
//     SystemMessage :113, ResultMessage :219, StreamEvent :315, ToolInfo's
//     Deserialize :361), src/control/messages.rs (ControlRequest,
//     ControlResponse, IncomingControlRequest), src/control/mod.rs (request
//     :289, permission replies :427-451, response envelopes :513-540),
//     src/client.rs (control routing :742-800, stream :1444), src/query.rs
//     (:165).
//
// Required members are serde fields that are neither Option nor
// #[serde(default)]; an Option member may also be null.
//
// # Unknown input
//
//   - type: fail. serde's internally tagged Message enum has no fallback;
//     the line becomes an Err(ClawError::MessageParse) item and the stream
//     goes on (client.rs:1444, query.rs:165). stream_event, tool_progress,
//     keep_alive and the other types the enum lacks all fail.
//   - subtype: fail. SystemMessage knows init and compact_boundary,
//     ResultMessage success, error and input_required; every other system
//     or result subtype (status, hook_*, task_*, error_max_turns, ...) is
//     an error. A control body of an unknown subtype fails to decode and
//     is logged and dropped.
//   - block: fail. ContentBlock has four variants and no fallback: one
//     block of another kind fails the whole message.
//   - member: skip. serde ignores undeclared members, except that Init,
//     ResultMessage::Error and McpServerInfo flatten them into a raw extra
//     Value, and that rate_limit_event and mcp_message lines are kept whole
//     as Values. The success body of a control_response is a flattened
//     Value too.
//
// # Where seed 002 and the code disagree
//
// The package follows the code each time.
//
//   - control frames: the seed (and the Message enum) flatten subtype next
//     to type and request_id; the code the client runs writes and reads
//     the nested envelope, request_id inside response on control_response.
//     Followed: nested envelopes.
//   - permission denial: the seed shows subtype, allowed false and a reason
//     flat on the frame; the code writes response{allowed: false,
//     interrupt} with no reason. Followed: the code.
//   - initialize: the seed shows a can_use_tool flag; the code sends hooks,
//     agents and sdkMcpServers. Followed: the code.
//   - init tools: the seed has objects only; the code also takes bare
//     strings. Followed: each item is an object or a string.
//   - thinking signature: absent from the seed; an optional member in the
//     code. Followed: optional.
//   - assistant error: absent from the seed; an optional enum with six
//     values and a catch-all in the code. Followed: optional, any string.
//   - user uuid and parent_tool_use_id: absent from the seed; optional in
//     the code. Followed: optional.
//   - result success: the seed has result, duration_ms, num_turns,
//     session_id, total_cost_usd and usage; the code adds duration_api_ms,
//     structured_output and is_error, all optional. Followed: the code.
//   - control subtypes: the seed shows initialize only; the code sends
//     interrupt, set_permission_mode, set_model, mcp_status, rewind_files
//     (user_message_id) and get_server_info too, and reads can_use_tool
//     (tool_name, tool_input), hook_callback (hook_id, hook_event,
//     hook_input) and mcp_message. Followed: the code.
//
// Seed and code agree that StreamEvent{event_type, data} is not a variant
// of Message, so this package has no stream_event variant.
//
// Model is the dialect; dialect.json holds its metadata and policy.
package rust
