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
