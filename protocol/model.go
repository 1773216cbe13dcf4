package protocol

// A Model is one dialect's idea of the protocol: the message variants it
// knows, with their discriminators as that dialect reads them, the unions
// nested in them, and the lines it writes to the CLI's stdin. Package reflect
// turns a Model into JSON Schemas.
type Model struct {
	// Name is the dialect's name: "spec02", "goat", "ts-docs", "python",
	// "rust".
	Name string
	// Doc is a one-line description.
	Doc string
	// Variants lists the messages the dialect knows, with discriminators as
	// this dialect reads them.
	Variants []*Variant
	// Unions lists the discriminated unions nested in messages (content
	// blocks, ...).
	Unions []*Union
	// Envelopes lists the control envelopes, for control variants whose Go
	// type models only the body.
	Envelopes []Envelope
	// Examples lists what the dialect writes to the CLI's stdin, built with
	// its own types.
	Examples []Example
}

// An Envelope is the outer object of a control message whose variants model
// only the body.
type Envelope struct {
	// Type is "control_request" or "control_response".
	Type string
	// Member is "request" or "response": the member that holds the variant's
	// Go type.
	Member string
	// New returns a pointer to a new zero value of the envelope's Go type,
	// which has Type, RequestID and the member.
	New func() any
}

// An Example is one line a dialect writes to the CLI's stdin.
type Example struct {
	// Name says what the line is, e.g. "can_use_tool allow reply".
	Name string
	// Source says where the dialect's source shows it, e.g.
	// "seed 002 §Control protocol".
	Source string
	// Value is a value of the dialect's own Go types; json.Marshal gives one
	// NDJSON line.
	Value any
}
