package harness

import (
	"encoding/json"
	"fmt"
	"slices"
)

// ProtocolVersion is the version of the harness protocol protocheck speaks.
// A harness answers hello with the version it speaks; protocheck accepts
// every version from 1 to ProtocolVersion. Within a version, members may be
// added to messages and a harness ignores those it does not know; none is
// renamed or removed.
const ProtocolVersion = 1

// Request is one line protocheck writes to a harness.
type Request struct {
	// Type is "hello", "read", "write" or "spawn".
	Type string `json:"type"`
	// ID numbers the request; the answer carries it back. Hello has id 0.
	ID int `json:"id"`
	// Protocol is, on hello, the newest version protocheck speaks.
	Protocol int `json:"protocol,omitempty"`
	// Line is, on read, the line to judge as the CLI printed it (without
	// its newline), as a JSON string.
	Line *string `json:"line,omitempty"`
	// Message is, on write, the name of the message to serialise (one of
	// WriteNames) and Params its inputs.
	Message string          `json:"message,omitempty"`
	Params  json.RawMessage `json:"params,omitempty"`
	// CLI and Label are, on spawn, the stand-in CLI the SDK is to spawn
	// and the file to write each case's label to before it spawns (see
	// Spawn); only a harness whose hello lists "spawn" gets one.
	CLI   string `json:"cli,omitempty"`
	Label string `json:"label,omitempty"`
}

// Answer is one line a harness writes back.
type Answer struct {
	// Type repeats the request's type.
	Type string `json:"type"`
	// ID is the request's id.
	ID int `json:"id"`

	// On hello: the protocol version the harness speaks, the SDK it wraps
	// and its version, the harness's language, and what it can do
	// ("read", "write").
	Protocol     int      `json:"protocol,omitempty"`
	SDK          string   `json:"sdk,omitempty"`
	SDKVersion   string   `json:"sdk_version,omitempty"`
	Language     string   `json:"language,omitempty"`
	Capabilities []string `json:"capabilities,omitempty"`

	// On read: what the SDK's reader did with the line.
	Verdict Verdict `json:"verdict,omitempty"`
	// As names what the SDK made of the line, in its own words (a class, a
	// type, an enum variant): "AssistantMessage", "Message::Result".
	As string `json:"as,omitempty"`
	// Error is, for a rejected line, the SDK's own error message.
	Error string `json:"error,omitempty"`
	// Kept lists the top-level members the SDK kept typed, Raw those it
	// kept only as untyped data, Lost those it lost. Each is optional: a
	// harness that cannot tell leaves it out.
	Kept []string `json:"kept,omitempty"`
	Raw  []string `json:"raw,omitempty"`
	Lost []string `json:"lost,omitempty"`

	// On write: the lines the SDK writes for the message, each one JSON
	// value; Unsupported when the SDK has no such message.
	Lines       []json.RawMessage `json:"lines,omitempty"`
	Unsupported bool              `json:"unsupported,omitempty"`

	// On spawn: the cases the harness ran, one per label it wrote.
	Cases []SpawnCase `json:"cases,omitempty"`
}

// A SpawnCase is one session the harness had its SDK spawn.
type SpawnCase struct {
	// Label is what the harness wrote to the label file before it.
	Label string `json:"label"`
	// Option names the SDK option set, as the SDK's options type spells
	// it ("" : every option at its default); Value shows the value set.
	Option string `json:"option"`
	Value  string `json:"value,omitempty"`
	// Error is what the SDK raised, if anything (the stand-in exits at
	// once, so an error after the spawn is expected and says nothing).
	Error string `json:"error,omitempty"`
}

// A Verdict is what an SDK's reader does with a line.
type Verdict string

const (
	// Accepted: the SDK reads the line as one of its types and gives it to
	// its user.
	Accepted Verdict = "accepted"
	// Handled: the SDK's runtime reads the line and acts on it itself
	// (a control request it answers, a keep-alive): its user never sees it,
	// on purpose.
	Handled Verdict = "handled"
	// Rejected: the SDK's reader fails on the line (an error, an
	// exception, a closed stream).
	Rejected Verdict = "rejected"
	// Dropped: the SDK skips the line silently, or keeps it only as raw
	// data its user never sees typed.
	Dropped Verdict = "dropped"
)

// Verdicts lists the verdicts a read answer may give.
var Verdicts = []Verdict{Accepted, Handled, Rejected, Dropped}

// WriteNames lists the messages a write request may ask for, each with its
// params (docs/harness.md says them):
//
//   - initialize: {} — the SDK's initialize control request.
//   - interrupt: {} — its interrupt control request.
//   - user_message: {"text"} — a user message as the SDK sends a prompt.
//   - permission_allow: {"request_id","tool_name","input","tool_use_id"} — its answer allowing a can_use_tool request.
//   - permission_deny: {"request_id","tool_name","input","tool_use_id","message"} — its answer denying one.
//   - hook_answer: {"request_id","callback_id","input"} — its answer to a hook_callback request, from a hook that returns {"continue": true}.
var WriteNames = []string{"initialize", "interrupt", "user_message", "permission_allow", "permission_deny", "hook_answer"}

// check says what is wrong with an answer to req, or "".
func (a *Answer) check(req *Request) string {
	if a.Type != req.Type {
		return fmt.Sprintf("answers a %q request, the request was %q", a.Type, req.Type)
	}
	if a.ID != req.ID {
		return fmt.Sprintf("answers request %d out of turn, the request was %d", a.ID, req.ID)
	}
	switch req.Type {
	case "hello":
		if a.Protocol < 1 || a.Protocol > ProtocolVersion {
			return fmt.Sprintf("speaks protocol %d; protocheck speaks 1 to %d", a.Protocol, ProtocolVersion)
		}
		if a.SDK == "" || a.SDKVersion == "" {
			return "hello names no sdk or sdk_version"
		}
	case "read":
		if !slices.Contains(Verdicts, a.Verdict) {
			return fmt.Sprintf("verdict %q is none of accepted, handled, rejected, dropped", a.Verdict)
		}
		if a.Verdict == Rejected && a.Error == "" {
			return "a rejected line without the SDK's error"
		}
	case "spawn":
		if len(a.Cases) == 0 {
			return "a spawn answer with no cases"
		}
	case "write":
		if !a.Unsupported && len(a.Lines) == 0 {
			return "a write answer with no lines that is not unsupported"
		}
		for i, l := range a.Lines {
			if !json.Valid(l) {
				return fmt.Sprintf("line %d of the write answer is not JSON", i+1)
			}
		}
	}
	return ""
}
