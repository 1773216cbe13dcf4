package reflect_test

import (
	"bytes"
	"encoding/json"
	"regexp"
	"slices"
	"strings"
	"testing"

	sjs "github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/protocheck/protocheck/reflect"
	"github.com/protocheck/protocheck/schemas"
)

// TestPublishedShape holds the generated files to the shape code generators
// understand: no if/then, no not, no allOf (each variant one object with
// its discriminators as consts), a $ref beside nothing but its description,
// no type list standing for "any value" (true does), no oneOf but the
// strict bundle's root (typify makes an enum of a oneOf, of an anyOf a
// struct of optional branches), definition names
// that stay distinct when a generator turns them into identifiers, and
// each nested union an object that is anyOf references to definitions that
// pin its key with a const; in the strict profile the union names its key
// and maps each value in a discriminator annotation, in the tolerant one a
// last branch takes any string. It also checks that schemas.Lower turns
// each union back into the dispatch the validator runs fast, so that the
// two stay in step.
func TestPublishedShape(t *testing.T) {
	fs := files(t)
	for name, data := range fs {
		if name == schemas.IndexFile || strings.HasSuffix(name, "README.md") {
			continue
		}
		var doc map[string]any
		if err := json.Unmarshal(data, &doc); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		visit(doc, "", func(s map[string]any, at string) {
			if strings.HasSuffix(at, "/properties") || strings.HasSuffix(at, "/patternProperties") || strings.HasSuffix(at, "/$defs") || strings.HasSuffix(at, "/mapping") {
				return // names, not schemas
			}
			for _, k := range []string{"if", "not", "allOf", "oneOf"} {
				if k == "oneOf" && at == "" && strings.HasSuffix(name, "strict/"+reflect.UnionFile) {
					continue // the strict root: exclusive branches, which typify makes an enum of
				}
				if _, ok := s[k]; ok {
					t.Errorf("%s%s: %s, which code generators ignore or refuse", name, at, k)
				}
			}
			if _, ok := s["$ref"]; ok {
				for k := range s {
					if k != "$ref" && k != "description" {
						t.Errorf("%s%s: a $ref beside %s", name, at, k)
					}
				}
			}
			if d, ok := s["description"].(string); ok && goInProse.MatchString(d) {
				t.Errorf("%s%s: a description in Go terms: %q", name, at, goInProse.FindString(d))
			}
			if list, ok := s["type"].([]any); ok && len(list) >= 6 {
				t.Errorf("%s%s: every JSON type listed; any value is true", name, at)
			}
			// No two properties give a generator one field name (typify
			// snake-cases, jsonschema2pojo camel-cases: tool_use_result and
			// toolUseResult would be one field to both); a twin is declared
			// by an exact pattern beside its property.
			props, _ := s["properties"].(map[string]any)
			ids := map[string]string{}
			for k := range props {
				if other, ok := ids[identifierOf(k)]; ok {
					t.Errorf("%s%s: members %s and %s give a code generator one field name", name, at, other, k)
				}
				ids[identifierOf(k)] = k
			}
			pats, _ := s["patternProperties"].(map[string]any)
			for k := range pats {
				m := regexp.MustCompile(`^\^(\w+)\$$`).FindStringSubmatch(k)
				if m == nil {
					t.Errorf("%s%s: pattern %q is not the exact name of a case twin", name, at, k)
				} else if _, ok := ids[identifierOf(m[1])]; !ok || props[m[1]] != nil {
					t.Errorf("%s%s: pattern %q names no case twin of a property", name, at, k)
				}
			}
		})
		seen := map[string]string{}
		defs, _ := doc["$defs"].(map[string]any)
		for def := range defs {
			id := strings.ToLower(strings.Map(func(r rune) rune {
				if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' {
					return r
				}
				return -1
			}, def))
			if other, ok := seen[id]; ok {
				t.Errorf("%s: definitions %s and %s give one identifier", name, other, def)
			}
			seen[id] = def
		}
		if !strings.HasSuffix(name, reflect.UnionFile) {
			continue
		}
		strict := strings.Contains(name, string(reflect.Strict)+"/")
		for _, u := range unionsOf(t, fs) {
			def, ok := defs[u.Def].(map[string]any)
			if !ok {
				continue // not used in this set
			}
			branches, _ := def["anyOf"].([]any)
			want := len(u.Members)
			if !strict {
				want++
			}
			if len(branches) != want || def["type"] != "object" {
				t.Errorf("%s: union %s: an object that is anyOf %d, want %d branches", name, u.Name, len(branches), want)
				continue
			}
			disc, _ := def["discriminator"].(map[string]any)
			if strict != (disc != nil) {
				t.Errorf("%s: union %s: discriminator annotation %v, want one only in the strict profile", name, u.Name, disc)
			}
			for i, m := range u.Members {
				ref := branches[i].(map[string]any)["$ref"].(string)
				member := defs[strings.TrimPrefix(ref, "#/$defs/")].(map[string]any)
				key := member["properties"].(map[string]any)[u.Key].(map[string]any)
				if key["const"] != m || !slices.Contains(member["required"].([]any), any(u.Key)) {
					t.Errorf("%s: union %s: branch %s does not pin %s to %q", name, u.Name, ref, u.Key, m)
				}
				if disc != nil && (disc["propertyName"] != u.Key || disc["mapping"].(map[string]any)[m] != ref) {
					t.Errorf("%s: union %s: the discriminator annotation does not map %s to %s", name, u.Name, m, ref)
				}
			}
		}
		schemas.Lower(doc)
		for _, u := range unionsOf(t, fs) {
			def, ok := defs[u.Def].(map[string]any)
			if !ok {
				continue
			}
			all, _ := def["allOf"].([]any)
			if def["anyOf"] != nil || len(all) != len(u.Members) {
				t.Errorf("%s: union %s does not lower to a dispatch of %d branches: %v", name, u.Name, len(u.Members), def)
			}
		}
	}
}

// goInProse matches Go terms a reader of the schemas does not know: a
// pointer type, a struct, nil.
var goInProse = regexp.MustCompile(`\*[A-Z]\w+|\bstruct\b|\bnil\b`)

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

// identifierOf is what a code generator keeps of a name: its letters and
// digits, case aside.
func identifierOf(name string) string {
	return strings.ToLower(strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' {
			return r
		}
		return -1
	}, name))
}
