package fastpath

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"
	sjs "github.com/santhosh-tekuri/jsonschema/v6"
)

// TestBuild: Build reads a value as santhosh-tekuri's UnmarshalJSON does
// (maps, slices, json.Number, the last of a repeated member, escapes and
// lone surrogates decoded as encoding/json decodes them), from any range
// that holds one value, and shows the numbers subs names by their
// stand-ins.
func TestBuild(t *testing.T) {
	for _, in := range []string{
		`{}`, `[]`, `null`, `true`, `false`, `0`, `-1.5e+3`, `"a\"b\\c\/\b\f\n\r\t\u00e9\ud83d\ude00"`, `"\ud800"`, `"\ud83dx"`,
		` { "a" : [ 1 , {"b":null} , [] ] , "a" : {"c":"d"} , "\u0061" : 2 } `,
		`{"type":"text","text":"x","n":12345678901234567890123}`,
		`[[[[{"deep":[true,false]}]]]]`,
	} {
		want, err := sjs.UnmarshalJSON(bytes.NewReader([]byte(in)))
		if err != nil {
			t.Fatalf("%s: %v", in, err)
		}
		got, err := Build([]byte(in), 0, len(in), nil)
		if err != nil {
			t.Fatalf("Build(%s): %v", in, err)
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("Build(%s) mismatch (-UnmarshalJSON +Build):\n%s", in, diff)
		}
	}
	line := []byte(`{"skip":1e999999,"v":{"a":1e999999,"b":[2,1.0e-999999]}}`)
	start := bytes.Index(line, []byte(`{"a"`))
	end := bytes.LastIndexByte(line, '}')
	at := func(sub string) int { return bytes.Index(line, []byte(sub)) }
	subs := []NumSub{ // sorted by Start; the first is outside the range
		{Start: at(`1e999999,"v"`), End: at(`,"v"`), With: "0"},
		{Start: at(`1e999999,"b"`), End: at(`,"b"`), With: "0"},
		{Start: at(`1.0e`), End: at(`]}}`), With: "0.5"},
	}
	got, err := Build(line, start, end, subs)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]any{"a": json.Number("0"), "b": []any{json.Number("2"), json.Number("0.5")}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Build with stand-ins mismatch (-want +got):\n%s", diff)
	}
}
