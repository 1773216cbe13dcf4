// Command zodfacts reads the schemas each Claude Code CLI release validates
// its stream-json messages with (zod, or the zod-like library of later
// releases) and keeps their names and shapes per release in
// internal/gen/versionfacts/zod.json: evidence for the version facts and
// for the model (see protocol/zz_evidence.go), compared in docs/zod.md.
// With -model it generates the part of the model that evidence decides
// (protocol/zz_evidence.go, and a sample line of each generated variant in
// protocol/testdata/samples): the variants and members the hand-written
// types lack, the types of what lies below them, and their enums with the
// window of each value (see evidence.go).
// `make zodfacts` runs it on every CLI installed under .cache/cli; it keeps
// the entries of releases not installed, so one more rung is one more run.
//
//	go run ./internal/gen/zodfacts [-cli-dir .cache/cli] [FOLDER...]
//	go run ./internal/gen/zodfacts -docs > docs/zod.md
//	go run ./internal/gen/zodfacts -model [-check]
//
// A FOLDER is an npm install of one release (see internal/gen/cliinstall).
// ../bundlefacts/extract/zod.mjs parses its JavaScript with the acorn that
// bundlefacts pins and evaluates the schema call chains by their shape
// (the helpers are renamed in every release); only member names, kinds,
// literal and enum values, optional, nullable and default are kept.
package main
