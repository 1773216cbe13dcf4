// Package conform checks the rules of the stream-json protocol that span
// lines: session ids, tool calls and their results, turns and their result,
// streamed deltas against the message they build, control requests and
// their responses, hooks and tasks. validate feeds it the facts of each
// line in input order (Checker.Line, on its collector), read on its
// workers from where the scan that checked the line found the members
// (Facts.FromCaptures), or by a walk of the line when the scan did not
// accept it (Facts.Extract); every rule is derived from what the real CLI
// prints.
package conform
