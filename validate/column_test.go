package validate

import (
	"strings"
	"testing"
)

func TestColumnOf(t *testing.T) {
	line := `{"type":"result", "usage": {"a":1, "b" : [10, {"x":null}, "s\"]"]}, "k\/e~y":2, "dup":1, "dup":2, "u\u0073e":{}}`
	at := func(sub string) int { return strings.Index(line, sub) + 1 }
	tests := []struct {
		pointer string
		want    int
	}{
		{"", 0},
		{"/type", at(`"type"`)},
		{"/usage", at(`"usage"`)},
		{"/usage/a", at(`"a"`)},
		{"/usage/b", at(`"b"`)},
		{"/usage/b/0", at(`10`)},
		{"/usage/b/1", at(`{"x"`)},
		{"/usage/b/1/x", at(`"x"`)},
		{"/usage/b/2", at(`"s\"]"`)},
		// Past the end of what the line has: the deepest value that exists.
		{"/usage/b/3", at(`"b"`)},
		{"/usage/missing", at(`"usage"`)},
		{"/missing", 1},
		{"/usage/b/01", at(`"b"`)},
		{"/usage/a/deeper", at(`"a"`)},
		// Escapes in the pointer and in the line's member names.
		{"/k~1e~0y", at(`"k\/e~y"`)},
		{"/use", at(`"u\u0073e"`)},
		// A repeated name: the last one, which readers keep.
		{"/dup", strings.LastIndex(line, `"dup"`) + 1},
	}
	for _, tt := range tests {
		if got := columnOf([]byte(line), tt.pointer); got != tt.want {
			t.Errorf("columnOf(%q) = %d, want %d", tt.pointer, got, tt.want)
		}
	}
	if got := columnOf([]byte("  [1, 2]"), "/1"); got != 7 {
		t.Errorf("array at the top, after spaces: column %d, want 7", got)
	}
}

// TestColumnsOnePass: columns, which resolves every pointer of a line in
// one walk, agrees with columnOf, one pointer at a time, however the
// pointers share prefixes; findings that have a column keep it.
func TestColumnsOnePass(t *testing.T) {
	line := `{"type":"result", "usage": {"a":1, "b" : [10, {"x":null}, "s\"]"]}, "k\/e~y":2, "dup":{"z":1}, "dup":{"y":[0,1]}, "u\u0073e":{}}`
	pointers := []string{"", "/type", "/usage", "/usage/a", "/usage/b", "/usage/b/0", "/usage/b/1", "/usage/b/1/x", "/usage/b/2",
		"/usage/b/3", "/usage/missing", "/missing", "/usage/b/01", "/usage/a/deeper", "/k~1e~0y", "/use", "/dup",
		"/dup/z", "/dup/y/1", "/dup/y/2/deep", "/usage/b/1/x/y/z", "/type/0", "/usage/b/x", "/usage/b/-1"}
	var fs []Finding
	for _, p := range pointers {
		fs = append(fs, Finding{Pointer: p})
	}
	fs = append(fs, Finding{Pointer: "/type", Column: 99})
	columns([]byte(line), fs)
	for i, p := range pointers {
		if want := columnOf([]byte(line), p); fs[i].Column != want {
			t.Errorf("columns: %q at column %d, columnOf says %d", p, fs[i].Column, want)
		}
	}
	if got := fs[len(fs)-1].Column; got != 99 {
		t.Errorf("a finding's own column was changed to %d", got)
	}
}
