package probe

import (
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"
)

// A Kind says how a probe reaches the CLI and how its answer is read.
type Kind string

// The kinds of probe.
const (
	// Request is a control_request the SDK sends; the CLI answers it with a
	// control_response carrying the same request_id.
	Request Kind = "request"
	// Answer is the SDK's control_response to one of the CLI's own control
	// requests (can_use_tool, hook_callback); the CLI's answer is what it
	// does next: the tool runs, or it does not.
	Answer Kind = "answer"
	// Line is a line the CLI answers with nothing (a user message, a
	// keep_alive, a control_cancel_request); a user message should start a
	// turn that ends with a result.
	Line Kind = "line"
)

// Edges a probe puts a member at.
const (
	EdgeBaseline       = "baseline"        // every required member, nothing else
	EdgeValue          = "value"           // an optional member with a valid value
	EdgeAbsent         = "absent"          // a required member left out
	EdgeNull           = "null"            // the member is null
	EdgeEmpty          = "empty"           // "", [] or {}
	EdgeWrongType      = "wrong-type"      // a JSON type the member does not have
	EdgeUnknownMember  = "unknown-member"  // a member the type does not declare
	EdgeUnknownSubtype = "unknown-subtype" // a subtype the CLI does not know
	EdgeCase           = "case"            // a hand-written case (see cases)
	EdgeDialect        = "dialect"         // a message from a dialect's writes.json
)

// A Probe is one message to send to the CLI.
type Probe struct {
	// ID names the probe uniquely and stably: the variant, the member's
	// pointer and the edge ("control_request.initialize /request/hooks
	// null"), or "dialect <name>: <write name>".
	ID string `json:"id"`
	// Variant is the wire variant the probe is a case of.
	Variant string `json:"variant"`
	// Member is the JSON Pointer of the member at its edge, or "".
	Member string `json:"member,omitempty"`
	// Edge is one of the Edge constants.
	Edge string `json:"edge"`
	// Kind says how the probe is sent.
	Kind Kind `json:"kind"`
	// Answers is, for an Answer probe, the subtype of the CLI's request it
	// answers (can_use_tool or hook_callback).
	Answers string `json:"answers,omitempty"`
	// Dialect and Write name the dialect write the probe was taken from.
	Dialect string `json:"dialect,omitempty"`
	Write   string `json:"write,omitempty"`
	// Message is the line sent. For a Request probe its request_id is
	// replaced; for an Answer probe "{{request_id}}" stands for the id of
	// the request it answers.
	Message json.RawMessage `json:"message"`
}

// An Outcome is what the CLI did with a probe.
type Outcome string

// The outcomes.
const (
	// Success: a request answered with success, a user message whose turn
	// ran to a result, an allowing answer after which the tool ran, a line
	// after which the session went on.
	Success Outcome = "success"
	// Error: a request answered with an error; Result.Answer holds it.
	Error Outcome = "error"
	// Refused: after an answer the tool did not run; Result.Answer holds
	// the tool_result the CLI wrote instead.
	Refused Outcome = "refused"
	// NoAnswer: the CLI said nothing within the wait and was still running.
	NoAnswer Outcome = "no-answer"
	// Ended: the CLI exited before it answered; Result.Answer holds its
	// exit code and the last line of its stderr.
	Ended Outcome = "ended"
)

// Sent returns the probe's message decoded, or nil.
func (r *Result) Sent() map[string]any {
	var m map[string]any
	json.Unmarshal(r.Probe.Message, &m) //nolint:errcheck // nil on a message that is not an object
	return m
}

func denies(m map[string]any) bool {
	resp, _ := m["response"].(map[string]any)
	body, _ := resp["response"].(map[string]any)
	return body["behavior"] == "deny" || body["decision"] == "block" || body["continue"] == false
}

// A Result is a probe and what the CLI did with it.
type Result struct {
	Probe
	// Outcome is what the CLI did.
	Outcome Outcome `json:"outcome"`
	// Answer is the CLI's error message, the tool_result it wrote, or how
	// it ended, normalised (ids and paths replaced) and cut to a few
	// hundred bytes.
	Answer string `json:"answer,omitempty"`
	// Read says whether the CLI read the message as the SDK meant it:
	// ReadYes, ReadNo, or ReadUnknown when the answer does not tell (see
	// Settle).
	Read string `json:"read"`
	// Types is the verdict of the SDK-direction model generated from
	// sdk.d.ts (validate --direction sdk, strict) on the message when the
	// probe ran: "accepted", or "rejected" with the first reason.
	Types string `json:"types"`
}

// What Result.Read says.
const (
	ReadYes     = "yes"
	ReadNo      = "no"
	ReadUnknown = "unknown"
)

// Disagrees reports whether the CLI and the types disagree on the probe:
// the types reject a message the CLI reads, or accept one it does not.
// Where the CLI's answer does not tell, they do not disagree.
func (r *Result) Disagrees() bool {
	switch r.Read {
	case ReadYes:
		return strings.HasPrefix(r.Types, "rejected")
	case ReadNo:
		return r.Types == "accepted"
	}
	return false
}

// Settle sets each result's Read from its outcome. A request answered with
// the same error as its variant's baseline tells nothing of the member
// probed (the CLI refuses the request for another reason: a feature off,
// a task that does not exist), so it is ReadUnknown; so is a probe the CLI
// did not answer while it ran on.
//
// A deny answer after which the tool did not run was read, unless the CLI
// wrote an error of the same kind (sameError) as for an answer without
// behavior (2.1.330's "invalid permission result", 2.1.112's "Tool
// permission request failed: ZodError ..."): then it refused the deny too.
func Settle(rs []Result) {
	base := map[string]Result{}
	var invalid string
	for _, r := range rs {
		if r.Kind == Request && r.Edge == EdgeBaseline {
			base[r.Variant] = r
		}
		if r.ID == invalidAnswer && r.Outcome == Refused {
			invalid = r.Answer
		}
	}
	for i := range rs {
		r := &rs[i]
		switch r.Outcome {
		case Success:
			r.Read = ReadYes
		case NoAnswer:
			r.Read = ReadUnknown
		case Ended:
			r.Read = ReadNo
		case Refused:
			r.Read = ReadNo
			if r.Kind == Answer && denies(r.Sent()) && (invalid == "" || !sameError(r.Answer, invalid)) {
				r.Read = ReadYes
			}
		case Error:
			r.Read = ReadNo
			if b, ok := base[r.Variant]; ok && r.Edge != EdgeBaseline && r.Kind == Request && b.Outcome == Error && sameError(b.Answer, r.Answer) {
				r.Read = ReadUnknown
			}
		}
	}
}

// invalidAnswer is the probe whose answer (an allowing answer without
// behavior) the CLI refuses as an invalid permission result.
const invalidAnswer = "can_use_tool answer /response/response/behavior absent"

// sameError reports two errors of one kind: the same message, or the same
// words before a colon ("Server not found: files" and "Server not found:
// probe" differ only in the value the probe sent).
func sameError(a, b string) bool {
	if a == b {
		return true
	}
	pa, _, okA := strings.Cut(a, ": ")
	pb, _, okB := strings.Cut(b, ": ")
	// "set_model: model must be a string" names the request, not a kind
	// of error: only a sentence before the colon counts.
	return okA && okB && pa == pb && strings.Contains(pa, " ")
}

// sample returns a valid JSON value of type t (every required member of a
// struct filled in), or nil when none can be made.
func sample(t reflect.Type, depth int) any {
	if depth > 6 {
		return nil
	}
	if t == rawMessageType {
		return map[string]any{}
	}
	switch t.Kind() {
	case reflect.Pointer:
		return sample(t.Elem(), depth)
	case reflect.String:
		if vs := enumValues(t); len(vs) > 0 {
			return vs[0]
		}
		return "probe"
	case reflect.Bool:
		return true
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Float32, reflect.Float64:
		return 1
	case reflect.Slice, reflect.Array:
		if v := sample(t.Elem(), depth+1); v != nil {
			return []any{v}
		}
		return []any{}
	case reflect.Map:
		return map[string]any{}
	case reflect.Interface:
		return map[string]any{}
	case reflect.Struct:
		obj := map[string]any{}
		for _, f := range fields(t) {
			if f.required {
				obj[f.name] = f.sample(depth + 1)
			}
		}
		return obj
	}
	return nil
}

var rawMessageType = reflect.TypeFor[json.RawMessage]()

// enumValues returns the values of a named string type that lists them
// (an EnumValues method, as protocol.PermissionMode has), or nil.
func enumValues(t reflect.Type) []string {
	if e, ok := reflect.Zero(t).Interface().(interface{ EnumValues() []string }); ok {
		return e.EnumValues()
	}
	return nil
}

// A field is one JSON member of a Go struct type of the wire model.
type field struct {
	name     string
	typ      reflect.Type
	required bool
	nullable bool
	enum     []string
}

func (f field) sample(depth int) any {
	if len(f.enum) > 0 {
		return f.enum[0]
	}
	return sample(f.typ, depth)
}

// fields lists the JSON members of struct type t, embedded structs'
// members included, in declaration order.
func fields(t reflect.Type) []field {
	var out []field
	for i := range t.NumField() {
		sf := t.Field(i)
		if !sf.IsExported() {
			continue
		}
		tag := sf.Tag.Get("json")
		name, _, _ := strings.Cut(tag, ",")
		if name == "-" {
			continue
		}
		if sf.Anonymous && name == "" {
			ft := sf.Type
			if ft.Kind() == reflect.Pointer {
				ft = ft.Elem()
			}
			if ft.Kind() == reflect.Struct {
				out = append(out, fields(ft)...)
			}
			continue
		}
		if name == "" {
			continue
		}
		f := field{name: name, typ: sf.Type}
		for _, opt := range strings.Split(sf.Tag.Get("jsonschema"), ",") {
			switch {
			case opt == "required":
				f.required = true
			case opt == "nullable":
				f.nullable = true
			case strings.HasPrefix(opt, "enum="):
				f.enum = append(f.enum, strings.TrimPrefix(opt, "enum="))
			}
		}
		out = append(out, f)
	}
	return out
}

// edges returns the edge values of a member of type t, by edge name, in a
// fixed order: null, empty (for strings, arrays and objects), wrong-type.
func edges(t reflect.Type) [][2]any {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	out := [][2]any{{EdgeNull, nil}}
	if t == rawMessageType || t.Kind() == reflect.Interface {
		return out
	}
	switch t.Kind() {
	case reflect.String:
		out = append(out, [2]any{EdgeEmpty, ""}, [2]any{EdgeWrongType, 7})
	case reflect.Slice, reflect.Array:
		out = append(out, [2]any{EdgeEmpty, []any{}}, [2]any{EdgeWrongType, "probe"})
	case reflect.Map, reflect.Struct:
		out = append(out, [2]any{EdgeEmpty, map[string]any{}}, [2]any{EdgeWrongType, "probe"})
	case reflect.Bool:
		out = append(out, [2]any{EdgeWrongType, "true"})
	default:
		out = append(out, [2]any{EdgeWrongType, "1"})
	}
	return out
}

// members returns the probes of one object's members: base is a valid
// object (required members set), t its Go type, at the JSON Pointer of the
// object, mk wraps a changed object into the whole line. skip names
// members not to probe (the discriminators).
func members(variant string, kind Kind, t reflect.Type, base map[string]any, at string, skip []string, mk func(map[string]any) any) []Probe {
	var out []Probe
	add := func(member, edge string, obj map[string]any) {
		b, err := json.Marshal(mk(obj))
		if err != nil {
			panic(fmt.Sprintf("probe: %s %s %s: %v", variant, member, edge, err)) // values made here always marshal
		}
		id := variant + " " + member + " " + edge
		if member == "" {
			id = variant + " " + edge
		}
		out = append(out, Probe{ID: id, Variant: variant, Member: member, Edge: edge, Kind: kind, Message: b})
	}
	with := func(name string, v any, drop bool) map[string]any {
		obj := make(map[string]any, len(base)+1)
		for k, x := range base {
			obj[k] = x
		}
		if drop {
			delete(obj, name)
		} else {
			obj[name] = v
		}
		return obj
	}
	add("", EdgeBaseline, base)
	for _, f := range fields(t) {
		if slices.Contains(skip, f.name) {
			continue
		}
		p := at + "/" + f.name
		if f.required {
			add(p, EdgeAbsent, with(f.name, nil, true))
		} else if v := f.sample(1); v != nil {
			add(p, EdgeValue, with(f.name, v, false))
		}
		for _, e := range edges(f.typ) {
			add(p, e[0].(string), with(f.name, e[1], false))
		}
	}
	add(at+"/protocheck_probe", EdgeUnknownMember, with("protocheck_probe", 1, false))
	return out
}
