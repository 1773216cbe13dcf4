package fakeapi

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"time"
)

// defaultSignature signs thinking blocks that name no signature.
const defaultSignature = "fakeapi-signature"

// An answer is one model message built from a turn.
type answer struct {
	id, model    string
	blocks       []map[string]any // the complete content blocks
	stopReason   string
	stopSequence any
	stopDetails  json.RawMessage // sent only when set
	usage        Usage
}

func answerOf(t *Turn, id, model string, toolIDs []string, inputTokens int) *answer {
	a := &answer{id: id, model: model, stopReason: t.stopReason(), stopSequence: nil, stopDetails: t.StopDetails}
	if t.StopSequence != "" {
		a.stopSequence = t.StopSequence
	}
	out := 0
	tool := 0
	for _, b := range t.Blocks {
		var m map[string]any
		switch b.Type {
		case "text":
			m = map[string]any{"type": "text", "text": b.Text}
			out += len(b.Text)
		case "thinking":
			m = map[string]any{"type": "thinking", "thinking": b.Thinking, "signature": signature(b)}
			out += len(b.Thinking)
		case "redacted_thinking":
			m = map[string]any{"type": "redacted_thinking", "data": b.Data}
		case "tool_use":
			m = map[string]any{"type": "tool_use", "id": toolIDs[tool], "name": b.Name, "input": input(b)}
			tool++
			out += len(b.Input)
		}
		a.blocks = append(a.blocks, m)
	}
	a.usage = Usage{InputTokens: int64(inputTokens), OutputTokens: int64(max(out/4, 1))}
	if t.Usage != nil {
		a.usage = *t.Usage
	}
	return a
}

func signature(b Block) string {
	if b.Signature != "" {
		return b.Signature
	}
	return defaultSignature
}

func input(b Block) json.RawMessage {
	if len(b.Input) == 0 {
		return json.RawMessage("{}")
	}
	var buf bytes.Buffer
	if json.Compact(&buf, b.Input) != nil {
		return b.Input
	}
	return buf.Bytes()
}

// message returns the whole message; final says whether the stop reason
// and the final usage are in it (they are not in message_start).
func (a *answer) message(final bool) map[string]any {
	m := map[string]any{
		"id": a.id, "type": "message", "role": "assistant", "model": a.model,
		"content": a.blocks, "stop_reason": nil, "stop_sequence": nil,
	}
	u := map[string]any{
		"input_tokens":                a.usage.InputTokens,
		"cache_creation_input_tokens": a.usage.CacheCreationInputTokens,
		"cache_read_input_tokens":     a.usage.CacheReadInputTokens,
		"output_tokens":               a.usage.OutputTokens,
		"service_tier":                "standard",
	}
	if final {
		m["stop_reason"], m["stop_sequence"] = a.stopReason, a.stopSequence
		if len(a.stopDetails) > 0 {
			m["stop_details"] = a.stopDetails
		}
	} else {
		m["content"] = []any{}
		u["output_tokens"] = 1
	}
	m["usage"] = u
	return m
}

// stream writes the answer as server-sent events. A turn with
// StreamErrorAfter stops after that many blocks with an error event, one
// with DropAfter drops the connection there; EventDelayMS slows every
// event down (the wait ends when the client goes away).
func (a *answer) stream(ctx context.Context, w http.ResponseWriter, t *Turn) {
	for k, v := range t.Headers {
		w.Header().Set(k, v)
	}
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-cache")
	w.Header().Set("request-id", "req_fake")
	w.WriteHeader(http.StatusOK)
	sse := &sseWriter{w: w, ctx: ctx, delay: time.Duration(t.EventDelayMS) * time.Millisecond}
	sse.event("message_start", map[string]any{"type": "message_start", "message": a.message(false)})
	sse.event("ping", map[string]any{"type": "ping"})
	for i, b := range a.blocks {
		if t.StreamErrorAfter != nil && i == *t.StreamErrorAfter {
			break
		}
		if t.DropAfter != nil && i == *t.DropAfter {
			// The server closes the connection mid-response.
			panic(http.ErrAbortHandler)
		}
		start, deltas := blockEvents(b)
		sse.event("content_block_start", map[string]any{"type": "content_block_start", "index": i, "content_block": start})
		for _, d := range deltas {
			sse.event("content_block_delta", map[string]any{"type": "content_block_delta", "index": i, "delta": d})
		}
		sse.event("content_block_stop", map[string]any{"type": "content_block_stop", "index": i})
	}
	if t.StreamErrorAfter != nil {
		sse.event("error", map[string]any{"type": "error", "error": t.apiError()})
		return
	}
	delta := map[string]any{"stop_reason": a.stopReason, "stop_sequence": a.stopSequence}
	if len(a.stopDetails) > 0 {
		delta["stop_details"] = a.stopDetails
	}
	sse.event("message_delta", map[string]any{
		"type":  "message_delta",
		"delta": delta,
		"usage": map[string]any{"output_tokens": a.usage.OutputTokens},
	})
	sse.event("message_stop", map[string]any{"type": "message_stop"})
}

// blockEvents returns a block's content_block_start body and its deltas.
func blockEvents(b map[string]any) (start map[string]any, deltas []map[string]any) {
	switch b["type"] {
	case "text":
		for _, c := range chunkWords(b["text"].(string)) {
			deltas = append(deltas, map[string]any{"type": "text_delta", "text": c})
		}
		return map[string]any{"type": "text", "text": ""}, deltas
	case "thinking":
		for _, c := range chunkWords(b["thinking"].(string)) {
			deltas = append(deltas, map[string]any{"type": "thinking_delta", "thinking": c})
		}
		deltas = append(deltas, map[string]any{"type": "signature_delta", "signature": b["signature"]})
		return map[string]any{"type": "thinking", "thinking": "", "signature": ""}, deltas
	case "tool_use":
		in := string(b["input"].(json.RawMessage))
		deltas = append(deltas, map[string]any{"type": "input_json_delta", "partial_json": ""})
		for _, c := range chunkBytes(in, 24) {
			deltas = append(deltas, map[string]any{"type": "input_json_delta", "partial_json": c})
		}
		return map[string]any{"type": "tool_use", "id": b["id"], "name": b["name"], "input": map[string]any{}}, deltas
	}
	return b, nil // redacted_thinking arrives whole
}

// chunkWords splits s into pieces of up to three words, each keeping the
// space that follows it, so that joining them gives s back.
func chunkWords(s string) []string {
	if s == "" {
		return nil
	}
	var out []string
	words := 0
	start := 0
	for i := 0; i < len(s); i++ {
		if s[i] == ' ' || s[i] == '\n' {
			words++
			if words == 3 {
				out = append(out, s[start:i+1])
				start, words = i+1, 0
			}
		}
	}
	if start < len(s) {
		out = append(out, s[start:])
	}
	return out
}

// chunkBytes splits s into pieces of up to n bytes, never inside a UTF-8
// sequence.
func chunkBytes(s string, n int) []string {
	var out []string
	for len(s) > n {
		cut := n
		for cut > 0 && !utf8Start(s[cut]) {
			cut--
		}
		if cut == 0 {
			cut = n
		}
		out = append(out, s[:cut])
		s = s[cut:]
	}
	if s != "" {
		out = append(out, s)
	}
	return out
}

// sseWriter writes server-sent events and flushes each one, each after
// delay.
type sseWriter struct {
	w     http.ResponseWriter
	ctx   context.Context
	delay time.Duration
}

func (s *sseWriter) event(name string, data any) {
	if s.delay > 0 {
		select {
		case <-time.After(s.delay):
		case <-s.ctx.Done():
			return
		}
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.Encode(data) //nolint:errcheck // data is built by this package
	fmt.Fprintf(s.w, "event: %s\ndata: %s\n\n", name, strings.TrimSuffix(buf.String(), "\n"))
	if f, ok := s.w.(http.Flusher); ok {
		f.Flush()
	}
}
