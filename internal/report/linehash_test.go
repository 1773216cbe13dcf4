package report

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

// treeHash is LineHash as it was: the line decoded into a tree and
// encoded again. LineHash must give the same hashes (baselines and SARIF
// fingerprints hold them).
func treeHash(line []byte) string {
	if line == nil {
		return ""
	}
	sum := sha256.Sum256(treeNormalise(line))
	return hex.EncodeToString(sum[:8])
}

func treeNormalise(line []byte) []byte {
	line = bytes.TrimSpace(line)
	if !utf8.Valid(line) {
		return line
	}
	dec := json.NewDecoder(bytes.NewReader(line))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return line
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return line
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return line
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n"))
}

var lineHashCases = []string{
	`{"type":"x","n":1}`,
	` { "n" : 1, "type" : "x" } `,
	`{"b":1,"a":2,"b":3}`,
	`{"a":{"z":[1,{"y":2,"x":[]}],"a":{}},"":null}`,
	`{"s":"\u0041\n\t\"\\\/ \u2028 \u2029 \ud800 \udc00x \u00e9 é <>&"}`,
	"{\"raw\":\"a\u2028b\u2029c\", \"\\u0062\":1, \"b\":2}",
	`{"n":[1.0,1e400,-0,0.5E-3,12345678901234567890]}`,
	`[true,false,null,"x",{"k":"v"}]`,
	`"just a string"`, `42`, `null`, ``, `{`, `{"a":1} {"b":2}`, `{"a":1}x`,
	"{\"a\":1}\u00a0", "\xff{}", `{"é":1,"e":2,"ê":3,"E":4}`,
	`{"a"  :  [ 1 , 2 , { "c" : 3 , "b" : 4 } ] , "deep":` + strings.Repeat(`{"k":[`, 200) + `"` + strings.Repeat("x", 100) + `"` + strings.Repeat(`]}`, 200) + `}`,
	strings.Repeat(`[`, 10001) + strings.Repeat(`]`, 10001),
	strings.Repeat(`{"a":`, 3000) + `1` + strings.Repeat(`}`, 3000),
}

// TestLineHashSameAsTree: the streamed hash is the tree's, on hand-made
// lines (escapes, members of one name, deep nesting, what is not JSON)
// and on every line of the committed captures.
func TestLineHashSameAsTree(t *testing.T) {
	check := func(line []byte) {
		t.Helper()
		if got, want := LineHash(line), treeHash(line); got != want {
			t.Errorf("LineHash(%.120q) = %s, the tree's %s (normalised: %.200q)", line, got, want, treeNormalise(line))
		}
	}
	for _, s := range lineHashCases {
		check([]byte(s))
	}
	files, _ := filepath.Glob("../../corpus/captures/*/*.jsonl")
	lines := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range bytes.Split(data, []byte("\n")) {
			check(l)
			lines++
		}
	}
	if lines < 1000 {
		t.Errorf("%d lines of captures compared, want the committed captures", lines)
	}
}

// FuzzLineHash: the streamed hash is the tree's on any line.
func FuzzLineHash(f *testing.F) {
	for _, s := range lineHashCases {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, line []byte) {
		if got, want := LineHash(line), treeHash(line); got != want {
			t.Fatalf("LineHash(%q) = %s, the tree's %s", line, got, want)
		}
	})
}

// TestLineHashLongLine: hashing a long line allocates at most its size,
// not a tree of it (some 20 times its size, 936 MB for a line of 40 MB),
// however its values nest. Bytes allocated are counted, which the
// machine's load does not move.
func TestLineHashLongLine(t *testing.T) {
	for _, tc := range []struct{ name, line string }{
		{"an array of numbers", `{"type":"x","a":[` + strings.Repeat(`0,`, 1<<20) + `0]}`},
		{"objects in an object", `{"type":"x","a":{` + strings.Repeat(`"k":{"b":1,"a":[2]},`, 1<<16) + `"z":0}}`},
		{"deep nesting around a long string", strings.Repeat(`{"b":0,"a":`, 5000) + `"` + strings.Repeat("x", 1<<21) + `"` + strings.Repeat(`}`, 5000)},
	} {
		line := []byte(tc.line)
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		LineHash(line)
		runtime.ReadMemStats(&after)
		alloc := after.TotalAlloc - before.TotalAlloc
		t.Logf("%s: %d bytes allocated for a line of %d", tc.name, alloc, len(line))
		if alloc > uint64(len(line)) {
			t.Errorf("%s: LineHash allocated %d bytes for a line of %d, want at most its size", tc.name, alloc, len(line))
		}
	}
}

// TestLineHashDeepLinear: a long string under 5,000 nested objects costs
// about what it costs under one (were each object's members found by
// reading its whole value again, it would be read 5,000 times). A ratio of
// thread CPU times, the least of three, with a wide margin.
func TestLineHashDeepLinear(t *testing.T) {
	long := `"` + strings.Repeat("x", 8<<20) + `"`
	deep := []byte(strings.Repeat(`{"b":0,"a":`, 5000) + long + strings.Repeat(`}`, 5000))
	flat := []byte(`{"b":0,"a":` + long + `}`)
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	cost := func(line []byte) time.Duration {
		best := time.Duration(1 << 62)
		for range 3 {
			start, ok := threadCPU()
			if !ok {
				t.Skip("no thread CPU clock here")
			}
			LineHash(line)
			end, _ := threadCPU()
			best = min(best, end-start)
		}
		return best
	}
	f, d := cost(flat), cost(deep)
	t.Logf("8 MB string under 1 object: %v, under 5,000: %v", f, d)
	if d > 4*f+20*time.Millisecond {
		t.Errorf("LineHash of a string under 5,000 objects took %v of CPU, under one %v: more than 4 times as much", d, f)
	}
}
