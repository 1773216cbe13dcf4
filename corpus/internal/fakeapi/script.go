package fakeapi

import (
	"encoding/json"
	"fmt"
	"strings"
)

// A Script says what the fake model answers. Requests are matched in this
// order: Rules, then Threads, then, for a request that offers tools, the
// next of Turns; a request without tools gets Aux.
type Script struct {
	// Turns answer the main conversation's requests in order. A turn with
	// Times > 1 answers that many requests in a row.
	Turns []Turn `json:"turns,omitempty"`
	// Threads are other conversations (subagents), told apart by what their
	// first user message contains. Each keeps its own place in its Turns.
	Threads []Thread `json:"threads,omitempty"`
	// Rules answer any request whose last user message matches, without
	// using up a turn; the first rule that matches wins.
	Rules []Rule `json:"rules,omitempty"`
	// Aux answers requests that offer no tools and match nothing else:
	// titles, summaries and other side requests. Nil means a short text.
	Aux *Turn `json:"aux,omitempty"`
	// Model is the model name put in answers; empty means the request's.
	Model string `json:"model,omitempty"`
}

// A Thread is a conversation other than the main one, such as a subagent's.
type Thread struct {
	// Name names the thread in the request log.
	Name string `json:"name,omitempty"`
	// FirstUserIncludes selects the requests whose first user message
	// contains this text.
	FirstUserIncludes string `json:"first_user_includes"`
	// Turns answer the thread's requests in order.
	Turns []Turn `json:"turns"`
}

// A Rule answers every request whose last user message contains a text.
type Rule struct {
	// Name names the rule in the request log.
	Name string `json:"name,omitempty"`
	// LastUserIncludes is the text to look for in the last user message.
	LastUserIncludes string `json:"last_user_includes"`
	// Turn is the answer.
	Turn Turn `json:"turn"`
}

// A Turn is one answer of the model: content blocks and a stop reason, or a
// failure.
type Turn struct {
	// Name names the turn in the request log.
	Name string `json:"name,omitempty"`
	// Blocks are the content blocks, in order.
	Blocks []Block `json:"blocks,omitempty"`
	// StopReason is the message's stop_reason: end_turn (the default),
	// tool_use (the default when a block is a tool_use), max_tokens,
	// stop_sequence, pause_turn or refusal.
	StopReason string `json:"stop_reason,omitempty"`
	// StopSequence is the stop_sequence reported with stop_reason
	// stop_sequence.
	StopSequence string `json:"stop_sequence,omitempty"`
	// StopDetails is sent as the message's stop_details, as written: a
	// refusal's {"type":"refusal","category":…}. Absent means null.
	StopDetails json.RawMessage `json:"stop_details,omitempty"`
	// Status, when not 0, makes the request fail with this HTTP status and
	// Error as the body's error.
	Status int `json:"status,omitempty"`
	// Error is the error object of a failed request or a failed stream;
	// its type defaults from the status (overloaded_error for 529 …).
	Error *APIError `json:"error,omitempty"`
	// StreamErrorAfter, when not nil, makes a streaming answer send this
	// many blocks and then "event: error" with Error, and end the stream.
	StreamErrorAfter *int `json:"stream_error_after,omitempty"`
	// EventDelayMS, when not 0, makes a streaming answer wait this many
	// milliseconds before each event, message_start included: a slow
	// model, so that an interrupt lands before the first token, in the
	// middle of a text or of a tool's input.
	EventDelayMS int `json:"event_delay_ms,omitempty"`
	// DropAfter, when not nil, makes a streaming answer send this many
	// blocks and then drop the connection, with no error event and no
	// message_stop.
	DropAfter *int `json:"drop_after,omitempty"`
	// Headers are extra response headers (retry-after, rate-limit headers).
	Headers map[string]string `json:"headers,omitempty"`
	// Times is how many requests in a row the turn answers (default 1).
	Times int `json:"times,omitempty"`
	// Usage overrides the token counts reported with the answer.
	Usage *Usage `json:"usage,omitempty"`
}

// A Block is one content block of an answer.
type Block struct {
	// Type is text, thinking, redacted_thinking or tool_use.
	Type string `json:"type"`
	// Text is a text block's text.
	Text string `json:"text,omitempty"`
	// Thinking is a thinking block's text.
	Thinking string `json:"thinking,omitempty"`
	// Signature is a thinking block's signature; a fixed one by default.
	Signature string `json:"signature,omitempty"`
	// Data is a redacted_thinking block's data.
	Data string `json:"data,omitempty"`
	// ID is a tool_use block's id; by default toolu_fake_<n>, numbered by
	// the server.
	ID string `json:"id,omitempty"`
	// Name is a tool_use block's tool name.
	Name string `json:"name,omitempty"`
	// Input is a tool_use block's input (a JSON object).
	Input json.RawMessage `json:"input,omitempty"`
}

// An APIError is the error object of an error answer.
type APIError struct {
	// Type is the error type: overloaded_error, rate_limit_error,
	// api_error, invalid_request_error, authentication_error …
	Type string `json:"type"`
	// Message is the error's message.
	Message string `json:"message"`
}

// Usage is the token counts of an answer.
type Usage struct {
	InputTokens              int64 `json:"input_tokens"`
	OutputTokens             int64 `json:"output_tokens"`
	CacheCreationInputTokens int64 `json:"cache_creation_input_tokens"`
	CacheReadInputTokens     int64 `json:"cache_read_input_tokens"`
}

// Check reports the first thing wrong with the script, naming where it is
// (turns[2].blocks[0] …).
func (s *Script) Check() error {
	check := func(where string, t *Turn) error {
		if t.Times < 0 {
			return fmt.Errorf("%s: times is negative", where)
		}
		if t.Status != 0 && (t.Status < 400 || t.Status > 599) {
			return fmt.Errorf("%s: status %d is not an HTTP error status", where, t.Status)
		}
		if t.Status == 0 && t.StreamErrorAfter == nil && t.Error != nil {
			return fmt.Errorf("%s: error needs status or stream_error_after", where)
		}
		if t.StreamErrorAfter != nil && (*t.StreamErrorAfter < 0 || *t.StreamErrorAfter > len(t.Blocks)) {
			return fmt.Errorf("%s: stream_error_after %d is not between 0 and the %d blocks", where, *t.StreamErrorAfter, len(t.Blocks))
		}
		if t.DropAfter != nil && (*t.DropAfter < 0 || *t.DropAfter > len(t.Blocks) || t.StreamErrorAfter != nil) {
			return fmt.Errorf("%s: drop_after %d is not between 0 and the %d blocks, or comes with stream_error_after", where, *t.DropAfter, len(t.Blocks))
		}
		if t.EventDelayMS < 0 {
			return fmt.Errorf("%s: event_delay_ms %d is negative", where, t.EventDelayMS)
		}
		for i, b := range t.Blocks {
			bw := fmt.Sprintf("%s.blocks[%d]", where, i)
			switch b.Type {
			case "text", "thinking", "redacted_thinking":
			case "tool_use":
				if b.Name == "" {
					return fmt.Errorf("%s: a tool_use block needs a name", bw)
				}
				if len(b.Input) > 0 && !strings.HasPrefix(strings.TrimSpace(string(b.Input)), "{") {
					return fmt.Errorf("%s: a tool_use input must be a JSON object", bw)
				}
			default:
				return fmt.Errorf("%s: unknown block type %q (want text, thinking, redacted_thinking or tool_use)", bw, b.Type)
			}
		}
		return nil
	}
	for i := range s.Turns {
		if err := check(fmt.Sprintf("turns[%d]", i), &s.Turns[i]); err != nil {
			return err
		}
	}
	for i, th := range s.Threads {
		if th.FirstUserIncludes == "" {
			return fmt.Errorf("threads[%d]: first_user_includes is empty", i)
		}
		for j := range th.Turns {
			if err := check(fmt.Sprintf("threads[%d].turns[%d]", i, j), &th.Turns[j]); err != nil {
				return err
			}
		}
	}
	for i := range s.Rules {
		if s.Rules[i].LastUserIncludes == "" {
			return fmt.Errorf("rules[%d]: last_user_includes is empty", i)
		}
		if err := check(fmt.Sprintf("rules[%d].turn", i), &s.Rules[i].Turn); err != nil {
			return err
		}
	}
	if s.Aux != nil {
		return check("aux", s.Aux)
	}
	return nil
}

// stopReason returns the turn's stop reason with its default.
func (t *Turn) stopReason() string {
	if t.StopReason != "" {
		return t.StopReason
	}
	for _, b := range t.Blocks {
		if b.Type == "tool_use" {
			return "tool_use"
		}
	}
	return "end_turn"
}

// apiError returns the turn's error object with defaults for its status.
func (t *Turn) apiError() APIError {
	e := APIError{}
	if t.Error != nil {
		e = *t.Error
	}
	if e.Type == "" {
		e.Type = errorTypeFor(t.Status)
	}
	if e.Message == "" {
		e.Message = "fakeapi: scripted " + e.Type
	}
	return e
}

func errorTypeFor(status int) string {
	switch status {
	case 400:
		return "invalid_request_error"
	case 401:
		return "authentication_error"
	case 403:
		return "permission_error"
	case 404:
		return "not_found_error"
	case 413:
		return "request_too_large"
	case 429:
		return "rate_limit_error"
	case 529:
		return "overloaded_error"
	}
	return "api_error"
}
