package goat

// ContentBlock is one element of an assistant message's content. The notes
// draw a single ContentBlock struct whose "type" is text, tool_use or
// thinking and group its other fields by kind; this package gives each
// group its own struct, so that a block of another kind is an unknown member
// of the ContentBlock union. The notes also say the blocks always come in
// the order thinking, text, tool_use; a schema cannot state that.
type ContentBlock interface {
	goatBlock()
}

// TextBlock is the text group of Goat's ContentBlock.
type TextBlock struct {
	// Type is "text".
	Type string `json:"type" jsonschema:"required"`
	// Text is the generated text.
	Text string `json:"text" jsonschema:"required"`
}

// ToolUseBlock is the tool-use group of Goat's ContentBlock.
type ToolUseBlock struct {
	// Type is "tool_use".
	Type string `json:"type" jsonschema:"required"`
	// ID identifies the call (the notes' example: "call_abc123").
	ID string `json:"id" jsonschema:"required"`
	// Name names the tool, e.g. "Bash".
	Name string `json:"name" jsonschema:"required"`
	// Input holds the tool's arguments; a map[string]any in the notes.
	Input map[string]any `json:"input" jsonschema:"required"`
}

// ThinkingBlock is the thinking group of Goat's ContentBlock. Unlike the
// wire's thinking block it has no signature.
type ThinkingBlock struct {
	// Type is "thinking".
	Type string `json:"type" jsonschema:"required"`
	// Thinking is the model's reasoning text.
	Thinking string `json:"thinking" jsonschema:"required"`
}

func (*TextBlock) goatBlock()     {}
func (*ToolUseBlock) goatBlock()  {}
func (*ThinkingBlock) goatBlock() {}
