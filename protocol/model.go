package protocol

// A Model is one dialect's idea of the protocol: the message variants it
// reads or writes, the unions nested in them, the control envelopes that
// wrap its control bodies, and examples of what it writes to the CLI.
type Model struct {
	// Name is the dialect's name: "spec02", "goat", "ts-docs", "python",
	// "rust".
	Name string
	// Doc is a one-line description of the dialect.
	Doc string
	// Variants lists the messages the dialect knows, with their
	// discriminators as this dialect reads them.
	Variants []*Variant
	// Unions lists the discriminated unions nested in its messages (content
	// blocks, ...).
	Unions []*Union
	// Envelopes lists the control envelopes, for dialects whose control
	// variants model only the body held in request or response.
	Envelopes []Envelope
	// Examples lists what the dialect writes to the CLI's stdin, built with
	// its own types.
	Examples []Example
}

// An Envelope is the frame around a control body: a control_request's
// request member or a control_response's response member.
type Envelope struct {
	// Type is "control_request" or "control_response".
	Type string
	// Member is "request" or "response": the member that holds the variant's
	// Go type.
	Member string
	// New returns a pointer to a new zero value of the envelope's Go type,
	// which has the Type, the RequestID and the member.
	New func() any
}

// An Example is one message a dialect writes to the CLI's stdin.
type Example struct {
	// Name says what the example is, e.g. "can_use_tool allow reply".
	Name string
	// Source says where the dialect's source shows it, e.g. "seed 002
	// §Control protocol".
	Source string
	// Value is a value of the dialect's own Go types; json.Marshal gives one
	// NDJSON line.
	Value any
}
