package probe

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"sync"
	"time"

	"github.com/protocheck/protocheck/corpus/capture"
)

// Options say how to run the probes.
type Options struct {
	// CLI is the pinned CLI to probe.
	CLI capture.PinnedCLI
	// Jobs is how many CLIs run at once (default 1).
	Jobs int
	// Wait bounds the wait for each answer (default 10s); a turn gets
	// three times as long.
	Wait time.Duration
	// Batch is how many request probes of one variant share a session
	// (default 8); a probe that ends the session or goes unanswered ends
	// the batch, and the probes after it run in a new session.
	Batch int
	// Progress, when set, is called after each session with the number of
	// probes done and the total.
	Progress func(done, total int)
}

// Run sends every probe to the CLI and returns the results, sorted by ID.
// Only a failure to start the CLI is an error; what the CLI does with a
// probe, exiting included, is its result.
func Run(ctx context.Context, opts Options, probes []Probe) ([]Result, error) {
	if opts.Jobs < 1 {
		opts.Jobs = 1
	}
	if opts.Wait == 0 {
		opts.Wait = 10 * time.Second
	}
	if opts.Batch < 1 {
		opts.Batch = 8
	}
	// Sessions: request probes of one variant (but initialize, which must
	// come first) share one; every other probe has its own.
	var queue [][]Probe
	byVariant := map[string][]Probe{}
	var order []string
	for _, p := range probes {
		if p.Kind == Request && p.Variant != "control_request.initialize" {
			if _, ok := byVariant[p.Variant]; !ok {
				order = append(order, p.Variant)
			}
			byVariant[p.Variant] = append(byVariant[p.Variant], p)
			continue
		}
		queue = append(queue, []Probe{p})
	}
	for _, v := range order {
		ps := byVariant[v]
		for len(ps) > 0 {
			n := min(opts.Batch, len(ps))
			queue = append(queue, ps[:n])
			ps = ps[n:]
		}
	}

	var (
		mu       sync.Mutex
		results  []Result
		done     int
		firstErr error
	)
	work := make(chan []Probe)
	var wg sync.WaitGroup
	for range opts.Jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for batch := range work {
				for len(batch) > 0 && ctx.Err() == nil {
					rs, rest, err := session(ctx, opts, batch)
					mu.Lock()
					if err != nil && firstErr == nil {
						firstErr = err
					}
					results = append(results, rs...)
					done += len(rs)
					if opts.Progress != nil {
						opts.Progress(done, len(probes))
					}
					mu.Unlock()
					if err != nil {
						break
					}
					batch = rest
				}
			}
		}()
	}
	for _, b := range queue {
		select {
		case work <- b:
		case <-ctx.Done():
		}
	}
	close(work)
	wg.Wait()
	if firstErr != nil {
		return nil, firstErr
	}
	// An answer that did not come may be a CLI slowed by a loaded
	// machine: each such probe runs once more, alone, with twice the wait.
	again := opts
	again.Wait *= 2
	for i, r := range results {
		if r.Outcome != NoAnswer || ctx.Err() != nil {
			continue
		}
		rs, _, err := session(ctx, again, []Probe{r.Probe})
		if err != nil {
			return nil, err
		}
		if len(rs) == 1 {
			results[i] = rs[0]
		}
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	sortResults(results)
	return results, nil
}

var baseArgs = []string{"-p", "--output-format", "stream-json", "--verbose", "--input-format", "stream-json"}

// session runs one CLI with the probes of batch and returns their results
// and the probes it did not get to.
func session(ctx context.Context, opts Options, batch []Probe) ([]Result, []Probe, error) {
	sc, ids := scenario(opts, batch)
	c, runErr := capture.Run(ctx, capture.CaptureOptions{CLI: opts.CLI.Path, Scenario: sc, Version: opts.CLI.Version})
	if c == nil {
		return nil, nil, runErr
	}
	s := readSession(c)
	ended := runErr != nil && strings.Contains(runErr.Error(), "closed its output")
	var out []Result
	for i, p := range batch {
		r := Result{Probe: p}
		switch p.Kind {
		case Request:
			if !s.sent(ids[i]) {
				return out, batch[i:], nil
			}
			resp, ok := s.responses[ids[i]]
			switch {
			case ok && resp.Subtype == "success":
				r.Outcome = Success
			case ok:
				r.Outcome, r.Answer = Error, resp.Error
			case ended:
				r.Outcome, r.Answer = Ended, s.how(c)
			default:
				r.Outcome, r.Answer = NoAnswer, fmt.Sprintf("no control_response within %s", opts.Wait)
			}
		case Answer:
			switch {
			case s.toolResult != nil && !s.toolResult.IsError:
				r.Outcome = Success
			case s.toolResult != nil:
				r.Outcome, r.Answer = Refused, s.toolResult.Text
			case s.result != "":
				r.Outcome, r.Answer = Refused, "no tool_result; the turn ended with result/"+s.result
			case ended || c.Meta.ExitCode != 0:
				r.Outcome, r.Answer = Ended, s.how(c)
			default:
				r.Outcome, r.Answer = NoAnswer, "no tool_result and no result within the wait"
			}
		case Line:
			switch {
			case s.result == "success":
				r.Outcome = Success
			case s.result != "":
				r.Outcome, r.Answer = Error, "the turn ended with result/"+s.result
			case ended || c.Meta.ExitCode != 0:
				r.Outcome, r.Answer = Ended, s.how(c)
			default:
				r.Outcome, r.Answer = NoAnswer, "no result within the wait"
			}
		}
		r.Answer = normalise(r.Answer, c)
		out = append(out, r)
	}
	return out, nil, nil
}

// scenario makes the capture scenario of a batch, and the request id each
// probe is sent with.
func scenario(opts Options, batch []Probe) (*capture.Scenario, []string) {
	sc := &capture.Scenario{Name: "probe", File: "probe " + batch[0].ID, Args: baseArgs, RawAnswers: true, Timeout: capture.Duration{Duration: 3*opts.Wait + time.Duration(len(batch))*opts.Wait}}
	wait := func(typ string, n int, d time.Duration) capture.Step {
		return capture.Step{Wait: &capture.Wait{Type: typ, Count: n, Timeout: capture.Duration{Duration: d}}}
	}
	initialize := func(extra map[string]any) capture.Step {
		req := map[string]any{"subtype": "initialize"}
		for k, v := range extra {
			req[k] = v
		}
		return capture.Step{Send: mustJSON(map[string]any{"type": "control_request", "request_id": "probe-init", "request": req})}
	}
	userLine := capture.Step{Send: mustJSON(map[string]any{"type": "user", "message": map[string]any{"role": "user", "content": "Create a file with touch"}, "parent_tool_use_id": nil, "session_id": ""})}
	text := func(s string) map[string]any {
		return map[string]any{"blocks": []any{map[string]any{"type": "text", "text": s}}}
	}
	model := map[string]any{"turns": []any{map[string]any{"blocks": []any{map[string]any{"type": "text", "text": "Hello."}}, "times": 4}}}
	ids := make([]string, len(batch))
	p := batch[0]
	switch p.Kind {
	case Request:
		i0 := 0
		if p.Variant != "control_request.initialize" {
			sc.Stdin = append(sc.Stdin, initialize(nil), wait("control_response", 1, opts.Wait))
			i0 = 1
		}
		for i, q := range batch {
			ids[i] = fmt.Sprintf("probe-%d", i)
			sc.Stdin = append(sc.Stdin, capture.Step{Send: withRequestID(q.Message, ids[i])}, wait("control_response", i0+i+1, opts.Wait))
		}
	case Answer:
		if p.Answers == "hook_callback" {
			sc.Args = append(append([]string{}, baseArgs...), "--allowedTools", "Bash")
			sc.Stdin = append(sc.Stdin, initialize(map[string]any{"hooks": map[string]any{"PreToolUse": []any{map[string]any{"matcher": "Bash", "hookCallbackIds": []any{"probe-hook"}}}}}))
		} else {
			sc.Args = append(append([]string{}, baseArgs...), "--permission-prompt-tool", "stdio")
			sc.Stdin = append(sc.Stdin, initialize(nil))
		}
		sc.Stdin = append(sc.Stdin, wait("control_response", 1, opts.Wait), userLine, wait("result", 1, 3*opts.Wait))
		sc.Answers = map[string][]json.RawMessage{p.Answers: {p.Message}}
		model = map[string]any{"turns": []any{
			map[string]any{"blocks": []any{map[string]any{"type": "tool_use", "name": "Bash", "input": toolInput}}},
			text("Done."),
		}, "aux": text("Done.")}
	case Line:
		sc.Stdin = append(sc.Stdin, initialize(nil), wait("control_response", 1, opts.Wait), capture.Step{Send: p.Message})
		if p.Variant != "user" {
			// A line that starts no turn: the session must go on to
			// answer the next user message.
			sc.Stdin = append(sc.Stdin, userLine)
		}
		sc.Stdin = append(sc.Stdin, wait("result", 1, 3*opts.Wait))
	}
	sc.Stdin = append(sc.Stdin, capture.Step{Close: true})
	if err := json.Unmarshal(mustJSON(model), &sc.Model); err != nil {
		panic(err) // the script is made here and always decodes
	}
	return sc, ids
}

func withRequestID(msg json.RawMessage, id string) json.RawMessage {
	var m map[string]any
	if json.Unmarshal(msg, &m) != nil {
		return msg
	}
	m["request_id"] = id
	return mustJSON(m)
}

// sessionView is what the probes' results are read from.
type sessionView struct {
	stdin      map[string]bool // request ids sent
	responses  map[string]response
	toolResult *toolResult
	result     string // the first result's subtype
	stderr     string
}

type response struct{ Subtype, Error string }

type toolResult struct {
	IsError bool
	Text    string
}

func (s *sessionView) sent(id string) bool { return s.stdin[id] }

// how says how a CLI that ended did: its exit code and the last line of
// its stderr.
func (s *sessionView) how(c *capture.Capture) string {
	msg := fmt.Sprintf("the CLI exited with code %d", c.Meta.ExitCode)
	if s.stderr != "" {
		msg += ": " + s.stderr
	}
	return msg
}

func readSession(c *capture.Capture) *sessionView {
	s := &sessionView{stdin: map[string]bool{}, responses: map[string]response{}}
	for _, l := range c.Session {
		var m struct {
			Type      string `json:"type"`
			Subtype   string `json:"subtype"`
			RequestID string `json:"request_id"`
			Response  struct {
				Subtype   string `json:"subtype"`
				RequestID string `json:"request_id"`
				Error     string `json:"error"`
			} `json:"response"`
			Message struct {
				Content json.RawMessage `json:"content"`
			} `json:"message"`
		}
		if json.Unmarshal(l.Line, &m) != nil {
			continue
		}
		if l.Stdin {
			if m.Type == "control_request" {
				s.stdin[m.RequestID] = true
			}
			continue
		}
		switch m.Type {
		case "control_response":
			if _, ok := s.responses[m.Response.RequestID]; !ok {
				s.responses[m.Response.RequestID] = response{m.Response.Subtype, m.Response.Error}
			}
		case "result":
			if s.result == "" {
				s.result = m.Subtype
			}
		case "user":
			var blocks []struct {
				Type    string          `json:"type"`
				IsError bool            `json:"is_error"`
				Content json.RawMessage `json:"content"`
			}
			if json.Unmarshal(m.Message.Content, &blocks) != nil {
				continue
			}
			for _, b := range blocks {
				if b.Type == "tool_result" && s.toolResult == nil {
					s.toolResult = &toolResult{IsError: b.IsError, Text: contentText(b.Content)}
				}
			}
		}
	}
	lines := strings.Split(strings.TrimSpace(string(c.Stderr)), "\n")
	s.stderr = strings.TrimSpace(lines[len(lines)-1])
	return s
}

func contentText(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	var blocks []struct {
		Text string `json:"text"`
	}
	json.Unmarshal(raw, &blocks) //nolint:errcheck // no text when it is neither
	var parts []string
	for _, b := range blocks {
		parts = append(parts, b.Text)
	}
	return strings.Join(parts, " ")
}

var (
	uuidRE  = regexp.MustCompile(`[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}`)
	toolRE  = regexp.MustCompile(`toolu_[0-9A-Za-z]+`)
	spaceRE = regexp.MustCompile(`\s+`)
)

// normalise replaces a message's temporary paths and ids and cuts it to
// 400 bytes, so that results do not change from run to run.
func normalise(msg string, c *capture.Capture) string {
	for _, p := range c.Paths {
		msg = strings.ReplaceAll(msg, p.Path, p.Placeholder)
	}
	msg = uuidRE.ReplaceAllString(msg, "<uuid>")
	msg = toolRE.ReplaceAllString(msg, "toolu_<id>")
	msg = strings.TrimSpace(spaceRE.ReplaceAllString(msg, " "))
	if len(msg) > 400 {
		msg = strings.ToValidUTF8(msg[:400], "") + "…"
	}
	return msg
}
