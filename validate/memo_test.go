package validate

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// resultLine returns a result/success line with num_turns written as n.
func resultLine(n string) string {
	return `{"type":"result","subtype":"success","duration_ms":1,"duration_api_ms":1,"is_error":false,"num_turns":` + n +
		`,"result":"","total_cost_usd":0,"usage":{"input_tokens":1,"output_tokens":1},"modelUsage":{},"permission_denials":[],"uuid":"u","session_id":"s"}`
}

// TestMemoizeSameFindings: with Options.Memoize a run gives every line the
// variant, rules, pointers and severities it gets without, over the real
// captures, copies of them with changed values (the lines memoization
// reuses) and faulty lines of every kind the reader tells apart.
func TestMemoizeSameFindings(t *testing.T) {
	files, _ := filepath.Glob("../corpus/captures/*/*.jsonl")
	if len(files) == 0 {
		t.Fatal("no captures")
	}
	var data bytes.Buffer
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		data.Write(b)
		// The same lines with other values: reused when memoized.
		data.Write(bytes.ReplaceAll(b, []byte(`"session_id":"`), []byte(`"session_id":"x`)))
		// Values that change the verdict: a number where a string was, an
		// enum value the schemas lack, a fraction where an integer was.
		data.Write(bytes.ReplaceAll(b, []byte(`"session_id":"`), []byte(`"session_id":1,"z":"`)))
		data.Write(bytes.ReplaceAll(b, []byte(`"permissionMode":"default"`), []byte(`"permissionMode":"sideways"`)))
		data.Write(bytes.ReplaceAll(b, []byte(`"num_turns":`), []byte(`"num_turns":0.5,"n":`)))
	}
	for _, bad := range []string{
		`{"type":"result","num_turns":01}`, `{"type":"result","num_turns":0}`,
		`{"type":"user","x":"a` + "\t" + `b"}`, `{"type":"user","x":"ab"}`,
		`{"type":"keep_alive","x":"\u00"}`, `{"type":"keep_alive","x":""}`,
		`{"type": t rue}`, `{"type":true}`, `{"type":"keep_alive","x":"` + "\xff" + `"}`,
		`{"type":"keep_alive","a":1,"a":2}`, `[1]`, `{"type":"keep_alive"`,
		// One shape, an integer then a fraction where the schema wants an
		// integer: only the second is an error.
		resultLine("3"), resultLine("3.5"), resultLine("-3"), resultLine("3e0"),
		// Integers past 64 bits are schema/integer errors: a projection
		// keeps them.
		resultLine("9223372036854775807"), resultLine("9223372036854775808"), resultLine("1" + strings.Repeat("0", 400)),
	} {
		data.WriteString(bad + "\n")
	}
	run := func(memoize bool) []string {
		v, err := New(Options{ShowUnknown: true, Memoize: memoize})
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		_, err = v.RunEach(context.Background(), []Input{{Name: "all", Open: func() (io.ReadCloser, error) {
			return io.NopCloser(bytes.NewReader(data.Bytes())), nil
		}}}, nil, func(lr LineResult) {
			var fs []string
			for _, f := range lr.Findings {
				fs = append(fs, fmt.Sprintf("%s %s %s", f.Rule, f.Pointer, f.Severity))
			}
			slices.Sort(fs)
			got = append(got, fmt.Sprintf("%d %s [%s]", lr.Line, lr.Variant, strings.Join(fs, "; ")))
		})
		if err != nil {
			t.Fatal(err)
		}
		return got
	}
	plain, memo := run(false), run(true)
	if len(plain) != len(memo) {
		t.Fatalf("%d lines without Memoize, %d with", len(plain), len(memo))
	}
	for i := range plain {
		if plain[i] != memo[i] {
			t.Errorf("line result differs:\n plain: %s\n memo:  %s", plain[i], memo[i])
		}
	}
}
