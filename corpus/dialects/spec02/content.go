package spec02

// ContentBlock is a content block inside BetaMessage.content (seed §4.4).
//
// The seed has one flat struct for all kinds: a type string plus the members
// of text, tool_use and thinking, each with omitempty, and a MarshalJSON that
// writes only the members of the block's kind. This package splits that
// struct into one type per kind, following the seed's invariants ("text" has
// text; "tool_use" has id, name and input; "thinking" has thinking) and its
// MarshalJSON cases. A block of any other kind still decodes into the seed's
// struct (its type kept, with any member the flat struct happens to share;
// the rest lost) and is written back by the fallback case: the "raw" block
// policy.
type ContentBlock interface {
	contentBlock()
}

// TextBlock is a block of text.
type TextBlock struct {
	// Type is "text".
	Type string `json:"type" jsonschema:"required"`
	// Text is the text. Required: the seed's invariant says it is set, and
	// its MarshalJSON always writes it.
	Text string `json:"text" jsonschema:"required"`
}

// ToolUseBlock is a tool call.
type ToolUseBlock struct {
	// Type is "tool_use".
	Type string `json:"type" jsonschema:"required"`
	// ID identifies the call ("toolu_…" or "call_…").
	ID string `json:"id" jsonschema:"required"`
	// Name names the tool.
	Name string `json:"name" jsonschema:"required"`
	// Input holds the parsed arguments. The seed's MarshalJSON writes it
	// without omitempty, so a nil map is written as null.
	Input map[string]any `json:"input" jsonschema:"required,nullable"`
}

// ThinkingBlock is the model's reasoning. The seed has no signature member.
type ThinkingBlock struct {
	// Type is "thinking".
	Type string `json:"type" jsonschema:"required"`
	// Thinking is the reasoning text.
	Thinking string `json:"thinking" jsonschema:"required"`
}

func (*TextBlock) contentBlock()     {}
func (*ToolUseBlock) contentBlock()  {}
func (*ThinkingBlock) contentBlock() {}
