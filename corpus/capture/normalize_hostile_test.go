package capture

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// An id member's value of megabytes was joined into a regular expression
// that was too large to compile: a panic.
func TestNormalizeHugeID(t *testing.T) {
	id := strings.Repeat("a", 4<<20)
	in := `{"type":"system","subtype":"hook_started","hook_id":"` + id + `"}` + "\n" +
		`{"type":"system","subtype":"x","output_file":"/tmp/x/` + id + `.out"}` + "\n"
	out, err := (&Normalizer{}).Transcript([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	want := `{"type":"system","subtype":"hook_started","hook_id":"id_0001"}` + "\n" +
		`{"type":"system","subtype":"x","output_file":"/tmp/x/id_0001.out"}` + "\n"
	if string(out) != want {
		t.Errorf("Transcript(4 MB id) = %.200q, want %q", out, want)
	}
}

// Ids are replaced as whole tokens: an id that is part of a placeholder
// (a uuid's), or of a longer token, stays.
func TestNormalizeIDTokens(t *testing.T) {
	n := &Normalizer{}
	got := normalizeLines(t, n,
		`{"type":"system","subtype":"hook_started","hook_id":"000000","session_id":"4541d1c6-9aa6-4505-81c0-7336c30be556"}`,
		`{"type":"system","subtype":"x","uuid":"072afa08-2bb3-4a3d-b150-dc92a5738d13","a":"/p/000000/q","b":"x000000","c":"000000.log 000000_x","d":"abc-000000"}`,
	)
	for _, k := range []string{"session_id", "uuid"} {
		for _, m := range got {
			if v, ok := m[k].(string); ok && !uuidRe.MatchString(v) {
				t.Errorf("%s = %q: not a uuid (the id 000000 was replaced inside it)", k, v)
			}
		}
	}
	wantVals := map[string]string{"a": "/p/id_0001/q", "b": "x000000", "c": "id_0001.log 000000_x", "d": "abc-000000"}
	for k, want := range wantVals {
		if got := got[1][k]; got != want {
			t.Errorf("%s = %q, want %q", k, got, want)
		}
	}
}

// normalizeCPU is the thread CPU time of normalising a transcript with
// ids distinct id members and strings of about the same total size.
func normalizeCPU(t *testing.T, ids int) time.Duration {
	t.Helper()
	var b strings.Builder
	filler := strings.Repeat("some text of a tool's output ", 10)
	for i := 0; b.Len() < 1<<20; i++ {
		fmt.Fprintf(&b, `{"type":"system","subtype":"hook_response","hook_id":"%x","output":%q,"stdout":%q}`+"\n", 0xa0000000+(i%ids)*0x9e3779b1%0x5fffffff, filler, filler)
	}
	data := []byte(b.String())
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	start, ok := threadCPU()
	if !ok {
		t.Skip("no thread CPU clock here")
	}
	if _, err := (&Normalizer{}).Transcript(data); err != nil {
		t.Fatal(err)
	}
	end, _ := threadCPU()
	return end - start
}

// The cost of the id rewrite does not grow with the number of ids times
// the bytes of the strings: 2,000 ids cost about what 20 do (it was some
// 50 times as much). A CPU-time ratio, with a wide margin.
func TestNormalizeIDCostLinear(t *testing.T) {
	if testing.Short() {
		t.Skip("-short")
	}
	few, many := normalizeCPU(t, 20), normalizeCPU(t, 2000)
	few = min(few, normalizeCPU(t, 20))
	many = min(many, normalizeCPU(t, 2000))
	t.Logf("20 ids: %v, 2000 ids: %v", few, many)
	if many > 4*few {
		t.Errorf("2,000 ids cost %v of CPU, 20 ids %v: more than 4 times as much", many, few)
	}
}

// TestTranscriptContextStops: a normalisation whose context ends returns
// the context's cause and nothing else.
func TestTranscriptContextStops(t *testing.T) {
	ctx, cancel := context.WithCancelCause(context.Background())
	stop := errors.New("stop")
	cancel(stop)
	data := []byte(strings.Repeat(`{"type":"keep_alive"}`+"\n", 1000))
	if out, err := (&Normalizer{}).TranscriptContext(ctx, data); out != nil || !errors.Is(err, stop) {
		t.Errorf("TranscriptContext(ended) = %d bytes, %v; want nothing and the cause", len(out), err)
	}
	c := &Capture{Session: []SessionLine{{Line: []byte(`{"type":"keep_alive"}`)}}}
	if out, err := c.DuplexContext(ctx, false); out != nil || !errors.Is(err, stop) {
		t.Errorf("DuplexContext(ended) = %d bytes, %v; want nothing and the cause", len(out), err)
	}
}

// TestNormalizeMemoryPerValue: what a normaliser keeps of each distinct
// value it replaced is a small fixed size, not a copy of the value and its
// placeholder: 60,000 lines of a message id, a uuid, a timestamp, a
// tool_use_id (an id also replaced inside strings) and a duration each
// (300,000 values) leave under 48 bytes a value on the heap (31 here; it
// was 143: every placeholder was remembered beside its value, the ids
// twice more, the numbers as strings; 275 a round earlier). The measure is
// the live heap after a collection, which the machine's load does not move.
func TestNormalizeMemoryPerValue(t *testing.T) {
	const lines, values = 60_000, 5
	n := &Normalizer{}
	line := func(i int) []byte {
		return fmt.Appendf(nil, `{"type":"assistant","message":{"id":"msg_%08d","content":[]},"uuid":"%08x-2bb3-4a3d-b150-dc92a5738d13","timestamp":"2026-11-22T03:49:53.%06dZ","tool_use_id":"call%010d","duration_ms":%d}`, i, i, i, i, i+1)
	}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	for i := range lines {
		if err := n.ScanIDs(i+1, line(i)); err != nil {
			t.Fatal(err)
		}
	}
	for i := range lines {
		if _, err := n.Line(i+1, line(i)); err != nil {
			t.Fatal(err)
		}
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	per := (int64(after.HeapAlloc) - int64(before.HeapAlloc)) / (values * lines)
	runtime.KeepAlive(n)
	t.Logf("%d bytes a value", per)
	if per > 48 {
		t.Errorf("the normaliser keeps %d bytes for each distinct value, want under 48", per)
	}
}

// TestNormalizeMaxValues: a transcript with more distinct values than the
// cap is refused at the line that passes it, whether the ids of the first
// pass or the placeholders of the second fill it; within the cap it is
// normalised.
func TestNormalizeMaxValues(t *testing.T) {
	var uuids, ids strings.Builder
	for i := range 20 {
		fmt.Fprintf(&uuids, `{"uuid":"%08x-2bb3-4a3d-b150-dc92a5738d13"}`+"\n", i)
		fmt.Fprintf(&ids, `{"hook_id":"hook%04d"}`+"\n", i)
	}
	for _, tc := range []struct {
		name string
		in   string
		line int
	}{
		{"placeholders", uuids.String(), 11},
		{"ids", ids.String(), 11},
	} {
		_, err := (&Normalizer{MaxValues: 10}).Transcript([]byte(tc.in))
		var te *TooManyValuesError
		if !errors.As(err, &te) || te.Line != tc.line || te.Max != 10 {
			t.Errorf("%s: Transcript with 20 values, MaxValues 10 = %v, want a *TooManyValuesError at line %d", tc.name, err, tc.line)
		}
		if _, err := (&Normalizer{MaxValues: 20}).Transcript([]byte(tc.in)); err != nil {
			t.Errorf("%s: Transcript with 20 values, MaxValues 20 = %v", tc.name, err)
		}
	}
}

// TestNormalizePlaceholderStandsForItself: a placeholder already given
// keeps its number when it comes again as a value (it is known by its
// shape, not remembered); one not given yet is a value like any other.
func TestNormalizePlaceholderStandsForItself(t *testing.T) {
	got := normalizeLines(t, &Normalizer{},
		`{"uuid":"4541d1c6-9aa6-4505-81c0-7336c30be556","duration_ms":7,"hook_id":"hook-abcdef","timestamp":"2026-01-02T03:04:05Z"}`,
		`{"uuid":"00000000-0000-4000-8000-000000000001","duration_ms":1,"hook_id":"id_0001","timestamp":"2000-01-01T00:00:01Z"}`,
		`{"uuid":"00000000-0000-4000-8000-000000000005","duration_ms":5,"hook_id":"id_0007","timestamp":"2000-01-01T00:00:09Z"}`,
		`{"uuid":"00000000-0000-4000-8000-000000000005","duration_ms":5,"hook_id":"id_0007","timestamp":"2000-01-01T00:00:09Z"}`,
	)
	want := []map[string]any{
		{"uuid": "00000000-0000-4000-8000-000000000001", "duration_ms": json.Number("1"), "hook_id": "id_0001", "timestamp": "2000-01-01T00:00:01Z"},
		{"uuid": "00000000-0000-4000-8000-000000000001", "duration_ms": json.Number("1"), "hook_id": "id_0001", "timestamp": "2000-01-01T00:00:01Z"},
		{"uuid": "00000000-0000-4000-8000-000000000002", "duration_ms": json.Number("2"), "hook_id": "id_0002", "timestamp": "2000-01-01T00:00:02Z"},
		{"uuid": "00000000-0000-4000-8000-000000000002", "duration_ms": json.Number("2"), "hook_id": "id_0002", "timestamp": "2000-01-01T00:00:02Z"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Transcript mismatch (-want +got):\n%s", diff)
	}
}
