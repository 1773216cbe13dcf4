package validate

import (
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/protocheck/protocheck/schemas"
	"github.com/protocheck/protocheck/validate/internal/conform"
)

// captureLines are lines the captures would not show: members given twice,
// escapes, blocks nested in a tool_result, every kind of stream event, the
// answers of control responses. Each is valid, so the scan captures it.
var captureLines = []string{
	`{"type":"assistant","message":{"id":"msg_1","type":"message","role":"assistant","model":"m","content":[{"type":"text","text":"a\"b\\c \u00e9"},{"type":"tool_use","id":"tu_1","name":"Bash","input":{"command":"ls","n":[1,{"x":"]"}]}}],"stop_reason":null,"stop_sequence":null,"usage":{"input_tokens":1,"output_tokens":1}},"parent_tool_use_id":null,"session_id":"s","uuid":"00000000-0000-4000-8000-000000000001"}`,
	`{"type":"assistant","message":{"id":"msg_1","type":"message","role":"assistant","model":"m","content":[{"type":"thinking","thinking":"hmm","signature":"x"}],"stop_reason":null,"stop_sequence":null,"usage":{"input_tokens":1,"output_tokens":1}},"parent_tool_use_id":"tu_0","session_id":"s","session_id":"t","uuid":"u2"}`,
	`{"type":"user","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"tu_1","content":[{"type":"text","text":"nested"},{"type":"text","text":"twice"}]},{"type":"text","text":"after"}]},"parent_tool_use_id":null,"session_id":"s","uuid":"00000000-0000-4000-8000-000000000002"}`,
	`{"type":"user","message":{"role":"user","content":"plain"},"parent_tool_use_id":null,"session_id":"s"}`,
	`{"type":"stream_event","event":{"type":"message_start","message":{"id":"msg_2","type":"message","role":"assistant","model":"m","content":[{"type":"text","text":"x"}],"stop_reason":null,"stop_sequence":null,"usage":{"input_tokens":1,"output_tokens":1}}},"parent_tool_use_id":null,"session_id":"s","uuid":"u3"}`,
	`{"type":"stream_event","event":{"type":"content_block_start","index":1,"content_block":{"type":"tool_use","id":"tu_2","name":"Read","input":{}}},"parent_tool_use_id":null,"session_id":"s","uuid":"u4"}`,
	`{"type":"stream_event","event":{"type":"content_block_delta","index":1,"delta":{"type":"input_json_delta","partial_json":"{\"a\":"}},"parent_tool_use_id":null,"session_id":"s","uuid":"u5"}`,
	`{"type":"stream_event","event":{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"t\n"}},"parent_tool_use_id":null,"session_id":"s","uuid":"u6"}`,
	`{"type":"control_request","request_id":"r1","request":{"subtype":"can_use_tool","tool_name":"Bash","input":{"command":"ls"},"tool_use_id":"tu_1"}}`,
	`{"type":"control_response","response":{"subtype":"success","request_id":"r1","response":{"behavior":"allow","updatedInput":{},"toolUseID":"tu_1"}}}`,
	`{"type":"control_response","response":{"subtype":"error","request_id":"r2","error":"no"}}`,
	`{"type":"control_cancel_request","request_id":"r3"}`,
}

// TestCapturesMatchExtract: on every line of every committed capture (both
// directions of the duplex ones, every pinned version), of the public SDK
// fixtures and of captureLines, the facts the cross-line rules read from
// the scan's captures are those conform's own walk of the line reads; and
// nearly every line is read from its captures.
func TestCapturesMatchExtract(t *testing.T) {
	all, err := schemas.AllVersionsFS()
	if err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob("../corpus/captures/*/*.jsonl")
	duplex, _ := filepath.Glob("../corpus/duplex/*/*.jsonl")
	public, _ := filepath.Glob("../../shared/corpus-public/*/*.jsonl")
	if len(files) == 0 {
		t.Fatal("no captures under ../corpus/captures")
	}
	for _, profile := range []Profile{ProfileTolerant, ProfileStrict} {
		v, err := New(Options{Profile: profile, Schemas: all, Jobs: 1})
		if err != nil {
			t.Fatal(err)
		}
		var s scanner
		var r lineResult
		lines, read := 0, 0
		check := func(where string, line []byte) {
			t.Helper()
			lines++
			v.checkLine(&s, "t", 1, line, &r)
			if r.caps == nil {
				return
			}
			read++
			var want, got conform.Facts
			want.Extract(line)
			got.FromCaptures(line, r.caps, true)
			if !reflect.DeepEqual(want, got) {
				t.Errorf("%s (%s):\n walk     %+v\n captures %+v", where, profile, want, got)
			}
		}
		for k, file := range append(append(files, duplex...), public...) {
			if k == len(files)+len(duplex) {
				// The CLI's own lines are read from captures but for the
				// few whose variant the schemas lack.
				if read < lines*99/100 {
					t.Errorf("%s: %d of the %d lines the CLI printed or was sent read from captures", profile, read, lines)
				}
				t.Logf("%s: %d of the %d lines the CLI printed or was sent read from captures", profile, read, lines)
			}
			eachLine(t, []string{file}, func(file string, n int, line []byte) {
				if IsDuplex(line) {
					env := unwrap(file, n, line)
					if env.pre != nil {
						return // a line that was not JSON
					}
					line = line[env.start:env.end]
				}
				check(file+":"+strconv.Itoa(n), line)
			})
		}
		for i, l := range captureLines {
			check("captureLines["+strconv.Itoa(i)+"]", []byte(l))
			if r.caps == nil {
				t.Errorf("captureLines[%d] (%s): not read from captures (variant %v, findings %v)", i, profile, r.variant != nil, r.findings)
			}
		}
	}
}

// TestCapturesFallBack: a line whose unions hold a member the schemas do
// not know (tolerated), or that breaks its schema, is not read from
// captures that may miss some of it: the rules read it whole.
func TestCapturesFallBack(t *testing.T) {
	v, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	var s scanner
	var r lineResult
	for _, l := range []string{
		strings.Replace(captureLines[0], `{"type":"text","text"`, `{"type":"hologram","text"`, 1),
		strings.Replace(captureLines[0], `"parent_tool_use_id":null`, `"parent_tool_use_id":7`, 1),
	} {
		v.checkLine(&s, "t", 1, []byte(l), &r)
		if r.variant == nil {
			t.Fatalf("%s: no variant", l)
		}
		if r.caps != nil {
			t.Errorf("%s: read from captures", l)
		}
	}
	v.checkLine(&s, "t", 1, []byte(captureLines[0]), &r)
	if r.caps == nil {
		t.Errorf("the valid line is not read from captures: %v", r.findings)
	}
}
