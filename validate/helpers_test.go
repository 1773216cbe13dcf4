package validate

import (
	"bytes"
	"os"
	"testing"
)

// eachLine calls fn with every line of the files that is not blank, with
// its file and 1-based number.
func eachLine(t *testing.T, files []string, fn func(file string, n int, line []byte)) {
	t.Helper()
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for l := range bytes.SplitSeq(data, []byte("\n")) {
			n++
			if len(bytes.TrimSpace(l)) > 0 {
				fn(f, n, l)
			}
		}
	}
}

// nonBlankLines returns the lines of the files that are not blank.
func nonBlankLines(t *testing.T, files []string) [][]byte {
	t.Helper()
	var out [][]byte
	eachLine(t, files, func(_ string, _ int, l []byte) { out = append(out, l) })
	return out
}
