package validate

import (
	"fmt"
	"slices"
	"strings"

	"github.com/protocheck/protocheck/validate/internal/conform"
)

// The cross-line rules: what a transcript must satisfy beyond each line's
// schema. Each is derived from what the real CLI prints: every committed
// capture, on every pinned CLI version, gives none of them. They run in the
// same pass as the schemas (Options.CrossLine selects them,
// Options.NoCrossLine turns them off); the control/ rules need both
// directions, so they run only on duplex transcripts (see duplex.go).
var (
	RuleSessionIDChanged = &Rule{ID: conform.SessionIDChanged, Severity: Error,
		Doc:      "A line's session_id differs from the session's, with no system/init or conversation_reset (after /clear, a resume, a fork) announcing a new session.",
		Abridged: `{"type":"system","subtype":"init","session_id":"A",...}` + "\n" + `{"type":"assistant","session_id":"B",...}`,
		Fix:      "A writer of transcripts (or a proxy) mixed two sessions, or rewrote ids: keep every line of a session on its session_id; start a new session with its own system/init.",
	}
	RuleSessionUUIDRepeated = &Rule{ID: conform.SessionUUIDRepeated, Severity: Error,
		Doc:      "Two lines of one session carry the same uuid; only a replayed user message (isReplay: true) repeats one.",
		Abridged: `{"type":"assistant","uuid":"U",...}` + "\n" + `{"type":"user","uuid":"U",...}`,
		Fix:      "A line was duplicated (a retry that re-sent it, a log written twice): drop the copy, or give a new message its own uuid.",
	}
	RuleToolResultUnknown = &Rule{ID: conform.ToolResultUnknown, Severity: Error,
		Doc:      "A tool_result's tool_use_id names no tool_use that came before it.",
		Abridged: `{"type":"user","message":{"content":[{"type":"tool_result","tool_use_id":"toolu_X",...}]},...}` + "  (no tool_use toolu_X before)",
		Fix:      "The assistant line with the tool_use was lost or comes later: keep transcripts whole and in order; an SDK must not invent tool_use_ids.",
	}
	RuleToolUseUnanswered = &Rule{ID: conform.ToolUseUnanswered, Severity: Error,
		Doc:      "A turn of the main agent ends in success while one of its tool_use blocks got neither a tool_result nor a permission denial.",
		Abridged: `{"type":"assistant","message":{"content":[{"type":"tool_use","id":"toolu_1",...}]},...}` + "\n" + `{"type":"result","subtype":"success","is_error":false,...}`,
		Fix:      "The user line with the tool_result was lost, or the CLI ended the turn wrongly: look for a dropped line between the tool_use and the result.",
	}
	RuleToolParentUnknown = &Rule{ID: conform.ToolParentUnknown, Severity: Error,
		Doc:      "A line's parent_tool_use_id names no tool_use printed before it.",
		Abridged: `{"type":"assistant","parent_tool_use_id":"toolu_Task",...}` + "  (no tool_use toolu_Task before)",
		Fix:      "The line that started the subagent (a Task tool_use) is missing or comes later: keep the transcript whole and in order.",
	}
	RuleTurnUnclosed = &Rule{ID: conform.TurnUnclosed, Severity: Error,
		Doc:      "The transcript ends inside a turn: assistant, user or stream_event lines follow the last result.",
		Abridged: `{"type":"assistant",...}` + "  (the last line: no result follows)",
		Fix:      "The session was cut off (the CLI was killed, the capture stopped early) or the result line was lost: an SDK waiting for the result would hang.",
	}
	RuleTurnErrorFlag = &Rule{ID: conform.TurnErrorFlag, Severity: Error,
		Doc:      "A result with an error_ subtype has is_error false (CLI 2.1 and later always set it true; 2.0 did not).",
		Abridged: `{"type":"system","subtype":"init","claude_code_version":"2.1.330",...}` + "\n" + `{"type":"result","subtype":"error_max_turns","is_error":false,...}`,
		Fix:      "Set is_error to true on every error_ result: SDKs branch on it.",
	}
	RuleStreamAssembly = &Rule{ID: conform.StreamAssembly, Severity: Error,
		Doc:      "With partial messages on, the stream_event deltas of a message do not add up to the content of the assistant lines with its message.id (text, thinking, tool input JSON), or a delta names a block no content_block_start opened. Each session's streams are its own: a system/init or conversation_reset starts them afresh, and the blocks a stream_event's abandoned_blocks names (an interrupt cut them off) are forgotten.",
		Abridged: `{"type":"stream_event","event":{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"Hel"}},...}` + "\n" + `{"type":"assistant","message":{"id":"msg_1","content":[{"type":"text","text":"Hello"}]},...}`,
		Fix:      "A delta was lost, duplicated or reordered (or the final message was edited): an SDK that renders deltas shows other text than it stores.",
	}
	RuleControlNoResponse = &Rule{ID: conform.ControlNoResponse, Severity: Error,
		Doc:      "A control_request gets no control_response with its request_id, and no control_cancel_request withdraws it (duplex transcripts only; the CLI's answers are held to it from CLI 2.1 on: 2.0 left an unknown subtype unanswered).",
		Abridged: `{"dir":"stdout","msg":{"type":"control_request","request_id":"r1","request":{"subtype":"can_use_tool",...}}}` + "  (no control_response to r1 on stdin)",
		Fix:      "Answer every control request, with success or error: the other side waits for it. Withdraw a request with control_cancel_request.",
	}
	RuleControlUnknown = &Rule{ID: conform.ControlUnknownRequest, Severity: Error,
		Doc:      "A control_response answers a request_id the other side never sent a control_request with (duplex transcripts only).",
		Abridged: `{"dir":"stdin","msg":{"type":"control_response","response":{"subtype":"success","request_id":"nope",...}}}`,
		Fix:      "Copy the request_id of the request being answered; answer only requests of the other side.",
	}
	RuleControlDuplicate = &Rule{ID: conform.ControlDuplicate, Severity: Error,
		Doc:      "A control_request gets a second control_response (duplex transcripts only; the CLI's answers are held to it from CLI 2.1 on: 2.0 answered set_permission_mode twice).",
		Abridged: `{"dir":"stdin","msg":{"type":"control_response","response":{"request_id":"r1",...}}}` + "\n" + `{"dir":"stdin","msg":{"type":"control_response","response":{"request_id":"r1",...}}}`,
		Fix:      "Answer each request once: a retry or a second handler answered it again.",
	}
	RuleControlWrongToolUse = &Rule{ID: conform.ControlWrongToolUse, Severity: Error,
		Doc:      "The answer to a can_use_tool request names (toolUseID) another tool use than the one the CLI asked about (duplex transcripts only).",
		Abridged: `{"dir":"stdout","msg":{"type":"control_request","request_id":"r1","request":{"subtype":"can_use_tool","tool_use_id":"toolu_1",...}}}` + "\n" + `{"dir":"stdin","msg":{"type":"control_response","response":{"subtype":"success","request_id":"r1","response":{"behavior":"allow","toolUseID":"toolu_2"}}}}`,
		Fix:      "Answer a permission request about the tool use it names: an SDK that keys pending prompts by tool use mixed two of them up.",
	}
	RuleHookNoResponse = &Rule{ID: conform.HookNoResponse, Severity: Error,
		Doc:      "A system/hook_started gets no system/hook_response with its hook_id.",
		Abridged: `{"type":"system","subtype":"hook_started","hook_id":"h1",...}` + "  (no hook_response for h1)",
		Fix:      "The hook's response line was lost, or the hook never ended (the session was cut off).",
	}
	RuleTaskNotStarted = &Rule{ID: conform.TaskNotStarted, Severity: Error,
		Doc:      "A system/task_notification names a task_id no system/task_started announced before.",
		Abridged: `{"type":"system","subtype":"task_notification","task_id":"t1",...}` + "  (no task_started for t1 before)",
		Fix:      "The task_started line was lost or comes later: keep the transcript whole and in order.",
	}
)

// A CrossLineRule is a cross-line rule, and whether it needs both
// directions of a session.
type CrossLineRule struct {
	*Rule
	// NeedsBoth says the rule needs both directions: it runs on duplex
	// transcripts only.
	NeedsBoth bool
}

// CrossLineRules lists the cross-line rules, in the order of Rules.
var CrossLineRules = []*CrossLineRule{
	{Rule: RuleSessionIDChanged},
	{Rule: RuleSessionUUIDRepeated},
	{Rule: RuleToolResultUnknown},
	{Rule: RuleToolUseUnanswered},
	{Rule: RuleToolParentUnknown},
	{Rule: RuleTurnUnclosed},
	{Rule: RuleTurnErrorFlag},
	{Rule: RuleStreamAssembly},
	{Rule: RuleControlNoResponse, NeedsBoth: true},
	{Rule: RuleControlUnknown, NeedsBoth: true},
	{Rule: RuleControlDuplicate, NeedsBoth: true},
	{Rule: RuleControlWrongToolUse, NeedsBoth: true},
	{Rule: RuleHookNoResponse},
	{Rule: RuleTaskNotStarted},
}

// RuleRulesBudget says a cross-line rule stopped tracking on an input: the
// state it keeps (ids seen, input JSON assembled) passed the budget.
var RuleRulesBudget = &Rule{ID: conform.Budget, Severity: Warning,
	Doc: "A cross-line rule stopped tracking on this input: the state it keeps for one input (the ids it has seen, the input JSON its streams assembled) passed --rules-budget (default 16 MiB per group of rules). One finding names the rules that stop and the line; they report nothing more on that input, so that the run cannot run out of memory.",
	Example: `{"type":"system","subtype":"hook_started","hook_id":"h1","hook_name":"SessionStart:startup","hook_event":"SessionStart","uuid":"u1","session_id":"S"}` + "\n" +
		`{"type":"system","subtype":"hook_started","hook_id":"h2","hook_name":"SessionStart:startup","hook_event":"SessionStart","uuid":"u2","session_id":"S"}` + "\n" +
		`{"type":"system","subtype":"hook_started","hook_id":"h3","hook_name":"SessionStart:startup","hook_event":"SessionStart","uuid":"u3","session_id":"S"}`,
	Flags: []string{"--rules-budget", "150"},
	Fix:   "A transcript this large is rare: tens of thousands of hooks left open, hundreds of thousands of uuids in one session, or a tool input streamed in megabytes. If it is real, raise `--rules-budget` (each group of rules may then keep that many bytes, estimated); if it is a generated or joined file, split it by session. The rules that stopped checked the lines before the finding; nothing after it was checked by them.",
}

// DefaultRulesBudget is the budget of Options.RulesBudget: the most state,
// in bytes (estimated), each group of cross-line rules keeps for one input.
const DefaultRulesBudget = conform.DefaultBudget

// crossLineIDs resolves a selection of cross-line rules: IDs, or groups
// ("tools" or "tools/*"). nil selects them all.
func crossLineIDs(sel []string) ([]string, error) {
	if sel == nil {
		return slices.Clone(conform.IDs), nil
	}
	var ids []string
	for _, s := range sel {
		s = strings.TrimSpace(s)
		if s == "" {
			continue
		}
		group := strings.TrimSuffix(s, "/*")
		n := 0
		for _, id := range conform.IDs {
			if id == s || strings.HasPrefix(id, group+"/") {
				if !slices.Contains(ids, id) {
					ids = append(ids, id)
				}
				n++
			}
		}
		if n == 0 {
			return nil, fmt.Errorf("%q names no cross-line rule (see protocheck rules)", s)
		}
	}
	return ids, nil
}
