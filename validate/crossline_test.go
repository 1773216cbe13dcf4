package validate_test

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/protocheck/protocheck/validate"
)

// Lines of a small session, for the cross-line rules' examples. S is the
// session; every line the CLI prints carries it and a uuid of its own.
const (
	xInit      = `{"type":"system","subtype":"init","session_id":"S","uuid":"u-init","claude_code_version":"2.1.330"}`
	xInit20    = `{"type":"system","subtype":"init","session_id":"S","uuid":"u-init","claude_code_version":"2.0.20"}`
	xInit2126  = `{"type":"system","subtype":"init","session_id":"S","uuid":"u-init","claude_code_version":"2.1.26"}`
	xText      = `{"type":"assistant","message":{"id":"m1","content":[{"type":"text","text":"Hello"}]},"parent_tool_use_id":null,"session_id":"S","uuid":"u-text"}`
	xToolUse   = `{"type":"assistant","message":{"id":"m1","content":[{"type":"tool_use","id":"t1","name":"Bash","input":{"command":"ls"}}]},"parent_tool_use_id":null,"session_id":"S","uuid":"u-use"}`
	xToolRes   = `{"type":"user","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"t1","content":"ok"}]},"parent_tool_use_id":null,"session_id":"S","uuid":"u-res"}`
	xTask      = `{"type":"assistant","message":{"id":"m1","content":[{"type":"tool_use","id":"task1","name":"Task","input":{}}]},"parent_tool_use_id":null,"session_id":"S","uuid":"u-task"}`
	xSub       = `{"type":"assistant","message":{"id":"m2","content":[{"type":"text","text":"sub"}]},"parent_tool_use_id":"task1","session_id":"S","uuid":"u-sub"}`
	xTaskRes   = `{"type":"user","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"task1","content":"done"}]},"parent_tool_use_id":null,"session_id":"S","uuid":"u-taskres"}`
	xResult    = `{"type":"result","subtype":"success","is_error":false,"session_id":"S","uuid":"u-result"}`
	xDenied    = `{"type":"result","subtype":"success","is_error":false,"permission_denials":[{"tool_use_id":"t1","tool_name":"Bash","tool_input":{}}],"session_id":"S","uuid":"u-result"}`
	xMaxTurns  = `{"type":"result","subtype":"error_max_turns","is_error":false,"session_id":"S","uuid":"u-result"}`
	xReset     = `{"type":"conversation_reset","new_conversation_id":"T","trigger":"clear","session_id":"S","uuid":"u-reset"}`
	xInitT     = `{"type":"system","subtype":"init","session_id":"T","uuid":"u-init2","claude_code_version":"2.1.330"}`
	xResultT   = `{"type":"result","subtype":"success","is_error":false,"session_id":"T","uuid":"u-result2"}`
	xHookStart = `{"type":"system","subtype":"hook_started","hook_id":"h1","hook_name":"SessionStart:startup","hook_event":"SessionStart","session_id":"S","uuid":"u-hs"}`
	xHookResp  = `{"type":"system","subtype":"hook_response","hook_id":"h1","hook_name":"SessionStart:startup","hook_event":"SessionStart","output":"","stdout":"","stderr":"","outcome":"success","session_id":"S","uuid":"u-hr"}`
	xTaskStart = `{"type":"system","subtype":"task_started","task_id":"k1","description":"d","session_id":"S","uuid":"u-ts"}`
	xTaskNote  = `{"type":"system","subtype":"task_notification","task_id":"k1","status":"completed","output_file":"","summary":"","session_id":"S","uuid":"u-tn"}`

	xMsgStart = `{"type":"stream_event","event":{"type":"message_start","message":{"id":"m1","content":[]}},"parent_tool_use_id":null,"session_id":"S","uuid":"u-e1"}`
	xBlock    = `{"type":"stream_event","event":{"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}},"parent_tool_use_id":null,"session_id":"S","uuid":"u-e2"}`
	xDelta1   = `{"type":"stream_event","event":{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"Hel"}},"parent_tool_use_id":null,"session_id":"S","uuid":"u-e3"}`
	xDelta2   = `{"type":"stream_event","event":{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"lo"}},"parent_tool_use_id":null,"session_id":"S","uuid":"u-e4"}`
	xToolBlk  = `{"type":"stream_event","event":{"type":"content_block_start","index":0,"content_block":{"type":"tool_use","id":"t1","name":"Bash","input":{}}},"parent_tool_use_id":null,"session_id":"S","uuid":"u-e5"}`
	xJSON1    = `{"type":"stream_event","event":{"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":"{\"comm"}},"parent_tool_use_id":null,"session_id":"S","uuid":"u-e6"}`
	xJSON2    = `{"type":"stream_event","event":{"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":"and\":\"ls\"}"}},"parent_tool_use_id":null,"session_id":"S","uuid":"u-e7"}`
	xJSON2bad = `{"type":"stream_event","event":{"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":"and\":\"rm\"}"}},"parent_tool_use_id":null,"session_id":"S","uuid":"u-e7"}`
)

// Duplex lines: the control protocol, both ways.
const (
	dInit     = `{"dir":"stdout","msg":` + xInit + `}`
	dAsk      = `{"dir":"stdout","msg":{"type":"control_request","request_id":"r1","request":{"subtype":"can_use_tool","tool_name":"Bash","input":{},"tool_use_id":"t1"}}}`
	dAllow    = `{"dir":"stdin","msg":{"type":"control_response","response":{"subtype":"success","request_id":"r1","response":{"behavior":"allow","updatedInput":{},"toolUseID":"t1"}}}}`
	dAllowT2  = `{"dir":"stdin","msg":{"type":"control_response","response":{"subtype":"success","request_id":"r1","response":{"behavior":"allow","updatedInput":{},"toolUseID":"t2"}}}}`
	dAllowR9  = `{"dir":"stdin","msg":{"type":"control_response","response":{"subtype":"success","request_id":"r9","response":{"behavior":"allow","updatedInput":{}}}}}`
	dCancel   = `{"dir":"stdout","msg":{"type":"control_cancel_request","request_id":"r1"}}`
	dInitReq  = `{"dir":"stdin","msg":{"type":"control_request","request_id":"i1","request":{"subtype":"initialize"}}}`
	dInitResp = `{"dir":"stdout","msg":{"type":"control_response","response":{"subtype":"success","request_id":"i1","response":{}}}}`
	dResult   = `{"dir":"stdout","msg":` + xResult + `}`
)

// TestCrossLineRules: each rule gives nothing on a transcript that keeps
// it, and catches its failing transcript at the right line.
func TestCrossLineRules(t *testing.T) {
	tests := []struct {
		rule     string
		pass     []string
		fail     []string
		wantLine int
	}{
		{"session/id-changed",
			[]string{xInit, xText, xReset, xInitT, xResultT},
			[]string{xInit, strings.Replace(xText, `"S"`, `"X"`, 1), xResult}, 2},
		{"session/uuid-repeated",
			[]string{xInit, xText, xResult},
			[]string{xInit, xText, xText, xResult}, 3},
		{"tools/result-unknown-use",
			[]string{xInit, xToolUse, xToolRes, xResult},
			[]string{xInit, xText, xToolRes, xResult}, 3},
		{"tools/use-unanswered",
			[]string{xInit, xToolUse, xDenied},
			[]string{xInit, xToolUse, xResult}, 3},
		{"tools/parent-unknown",
			[]string{xInit, xTask, xSub, xTaskRes, xResult},
			[]string{xInit, xSub, xTask, xTaskRes, xResult}, 2},
		{"turns/unclosed",
			[]string{xInit, xText, xResult},
			[]string{xInit, xText, xResult, strings.Replace(xText, "u-text", "u-text2", 1)}, 4},
		{"turns/error-flag",
			[]string{xInit20, xText, xMaxTurns},
			[]string{xInit, xText, xMaxTurns}, 3},
		// 2.1.26, below the first rung seen to set the flag (2.1.112), is
		// not held to it.
		{"turns/error-flag",
			[]string{xInit2126, xText, xMaxTurns},
			[]string{xInit, xText, xMaxTurns}, 3},
		{"stream/assembly",
			[]string{xInit, xMsgStart, xBlock, xDelta1, xDelta2, xText, xResult},
			[]string{xInit, xMsgStart, xBlock, xDelta1, xText, xResult}, 5},
		{"stream/assembly",
			[]string{xInit, xMsgStart, xToolBlk, xJSON1, xJSON2, xToolUse, xToolRes, xResult},
			[]string{xInit, xMsgStart, xToolBlk, xJSON1, xJSON2bad, xToolUse, xToolRes, xResult}, 6},
		{"control/no-response",
			[]string{dInitReq, dInitResp, dInit, dAsk, dCancel, dResult},
			[]string{dInitReq, dInitResp, dInit, dAsk, dResult}, 4},
		{"control/unknown-request",
			[]string{dInitReq, dInitResp, dInit, dAsk, dAllow, dResult},
			[]string{dInitReq, dInitResp, dInit, dAsk, dAllow, dAllowR9, dResult}, 6},
		{"control/duplicate-response",
			[]string{dInitReq, dInitResp, dInit, dAsk, dAllow, dResult},
			[]string{dInitReq, dInitResp, dInit, dAsk, dAllow, dAllow, dResult}, 6},
		{"control/wrong-tool-use",
			[]string{dInitReq, dInitResp, dInit, dAsk, dAllow, dResult},
			[]string{dInitReq, dInitResp, dInit, dAsk, dAllowT2, dResult}, 5},
		{"hooks/no-response",
			[]string{xHookStart, xHookResp, xInit, xResult},
			[]string{xHookStart, xInit, xResult}, 1},
		{"tasks/not-started",
			[]string{xInit, xTaskStart, xTaskNote, xResult},
			[]string{xInit, xTaskNote, xResult}, 2},
		// 2.1.26 printed task_notification alone (the ladder's capture of
		// background_bash).
		{"tasks/not-started",
			[]string{xInit2126, xTaskNote, xResult},
			[]string{xInit, xTaskNote, xResult}, 2},
	}
	v, err := validate.New(validate.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range tests {
		t.Run(tt.rule, func(t *testing.T) {
			if got := crossFindings(t, v, tt.pass); len(got) > 0 {
				t.Errorf("the passing transcript gives %v", got)
			}
			got := crossFindings(t, v, tt.fail)
			want := []string{fmt.Sprintf("%d %s", tt.wantLine, tt.rule)}
			if !slices.Equal(got, want) {
				t.Errorf("the failing transcript gives %v, want %v", got, want)
			}
		})
	}
}

// TestCrossLineOneSided: the control rules need both directions; on a
// plain transcript they are skipped, and the summary says which.
func TestCrossLineOneSided(t *testing.T) {
	v, err := validate.New(validate.Options{})
	if err != nil {
		t.Fatal(err)
	}
	ask := `{"type":"control_request","request_id":"r1","request":{"subtype":"can_use_tool","tool_name":"Bash","input":{},"tool_use_id":"t1"}}`
	sum := runLines(t, v, []string{xInit, ask, xResult}, func(f validate.Finding) {
		if validate.RuleByID(f.Rule) != nil && strings.Contains(f.Rule, "control/") {
			t.Errorf("unexpected %s", f)
		}
	})
	cl := sum.CrossLine
	if cl == nil || cl.Transcripts != 1 || cl.Duplex != 0 {
		t.Fatalf("summary %+v, want one one-sided transcript", cl)
	}
	want := []string{"control/no-response", "control/unknown-request", "control/duplicate-response", "control/wrong-tool-use"}
	if !slices.Equal(cl.Skipped, want) {
		t.Errorf("skipped %v, want %v", cl.Skipped, want)
	}
}

// TestCrossLineSelection: --rules selects rules by ID or group, --no-rules
// turns them all off, and an unknown name is an error.
func TestCrossLineSelection(t *testing.T) {
	fail := []string{xInit, strings.Replace(xText, `"S"`, `"X"`, 1), xText, xResult}
	for _, tt := range []struct {
		opts validate.Options
		want []string
	}{
		{validate.Options{}, []string{"2 session/id-changed", "3 session/uuid-repeated"}},
		{validate.Options{CrossLine: []string{"session/uuid-repeated"}}, []string{"3 session/uuid-repeated"}},
		{validate.Options{CrossLine: []string{"session/*"}}, []string{"2 session/id-changed", "3 session/uuid-repeated"}},
		{validate.Options{CrossLine: []string{"tools"}}, nil},
		{validate.Options{NoCrossLine: true}, nil},
	} {
		v, err := validate.New(tt.opts)
		if err != nil {
			t.Fatal(err)
		}
		if got := crossFindings(t, v, fail); !slices.Equal(got, tt.want) {
			t.Errorf("%+v: got %v, want %v", tt.opts, got, tt.want)
		}
	}
	if _, err := validate.New(validate.Options{CrossLine: []string{"sesion"}}); err == nil || !strings.Contains(err.Error(), `"sesion"`) {
		t.Errorf("an unknown rule: err = %v", err)
	}
}

// TestDuplexEnvelope: a duplex line is checked against its direction, with
// columns counted in the file's line; a bad envelope and a raw line that
// was not JSON are findings, and the lines after them are still checked.
func TestDuplexEnvelope(t *testing.T) {
	v, err := validate.New(validate.Options{NoCrossLine: true})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	runLines(t, v, []string{
		dInitReq,
		`{"dir":"stdin","msg":{"type":"assistant","message":{"id":"m","content":[]},"parent_tool_use_id":null,"session_id":"S","uuid":"u"}}`,
		`{"dir":"sideways","msg":{}}`,
		`{"dir":"stdin","raw":"not json"}`,
		`{"dir":"stdout","msg":{"type":"keep_alive"},"x":1}`,
		`{"dir":"stdout","t":1.5,"msg":{"type":"keep_alive"}}`,
		`{"dir":"stdout","msg":{"type":"result","subtype":"success","is_error":"no"}}`,
	}, func(f validate.Finding) {
		if f.Rule != "schema/required" || f.Pointer == "/uuid" {
			got = append(got, fmt.Sprintf("%d:%d %s %s", f.Line, f.Column, f.Rule, f.Pointer))
		}
	})
	want := []string{
		"2:0 variant/wrong-direction ",
		"3:0 input/duplex-envelope ",
		"4:0 input/invalid-json ",
		"5:0 input/duplex-envelope ",
		// Columns count from the file line's start: the message starts at
		// column 23, after {"dir":"stdout","msg":.
		"7:23 schema/required /uuid",
		"7:60 schema/type /is_error",
		// No system/init on the CLI's side: the newest set, said once.
		"0:0 version/no-init ",
	}
	if !slices.Equal(got, want) {
		t.Errorf("findings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func runLines(t *testing.T, v *validate.Validator, lines []string, emit func(validate.Finding)) validate.Summary {
	t.Helper()
	text := strings.Join(lines, "\n") + "\n"
	sum, err := v.Run(context.Background(), []validate.Input{{Name: "t.jsonl", Open: func() (io.ReadCloser, error) {
		return io.NopCloser(strings.NewReader(text)), nil
	}}}, emit)
	if err != nil {
		t.Fatal(err)
	}
	return sum
}

// crossFindings returns the cross-line findings of a transcript, as
// "line rule".
func crossFindings(t *testing.T, v *validate.Validator, lines []string) []string {
	t.Helper()
	var got []string
	runLines(t, v, lines, func(f validate.Finding) {
		for _, r := range validate.CrossLineRules {
			if r.ID == f.Rule {
				got = append(got, fmt.Sprintf("%d %s", f.Line, f.Rule))
			}
		}
	})
	return got
}

// TestStreamStatePerSession: stream/assembly compares an assistant line
// with the deltas of its own session's stream. The captures of 2.1.330
// are joined as a file of several sessions would be, and their message
// ids repeat (msg_0002 in each): a new session's init, or a
// conversation_reset, starts the streams afresh, and the blocks a
// stream_event's abandoned_blocks names (an interrupt cut them off) are
// forgotten. On the same lines with nothing in between, the rule fires.
func TestStreamStatePerSession(t *testing.T) {
	read := func(file string) []string {
		data, err := os.ReadFile(filepath.Join("..", "corpus", "captures", "2.1.330", file))
		if err != nil {
			t.Fatal(err)
		}
		return strings.Split(strings.TrimSpace(string(data)), "\n")
	}
	cut := read("interrupt_mid_tool_input.jsonl") // msg_0002: a tool_use streamed, then abandoned
	hello := read("hello_text.jsonl")             // init, msg_0002: a text block, result
	reset := slices.IndexFunc(read("clear_conversation.jsonl"), func(l string) bool { return strings.Contains(l, `"type":"conversation_reset"`) })
	if reset < 0 || !strings.Contains(cut[len(cut)-2], `"abandoned_blocks"`) || !strings.Contains(hello[1], `"id":"msg_0002"`) {
		t.Fatal("the captures no longer have the lines this test joins")
	}
	resetLine := read("clear_conversation.jsonl")[reset]
	unabandoned := slices.DeleteFunc(slices.Clone(cut), func(l string) bool { return strings.Contains(l, `"abandoned_blocks"`) })
	tests := []struct {
		name  string
		lines []string
		fires bool
	}{
		{"a second session's init", append(slices.Clone(unabandoned), hello...), false},
		{"a conversation_reset", append(append(slices.Clone(unabandoned), resetLine), hello[1]), false},
		{"an abandoned stream", append(slices.Clone(cut), hello[1]), false},
		{"the same session, not abandoned", append(slices.Clone(unabandoned), hello[1]), true},
	}
	v, err := validate.New(validate.Options{CrossLine: []string{"stream/assembly"}})
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []int
			text := strings.Join(tt.lines, "\n") + "\n"
			if _, err := v.Stream(context.Background(), "t.jsonl", strings.NewReader(text), func(f validate.Finding) {
				if f.Rule == "stream/assembly" {
					got = append(got, f.Line)
				}
			}); err != nil {
				t.Fatal(err)
			}
			if fires := len(got) > 0; fires != tt.fires {
				t.Errorf("stream/assembly on lines %v; want it to fire: %v", got, tt.fires)
			}
		})
	}
}
