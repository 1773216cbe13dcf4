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
	RuleSessionIDChanged    = &Rule{conform.SessionIDChanged, Error, "A line's session_id differs from the session's, with no system/init or conversation_reset (after /clear, a resume, a fork) announcing a new session."}
	RuleSessionUUIDRepeated = &Rule{conform.SessionUUIDRepeated, Error, "Two lines of one session carry the same uuid; only a replayed user message (isReplay: true) repeats one."}
	RuleToolResultUnknown   = &Rule{conform.ToolResultUnknown, Error, "A tool_result's tool_use_id names no tool_use that came before it."}
	RuleToolUseUnanswered   = &Rule{conform.ToolUseUnanswered, Error, "A turn of the main agent ends in success while one of its tool_use blocks got neither a tool_result nor a permission denial."}
	RuleToolParentUnknown   = &Rule{conform.ToolParentUnknown, Error, "A line's parent_tool_use_id names no tool_use printed before it."}
	RuleTurnUnclosed        = &Rule{conform.TurnUnclosed, Error, "The transcript ends inside a turn: assistant, user or stream_event lines follow the last result."}
	RuleTurnErrorFlag       = &Rule{conform.TurnErrorFlag, Error, "A result with an error_ subtype has is_error false (CLI 2.1 and later always set it true; 2.0 did not)."}
	RuleStreamAssembly      = &Rule{conform.StreamAssembly, Error, "With partial messages on, the stream_event deltas of a message do not add up to the content of the assistant lines with its message.id (text, thinking, tool input JSON), or a delta names a block no content_block_start opened. Each session's streams are its own: a system/init or conversation_reset starts them afresh, and the blocks a stream_event's abandoned_blocks names (an interrupt cut them off) are forgotten."}
	RuleControlNoResponse   = &Rule{conform.ControlNoResponse, Error, "A control_request gets no control_response with its request_id, and no control_cancel_request withdraws it (duplex transcripts only; the CLI's answers are held to it from CLI 2.1 on: 2.0 left an unknown subtype unanswered)."}
	RuleControlUnknown      = &Rule{conform.ControlUnknownRequest, Error, "A control_response answers a request_id the other side never sent a control_request with (duplex transcripts only)."}
	RuleControlDuplicate    = &Rule{conform.ControlDuplicate, Error, "A control_request gets a second control_response (duplex transcripts only; the CLI's answers are held to it from CLI 2.1 on: 2.0 answered set_permission_mode twice)."}
	RuleControlWrongToolUse = &Rule{conform.ControlWrongToolUse, Error, "The answer to a can_use_tool request names (toolUseID) another tool use than the one the CLI asked about (duplex transcripts only)."}
	RuleHookNoResponse      = &Rule{conform.HookNoResponse, Error, "A system/hook_started gets no system/hook_response with its hook_id."}
	RuleTaskNotStarted      = &Rule{conform.TaskNotStarted, Error, "A system/task_notification names a task_id no system/task_started announced before."}
)

// A CrossLineRule is a cross-line rule with what its catalogue entry says.
type CrossLineRule struct {
	*Rule
	// NeedsBoth says the rule needs both directions: it runs on duplex
	// transcripts only.
	NeedsBoth bool
	// Example is a transcript (NDJSON, abridged) that breaks the rule.
	Example string
	// Fix says what to change when the rule fires.
	Fix string
}

// CrossLineRules lists the cross-line rules, in the order of Rules.
var CrossLineRules = []*CrossLineRule{
	{Rule: RuleSessionIDChanged,
		Example: `{"type":"system","subtype":"init","session_id":"A",...}` + "\n" + `{"type":"assistant","session_id":"B",...}`,
		Fix:     "A writer of transcripts (or a proxy) mixed two sessions, or rewrote ids: keep every line of a session on its session_id; start a new session with its own system/init."},
	{Rule: RuleSessionUUIDRepeated,
		Example: `{"type":"assistant","uuid":"U",...}` + "\n" + `{"type":"user","uuid":"U",...}`,
		Fix:     "A line was duplicated (a retry that re-sent it, a log written twice): drop the copy, or give a new message its own uuid."},
	{Rule: RuleToolResultUnknown,
		Example: `{"type":"user","message":{"content":[{"type":"tool_result","tool_use_id":"toolu_X",...}]},...}` + "  (no tool_use toolu_X before)",
		Fix:     "The assistant line with the tool_use was lost or comes later: keep transcripts whole and in order; an SDK must not invent tool_use_ids."},
	{Rule: RuleToolUseUnanswered,
		Example: `{"type":"assistant","message":{"content":[{"type":"tool_use","id":"toolu_1",...}]},...}` + "\n" + `{"type":"result","subtype":"success","is_error":false,...}`,
		Fix:     "The user line with the tool_result was lost, or the CLI ended the turn wrongly: look for a dropped line between the tool_use and the result."},
	{Rule: RuleToolParentUnknown,
		Example: `{"type":"assistant","parent_tool_use_id":"toolu_Task",...}` + "  (no tool_use toolu_Task before)",
		Fix:     "The line that started the subagent (a Task tool_use) is missing or comes later: keep the transcript whole and in order."},
	{Rule: RuleTurnUnclosed,
		Example: `{"type":"assistant",...}` + "  (the last line: no result follows)",
		Fix:     "The session was cut off (the CLI was killed, the capture stopped early) or the result line was lost: an SDK waiting for the result would hang."},
	{Rule: RuleTurnErrorFlag,
		Example: `{"type":"system","subtype":"init","claude_code_version":"2.1.330",...}` + "\n" + `{"type":"result","subtype":"error_max_turns","is_error":false,...}`,
		Fix:     "Set is_error to true on every error_ result: SDKs branch on it."},
	{Rule: RuleStreamAssembly,
		Example: `{"type":"stream_event","event":{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"Hel"}},...}` + "\n" + `{"type":"assistant","message":{"id":"msg_1","content":[{"type":"text","text":"Hello"}]},...}`,
		Fix:     "A delta was lost, duplicated or reordered (or the final message was edited): an SDK that renders deltas shows other text than it stores."},
	{Rule: RuleControlNoResponse, NeedsBoth: true,
		Example: `{"dir":"stdout","msg":{"type":"control_request","request_id":"r1","request":{"subtype":"can_use_tool",...}}}` + "  (no control_response to r1 on stdin)",
		Fix:     "Answer every control request, with success or error: the other side waits for it. Withdraw a request with control_cancel_request."},
	{Rule: RuleControlUnknown, NeedsBoth: true,
		Example: `{"dir":"stdin","msg":{"type":"control_response","response":{"subtype":"success","request_id":"nope",...}}}`,
		Fix:     "Copy the request_id of the request being answered; answer only requests of the other side."},
	{Rule: RuleControlDuplicate, NeedsBoth: true,
		Example: `{"dir":"stdin","msg":{"type":"control_response","response":{"request_id":"r1",...}}}` + "\n" + `{"dir":"stdin","msg":{"type":"control_response","response":{"request_id":"r1",...}}}`,
		Fix:     "Answer each request once: a retry or a second handler answered it again."},
	{Rule: RuleControlWrongToolUse, NeedsBoth: true,
		Example: `{"dir":"stdout","msg":{"type":"control_request","request_id":"r1","request":{"subtype":"can_use_tool","tool_use_id":"toolu_1",...}}}` + "\n" + `{"dir":"stdin","msg":{"type":"control_response","response":{"subtype":"success","request_id":"r1","response":{"behavior":"allow","toolUseID":"toolu_2"}}}}`,
		Fix:     "Answer a permission request about the tool use it names: an SDK that keys pending prompts by tool use mixed two of them up."},
	{Rule: RuleHookNoResponse,
		Example: `{"type":"system","subtype":"hook_started","hook_id":"h1",...}` + "  (no hook_response for h1)",
		Fix:     "The hook's response line was lost, or the hook never ended (the session was cut off)."},
	{Rule: RuleTaskNotStarted,
		Example: `{"type":"system","subtype":"task_notification","task_id":"t1",...}` + "  (no task_started for t1 before)",
		Fix:     "The task_started line was lost or comes later: keep the transcript whole and in order."},
}

// RuleRulesBudget says a cross-line rule stopped tracking on an input: the
// state it keeps (ids seen, input JSON assembled) passed the budget.
var RuleRulesBudget = &Rule{conform.Budget, Warning, "A cross-line rule stopped tracking on this input: the state it keeps for one input (the ids it has seen, the input JSON its streams assembled) passed --rules-budget (default 16 MiB per group of rules). One finding names the rules that stop and the line; they report nothing more on that input, so that the run cannot run out of memory."}

// DefaultRulesBudget is the budget of Options.RulesBudget: the most state,
// in bytes (estimated), each group of cross-line rules keeps for one input.
const DefaultRulesBudget = conform.DefaultBudget

func init() {
	for _, r := range CrossLineRules {
		Rules = append(Rules, r.Rule)
	}
	Rules = append(Rules, RuleRulesBudget)
}

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
