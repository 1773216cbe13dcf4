package probe

import (
	"encoding/json"
	"reflect"
	"sort"

	"github.com/protocheck/protocheck/corpus/matrix"
	"github.com/protocheck/protocheck/protocol"
)

// toolInput is the input of the tool call the fake model makes in answer
// probes; an allowing answer must give it back as updatedInput.
var toolInput = map[string]any{"command": "touch created.txt", "description": "Create a file"}

// Suite returns every probe: the edges of each SDK-to-CLI control request's
// members, of the answers to can_use_tool and hook_callback, of a user
// message, a few lines the CLI answers with nothing, the hand-written cases,
// and every message the dialects write. IDs are unique; the order is
// stable.
func Suite(dialects []*matrix.Dialect) []Probe {
	var out []Probe
	for _, v := range protocol.Variants {
		if v.Type != "control_request" || !v.Direction.WrittenBy(protocol.SDKToCLI) {
			continue
		}
		t := v.GoType()
		base, _ := sample(t, 0).(map[string]any)
		base["subtype"] = v.Subtype
		out = append(out, members(v.Name, Request, t, base, "/request", []string{"subtype"}, func(body map[string]any) any {
			return map[string]any{"type": "control_request", "request_id": "probe", "request": body}
		})...)
	}
	out = append(out, Probe{ID: "control_request " + EdgeUnknownSubtype, Variant: "control_request", Member: "/request/subtype", Edge: EdgeUnknownSubtype, Kind: Request,
		Message: mustJSON(map[string]any{"type": "control_request", "request_id": "probe", "request": map[string]any{"subtype": "protocheck_probe"}})})

	answer := func(body map[string]any) any {
		return map[string]any{"type": "control_response", "response": map[string]any{"subtype": "success", "request_id": "{{request_id}}", "response": body}}
	}
	for _, a := range []struct {
		subtype string
		base    map[string]any
	}{
		{"can_use_tool", map[string]any{"behavior": "allow", "updatedInput": toolInput}},
		{"hook_callback", map[string]any{}},
	} {
		ps := members("control_response.success", Answer, reflect.TypeOf(protocol.NewResponsePayload(a.subtype)).Elem(), a.base, "/response/response", nil, answer)
		for i := range ps {
			ps[i].Answers = a.subtype
			ps[i].ID = a.subtype + " answer " + ps[i].ID[len("control_response.success "):]
		}
		out = append(out, ps...)
		out = append(out, Probe{ID: a.subtype + " answer error", Variant: "control_response.error", Edge: EdgeBaseline, Kind: Answer, Answers: a.subtype,
			Message: mustJSON(map[string]any{"type": "control_response", "response": map[string]any{"subtype": "error", "request_id": "{{request_id}}", "error": "protocheck probe"}})})
	}
	out = append(out, Probe{ID: "can_use_tool answer deny", Variant: "control_response.success", Member: "/response/response/behavior", Edge: EdgeCase, Kind: Answer, Answers: "can_use_tool",
		Message: mustJSON(answer(map[string]any{"behavior": "deny", "message": "protocheck probe denies"}))})
	// A deny's message at its edges: an SDK that denies without a reason
	// ("Deny(\"\")") may leave it out, null or empty.
	for _, e := range []struct {
		edge  string
		value any
	}{{EdgeAbsent, nil}, {EdgeNull, nil}, {EdgeEmpty, ""}, {EdgeWrongType, 7}} {
		body := map[string]any{"behavior": "deny", "message": e.value}
		if e.edge == EdgeAbsent {
			delete(body, "message")
		}
		out = append(out, Probe{ID: "can_use_tool answer deny /response/response/message " + e.edge, Variant: "control_response.success", Member: "/response/response/message",
			Edge: e.edge, Kind: Answer, Answers: "can_use_tool", Message: mustJSON(answer(body))})
	}

	user := map[string]any{"type": "user", "message": map[string]any{"role": "user", "content": "hello"}, "parent_tool_use_id": nil, "session_id": ""}
	out = append(out, members("user", Line, reflect.TypeFor[protocol.UserMessage](), user, "", []string{"type"}, func(m map[string]any) any { return m })...)
	for _, c := range []struct {
		name    string
		content any
	}{
		{EdgeNull, nil}, {EdgeEmpty, []any{}}, {EdgeWrongType, 7},
		{"text-block", []any{map[string]any{"type": "text", "text": "hello"}}},
		{"unknown-block", []any{map[string]any{"type": "protocheck_probe", "text": "hello"}}},
	} {
		out = append(out, Probe{ID: "user /message/content " + c.name, Variant: "user", Member: "/message/content", Edge: edgeOf(c.name), Kind: Line,
			Message: mustJSON(map[string]any{"type": "user", "message": map[string]any{"role": "user", "content": c.content}, "parent_tool_use_id": nil, "session_id": ""})})
	}
	for _, c := range []struct {
		id, variant string
		msg         any
	}{
		{"keep_alive baseline", "keep_alive", map[string]any{"type": "keep_alive"}},
		{"control_cancel_request baseline", "control_cancel_request", map[string]any{"type": "control_cancel_request", "request_id": "probe-none"}},
		{"unknown type", "", map[string]any{"type": "protocheck_probe"}},
	} {
		out = append(out, Probe{ID: c.id, Variant: c.variant, Edge: EdgeBaseline, Kind: Line, Message: mustJSON(c.msg)})
	}
	out[len(out)-1].Edge = EdgeUnknownSubtype

	out = append(out, cases()...)
	for _, d := range dialects {
		for _, w := range d.Writes {
			if p, ok := fromWrite(d.Name, w); ok {
				out = append(out, p)
			}
		}
	}
	seen := map[string]bool{}
	for i := range out {
		for seen[out[i].ID] {
			out[i].ID += "'"
		}
		seen[out[i].ID] = true
	}
	return out
}

func edgeOf(name string) string {
	switch name {
	case EdgeNull, EdgeEmpty, EdgeWrongType:
		return name
	}
	return EdgeCase
}

// cases are probes of nested members the generator does not reach, each a
// drift point an SDK is known to hit.
func cases() []Probe {
	init := func(id, member string, req map[string]any) Probe {
		req["subtype"] = "initialize"
		return Probe{ID: "control_request.initialize " + id, Variant: "control_request.initialize", Member: member, Edge: EdgeCase, Kind: Request,
			Message: mustJSON(map[string]any{"type": "control_request", "request_id": "probe", "request": req})}
	}
	return []Probe{
		init("hook matcher without hookCallbackIds", "/request/hooks/PreToolUse/0/hookCallbackIds",
			map[string]any{"hooks": map[string]any{"PreToolUse": []any{map[string]any{"matcher": "Bash"}}}}),
		init("hook matcher with hookCallbackIds null", "/request/hooks/PreToolUse/0/hookCallbackIds",
			map[string]any{"hooks": map[string]any{"PreToolUse": []any{map[string]any{"matcher": "Bash", "hookCallbackIds": nil}}}}),
		init("hook matcher with an unknown member", "/request/hooks/PreToolUse/0/protocheck_probe",
			map[string]any{"hooks": map[string]any{"PreToolUse": []any{map[string]any{"matcher": "Bash", "hookCallbackIds": []any{"cb"}, "protocheck_probe": 1}}}}),
		init("hook matcher for an unknown event", "/request/hooks/ProtocheckProbe",
			map[string]any{"hooks": map[string]any{"ProtocheckProbe": []any{map[string]any{"matcher": "Bash", "hookCallbackIds": []any{"cb"}}}}}),
		init("hook matcher with a valid shape", "/request/hooks/PreToolUse/0",
			map[string]any{"hooks": map[string]any{"PreToolUse": []any{map[string]any{"matcher": "Bash", "hookCallbackIds": []any{"cb"}}}}}),
		init("agent with model null", "/request/agents/probe/model",
			map[string]any{"agents": map[string]any{"probe": map[string]any{"description": "d", "prompt": "p", "model": nil}}}),
		init("agent without prompt", "/request/agents/probe/prompt",
			map[string]any{"agents": map[string]any{"probe": map[string]any{"description": "d"}}}),
		init("agent with tools null", "/request/agents/probe/tools",
			map[string]any{"agents": map[string]any{"probe": map[string]any{"description": "d", "prompt": "p", "tools": nil}}}),
	}
}

// fromWrite makes a probe of a dialect's write, or reports false for a
// message that is not a control request, an answer or a line.
func fromWrite(dialect string, w matrix.Write) (Probe, bool) {
	var m map[string]any
	if json.Unmarshal(w.Message, &m) != nil {
		return Probe{}, false
	}
	p := Probe{ID: WriteID(dialect, w.Name), Edge: EdgeDialect, Dialect: dialect, Write: w.Name}
	typ, _ := m["type"].(string)
	switch {
	case typ == "control_request":
		p.Kind = Request
		p.Variant = typ
		if req, ok := m["request"].(map[string]any); ok {
			if s, ok := req["subtype"].(string); ok {
				p.Variant += "." + s
			}
		} else if s, ok := m["subtype"].(string); ok { // a flattened request
			p.Variant += "." + s
		}
		m["request_id"] = "probe"
	case typ == "control_response" || w.Answers != "":
		if w.Answers != "can_use_tool" && w.Answers != "hook_callback" {
			return Probe{}, false // an answer to a request the suite cannot make the CLI send
		}
		p.Kind, p.Answers, p.Variant = Answer, w.Answers, "control_response"
		if resp, ok := m["response"].(map[string]any); ok {
			if s, ok := resp["subtype"].(string); ok {
				p.Variant += "." + s
			}
			if _, ok := resp["request_id"]; ok {
				resp["request_id"] = "{{request_id}}"
			}
		}
		if _, ok := m["request_id"]; ok {
			m["request_id"] = "{{request_id}}"
		}
	default:
		p.Kind, p.Variant = Line, typ
	}
	p.Message = mustJSON(m)
	return p, true
}

func mustJSON(v any) json.RawMessage {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err) // values made here always marshal
	}
	return b
}

// sortResults orders results as the suite does not guarantee: by ID.
func sortResults(rs []Result) {
	sort.Slice(rs, func(i, j int) bool { return rs[i].ID < rs[j].ID })
}
