package fixlist

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/protocheck/protocheck/corpus/matrix"
	"github.com/protocheck/protocheck/validate"
)

// countingReader counts the bytes read through it.
type countingReader struct {
	io.ReadCloser
	n *int64
}

func (r countingReader) Read(p []byte) (int, error) {
	n, err := r.ReadCloser.Read(p)
	*r.n += int64(n)
	return n, err
}

// TestEvidenceReadOnce: the fix list reads a file of evidence lines once,
// however many items show a line of it (each item read the file from its
// start to its line: 200 items deep in a 0.84 MB file read 291 MB), and
// each item still shows its own line. The measure is bytes read, which
// the machine's load does not move.
func TestEvidenceReadOnce(t *testing.T) {
	const filler, items = 2000, 200
	var b strings.Builder
	result := `{"type":"result","subtype":"success","is_error":false,"duration_ms":1,"duration_api_ms":2,"num_turns":1,"result":"ok","total_cost_usd":0.01,"session_id":"00000000-0000-4000-8000-000000000001"`
	for range filler {
		b.WriteString(result + `,"usage":{"input_tokens":1,"output_tokens":1},"stop_reason":"end_turn","uuid":"00000000-0000-4000-8000-000000000002"}` + "\n")
	}
	// Line filler+1+i carries u_0 … u_i: each member on its own number of
	// lines, so that no two fold into one item, and first met at its own
	// line.
	for i := range items {
		b.WriteString(result)
		for j := range i + 1 {
			fmt.Fprintf(&b, ",\"u_%d\":1", j)
		}
		b.WriteString("}\n")
	}
	name := filepath.Join(t.TempDir(), "deep.jsonl")
	if err := os.WriteFile(name, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	ds, err := matrix.BuiltinDialects()
	if err != nil {
		t.Fatal(err)
	}
	m, err := matrix.RunMatrix(context.Background(), validate.Inputs([]string{name}, nil), ds, matrix.MatrixOptions{Sessions: true})
	if err != nil {
		t.Fatal(err)
	}
	var read int64
	defer func(old func(string) (io.ReadCloser, error)) { openEvidence = old }(openEvidence)
	openEvidence = func(name string) (io.ReadCloser, error) {
		f, err := os.Open(name)
		return countingReader{f, &read}, err
	}
	fl, err := Build(m, "rust", nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d bytes read for a file of %d bytes", read, b.Len())
	if read > 2*int64(b.Len()) {
		t.Errorf("the fix list read %d bytes of a %d-byte file: more than once through", read, b.Len())
	}
	shown := 0
	for _, it := range fl.Items {
		if n := strings.TrimPrefix(it.Pointer, "/u_"); n != it.Pointer && it.Evidence.File == name {
			if want := fmt.Sprintf(`"u_%s":1`, n); it.Evidence.Line != filler+1+atoi(t, n) || !strings.Contains(it.Evidence.Text, want) {
				t.Errorf("item %s: evidence line %d %q, want line %d with %s", it.Pointer, it.Evidence.Line, it.Evidence.Text, filler+1+atoi(t, n), want)
			}
			shown++
		}
	}
	if shown < items/2 {
		t.Errorf("%d items show their own line, want most of %d", shown, items)
	}
}

func atoi(t *testing.T, s string) int {
	t.Helper()
	var n int
	if _, err := fmt.Sscan(s, &n); err != nil {
		t.Fatal(err)
	}
	return n
}
