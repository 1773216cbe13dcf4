package fastpath

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
		if got := ColumnOf([]byte(line), tt.pointer); got != tt.want {
			t.Errorf("ColumnOf(%q) = %d, want %d", tt.pointer, got, tt.want)
		}
	}
	if got := ColumnOf([]byte("  [1, 2]"), "/1"); got != 7 {
		t.Errorf("array at the top, after spaces: column %d, want 7", got)
	}
}

// TestColumnsOnePass: Columns, which resolves every pointer of a line in
// one walk, agrees with ColumnOf, one pointer at a time, however the
// pointers share prefixes; what is not a pointer keeps its column.
func TestColumnsOnePass(t *testing.T) {
	line := `{"type":"result", "usage": {"a":1, "b" : [10, {"x":null}, "s\"]"]}, "k\/e~y":2, "dup":{"z":1}, "dup":{"y":[0,1]}, "u\u0073e":{}}`
	pointers := []string{"", "/type", "/usage", "/usage/a", "/usage/b", "/usage/b/0", "/usage/b/1", "/usage/b/1/x", "/usage/b/2",
		"/usage/b/3", "/usage/missing", "/missing", "/usage/b/01", "/usage/a/deeper", "/k~1e~0y", "/use", "/dup",
		"/dup/z", "/dup/y/1", "/dup/y/2/deep", "/usage/b/1/x/y/z", "/type/0", "/usage/b/x", "/usage/b/-1"}
	cols := make([]int, len(pointers)+1)
	cols[len(pointers)] = 99
	Columns([]byte(line), append(pointers, "type"), cols)
	for i, p := range pointers {
		if want := ColumnOf([]byte(line), p); cols[i] != want {
			t.Errorf("Columns: %q at column %d, ColumnOf says %d", p, cols[i], want)
		}
	}
	if got := cols[len(pointers)]; got != 99 {
		t.Errorf("the column of a non-pointer was changed to %d", got)
	}
}
