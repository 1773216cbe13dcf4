// Package protocol models the stream-json protocol of the Claude Code CLI as Go
// types: every message variant the CLI prints or reads, the content blocks and
// stream events inside them, and both directions of the control protocol.
//
// Variants lists the message variants; Unions lists the discriminated unions
// nested in them. Decode turns one NDJSON line into its variant's Go type.
// A line, block, event or control body of a kind the lists do not name
// decodes into an Unknown type that keeps it whole; that is never an error.
//
// # The Go model
//
// This package is the model the published JSON Schemas (package schemas,
// and the @protocheck/schemas package) are generated from, and the Go
// binding of the protocol: a Go program decodes a line with Decode and
// switches on the variant's type, as the package's README says. Of the Go
// generators from JSON Schema, none narrows (docs/codegen.md).
//
// # Fidelity
//
// Every struct that stands for a JSON object has an Extra field, which keeps
// the members the type does not model, so that Decode followed by
// json.Marshal gives back an equal object. The JSON methods that do this are
// generated into zz_json.go by internal/gen/genjson (go generate ./protocol).
//
// # The hand-written types and the generated layer
//
// The types are written by hand, except for what evidence alone decides,
// generated into zz_evidence.go by internal/gen/zodfacts -model (make
// evidence): each type that holds a variant embeds a <Type>Evidence struct
// with the members that the CLI's own schemas (zod.json), the captures, the
// probes or the member names its bundle writes (bundle.json) show on the
// variant and the hand-written type lacks, with struct, slice and map types
// for the objects, arrays and records below them that the schemas describe;
// and the variants the CLI's schemas show that the hand-written model lacks
// are generated whole (Variant.Generated: the Go type holds the
// discriminators and embeds its <Type>Evidence). Generated members are
// optional, tagged undeclared since the first release that shows them
// (unless an sdk.d.ts declares them), and typed from the strongest evidence
// (captures and probes over schemas over names; json.RawMessage where the
// evidence does not agree on one kind); a string the schemas list the
// values of is an enum, each value with its window (EnumValues, EnumsIn).
// What the evidence cannot decide (required members, the meaning of
// free-form JSON, descriptions) is written by hand;
// internal/gen/zodfacts/descriptions.txt holds the descriptions of
// generated members, internal/gen/bundlefacts/exceptions.txt the bundle's
// false positives.
//
// # Field conventions
//
// The struct tags state the protocol's contract; package reflect turns them
// into JSON Schemas, and tests check that they agree with each other.
//
//   - A required member is tagged `json:"name" jsonschema:"required"`, with no
//     omitempty or omitzero: the member is always written, even when zero.
//   - An optional member is tagged `json:"name,omitzero"` and never
//     "required". A member sent as its zero value survives a round trip
//     through Extra.
//   - A member that may be null adds "nullable" to its jsonschema tag; its Go
//     type must be able to hold null (pointer, slice, map or json.RawMessage).
//   - A member whose value is free-form JSON is a json.RawMessage.
//   - A string member with a closed set of values either has a named type with
//     an EnumValues method or lists them with enum= in its jsonschema tag.
//   - Counts and milliseconds are int64; costs and fractional values float64.
//   - The discriminators ("type", "subtype") are plain strings; the schemas
//     pin them to the values in Variants and Unions.
//   - A `since:"version"` tag marks a member the protocol requires at Version
//     that older CLIs omit. It is optional in the model; the version facts
//     (Facts, evidence windows derived from the captures, past sdk.d.ts
//     releases and the CLI's bundle by internal/gen/versionfacts) make it
//     required in the schema sets of the versions that always send it
//     (VersionSets, MembersIn), as they make optional the required members
//     older versions omit, and optional where nothing is known.
//   - A "//protocheck:message" line in a type's doc comment makes genjson
//     write its Kind method; "//protocheck:member Union" makes it write the
//     union's discriminator method.
package protocol

//go:generate go run ../internal/gen/genjson
