package protocol

import (
	"reflect"
	"strings"
)

// A Model is one description of the protocol as Go types: the wire's own
// (Wire), or a dialect's, an SDK's idea of the protocol kept in a package of
// its own under corpus/dialects. Package reflect turns a Model into a schema
// set, so that every description has schemas of one shape and compares
// member by member.
type Model struct {
	// Name names the model: "wire", or the dialect's name ("rust", "ts-docs").
	Name string
	// Doc describes the model in one line.
	Doc string
	// Variants lists the messages the model knows, with the discriminators
	// as its reader reads them.
	Variants []*Variant
	// Unions lists the discriminated unions nested in its messages.
	Unions []*Union
	// Envelopes lists, for the control types whose variants model only the
	// body held in one member, the envelope around that body. A type with
	// no entry is modelled whole by its variants' Go types.
	Envelopes []Envelope
	// Examples lists what the model's side writes to the CLI's stdin, built
	// with its own Go types: the writing side of a dialect.
	Examples []Example
}

// An Envelope is the outer object of a control message whose variants model
// only the body.
type Envelope struct {
	// Type is the message type: "control_request" or "control_response".
	Type string
	// Member names the member that holds the variant's Go type ("request"
	// or "response"); the subtype is read inside it.
	Member string
	// New returns a pointer to a new zero value of the envelope's Go type.
	New func() any
}

// An Example is one message a dialect writes, as its source shows it.
type Example struct {
	// Name says what the message is, e.g. "can_use_tool allow reply".
	Name string
	// Source says where the dialect's source shows it.
	Source string
	// Answers is, for a control_response, the subtype of the control
	// request it answers ("can_use_tool"), so that its payload can be
	// checked against the wire's answer to that request.
	Answers string
	// Value is a value of the dialect's Go types; json.Marshal of it gives
	// the line the dialect writes.
	Value any
}

// EnvelopeOf returns the envelope of the messages of type typ, or nil when
// the model's variants of that type are whole messages.
func (m *Model) EnvelopeOf(typ string) *Envelope {
	for i := range m.Envelopes {
		if m.Envelopes[i].Type == typ {
			return &m.Envelopes[i]
		}
	}
	return nil
}

// SubtypePath returns the JSON Pointer of the member that holds the subtype
// of the model's messages of type typ: inside the envelope's member for an
// enveloped type, else the top-level "subtype".
func (m *Model) SubtypePath(typ string) string {
	if e := m.EnvelopeOf(typ); e != nil {
		return "/" + e.Member + "/subtype"
	}
	return "/subtype"
}

// Wire is the model of what the real CLI prints and reads, at Version: the
// reference every dialect is compared with.
var Wire = &Model{
	Name:     "wire",
	Doc:      "What the Claude Code CLI " + Version + " prints on its stdout and reads on its stdin.",
	Variants: Variants,
	Unions:   Unions,
	Envelopes: []Envelope{
		{Type: "control_request", Member: "request", New: func() any { return new(ControlRequest) }},
		{Type: "control_response", Member: "response", New: func() any { return new(ControlResponse) }},
	},
}

// An ObservedMember is a member of the wire model that the real CLI prints
// but its TypeScript types (sdk.d.ts) do not declare. The Go types carry it,
// tagged `undeclared:"<version>"`, so that the wire's schemas accept what
// the CLI really prints; the gap to the declared types is drift, and the
// drift report shows it.
type ObservedMember struct {
	// Variant names the variant that carries the member.
	Variant string
	// Pointer locates the member, with * for any array index.
	Pointer string
	// Since is the first pinned CLI version seen printing it.
	Since string
}

// Observed lists the wire model's undeclared members, by variant in the
// order of Variants, then by pointer.
func Observed() []ObservedMember {
	var out []ObservedMember
	for _, v := range Variants {
		prefix := ""
		if e := Wire.EnvelopeOf(v.Type); e != nil {
			prefix = "/" + e.Member
		}
		seen := map[reflect.Type]bool{}
		var walk func(t reflect.Type, at string)
		walk = func(t reflect.Type, at string) {
			for t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice {
				if t.Kind() == reflect.Slice {
					at += "/*"
				}
				t = t.Elem()
			}
			if t.Kind() != reflect.Struct || seen[t] {
				return
			}
			seen[t] = true
			defer delete(seen, t)
			for i := range t.NumField() {
				f := t.Field(i)
				name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
				switch {
				case f.Anonymous:
					walk(f.Type, at)
					continue
				case name == "" || name == "-":
					continue
				}
				p := at + "/" + name
				if since := f.Tag.Get("undeclared"); since != "" {
					out = append(out, ObservedMember{Variant: v.Name, Pointer: p, Since: since})
				}
				walk(f.Type, p)
			}
		}
		walk(v.GoType(), prefix)
	}
	return out
}
