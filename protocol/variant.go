package protocol

import (
	"fmt"
	"reflect"
	"sync"
)

// Version is the Claude Code CLI version whose protocol these types describe:
// every entry in Variants was checked against it.
const Version = "2.1.332"

// SDKVersion is the @anthropic-ai/claude-agent-sdk release that ships the CLI
// of Version and the TypeScript types (sdk.d.ts) the Go types were read from.
const SDKVersion = "0.3.331"

// Direction says which side of the pipe writes a variant.
type Direction uint8

const (
	// CLIToSDK marks what the CLI prints on its stdout.
	CLIToSDK Direction = iota + 1
	// SDKToCLI marks what an SDK writes to the CLI's stdin.
	SDKToCLI
	// Both marks what either side may write.
	Both
)

// String returns "cli", "sdk" or "both": the side that writes.
func (d Direction) String() string {
	switch d {
	case CLIToSDK:
		return "cli"
	case SDKToCLI:
		return "sdk"
	case Both:
		return "both"
	}
	return fmt.Sprintf("Direction(%d)", uint8(d))
}

// WrittenBy reports whether side (CLIToSDK or SDKToCLI) may write the variant.
func (d Direction) WrittenBy(side Direction) bool { return d == Both || d == side }

// Kind holds the discriminators of a message as they appear on the wire: the
// top-level "type" and, for the types that have one, the subtype. The subtype
// of a control_request is request.subtype and that of a control_response is
// response.subtype; for system and result it is the top-level "subtype".
type Kind struct {
	Type    string
	Subtype string
}

// String returns "type" or "type/subtype".
func (k Kind) String() string {
	if k.Subtype == "" {
		return k.Type
	}
	return k.Type + "/" + k.Subtype
}

// SubtypePath returns the JSON Pointer of the member that holds the subtype of
// messages of type typ, or "" when the type has no subtype.
func SubtypePath(typ string) string {
	switch typ {
	case "system", "result":
		return "/subtype"
	case "control_request":
		return "/request/subtype"
	case "control_response":
		return "/response/subtype"
	}
	return ""
}

// A Message is one decoded line of the protocol: one of the types listed in
// Variants, or *Unknown.
type Message interface {
	// Kind returns the message's discriminators.
	Kind() Kind
}

// A Variant is one shape of message on the wire, selected by its
// discriminators. Each variant has its own JSON Schema.
type Variant struct {
	// Name identifies the variant in schema file names, findings and the
	// index: "type", "type.subtype", or, for the replayed user message,
	// "user.replay". It never changes once published.
	Name string
	// Type is the value of the top-level "type" member.
	Type string
	// Subtype is the value of the member at SubtypePath(Type), or "" for a
	// type without subtypes.
	Subtype string
	// Marker, when set, names a top-level member whose value must be true for
	// this variant to apply ("isReplay" tells a replayed user message from a
	// plain one; both have type "user" and no subtype).
	Marker string
	// New returns a pointer to a new zero value of the variant's Go type. For
	// control_request and control_response variants the Go type is the body
	// held in the request or response member; the envelope is ControlRequest
	// or ControlResponse.
	New func() any
	// Direction says which side writes the variant.
	Direction Direction
	// Checked is the CLI version the variant's fields were checked against.
	Checked string
	// Doc is a one-line description.
	Doc string
	// Generated marks a variant the hand-written model lacks that the CLI's
	// own schemas (zod.json) show: it and its Go type are generated into
	// zz_evidence.go by internal/gen/zodfacts -model, like the members of
	// the generated layer.
	Generated bool
}

// Kind returns the variant's discriminators.
func (v *Variant) Kind() Kind { return Kind{Type: v.Type, Subtype: v.Subtype} }

// GoType returns the variant's Go struct type.
func (v *Variant) GoType() reflect.Type { return reflect.TypeOf(v.New()).Elem() }

// Envelope returns the name of the member that holds the variant's Go type
// ("request" or "response"), or "" when the Go type is the whole message.
func (v *Variant) Envelope() string {
	switch v.Type {
	case "control_request":
		return "request"
	case "control_response":
		return "response"
	}
	return ""
}

// Lookup returns the variant with the given discriminators, or nil. A
// replayed user message is found with replay set.
func Lookup(typ, subtype string, replay bool) *Variant {
	idx := variantIndex()
	return idx[lookupKey{typ, subtype, replay && typ == "user"}]
}

// ByName returns the variant named name, or nil.
func ByName(name string) *Variant {
	for _, v := range Variants {
		if v.Name == name {
			return v
		}
	}
	return nil
}

type lookupKey struct {
	typ, subtype string
	replay       bool
}

var variantIndex = sync.OnceValue(func() map[lookupKey]*Variant {
	m := make(map[lookupKey]*Variant, len(Variants))
	for _, v := range Variants {
		k := lookupKey{v.Type, v.Subtype, v.Marker != ""}
		if _, dup := m[k]; dup {
			panic("protocol: duplicate variant " + v.Name)
		}
		m[k] = v
	}
	return m
})
