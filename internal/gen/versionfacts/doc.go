// Command versionfacts derives the protocol's version facts (protocol.Facts:
// since which CLI version each variant and member exists, and since which
// the CLI always sends it) from evidence, and writes them into
// protocol/zz_versions.go. `make versionfacts` runs it; with -check it
// writes nothing and exits 1 when the committed table is stale.
//
// The evidence, oldest version first:
//
//   - the captures of every pinned CLI, corpus/captures/<version>/*.jsonl:
//     which members each variant's lines carry, and whether every line
//     carries them;
//
//   - sdk.json beside this file: the members that the sdk.d.ts of every
//     published release that ships one declares, required or optional
//     (@anthropic-ai/claude-code up to 2.0.x, every
//     @anthropic-ai/claude-agent-sdk). `-walk` updates it with walk/walk.mjs,
//     which fetches the releases sdk.json lacks with npm pack (not run in
//     CI; its output is committed).
//
//   - bundle.json beside this file, when present: per release, the members
//     the CLI's own bundle writes on each output variant.
//
//   - zod.json beside this file, when present: per release, the members of
//     the schemas the CLI's own bundle validates each message with
//     (internal/gen/zodfacts).
//
// How facts follow from the evidence (see derive), as windows:
//   - Since is the first version that shows the member: a capture carries
//     it, an sdk.d.ts declares it, the bundle writes it, or the bundle's
//     schema of the variant has it.
//   - AbsentThrough is the last version before Since whose captures prove
//     it absent: captured parents without it, when the first capture that
//     has it sends it in every captured parent (a member sent in some runs
//     only, as structured_output, proves nothing by its absence). An
//     sdk.d.ts, a bundle or a schema that does not name a member proves
//     nothing: the CLI prints many members sdk.d.ts never declares.
//   - Between the two nothing is known: the schema sets take the member as
//     optional there, and validate's strict profile says `unproven`.
//   - Required is decided for the members the model requires or tags
//     since:"…": the first rung from which every rung that captured the
//     member's parent carries it in every parent, through the newest. A
//     member the newest captures do not always carry is never required;
//     one no capture shows keeps the model's word from Since.
package main
