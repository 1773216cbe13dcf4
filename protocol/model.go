package protocol

// A Model is one dialect's idea of the protocol: the message variants it
// knows, the unions nested in them, the control envelopes that hold its
// control bodies, and the lines it writes to the CLI's stdin. Package
// protocol's own lists describe the real wire; each dialect package under
// corpus/dialects declares a Model of its own types.
type Model struct {
	// Name is the dialect's name: "spec02", "goat", "ts-docs", "python",
	// "rust".
	Name string
	// Doc is a one-line description.
	Doc string
	// Variants lists the messages the dialect knows, with the discriminators
	// as this dialect reads them.
	Variants []*Variant
	// Unions lists the discriminated unions nested in the messages (content
	// blocks, ...).
	Unions []*Union
	// Envelopes lists the control envelopes, for dialects whose control
	// variants model only the body held in the request or response member.
	Envelopes []Envelope
	// Examples lists what the dialect writes to the CLI's stdin, built with
	// its own Go types.
	Examples []Example
}

// An Envelope is the Go type of a control frame whose variants model only
// the body held in one of its members.
type Envelope struct {
	// Type is "control_request" or "control_response".
	Type string
	// Member is "request" or "response": the member that holds the variant's
	// Go type.
	Member string
	// New returns a pointer to a new zero value of the envelope's Go type,
	// which has the type, the request_id (where the dialect puts it) and
	// the member.
	New func() any
}

// An Example is one line a dialect writes to the CLI's stdin.
type Example struct {
	// Name says what the line is, such as "can_use_tool allow reply".
	Name string
	// Source says where the dialect's source shows the line, such as
	// "seed 002 §Control protocol".
	Source string
	// Value is a value of the dialect's own Go types; json.Marshal of it
	// gives one NDJSON line.
	Value any
}
