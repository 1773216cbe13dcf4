package jsonptr

import "strings"

// Escape escapes a key for a JSON Pointer token: ~ as ~0, / as ~1.
func Escape(key string) string {
	return strings.ReplaceAll(strings.ReplaceAll(key, "~", "~0"), "/", "~1")
}

// AnyIndex writes the array indexes of a JSON Pointer as *. A pointer alone
// cannot tell an index from a member named "0"; no member of the protocol
// has such a name.
func AnyIndex(pointer string) string {
	if !strings.ContainsAny(pointer, "0123456789") {
		return pointer
	}
	tokens := strings.Split(pointer, "/")
	for i, tok := range tokens {
		if tok != "" && strings.Trim(tok, "0123456789") == "" {
			tokens[i] = "*"
		}
	}
	return strings.Join(tokens, "/")
}
