package conform

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/protocheck/protocheck/protocol"
)

// TestDeriveCoversTheModel: the mutations come from the model, so every
// union, every variant the CLI writes and every family with a subtype has
// its mutations; a union or variant added to the model gets them without
// a hand list. IDs are unique.
func TestDeriveCoversTheModel(t *testing.T) {
	ms := Derive()
	ids := map[string]bool{}
	for _, m := range ms {
		if ids[m.ID] {
			t.Errorf("mutation %s derived twice", m.ID)
		}
		ids[m.ID] = true
	}
	if !ids["type"] {
		t.Error("no unknown top-level type")
	}
	for _, u := range protocol.Unions {
		found := false
		for id := range ids {
			if strings.HasPrefix(id, "union:"+u.Name+"@") {
				found = true
			}
		}
		if !found {
			t.Errorf("union %s: no mutation (no CLI message carries it?)", u.Name)
		}
	}
	for _, v := range protocol.Variants {
		if !v.Direction.WrittenBy(protocol.CLIToSDK) {
			continue
		}
		if !ids["member:"+v.Name] {
			t.Errorf("variant %s: no unknown-member mutation", v.Name)
		}
		if p := protocol.SubtypePath(v.Type); p != "" && !ids["subtype:"+v.Type] {
			t.Errorf("family %s: no unknown-subtype mutation", v.Type)
		}
	}
	for _, want := range []string{
		"union:ContentBlock@assistant/message/content",
		"union:Delta@stream_event/event/delta",
		"union:StreamEvent@stream_event/event",
		"union:ControlRequestBody@control_request/request",
		"null:result.success/usage",
	} {
		if !ids[want] {
			t.Errorf("no mutation %s", want)
		}
	}
	enums := 0
	for _, m := range ms {
		if m.Class == ClassEnum {
			enums++
		}
	}
	if enums == 0 {
		t.Error("no enum mutation: the model's EnumValues types were not found")
	}
}

func TestSelect(t *testing.T) {
	all := Derive()
	for _, c := range []struct {
		name    string
		args    []string
		wantIDs []string
		wantAt  int
		wantErr bool
	}{
		{name: "id", args: []string{"type"}, wantIDs: []string{"type"}},
		{name: "occurrence", args: []string{"type@3"}, wantIDs: []string{"type"}, wantAt: 3},
		{name: "union id with its own @", args: []string{"union:ContentBlock@assistant/message/content@2"},
			wantIDs: []string{"union:ContentBlock@assistant/message/content"}, wantAt: 2},
		{name: "unknown", args: []string{"nope"}, wantErr: true},
	} {
		got, err := Select(all, c.args)
		if (err != nil) != c.wantErr {
			t.Errorf("%s: Select(%q) error %v", c.name, c.args, err)
			continue
		}
		var ids []string
		for _, m := range got {
			ids = append(ids, m.ID)
			if m.At != c.wantAt {
				t.Errorf("%s: Select(%q) At %d, want %d", c.name, c.args, m.At, c.wantAt)
			}
		}
		if diff := cmp.Diff(c.wantIDs, ids); diff != "" {
			t.Errorf("%s: Select(%q) mismatch (-want +got):\n%s", c.name, c.args, diff)
		}
	}
	classes, _ := Select(all, []string{"subtype"})
	if len(classes) != 4 {
		t.Errorf("Select(subtype) gave %d mutations, want the 4 families", len(classes))
	}
	everything, _ := Select(all, []string{"all"})
	if len(everything) != len(all) {
		t.Errorf("Select(all) gave %d of %d", len(everything), len(all))
	}
}

// A session as the CLI prints it.
var session = []string{
	`{"type":"control_response","response":{"subtype":"success","request_id":"r1","response":{}}}`,
	`{"type":"system","subtype":"init","session_id":"s1","uuid":"u1","cwd":"/","tools":[],"mcp_servers":[],"model":"m","permissionMode":"default","slash_commands":[],"apiKeySource":"none","claude_code_version":"2.1.330","output_style":"default","skills":[],"plugins":[]}`,
	`{"type":"assistant","message":{"id":"m1","type":"message","role":"assistant","model":"m","content":[{"type":"text","text":"hi"}],"stop_reason":null,"stop_sequence":null,"usage":{"input_tokens":1,"output_tokens":1}},"parent_tool_use_id":null,"session_id":"s1","uuid":"u2"}`,
	`{"type":"result","subtype":"success","is_error":false,"duration_ms":1,"duration_api_ms":1,"num_turns":1,"result":"hi","stop_reason":"end_turn","total_cost_usd":0,"usage":{"input_tokens":1},"modelUsage":{},"permission_denials":[],"session_id":"s1","uuid":"u3"}`,
}

// rewrite runs the session through a mutator of id and returns what the
// SDK got.
func rewrite(t *testing.T, id string) ([]string, *Mutator) {
	t.Helper()
	var m *Mutation
	if id != "" {
		ms, err := Select(Derive(), []string{id})
		if err != nil {
			t.Fatal(err)
		}
		m = &ms[0]
	}
	x := NewMutator(m)
	var out []string
	for _, l := range session {
		for _, o := range x.Rewrite([]byte(l)) {
			out = append(out, string(o))
		}
	}
	return out, x
}

func member(t *testing.T, line, pointer string) any {
	t.Helper()
	var v any
	if err := json.Unmarshal([]byte(line), &v); err != nil {
		t.Fatalf("%s: %v", line, err)
	}
	for _, p := range strings.Split(strings.TrimPrefix(pointer, "/"), "/") {
		o, ok := v.(map[string]any)
		if !ok {
			return nil
		}
		v = o[p]
	}
	return v
}

func TestMutatorRewrite(t *testing.T) {
	out, x := rewrite(t, "")
	if !reflect.DeepEqual(out, session) {
		t.Errorf("the baseline changed the session:\n%q", out)
	}
	if s := x.Seen(); s.Kinds["system.init"] != 1 || s.Kinds["result.success"] != 1 || s.Results != 1 || s.Injected != 0 {
		t.Errorf("baseline seen %+v", s)
	}

	// An unknown type: injected after the init and the assistant
	// message, not after the reply to initialize or the result.
	out, x = rewrite(t, "type")
	if len(out) != 6 || member(t, out[2], "/type") != Next || member(t, out[4], "/type") != Next || member(t, out[2], "/session_id") != "s1" {
		t.Errorf("type: the SDK got\n%s", strings.Join(out, "\n"))
	}
	if s := x.Seen(); s.Injected != 2 || len(s.Frames) != 2 {
		t.Errorf("type: seen %+v", s)
	}
	// Its second frame only.
	out, x = rewrite(t, "type@2")
	if len(out) != 5 || member(t, out[3], "/type") != Next || x.Seen().Occurrences != 2 || x.Seen().Injected != 1 {
		t.Errorf("type@2: the SDK got\n%s", strings.Join(out, "\n"))
	}
	// A new result subtype replaces the turn's result's.
	out, _ = rewrite(t, "subtype:result")
	if len(out) != 4 || member(t, out[3], "/subtype") != Next {
		t.Errorf("subtype:result: %s", out[3])
	}
	// An unknown content block, added to the message's content.
	out, _ = rewrite(t, "union:ContentBlock@assistant/message/content")
	if c, _ := member(t, out[2], "/message/content").([]any); len(c) != 2 || member(t, out[2], "/message/content") == nil {
		t.Errorf("content block: %s", out[2])
	}
	// An unknown member, an enum's unknown value, a required member null.
	out, _ = rewrite(t, "member:assistant")
	if member(t, out[2], "/"+Next+"_member") == nil {
		t.Errorf("member: %s", out[2])
	}
	out, _ = rewrite(t, "null:result.success/usage")
	if v := member(t, out[3], "/usage"); v != nil || !strings.Contains(out[3], `"usage":null`) {
		t.Errorf("null: %s", out[3])
	}
	// Numbers are kept as the CLI wrote them.
	if !strings.Contains(out[3], `"total_cost_usd":0`) {
		t.Errorf("numbers changed: %s", out[3])
	}
}

// TestEnumMutation: an enum of the result (its stop_reason, or another the
// model declares) gets an unknown value on a line that has the member.
func TestEnumMutation(t *testing.T) {
	for _, m := range Derive() {
		if m.Class != ClassEnum || m.Variant != "system.init" || m.Pointer != "/permissionMode" {
			continue
		}
		out, x := rewrite(t, m.ID)
		if member(t, out[1], "/permissionMode") != Next || x.Seen().Injected != 1 {
			t.Errorf("%s: %s", m.ID, out[1])
		}
		return
	}
	t.Fatal("the model declares no enum at system.init /permissionMode: pick another enum for this test")
}

// TestControlRequestAnswered: an injected control request gets a
// request_id of its own; the SDK's answer to it is absorbed, and an
// answer other than an error, or none, is what Seen reports.
func TestControlRequestAnswered(t *testing.T) {
	out, x := rewrite(t, "subtype:control_request")
	if len(out) != 6 || member(t, out[2], "/request/subtype") != Next {
		t.Fatalf("the SDK got\n%s", strings.Join(out, "\n"))
	}
	id1, _ := member(t, out[2], "/request_id").(string)
	id2, _ := member(t, out[4], "/request_id").(string)
	if !strings.HasPrefix(id1, nextRequestPrefix) || id1 == id2 {
		t.Fatalf("request ids %q %q", id1, id2)
	}
	if x.Absorb([]byte(`{"type":"user","message":{"role":"user","content":"hi"}}`)) {
		t.Error("a line of the SDK's own was absorbed")
	}
	if !x.Absorb([]byte(`{"type":"control_response","response":{"subtype":"error","request_id":"` + id1 + `","error":"unknown"}}`)) {
		t.Error("the answer to an injected request was passed to the CLI")
	}
	x.Absorb([]byte(`{"type":"control_response","response":{"subtype":"success","request_id":"` + id2 + `"}}`))
	if diff := cmp.Diff(map[string]string{id2: "success"}, x.Seen().Unanswered); diff != "" {
		t.Errorf("unanswered mismatch (-want +got):\n%s", diff)
	}

	// Once the SDK's stdin has ended, no request is injected: it could
	// not be answered.
	ms, _ := Select(Derive(), []string{"subtype:control_request"})
	y := NewMutator(&ms[0])
	y.StdinClosed()
	for _, l := range session {
		y.Rewrite([]byte(l))
	}
	if s := y.Seen(); s.Injected != 0 || len(s.Unanswered) != 0 {
		t.Errorf("after stdin closed: %+v", s)
	}
}

// TestApplies: the dry run over the baseline's lines says which mutations
// have a place in the session.
func TestApplies(t *testing.T) {
	var lines [][]byte
	for _, l := range session {
		lines = append(lines, []byte(l))
	}
	for id, want := range map[string]bool{
		"type":                                 true,
		"member:assistant":                     true,
		"union:Delta@stream_event/event/delta": false,
		"member:system.status":                 false,
	} {
		ms, err := Select(Derive(), []string{id})
		if err != nil {
			t.Fatal(err)
		}
		if got := applies(ms[0], [][][]byte{lines}); got != want {
			t.Errorf("applies(%s) = %v, want %v", id, got, want)
		}
	}
}

// TestReplayMatchesSeen: the log a mutator writes as it goes tells what
// it saw, as its own Seen does: a shim killed before its report leaves
// the same account.
func TestReplayMatchesSeen(t *testing.T) {
	for _, id := range []string{"", "type", "subtype:control_request", "member:assistant"} {
		var m *Mutation
		if id != "" {
			ms, _ := Select(Derive(), []string{id})
			m = &ms[0]
		}
		x := NewMutator(m)
		var log strings.Builder
		x.SetLog(&log)
		for _, l := range session {
			x.Rewrite([]byte(l))
		}
		x.Absorb([]byte(`{"type":"control_response","response":{"subtype":"error","request_id":"protocheck-next-1"}}`))
		got, lines := replay(strings.NewReader(log.String()))
		want := x.Seen()
		if diff := cmp.Diff(want, got, cmp.AllowUnexported(Seen{})); diff != "" {
			t.Errorf("%q: replay mismatch (-want +got):\n%s", id, diff)
		}
		if wantLines := len(session) * btoi(id == ""); len(lines) != wantLines {
			t.Errorf("%q: the log kept %d lines of the CLI, want %d (the baseline's only)", id, len(lines), wantLines)
		}
	}
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TestUnsolicitedResponse: a control_response of an unknown kind, injected
// as a copy of the CLI's, answers no request of the SDK's.
func TestUnsolicitedResponse(t *testing.T) {
	out, x := rewrite(t, "union:ControlResponseBody@control_response/response")
	if len(out) != 5 || x.Seen().Injected != 1 {
		t.Fatalf("the SDK got\n%s", strings.Join(out, "\n"))
	}
	if id, _ := member(t, out[1], "/response/request_id").(string); !strings.HasPrefix(id, nextRequestPrefix) || member(t, out[1], "/response/subtype") != Next {
		t.Errorf("injected %s", out[1])
	}
	if member(t, out[0], "/response/request_id") != "r1" {
		t.Errorf("the CLI's own answer changed: %s", out[0])
	}
}
