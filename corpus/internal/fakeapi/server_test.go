package fakeapi

import (
	"bufio"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// sseEvent is one parsed server-sent event.
type sseEvent struct {
	Name string
	Data map[string]any
}

// parseSSE parses an event stream strictly: every event is "event:" then
// "data:" then a blank line, and the data's type matches the event name.
func parseSSE(t *testing.T, body string) []sseEvent {
	t.Helper()
	var out []sseEvent
	sc := bufio.NewScanner(strings.NewReader(body))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		name, ok := strings.CutPrefix(sc.Text(), "event: ")
		if !ok {
			t.Fatalf("line %q: want \"event: \"", sc.Text())
		}
		if !sc.Scan() {
			t.Fatalf("event %s has no data line", name)
		}
		data, ok := strings.CutPrefix(sc.Text(), "data: ")
		if !ok {
			t.Fatalf("line %q: want \"data: \"", sc.Text())
		}
		var m map[string]any
		if err := json.Unmarshal([]byte(data), &m); err != nil {
			t.Fatalf("event %s: data is not JSON: %v", name, err)
		}
		if m["type"] != name {
			t.Errorf("event %s has data type %v", name, m["type"])
		}
		if !sc.Scan() || sc.Text() != "" {
			t.Fatalf("event %s is not followed by a blank line", name)
		}
		out = append(out, sseEvent{name, m})
	}
	return out
}

func post(t *testing.T, h http.Handler, path, body string) *httptest.ResponseRecorder {
	t.Helper()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, path, strings.NewReader(body)))
	return rec
}

const toolsReq = `{"model":"m","stream":%s,"tools":[{"name":"Bash"}],"messages":[{"role":"user","content":%s}]}`

func req(stream bool, content string) string {
	s := "false"
	if stream {
		s = "true"
	}
	return strings.Replace(strings.Replace(toolsReq, "%s", s, 1), "%s", content, 1)
}

func newServer(t *testing.T, s *Script) *Server {
	t.Helper()
	srv, err := New(s, nil)
	if err != nil {
		t.Fatal(err)
	}
	return srv
}

func TestStreamFraming(t *testing.T) {
	srv := newServer(t, &Script{Turns: []Turn{{Blocks: []Block{
		{Type: "thinking", Thinking: "let me think about it"},
		{Type: "text", Text: "one two three four five"},
		{Type: "tool_use", Name: "Bash", Input: json.RawMessage(`{"command": "echo a long command line"}`)},
	}}}})
	rec := post(t, srv, "/v1/messages?beta=true", req(true, `"go"`))
	if rec.Code != 200 || rec.Header().Get("Content-Type") != "text/event-stream" {
		t.Fatalf("status %d, content type %q", rec.Code, rec.Header().Get("Content-Type"))
	}
	events := parseSSE(t, rec.Body.String())
	var got []string
	texts := map[float64]string{}
	for _, e := range events {
		name := e.Name
		if d, ok := e.Data["delta"].(map[string]any); ok && e.Name == "content_block_delta" {
			name += ":" + d["type"].(string)
			i := e.Data["index"].(float64)
			for _, k := range []string{"text", "thinking", "partial_json"} {
				if s, ok := d[k].(string); ok {
					texts[i] += s
				}
			}
		}
		got = append(got, name)
	}
	want := []string{
		"message_start", "ping",
		"content_block_start", "content_block_delta:thinking_delta", "content_block_delta:thinking_delta", "content_block_delta:signature_delta", "content_block_stop",
		"content_block_start", "content_block_delta:text_delta", "content_block_delta:text_delta", "content_block_stop",
		"content_block_start", "content_block_delta:input_json_delta", "content_block_delta:input_json_delta", "content_block_delta:input_json_delta", "content_block_stop",
		"message_delta", "message_stop",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("event sequence mismatch (-want +got):\n%s", diff)
	}
	wantTexts := map[float64]string{0: "let me think about it", 1: "one two three four five", 2: `{"command":"echo a long command line"}`}
	if diff := cmp.Diff(wantTexts, texts); diff != "" {
		t.Errorf("joined deltas mismatch (-want +got):\n%s", diff)
	}
	md := events[len(events)-2].Data
	if r := md["delta"].(map[string]any)["stop_reason"]; r != "tool_use" {
		t.Errorf("message_delta stop_reason = %v, want tool_use (a turn with a tool_use block)", r)
	}
	if _, ok := md["usage"].(map[string]any)["output_tokens"]; !ok {
		t.Errorf("message_delta has no usage.output_tokens: %v", md)
	}
	start := events[0].Data["message"].(map[string]any)
	if start["stop_reason"] != nil || len(start["content"].([]any)) != 0 {
		t.Errorf("message_start message = %v, want empty content and null stop_reason", start)
	}
}

func TestNonStreaming(t *testing.T) {
	srv := newServer(t, &Script{Turns: []Turn{{
		Blocks:     []Block{{Type: "text", Text: "no"}, {Type: "tool_use", ID: "toolu_x", Name: "Read", Input: json.RawMessage(`{"file_path":"a"}`)}},
		StopReason: "refusal",
	}}})
	rec := post(t, srv, "/v1/messages", req(false, `"go"`))
	if rec.Code != 200 || !strings.HasPrefix(rec.Header().Get("Content-Type"), "application/json") {
		t.Fatalf("status %d, content type %q", rec.Code, rec.Header().Get("Content-Type"))
	}
	var got struct {
		Type       string           `json:"type"`
		Role       string           `json:"role"`
		StopReason string           `json:"stop_reason"`
		Content    []map[string]any `json:"content"`
		Usage      map[string]any   `json:"usage"`
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	want := []map[string]any{
		{"type": "text", "text": "no"},
		{"type": "tool_use", "id": "toolu_x", "name": "Read", "input": map[string]any{"file_path": "a"}},
	}
	if diff := cmp.Diff(want, got.Content); diff != "" {
		t.Errorf("content mismatch (-want +got):\n%s", diff)
	}
	if got.Type != "message" || got.Role != "assistant" || got.StopReason != "refusal" || got.Usage["input_tokens"] == nil {
		t.Errorf("message = %+v", got)
	}
}

func TestErrors(t *testing.T) {
	after := 1
	srv := newServer(t, &Script{Turns: []Turn{
		{Status: 529, Times: 2, Headers: map[string]string{"retry-after": "0"}},
		{Status: 400, Error: &APIError{Type: "invalid_request_error", Message: "bad"}},
		{Blocks: []Block{{Type: "text", Text: "a"}, {Type: "text", Text: "b"}}, StreamErrorAfter: &after, Error: &APIError{Type: "overloaded_error", Message: "Overloaded"}},
		{Blocks: []Block{{Type: "text", Text: "ok"}}},
	}})
	for i, want := range []struct {
		status  int
		errType string
	}{{529, "overloaded_error"}, {529, "overloaded_error"}, {400, "invalid_request_error"}} {
		rec := post(t, srv, "/v1/messages", req(true, `"go"`))
		var body struct {
			Type  string   `json:"type"`
			Error APIError `json:"error"`
		}
		json.Unmarshal(rec.Body.Bytes(), &body)
		if rec.Code != want.status || body.Type != "error" || body.Error.Type != want.errType {
			t.Errorf("request %d: status %d body %s, want %d %s", i+1, rec.Code, rec.Body, want.status, want.errType)
		}
		if i == 0 && rec.Header().Get("retry-after") != "0" {
			t.Errorf("request 1: no scripted retry-after header")
		}
	}
	rec := post(t, srv, "/v1/messages", req(true, `"go"`))
	events := parseSSE(t, rec.Body.String())
	var names []string
	for _, e := range events {
		names = append(names, e.Name)
	}
	want := []string{"message_start", "ping", "content_block_start", "content_block_delta", "content_block_stop", "error"}
	if diff := cmp.Diff(want, names); diff != "" {
		t.Errorf("mid-stream error: events mismatch (-want +got):\n%s", diff)
	}
	if e := events[len(events)-1].Data["error"].(map[string]any); e["type"] != "overloaded_error" {
		t.Errorf("error event = %v", e)
	}
	// The retry after a broken stream is the next turn.
	rec = post(t, srv, "/v1/messages", req(false, `"go"`))
	if rec.Code != 200 || !strings.Contains(rec.Body.String(), `"text":"ok"`) {
		t.Errorf("retry: %d %s", rec.Code, rec.Body)
	}
}

func TestCountTokensAndProbe(t *testing.T) {
	srv := newServer(t, &Script{})
	rec := post(t, srv, "/v1/messages/count_tokens?beta=true", `{"model":"m","messages":[{"role":"user","content":"hello there"}]}`)
	var got map[string]int
	if err := json.Unmarshal(rec.Body.Bytes(), &got); err != nil || rec.Code != 200 || got["input_tokens"] <= 0 {
		t.Errorf("count_tokens: %d %s", rec.Code, rec.Body)
	}
	h := httptest.NewRecorder()
	srv.ServeHTTP(h, httptest.NewRequest(http.MethodHead, "/", nil))
	if h.Code != 200 {
		t.Errorf("HEAD /: %d", h.Code)
	}
	rec = post(t, srv, "/v1/complete", `{}`)
	if rec.Code != 404 {
		t.Errorf("unknown path: %d", rec.Code)
	}
	var by []string
	for _, r := range srv.Requests() {
		by = append(by, r.AnsweredBy)
	}
	if diff := cmp.Diff([]string{"count_tokens", "probe", "not_found"}, by); diff != "" {
		t.Errorf("request log mismatch (-want +got):\n%s", diff)
	}
}

func TestMatching(t *testing.T) {
	script := &Script{
		Turns: []Turn{{Name: "t0", Blocks: []Block{{Type: "text", Text: "main 0"}}}, {Blocks: []Block{{Type: "text", Text: "main 1"}}}},
		Threads: []Thread{{FirstUserIncludes: "SUBAGENT", Turns: []Turn{
			{Blocks: []Block{{Type: "text", Text: "sub 0"}}}, {Blocks: []Block{{Type: "text", Text: "sub 1"}}},
		}}},
		Rules: []Rule{{LastUserIncludes: "summarize", Turn: Turn{Blocks: []Block{{Type: "text", Text: "summary"}}}}},
		Aux:   &Turn{Blocks: []Block{{Type: "text", Text: "title"}}},
	}
	srv := newServer(t, script)
	noTools := `{"model":"m","messages":[{"role":"user","content":"name this chat"}]}`
	sub := `[{"type":"text","text":"SUBAGENT: do it"}]`
	tests := []struct {
		name, body, wantBy, wantText string
	}{
		{"main first", req(false, `"hi"`), "turns[0]", "main 0"},
		{"aux has no tools", noTools, "aux", "title"},
		{"thread by first user message", req(false, sub), "threads[0].turns[0]", "sub 0"},
		{"rule by last user message, uses no turn", req(false, `[{"type":"tool_result","tool_use_id":"x","content":"please summarize"}]`), "rules[0]", "summary"},
		{"main goes on", req(false, `"again"`), "turns[1]", "main 1"},
		{"thread goes on", `{"model":"m","stream":false,"tools":[{}],"messages":[{"role":"user","content":` + sub + `},{"role":"assistant","content":"x"},{"role":"user","content":"more"}]}`, "threads[0].turns[1]", "sub 1"},
		{"main exhausted", req(false, `"more"`), "exhausted", "no turn left"},
	}
	for _, tt := range tests {
		rec := post(t, srv, "/v1/messages", tt.body)
		if !strings.Contains(rec.Body.String(), tt.wantText) {
			t.Errorf("%s: body %s, want text %q", tt.name, rec.Body, tt.wantText)
		}
		log := srv.Requests()
		if got := log[len(log)-1].AnsweredBy; got != tt.wantBy {
			t.Errorf("%s: answered by %q, want %q", tt.name, got, tt.wantBy)
		}
	}
}

func TestStartListensOnLoopback(t *testing.T) {
	var log strings.Builder
	srv, err := Start(&Script{Turns: []Turn{{Blocks: []Block{{Type: "text", Text: "hi"}}}, {}}}, &log)
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	if !strings.HasPrefix(srv.URL(), "http://127.0.0.1:") {
		t.Errorf("URL() = %q, want http://127.0.0.1:<port>", srv.URL())
	}
	resp, err := http.Post(srv.URL()+"/v1/messages?beta=true", "application/json", strings.NewReader(req(true, `"hi"`)))
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	if !strings.Contains(log.String(), `"answered_by":"turns[0]"`) {
		t.Errorf("log = %q, want a turns[0] entry", log.String())
	}
	if diff := cmp.Diff([]string{"turns[1]"}, srv.Unanswered()); diff != "" {
		t.Errorf("Unanswered() mismatch (-want +got):\n%s", diff)
	}
}

func TestScriptCheck(t *testing.T) {
	three := 3
	tests := []struct {
		name   string
		script Script
		want   string
	}{
		{"bad block type", Script{Turns: []Turn{{Blocks: []Block{{Type: "image"}}}}}, "turns[0].blocks[0]"},
		{"tool without name", Script{Rules: []Rule{{LastUserIncludes: "x", Turn: Turn{Blocks: []Block{{Type: "tool_use"}}}}}}, "rules[0].turn.blocks[0]"},
		{"status not an error", Script{Turns: []Turn{{Status: 200}}}, "turns[0]"},
		{"stream error past the blocks", Script{Turns: []Turn{{StreamErrorAfter: &three}}}, "turns[0]"},
		{"thread without marker", Script{Threads: []Thread{{}}}, "threads[0]"},
	}
	for _, tt := range tests {
		err := tt.script.Check()
		if err == nil || !strings.HasPrefix(err.Error(), tt.want+":") {
			t.Errorf("%s: Check() = %v, want an error at %s", tt.name, err, tt.want)
		}
	}
}

// TestStopDetails: a turn's stop_details reaches the client as written, in
// message_delta and in a non-streaming answer; a turn without it sends no
// stop_details member at all.
func TestStopDetails(t *testing.T) {
	details := `{"type":"refusal","category":"cyber","explanation":null}`
	srv := newServer(t, &Script{Turns: []Turn{
		{Blocks: []Block{{Type: "text", Text: "no"}}, StopReason: "refusal", StopDetails: json.RawMessage(details)},
		{Blocks: []Block{{Type: "text", Text: "no"}}, StopReason: "refusal", StopDetails: json.RawMessage(details)},
		{Blocks: []Block{{Type: "text", Text: "yes"}}},
	}})
	want := map[string]any{"type": "refusal", "category": "cyber", "explanation": nil}

	events := parseSSE(t, post(t, srv, "/v1/messages", req(true, `"go"`)).Body.String())
	delta := events[len(events)-2].Data["delta"].(map[string]any)
	if diff := cmp.Diff(want, delta["stop_details"]); diff != "" {
		t.Errorf("message_delta stop_details mismatch (-want +got):\n%s", diff)
	}

	var msg map[string]any
	if err := json.Unmarshal(post(t, srv, "/v1/messages", req(false, `"go"`)).Body.Bytes(), &msg); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want, msg["stop_details"]); diff != "" {
		t.Errorf("non-streaming stop_details mismatch (-want +got):\n%s", diff)
	}

	events = parseSSE(t, post(t, srv, "/v1/messages", req(true, `"go"`)).Body.String())
	if d, ok := events[len(events)-2].Data["delta"].(map[string]any)["stop_details"]; ok {
		t.Errorf("a turn without stop_details sent %v", d)
	}
}

// TestDropAndDelay: a turn with drop_after sends that many blocks and
// drops the connection (no message_stop, no error event); event_delay_ms
// spaces the events out; both reach a real HTTP client.
func TestDropAndDelay(t *testing.T) {
	one := 1
	srv := newServer(t, &Script{Turns: []Turn{
		{Blocks: []Block{{Type: "text", Text: "a"}, {Type: "text", Text: "b"}}, DropAfter: &one},
		{Blocks: []Block{{Type: "text", Text: "slow"}}, EventDelayMS: 20},
	}})
	ts := httptest.NewServer(srv)
	defer ts.Close()
	resp, err := http.Post(ts.URL+"/v1/messages", "application/json", strings.NewReader(req(true, `"go"`)))
	if err != nil {
		t.Fatal(err)
	}
	body, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err == nil {
		t.Errorf("the dropped stream ended cleanly:\n%s", body)
	}
	if !strings.Contains(string(body), "content_block_stop") || strings.Contains(string(body), "message_stop") || strings.Contains(string(body), "event: error") {
		t.Errorf("dropped stream: want the first block and no end, got:\n%s", body)
	}
	start := time.Now()
	resp, err = http.Post(ts.URL+"/v1/messages", "application/json", strings.NewReader(req(true, `"go"`)))
	if err != nil {
		t.Fatal(err)
	}
	body, err = io.ReadAll(resp.Body)
	resp.Body.Close()
	// message_start, ping, block start, one delta, block stop, message_delta, message_stop.
	if err != nil || !strings.Contains(string(body), "message_stop") || time.Since(start) < 7*20*time.Millisecond {
		t.Errorf("delayed stream: %v after %s:\n%s", err, time.Since(start), body)
	}
	three := 3
	if err := (&Script{Turns: []Turn{{DropAfter: &three}}}).Check(); err == nil || !strings.HasPrefix(err.Error(), "turns[0]:") {
		t.Errorf("drop_after past the blocks: Check() = %v", err)
	}
}
