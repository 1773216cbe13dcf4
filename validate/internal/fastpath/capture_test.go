package fastpath

import (
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestCaptures: the scan notes each marked value once, with its range and
// depth, in the order values end: through a union's dispatch, a choice by
// JSON type, array items, and a schema checked in two passes (allOf that
// cannot merge); a member the schema does not declare is not captured,
// nor is anything without Limits.Capture. Marking one place with two
// slots is an error.
func TestCaptures(t *testing.T) {
	var doc map[string]any
	if err := json.Unmarshal([]byte(`{"$defs": {
		"Line": {"type": "object", "properties": {
			"id": {"type": "string"},
			"items": {"anyOf": [{"type": "string"}, {"type": "array", "items": {"$ref": "#/$defs/Item"}}]},
			"pair": {"allOf": [
				{"type": "object", "properties": {"a": {"type": "string"}}, "additionalProperties": false},
				{"type": "object", "properties": {"a": {"type": "string"}, "b": {"type": "integer"}}}
			]}
		}},
		"Item": {"type": "object", "required": ["kind"], "properties": {"kind": {"type": "string"}},
			"allOf": [
				{"if": {"properties": {"kind": {"const": "x"}}, "required": ["kind"]}, "then": {"$ref": "#/$defs/X"}},
				{"if": {"properties": {"kind": {"const": "y"}}, "required": ["kind"]}, "then": {"$ref": "#/$defs/Y"}}
			]},
		"X": {"type": "object", "properties": {"kind": {"const": "x"}, "v": {"type": "string"}}},
		"Y": {"type": "object", "properties": {"kind": {"const": "y"}, "v": {"type": "integer"}, "w": {"type": "boolean"}}}
	}}`), &doc); err != nil {
		t.Fatal(err)
	}
	root := Compile(doc).Def("Line")
	if root.props["pair"].node.all == nil {
		t.Fatal("the test's pair schema no longer compiles to two passes")
	}
	marks := []struct {
		path []string
		slot uint8
		want int
	}{
		{[]string{"id"}, 1, 1},
		{[]string{"items"}, 2, 1},
		{[]string{"items", "*"}, 3, 1},
		{[]string{"items", "*", "v"}, 4, 2}, // in X and in Y
		{[]string{"pair", "a"}, 5, 2},       // in each pass's schema
		{[]string{"nothing", "here"}, 6, 0},
	}
	for _, m := range marks {
		n, err := Mark(root, m.path, m.slot)
		if err != nil || n != m.want {
			t.Errorf("Mark(%v): %d places, %v; want %d", m.path, n, err, m.want)
		}
	}
	if _, err := Mark(root, []string{"id"}, 9); err == nil {
		t.Error("marking id again with another slot: no error")
	}
	line := `{"id":"a","extra":{"id":"no"},"items":[{"kind":"x","v":"s"},{"kind":"y","v":2,"w":true}],"pair":{"a":"p"},"id":"b"}`
	var s Scanner
	res := s.Check([]byte(line), root, Limits{MaxDepth: 10, Capture: true})
	if res.Bad || res.SyntaxErr != "" {
		t.Fatalf("the line does not pass: %+v", res)
	}
	type c struct {
		Text  string
		Slot  uint8
		Depth uint16
	}
	var got []c
	for _, k := range res.Captures {
		got = append(got, c{line[k.Start:k.End], k.Slot, k.Depth})
	}
	want := []c{
		{`"a"`, 1, 1},
		{`"s"`, 4, 3},
		{`{"kind":"x","v":"s"}`, 3, 2},
		{`2`, 4, 3},
		{`{"kind":"y","v":2,"w":true}`, 3, 2},
		{`[{"kind":"x","v":"s"},{"kind":"y","v":2,"w":true}]`, 2, 1},
		{`"p"`, 5, 2},
		{`"b"`, 1, 1},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("captures (-want +got):\n%s", diff)
	}
	if res := s.Check([]byte(line), root, Limits{MaxDepth: 10}); len(res.Captures) != 0 {
		t.Errorf("captures without Limits.Capture: %v", res.Captures)
	}
}
