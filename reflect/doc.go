// Package reflect generates the protocol's JSON Schemas (draft 2020-12) from
// the Go types of package protocol, with github.com/invopop/jsonschema.
//
// It writes one schema per entry of protocol.Variants and per Profile, a
// union schema (protocol.schema.json) that dispatches on the discriminators
// with if/then, and index.json, which lists the variants and their files.
// The struct tags of the protocol types state what is required and what may
// be null (see the protocol package's field conventions); descriptions come
// from the types' doc comments. Output is byte-for-byte deterministic.
//
// The generated files live in package schemas, which embeds them. Only the
// generator (internal/gen/schemagen, run by make schemas) and this package's
// tests use this package; the validator reads the embedded files.
//
// The folder is named reflect, as the project's layout asks; inside it the
// standard library's reflect is imported as stdreflect.
package reflect
