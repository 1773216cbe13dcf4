package fakeapi

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"sync"
	"time"
)

// A Request is one entry of the request log.
type Request struct {
	// Seq numbers the requests from 1, in the order they arrived.
	Seq int `json:"seq"`
	// Method, Path and Query are the request line's parts.
	Method string `json:"method"`
	Path   string `json:"path"`
	Query  string `json:"query,omitempty"`
	// Model is the requested model, Stream whether a stream was asked for.
	Model  string `json:"model,omitempty"`
	Stream bool   `json:"stream,omitempty"`
	// Messages and Tools count the request's messages and tools.
	Messages int `json:"messages,omitempty"`
	Tools    int `json:"tools,omitempty"`
	// LastUser is the start of the last user message's text.
	LastUser string `json:"last_user,omitempty"`
	// AnsweredBy names what answered: "turns[2]", "threads[0].turns[1]",
	// "rules[0]", "aux", "exhausted" (no turn left: a short text),
	// "count_tokens", "probe" (HEAD / or GET /), "bad_request" or
	// "not_found".
	AnsweredBy string `json:"answered_by"`
	// Status is the HTTP status of the answer.
	Status int `json:"status"`
}

// A Server is a running fake Messages API.
type Server struct {
	script *Script
	ln     net.Listener
	srv    *http.Server
	logw   io.Writer

	mu      sync.Mutex
	main    cursor
	threads []cursor
	log     []Request
	msgSeq  int
	toolSeq int
}

// cursor is a place in a list of turns.
type cursor struct {
	next int // index of the turn that answers next
	used int // requests that turn has answered so far
}

// take returns the index of the turn that answers the next request, or -1
// when the turns are used up.
func (c *cursor) take(turns []Turn) int {
	for c.next < len(turns) {
		times := max(turns[c.next].Times, 1)
		if c.used < times {
			c.used++
			return c.next
		}
		c.next, c.used = c.next+1, 0
	}
	return -1
}

// New returns a server for script that is not listening yet; use it as an
// http.Handler (in tests), or call Start instead. log, when not nil, gets
// one JSON line per request.
func New(script *Script, log io.Writer) (*Server, error) {
	if script == nil {
		script = &Script{}
	}
	if err := script.Check(); err != nil {
		return nil, err
	}
	return &Server{script: script, logw: log, threads: make([]cursor, len(script.Threads))}, nil
}

// Start starts a server for script on 127.0.0.1 on a free port.
func Start(script *Script, log io.Writer) (*Server, error) {
	s, err := New(script, log)
	if err != nil {
		return nil, err
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	s.ln = ln
	s.srv = &http.Server{Handler: s, ReadHeaderTimeout: 10 * time.Second}
	go s.srv.Serve(ln) //nolint:errcheck // Serve returns ErrServerClosed after Close
	return s, nil
}

// URL returns the base URL, http://127.0.0.1:<port>, for ANTHROPIC_BASE_URL.
func (s *Server) URL() string { return "http://" + s.ln.Addr().String() }

// Close stops the server and ends open streams.
func (s *Server) Close() error {
	if s.srv == nil {
		return nil
	}
	err := s.srv.Close()
	if errors.Is(err, http.ErrServerClosed) {
		err = nil
	}
	return err
}

// Requests returns the request log so far.
func (s *Server) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Request(nil), s.log...)
}

// Unanswered reports the main turns and thread turns that no request used,
// as "turns[3]" or "threads[0].turns[1]".
func (s *Server) Unanswered() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []string
	left := func(prefix string, c cursor, turns []Turn) {
		for i := c.next; i < len(turns); i++ {
			if i == c.next && c.used > 0 {
				continue
			}
			out = append(out, fmt.Sprintf("%sturns[%d]", prefix, i))
		}
	}
	left("", s.main, s.script.Turns)
	for i, th := range s.script.Threads {
		left(fmt.Sprintf("threads[%d].", i), s.threads[i], th.Turns)
	}
	return out
}

// messagesRequest is the part of a Messages API request the fake reads.
type messagesRequest struct {
	Model    string            `json:"model"`
	Stream   bool              `json:"stream"`
	Messages []message         `json:"messages"`
	Tools    []json.RawMessage `json:"tools"`
}

type message struct {
	Role    string          `json:"role"`
	Content json.RawMessage `json:"content"`
}

// ServeHTTP answers one request.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(io.LimitReader(r.Body, 64<<20))
	entry := Request{Method: r.Method, Path: r.URL.Path, Query: r.URL.RawQuery}
	if err != nil {
		entry.AnsweredBy, entry.Status = "not_found", http.StatusBadRequest
		s.record(entry)
		writeError(w, http.StatusBadRequest, APIError{"invalid_request_error", "fakeapi: reading the body: " + err.Error()}, nil)
		return
	}
	var req messagesRequest
	if r.Method == http.MethodPost && (r.URL.Path == "/v1/messages" || r.URL.Path == "/v1/messages/count_tokens") {
		if err := json.Unmarshal(body, &req); err != nil {
			entry.AnsweredBy, entry.Status = "bad_request", http.StatusBadRequest
			s.record(entry)
			writeError(w, http.StatusBadRequest, APIError{"invalid_request_error", "fakeapi: the body is not a Messages request: " + err.Error()}, nil)
			return
		}
		entry.Model, entry.Stream = req.Model, req.Stream
		entry.Messages, entry.Tools = len(req.Messages), len(req.Tools)
		entry.LastUser = clip(lastUserText(req.Messages), 120)
	}
	switch {
	case r.Method == http.MethodPost && r.URL.Path == "/v1/messages/count_tokens":
		entry.AnsweredBy, entry.Status = "count_tokens", http.StatusOK
		s.record(entry)
		writeJSON(w, http.StatusOK, map[string]int{"input_tokens": estimateTokens(len(body))})
	case r.Method == http.MethodPost && r.URL.Path == "/v1/messages":
		s.answer(r.Context(), w, &req, len(body), entry)
	case (r.Method == http.MethodHead || r.Method == http.MethodGet) && r.URL.Path == "/":
		// The CLI probes the base URL before its first request.
		entry.AnsweredBy, entry.Status = "probe", http.StatusOK
		s.record(entry)
		w.WriteHeader(http.StatusOK)
	default:
		entry.AnsweredBy, entry.Status = "not_found", http.StatusNotFound
		s.record(entry)
		writeError(w, http.StatusNotFound, APIError{"not_found_error", "fakeapi: no route for " + r.Method + " " + r.URL.Path}, nil)
	}
}

// answer picks the turn for a Messages request and writes it.
func (s *Server) answer(ctx context.Context, w http.ResponseWriter, req *messagesRequest, size int, entry Request) {
	s.mu.Lock()
	turn, by := s.pick(req)
	msgID := s.nextMessageID()
	var toolIDs []string
	if turn.Status == 0 {
		for _, b := range turn.Blocks {
			if b.Type == "tool_use" {
				toolIDs = append(toolIDs, s.toolID(b))
			}
		}
	}
	s.mu.Unlock()

	entry.AnsweredBy, entry.Status = by, http.StatusOK
	if turn.Status != 0 {
		entry.Status = turn.Status
	}
	s.record(entry)

	if turn.Status != 0 {
		writeError(w, turn.Status, turn.apiError(), turn.Headers)
		return
	}
	model := s.script.Model
	if model == "" {
		model = req.Model
	}
	a := answerOf(turn, msgID, model, toolIDs, estimateTokens(size))
	if req.Stream {
		a.stream(ctx, w, turn)
		return
	}
	for k, v := range turn.Headers {
		w.Header().Set(k, v)
	}
	if turn.DropAfter != nil {
		// Nor be dropped half-way: the connection drops before the answer.
		panic(http.ErrAbortHandler)
	}
	if turn.StreamErrorAfter != nil {
		// A non-streaming request cannot fail half-way: it fails whole.
		writeError(w, http.StatusInternalServerError, turn.apiError(), turn.Headers)
		return
	}
	writeJSON(w, http.StatusOK, a.message(true))
}

// pick chooses the turn for req; s.mu is held.
func (s *Server) pick(req *messagesRequest) (*Turn, string) {
	last := lastUserText(req.Messages)
	for i := range s.script.Rules {
		if strings.Contains(last, s.script.Rules[i].LastUserIncludes) {
			return &s.script.Rules[i].Turn, fmt.Sprintf("rules[%d]", i)
		}
	}
	first := firstUserText(req.Messages)
	for i, th := range s.script.Threads {
		if strings.Contains(first, th.FirstUserIncludes) {
			if j := s.threads[i].take(th.Turns); j >= 0 {
				return &th.Turns[j], fmt.Sprintf("threads[%d].turns[%d]", i, j)
			}
			return exhaustedTurn, "exhausted"
		}
	}
	if len(req.Tools) == 0 {
		if s.script.Aux != nil {
			return s.script.Aux, "aux"
		}
		return defaultAux, "aux"
	}
	if j := s.main.take(s.script.Turns); j >= 0 {
		return &s.script.Turns[j], fmt.Sprintf("turns[%d]", j)
	}
	return exhaustedTurn, "exhausted"
}

var (
	exhaustedTurn = &Turn{Blocks: []Block{{Type: "text", Text: "fakeapi: the script has no turn left."}}}
	defaultAux    = &Turn{Blocks: []Block{{Type: "text", Text: "Fake answer"}}}
)

func (s *Server) nextMessageID() string {
	s.msgSeq++
	return fmt.Sprintf("msg_fake%04d", s.msgSeq)
}

func (s *Server) toolID(b Block) string {
	if b.ID != "" {
		return b.ID
	}
	s.toolSeq++
	return fmt.Sprintf("toolu_fake%04d", s.toolSeq)
}

func (s *Server) record(e Request) {
	s.mu.Lock()
	e.Seq = len(s.log) + 1
	s.log = append(s.log, e)
	if s.logw != nil {
		line, _ := json.Marshal(e)
		s.logw.Write(append(line, '\n')) //nolint:errcheck // the log is best effort
	}
	s.mu.Unlock()
}

// firstUserText and lastUserText return the text of the first and last user
// messages; see userText.
func firstUserText(msgs []message) string {
	for _, m := range msgs {
		if m.Role == "user" {
			return userText(m.Content)
		}
	}
	return ""
}

func lastUserText(msgs []message) string {
	for i := len(msgs) - 1; i >= 0; i-- {
		if msgs[i].Role == "user" {
			return userText(msgs[i].Content)
		}
	}
	return ""
}

// userText returns the text of a message's content: the string, or the
// text blocks and tool results joined by newlines.
func userText(content json.RawMessage) string {
	var s string
	if json.Unmarshal(content, &s) == nil {
		return s
	}
	var blocks []struct {
		Type    string          `json:"type"`
		Text    string          `json:"text"`
		Content json.RawMessage `json:"content"`
	}
	if json.Unmarshal(content, &blocks) != nil {
		return ""
	}
	var parts []string
	for _, b := range blocks {
		switch b.Type {
		case "text":
			parts = append(parts, b.Text)
		case "tool_result":
			if len(b.Content) > 0 {
				parts = append(parts, userText(b.Content))
			}
		}
	}
	return strings.Join(parts, "\n")
}

func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8Start(s[n]) {
		n--
	}
	return s[:n] + "…"
}

func utf8Start(b byte) bool { return b&0xC0 != 0x80 }

// estimateTokens turns a request's size into a plausible token count.
func estimateTokens(size int) int { return max(size/4, 1) }

func writeJSON(w http.ResponseWriter, status int, v any) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.Encode(v) //nolint:errcheck // v is built by this package
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("request-id", "req_fake")
	w.WriteHeader(status)
	w.Write(buf.Bytes()) //nolint:errcheck // the client may be gone
}

func writeError(w http.ResponseWriter, status int, e APIError, headers map[string]string) {
	for k, v := range headers {
		w.Header().Set(k, v)
	}
	writeJSON(w, status, map[string]any{"type": "error", "error": e, "request_id": "req_fake"})
}
