package tap

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"sync"

	"github.com/protocheck/protocheck/validate"
)

// RuleCLIAnswered reports, on a line the SDK wrote, that the CLI answered
// it with an error in the same session: the session's own evidence, on
// any CLI version, probed or not.
var RuleCLIAnswered = &validate.Rule{ID: "tap/cli-answered-error", Severity: validate.Error,
	Doc: "A line the SDK wrote was answered by the CLI, in the same session, with an error: a control request the CLI answered with an error control_response, or a permission reply after which the CLI failed the tool with its own complaint about the reply (\"invalid permission result\", \"Tool permission request failed\"). The finding is at the SDK's line and quotes the CLI's answer; it holds on every CLI version, since the session shows it."}

// refusalWords are the CLI's own complaints about a permission reply it
// could not use, as the tool_result that follows it says them (probes of
// CLI 2.1.330, corpus/probe/results); a deny the SDK meant is none of them.
var refusalWords = []string{"invalid permission result", "Tool permission request failed"}

// answers follows the requests and replies of one session to find the
// SDK's lines the CLI answered with an error (see RuleCLIAnswered). Line
// feeds it every line; the findings are taken once the session ends.
type answers struct {
	mu       sync.Mutex
	file     string
	sent     map[string]int    // request_id of a control request the SDK sent -> its line
	toolOf   map[string]string // request_id of the CLI's can_use_tool -> its tool_use_id
	replied  map[string]int    // tool_use_id -> the line of the SDK's reply to its can_use_tool
	findings []validate.Finding
}

func newAnswers(file string) *answers {
	return &answers{file: file, sent: map[string]int{}, toolOf: map[string]string{}, replied: map[string]int{}}
}

// frame is what answers reads of a message.
type frame struct {
	Type      string `json:"type"`
	RequestID string `json:"request_id"`
	Request   struct {
		Subtype   string `json:"subtype"`
		ToolUseID string `json:"tool_use_id"`
	} `json:"request"`
	Response struct {
		Subtype   string `json:"subtype"`
		RequestID string `json:"request_id"`
		Error     string `json:"error"`
	} `json:"response"`
	Message struct {
		Content json.RawMessage `json:"content"`
	} `json:"message"`
}

// line takes line seq of the session, in its duplex envelope. Only the
// lines that can matter are decoded: control frames, and the CLI's user
// lines with a tool_result in error.
func (a *answers) line(seq int, dir string, env []byte) {
	control := bytes.Contains(env, []byte(`"control_`))
	failed := dir == validate.DuplexStdout && bytes.Contains(env, []byte(`"tool_result"`)) && bytes.Contains(env, []byte(`"is_error":true`))
	if !control && !failed {
		return
	}
	var e struct {
		Msg frame `json:"msg"`
	}
	if json.Unmarshal(env, &e) != nil {
		return
	}
	m := e.Msg
	a.mu.Lock()
	defer a.mu.Unlock()
	switch {
	case dir == validate.DuplexStdin && m.Type == "control_request" && m.RequestID != "":
		a.sent[m.RequestID] = seq
	case dir == validate.DuplexStdin && m.Type == "control_response":
		if t := a.toolOf[m.Response.RequestID]; t != "" {
			a.replied[t] = seq
		}
	case dir == validate.DuplexStdout && m.Type == "control_request" && m.Request.Subtype == "can_use_tool" && m.Request.ToolUseID != "":
		a.toolOf[m.RequestID] = m.Request.ToolUseID
	case dir == validate.DuplexStdout && m.Type == "control_response" && m.Response.Subtype == "error":
		if at, ok := a.sent[m.Response.RequestID]; ok {
			delete(a.sent, m.Response.RequestID)
			a.add(at, "", fmt.Sprintf("the CLI answered this control request with an error at line %d: %s", seq, oneLine(m.Response.Error)))
		}
	case failed && m.Type == "user":
		var blocks []struct {
			Type      string          `json:"type"`
			ToolUseID string          `json:"tool_use_id"`
			IsError   bool            `json:"is_error"`
			Content   json.RawMessage `json:"content"`
		}
		if json.Unmarshal(m.Message.Content, &blocks) != nil {
			return
		}
		for _, b := range blocks {
			at, ok := a.replied[b.ToolUseID]
			if b.Type != "tool_result" || !b.IsError || !ok {
				continue
			}
			text := blockText(b.Content)
			for _, w := range refusalWords {
				if strings.Contains(text, w) {
					delete(a.replied, b.ToolUseID)
					a.add(at, "/response/response", fmt.Sprintf("the CLI could not use this permission reply: the tool_result for %s at line %d says %q", b.ToolUseID, seq, clipText(oneLine(text))))
					break
				}
			}
		}
	}
}

func (a *answers) add(line int, pointer, msg string) {
	a.findings = append(a.findings, validate.Finding{File: a.file, Line: line, Pointer: pointer, Rule: RuleCLIAnswered.ID, Severity: RuleCLIAnswered.Severity, Message: msg})
}

// take returns the findings, in line order.
func (a *answers) take() []validate.Finding {
	a.mu.Lock()
	defer a.mu.Unlock()
	out := a.findings
	a.findings = nil
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && out[j].Line < out[j-1].Line; j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out
}

// blockText returns a tool_result's content as text: a string, or the
// text of its text blocks.
func blockText(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	var parts []struct {
		Text string `json:"text"`
	}
	json.Unmarshal(raw, &parts) //nolint:errcheck // not text: nothing to quote
	var b strings.Builder
	for _, p := range parts {
		b.WriteString(p.Text)
	}
	return b.String()
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

func clipText(s string) string {
	if len(s) > 300 {
		return strings.ToValidUTF8(s[:300], "") + "…"
	}
	return s
}
