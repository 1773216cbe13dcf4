// Package python models the Claude Code stream-json protocol as the Python
// SDK (claude-agent-sdk-python, formerly claude-code-sdk-python) reads and
// writes it.
//
// # Sources
//
//   - seed 001_71d615469396636f.txt, a protocol description drawn from the
//     Python SDK (miriad-code);
//   - the SDK's code, anthropics/claude-agent-sdk-python at e8bde60 (package
//     0.2.143, bundled CLI 2.1.240), as DIALECTS.md §2.4, §3 and §5 record
//     it: src/claude_agent_sdk/_internal/message_parser.py (parse_message),
//     _internal/query.py (control protocol, read loop), types.py (dataclasses
//     and TypedDicts), client.py and _internal/client.py (user messages),
//     CHANGELOG.md (0.1.40, #598).
//
// Required members are those parse_message reads as data["key"]: a missing
// one raises KeyError, which it turns into MessageParseError. Members read
// with data.get are optional and may be null. For control bodies the SDK
// writes, required members are those its dict literals always write.
//
// # Unknown input
//
//   - type: skip. match message_type ends in case _, which logs at debug
//     level and returns None (message_parser.py:391-395). Until 0.1.40 it
//     raised MessageParseError, and sessions died when the CLI began to
//     print rate_limit_event (#598). auth_status, tool_progress,
//     tool_use_summary, prompt_suggestion, keep_alive and active_goal are
//     dropped this way today.
//   - subtype: raw. A system subtype without a dataclass becomes a generic
//     SystemMessage(subtype, data) holding the whole line; any result
//     subtype is kept as a string. An unsupported control_request subtype
//     is answered with an error response (query.py:568-595).
//   - block: skip. The match on block["type"] has no default case, so a
//     block of an unlisted kind is left out of content. The assistant
//     branch knows text, thinking, tool_use, tool_result, server_tool_use
//     and advisor_tool_result; the user branch only text, tool_use and
//     tool_result.
//   - member: skip. Members a dataclass does not name are lost, except on
//     SystemMessage and its subclasses (task_*, mirror_error, hook events),
//     which keep the line as data, RateLimitInfo, which keeps raw, and
//     origin, passed through as a dict.
//
// # Where seed 001 and the code disagree
//
// The package follows the code each time.
//
//   - assistant error: the seed puts it inside message; the code reads it at
//     the top level (data.get("error")). Followed: top level.
//   - assistant uuid and session_id: absent from the seed; the code reads
//     both with .get. Followed: optional members.
//   - parent_tool_use_id: the seed makes it an optional string; the code
//     reads it with .get, so null is fine. Followed: optional, nullable.
//   - tool_result content: the seed declares it (string, list or null); the
//     code reads it with .get. Followed: optional.
//   - content blocks: the seed has text, thinking, tool_use, tool_result; the
//     code adds server_tool_use and advisor_tool_result for assistants and
//     keeps only text, tool_use and tool_result in user content. Followed:
//     two unions.
//   - message types: the seed has user, assistant, system, result and
//     stream_event; the code also parses rate_limit_event and
//     conversation_reset, and types six system subtypes. Followed: the code.
//   - user message: the seed lists uuid, parent_tool_use_id,
//     tool_use_result and session_id; the code reads the first three and
//     origin, never session_id (which the SDK writes). Followed: the code.
//   - result: the seed lists total_cost_usd, usage, result and
//     structured_output as optional; the code also reads stop_reason,
//     modelUsage, permission_denials, deferred_tool_use, errors,
//     api_error_status, uuid, terminal_reason and origin. The required set
//     agrees. Followed: the code.
//   - can_use_tool request: the seed has tool_name, input and
//     permission_suggestions; the code also reads tool_use_id, agent_id,
//     blocked_path, decision_reason, title, display_name and description.
//     Followed: the code.
//   - outbound control requests: the seed has initialize (hooks optional),
//     interrupt, set_permission_mode, set_model and rewind_files; the code
//     also sends mcp_status, get_context_usage, mcp_reconnect, mcp_toggle
//     and stop_task, and always writes initialize's hooks (null when there
//     are none). Followed: the code.
//
// Model is the dialect; dialect.json holds its metadata and policy.
package python
