package protocol

// SlashCommand is declared here only until this branch meets main, where
// control_payloads.go declares the same type; delete this file then.

// SlashCommand is one slash command or skill.
type SlashCommand struct {
	// Name is the command's name, without the slash.
	Name string `json:"name" jsonschema:"required"`
	// Description says what the command does.
	Description string `json:"description" jsonschema:"required"`
	// ArgumentHint hints at the command's arguments; it may be empty.
	ArgumentHint string `json:"argumentHint" jsonschema:"required"`
	// Aliases lists other names of the command.
	Aliases []string `json:"aliases,omitzero"`
	// Builtin is true for the CLI's own commands.
	Builtin bool `json:"builtin,omitzero"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}
