// Package reflect generates the protocol's JSON Schemas (draft 2020-12) from
// the Go types of package protocol, with github.com/invopop/jsonschema.
//
// It writes one schema per entry of protocol.Variants and per Profile, a
// union schema (protocol.schema.json) whose oneOf refers to every variant,
// and index.json, which lists the variants and their files.
//
// The shape is one code generators (json-schema-to-typescript, quicktype)
// and ajv's strict mode understand: each variant's definition pins its
// discriminators with consts, unions (the message union, content blocks,
// stream events and deltas, control bodies) are oneOfs of references, a
// $ref never has siblings (an allOf of one holds it instead), and a member
// that may be anything lists every JSON type. In the tolerant profile each
// union has one more branch, Unknown<Name>, for values the protocol does
// not list. The validator reads the same files through schemas.Lower, which
// turns each union back into the if/then dispatch on its discriminator.
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
