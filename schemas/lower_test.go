package schemas_test

import (
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/protocheck/protocheck/schemas"
)

func TestLower(t *testing.T) {
	// Two members that pin "type", and the catch-all of a tolerant union.
	const defs = `"A": {"type": "object", "properties": {"type": {"type": "string", "const": "a"}, "role": {"const": "x"}}, "required": ["type", "role"]},
		"B": {"type": "object", "properties": {"type": {"const": "b"}}, "required": ["type"]},
		"C": {"type": "object", "properties": {"kind": {"const": "c"}}, "required": ["kind"]},
		"Other": {"type": "object", "properties": {"type": {"type": "string", "not": {"enum": ["a", "b"]}}}, "required": ["type"]}`
	dispatch := func(enum string) string {
		return `{"type": "object", "required": ["type"], "properties": {"type": {"type": "string"` + enum + `}}, "allOf": [
			{"if": {"properties": {"type": {"const": "a"}}, "required": ["type"]}, "then": {"$ref": "#/$defs/A"}},
			{"if": {"properties": {"type": {"const": "b"}}, "required": ["type"]}, "then": {"$ref": "#/$defs/B"}}]}`
	}
	tests := []struct {
		name, in, want string
		reason         string
	}{
		{name: "closed union", in: `{"oneOf": [{"$ref": "#/$defs/A"}, {"$ref": "#/$defs/B"}]}`, want: dispatch(`, "enum": ["a", "b"]`),
			reason: "the strict profile's union: only the listed values, each to its branch; A's other const (role) is not the discriminator, as B lacks it"},
		{name: "open union", in: `{"description": "d", "oneOf": [{"$ref": "#/$defs/A"}, {"$ref": "#/$defs/B"}, {"$ref": "#/$defs/Other"}]}`,
			want: `{"description": "d", "type": "object", "required": ["type"], "properties": {"type": {"type": "string"}}, "allOf": [
				{"if": {"properties": {"type": {"const": "a"}}, "required": ["type"]}, "then": {"$ref": "#/$defs/A"}},
				{"if": {"properties": {"type": {"const": "b"}}, "required": ["type"]}, "then": {"$ref": "#/$defs/B"}}]}`,
			reason: "the tolerant profile's union: any other string passes"},
		{name: "catch-all not last", in: `{"oneOf": [{"$ref": "#/$defs/Other"}, {"$ref": "#/$defs/A"}, {"$ref": "#/$defs/B"}]}`,
			want: `{"oneOf": [{"$ref": "#/$defs/Other"}, {"$ref": "#/$defs/A"}, {"$ref": "#/$defs/B"}]}`},
		{name: "no common key", in: `{"oneOf": [{"$ref": "#/$defs/A"}, {"$ref": "#/$defs/C"}]}`,
			want: `{"oneOf": [{"$ref": "#/$defs/A"}, {"$ref": "#/$defs/C"}]}`},
		{name: "repeated value", in: `{"oneOf": [{"$ref": "#/$defs/A"}, {"$ref": "#/$defs/A"}]}`,
			want:   `{"oneOf": [{"$ref": "#/$defs/A"}, {"$ref": "#/$defs/A"}]}`,
			reason: "branches that overlap are no dispatch (the root union's variants share types)"},
		{name: "branch not a bare ref", in: `{"oneOf": [{"$ref": "#/$defs/A", "title": "t"}, {"$ref": "#/$defs/B"}]}`,
			want: `{"oneOf": [{"$ref": "#/$defs/A", "title": "t"}, {"$ref": "#/$defs/B"}]}`},
		{name: "described ref", in: `{"description": "d", "allOf": [{"$ref": "#/$defs/A"}]}`, want: `{"description": "d", "$ref": "#/$defs/A"}`},
		{name: "variant root", in: `{"title": "t", "allOf": [{"$ref": "#/$defs/A"}, {"type": "object", "properties": {"type": {"const": "a"}, "isReplay": {"const": false}}, "required": ["type"]}]}`,
			want:   `{"title": "t", "$ref": "#/$defs/A", "properties": {"type": {"const": "a"}}, "required": ["type"]}`,
			reason: "the marker pinned to false only separates the union's branches; the dispatch does that"},
		{name: "required false const stays", in: `{"allOf": [{"$ref": "#/$defs/A"}, {"properties": {"x": {"const": false}}, "required": ["x"]}]}`,
			want: `{"$ref": "#/$defs/A", "properties": {"x": {"const": false}}, "required": ["x"]}`},
		{name: "allOf with more", in: `{"allOf": [{"$ref": "#/$defs/A"}, {"properties": {}, "minProperties": 1}]}`,
			want: `{"allOf": [{"$ref": "#/$defs/A"}, {"properties": {}, "minProperties": 1}]}`},
		{name: "every type", in: `{"properties": {"x": {"description": "any", "type": ["null", "boolean", "number", "string", "array", "object"]}, "y": {"type": ["string", "null"]}}}`,
			want: `{"properties": {"x": {"description": "any"}, "y": {"type": ["string", "null"]}}}`},
		{name: "case twin", in: `{"type": "object", "additionalProperties": false, "properties": {"tool_use_result": true}, "patternProperties": {"^toolUseResult$": true, "^x_": {"type": "string"}}}`,
			want:   `{"type": "object", "additionalProperties": false, "properties": {"tool_use_result": {}, "toolUseResult": {}}, "patternProperties": {"^x_": {"type": "string"}}}`,
			reason: "a member declared by an exact pattern (its name's case twin is a property) is a property again; other patterns stay"},
		{name: "exact pattern beside its property", in: `{"properties": {"a": {"type": "string"}}, "patternProperties": {"^a$": {"type": "integer"}}}`,
			want:   `{"properties": {"a": {"type": "string"}}, "patternProperties": {"^a$": {"type": "integer"}}}`,
			reason: "both apply to a; moving one would drop the other"},
		{name: "if/then dispatch kept", in: dispatch(""), want: dispatch(""), reason: "a document already in the lowered form (a hand-written dialect) is unchanged"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc := decode(t, `{"$defs": {`+defs+`, "X": `+tt.in+`}}`)
			want := decode(t, `{"$defs": {`+defs+`, "X": `+tt.want+`}}`)
			schemas.Lower(doc)
			if diff := cmp.Diff(want, doc); diff != "" {
				t.Errorf("Lower(%s) mismatch (-want +got) %s:\n%s", tt.in, tt.reason, diff)
			}
		})
	}
}

func decode(t *testing.T, s string) any {
	t.Helper()
	var v any
	if err := json.Unmarshal([]byte(s), &v); err != nil {
		t.Fatalf("%v: %s", err, s)
	}
	return v
}
