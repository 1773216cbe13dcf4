// Package fastpath is validate's fast path: it checks a line against the
// protocol's schemas in one pass over its bytes, without building a tree,
// and says only "valid" or "not sure"; a line it is not sure of goes to
// santhosh-tekuri/jsonschema, which has the last word.
//
//   - program.go compiles a Program from a schema document: one Node per
//     schema, with unions on a discriminator turned into dispatch tables.
//   - peek.go reads a line's discriminators (Peek) in a light pass.
//   - scan.go checks a line against a Node (Scanner.Check) and returns one
//     Result: syntax, verdict, and what tolerant validation reports
//     (undeclared members, unknown kinds, duplicate keys, integers).
//   - capture.go marks members in a program (Mark) for the scan to note
//     where they lie (Result.Captures), so that a reader of a few members
//     of a valid line need not walk it again.
//   - column.go finds the column of the value a JSON Pointer names.
//   - lex.go is the string reader and value skipper they all share.
package fastpath
