// Command protocheck checks transcripts of the Claude Code CLI's stream-json
// protocol against JSON Schemas generated from Go types. See the README and
// `protocheck help`.
package main
