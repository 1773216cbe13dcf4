// Package dialects holds the built-in dialects of protocheck corpus run, as
// data: one folder each, with dialect.json (name, sources, unknown-input
// policy), a schema set under schemas/ and, for the dialects that write to
// the CLI, writes.json. See README.md for the layout and how to add one.
//
// The folders of the Go-modelled dialects are also Go packages (spec02,
// goat, tsdocs, python, rust): their types are the model, and
// internal/gen/schemagen reflects them into the schema sets committed here.
// ts-sdk is generated from the real sdk.d.ts by tssdk/gen (make
// dialect-ts-sdk).
package dialects
