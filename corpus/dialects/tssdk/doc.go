// Package tssdk holds the ts-sdk dialect: the stream-json protocol as the
// TypeScript Agent SDK (@anthropic-ai/claude-agent-sdk) declares it in its
// sdk.d.ts, as a schema set protocheck's validator loads.
//
// Unlike the Go-modelled dialects, its schemas are not reflected from Go
// types: gen/generate.mjs renders them mechanically from the pinned SDK's
// sdk.d.ts with ts-json-schema-generator (make dialect-ts-sdk; the versions
// are pinned in gen/package.json and gen/package-lock.json). The files are
//
//	dialect.json                          name, sources, unknown-input policy
//	schemas/index.json                    the variants (schemas.Index)
//	schemas/tolerant/protocol.schema.json one $defs entry per wire variant
//
// What the schemas keep from the TS types, on purpose: every member the
// types require stays required, including `T | null` members the CLI leaves
// out (BetaMessage.container, stop_details, ...), so those lines are
// rejected: that is drift between the SDK's types and its own CLI. Objects
// are open, as the TS runtime keeps members it does not know; protocheck
// counts unknown members separately. A union of object types told apart by a
// literal member (content blocks, stream events, deltas, control bodies) is
// a dispatch on that member, so an unknown kind passes the schema and is
// reported as unknown.
//
// What the generator gets wrong and generate.mjs patches: NonNullableUsage
// (result usage), whose members it renders with null kept and string
// literals and arrays as empty objects, is recomputed from BetaUsage with
// null removed; JSONRPCMessage (the mcp_message body), a type inferred from a
// zod schema that the generator cannot evaluate, is rendered from that zod
// schema.
//
// Unknown-input policy (dialect.json): raw for type, subtype, block and
// member. The SDK's transport JSON.parses each stdout line and yields every
// object that is not a control frame unvalidated (DIALECTS.md §1.1).
//
// The package has no Go code of its own; its test loads the schema set into
// package validate and runs it over the 2.1.330 captures.
package tssdk
