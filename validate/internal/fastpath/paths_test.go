package fastpath

import (
	"bytes"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestPathsAt: the pointer of the value at each offset, through members
// (escaped names unescaped, a repeated name at each of its places) and
// items, in one call; offsets where no value starts give nil.
func TestPathsAt(t *testing.T) {
	line := []byte(`{"a":[1,{"b\/c":"x","d":[[],{"e":null}]}],"a":true, "f" : {"g":"h"}}`)
	at := func(sub string, n int) int {
		i := -1
		for range n {
			i += 1 + bytes.Index(line[i+1:], []byte(sub))
		}
		return i
	}
	starts := []int{0, at(`[1`, 1), at(`1,`, 1), at(`"x"`, 1), at(`{"e"`, 1), at(`null`, 1), at(`true`, 1), at(`{"g"`, 1), at(`"h"`, 1), at(`b\/c`, 1), len(line) - 1}
	want := [][]string{{}, {"a"}, {"a", "0"}, {"a", "1", "b/c"}, {"a", "1", "d", "1"}, {"a", "1", "d", "1", "e"}, {"a"}, {"f"}, {"f", "g"}, nil, nil}
	got := PathsAt(line, starts)
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("PathsAt (-want +got):\n%s", diff)
	}
}
