// Package validate checks NDJSON transcripts of the Claude Code CLI's
// stream-json protocol: it reads them line by line, sends each line to the
// JSON Schema of its variant (by "type" and subtype) and reports every
// problem as a Finding with a file, line, JSON Pointer and a stable rule ID
// (see Rules).
//
// Imports flow one way: cmd/protocheck → internal/cli → corpus → validate →
// schemas. This package never imports cobra or the CLI.
package validate
