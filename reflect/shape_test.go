package reflect_test

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	sjs "github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/protocheck/protocheck/reflect"
	"github.com/protocheck/protocheck/schemas"
)

// TestPublishedShape holds the generated files to the shape code generators
// understand: no if/then, no $ref with siblings, and each nested union a
// oneOf of references to definitions that pin its key with a const. It also
// checks that schemas.Lower turns each union back into the dispatch the
// validator runs fast, so that the two stay in step.
func TestPublishedShape(t *testing.T) {
	fs := files(t)
	for name, data := range fs {
		if name == schemas.IndexFile {
			continue
		}
		var doc map[string]any
		if err := json.Unmarshal(data, &doc); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		visit(doc, "", func(s map[string]any, at string) {
			if _, ok := s["if"]; ok {
				t.Errorf("%s%s: if/then, which code generators ignore", name, at)
			}
			if _, ok := s["$ref"]; ok && len(s) > 1 {
				t.Errorf("%s%s: a $ref with siblings", name, at)
			}
		})
		if !strings.HasSuffix(name, reflect.UnionFile) {
			continue
		}
		defs := doc["$defs"].(map[string]any)
		for _, u := range unionsOf(t, fs) {
			def := defs[u.Name].(map[string]any)
			one, _ := def["oneOf"].([]any)
			if len(one) < len(u.Members) {
				t.Errorf("%s: union %s: oneOf of %d, want one branch a member (%d) or more", name, u.Name, len(one), len(u.Members))
				continue
			}
			for i, m := range u.Members {
				ref := one[i].(map[string]any)["$ref"].(string)
				member := defs[strings.TrimPrefix(ref, "#/$defs/")].(map[string]any)
				key := member["properties"].(map[string]any)[u.Key].(map[string]any)
				if key["const"] != m || !slices.Contains(member["required"].([]any), any(u.Key)) {
					t.Errorf("%s: union %s: branch %s does not pin %s to %q", name, u.Name, ref, u.Key, m)
				}
			}
		}
		schemas.Lower(doc)
		for _, u := range unionsOf(t, fs) {
			def := defs[u.Name].(map[string]any)
			if def["oneOf"] != nil || len(def["allOf"].([]any)) != len(u.Members) {
				t.Errorf("%s: union %s does not lower to a dispatch of %d branches: %v", name, u.Name, len(u.Members), def)
			}
		}
	}
}

func unionsOf(t *testing.T, fs map[string][]byte) []schemas.Union {
	t.Helper()
	var idx schemas.Index
	if err := json.Unmarshal(fs[schemas.IndexFile], &idx); err != nil {
		t.Fatal(err)
	}
	return idx.Unions
}

// visit calls fn on every object in v, with its JSON Pointer.
func visit(v any, at string, fn func(map[string]any, string)) {
	switch v := v.(type) {
	case map[string]any:
		fn(v, at)
		for k, c := range v {
			visit(c, at+"/"+k, fn)
		}
	case []any:
		for _, c := range v {
			visit(c, at+"/*", fn)
		}
	}
}

// TestUnionOpenness: the tolerant union takes types, subtypes and kinds the
// protocol does not list, as a reader of a later CLI must; the strict one
// refuses them.
func TestUnionOpenness(t *testing.T) {
	c := schemasFor(t)
	lines := []string{
		`{"type":"brand_new"}`,
		`{"type":"system","subtype":"brand_new","uuid":"u","session_id":"s"}`,
		`{"type":"system","uuid":"u","session_id":"s"}`,
		`{"type":"control_request","request_id":"r","request":{"subtype":"brand_new"}}`,
		`{"type":"control_request","request_id":"r","request":{}}`,
		`{"type":"assistant","message":{"id":"m","type":"message","role":"assistant","model":"x","content":[{"type":"brand_new"}],"stop_reason":null,"stop_sequence":null,"usage":{"input_tokens":1,"output_tokens":1}},"parent_tool_use_id":null,"uuid":"u","session_id":"s"}`,
	}
	for _, line := range lines {
		inst, err := sjs.UnmarshalJSON(bytes.NewReader([]byte(line)))
		if err != nil {
			t.Fatal(err)
		}
		if err := c.union[reflect.Tolerant].Validate(inst); err != nil {
			t.Errorf("tolerant union refuses %s: %v", line, err)
		}
		if err := c.union[reflect.Strict].Validate(inst); err == nil {
			t.Errorf("strict union accepts %s", line)
		}
	}
}
