package schemas

import (
	"slices"
	"strings"
)

// Lower rewrites, in place, a schema document of the published form that
// package reflect writes into the equivalent form protocheck's checkers
// read. The published form is the one code generators understand; the
// lowered one is the one the validator's fast path dispatches on and whose
// errors name one branch, not every branch of a oneOf. Each rule is an
// equivalence for the instances the document accepts:
//
//   - A discriminated union, a oneOf of references to definitions that each
//     pin one member K to a distinct string const (and, in the tolerant
//     profile, one more that takes every other string), becomes an object
//     that requires K as a string (one of the values, when no definition
//     takes the others) and an allOf of if/then, one per value, each
//     applying its definition.
//   - An allOf whose one entry is a bare $ref becomes that $ref.
//   - A variant's root, an allOf of a bare $ref and an object of properties
//     and required members, becomes the $ref with those properties and
//     required members beside it; a property pinned to false there and not
//     required (the marker of the type's other variant, which only
//     separates the branches of the union) goes.
//   - A "type" that lists every JSON type goes.
//
// A document that has none of these shapes (a dialect's hand-written set)
// comes out as it went in. doc is a document as decoded from JSON, maps and
// slices of any.
func Lower(doc any) {
	root, ok := doc.(map[string]any)
	if !ok {
		return
	}
	defs, _ := root["$defs"].(map[string]any)
	lowerSchema(root, defs)
}

// schemaMaps are the keywords whose value maps names to schemas, and
// schemaLists those whose value lists schemas; schemaValues hold one.
var (
	schemaMaps   = []string{"$defs", "properties", "patternProperties", "dependentSchemas"}
	schemaLists  = []string{"allOf", "anyOf", "oneOf", "prefixItems"}
	schemaValues = []string{"items", "not", "if", "then", "else", "additionalProperties", "contains", "propertyNames", "unevaluatedProperties", "unevaluatedItems"}
)

// lowerSchema lowers the schemas below s, then s itself.
func lowerSchema(s map[string]any, defs map[string]any) {
	for _, k := range schemaMaps {
		if m, ok := s[k].(map[string]any); ok {
			for _, c := range m {
				if cm, ok := c.(map[string]any); ok {
					lowerSchema(cm, defs)
				}
			}
		}
	}
	for _, k := range schemaLists {
		if l, ok := s[k].([]any); ok {
			for _, c := range l {
				if cm, ok := c.(map[string]any); ok {
					lowerSchema(cm, defs)
				}
			}
		}
	}
	for _, k := range schemaValues {
		if cm, ok := s[k].(map[string]any); ok {
			lowerSchema(cm, defs)
		}
	}
	if t, ok := s["type"].([]any); ok && listsEveryType(t) {
		delete(s, "type")
	}
	if all, ok := s["allOf"].([]any); ok && s["$ref"] == nil {
		lowerAllOf(s, all)
	}
	if one, ok := s["oneOf"].([]any); ok {
		lowerUnion(s, one, defs)
	}
}

// everyType is the set of JSON types; "integer" is a kind of number.
var everyType = []string{"array", "boolean", "null", "number", "object", "string"}

func listsEveryType(t []any) bool {
	var names []string
	for _, e := range t {
		n, ok := e.(string)
		if !ok {
			return false
		}
		names = append(names, n)
	}
	slices.Sort(names)
	return slices.Equal(slices.Compact(names), everyType)
}

// bareRef returns the reference of a schema that is a $ref alone.
func bareRef(v any) (string, bool) {
	m, ok := v.(map[string]any)
	if !ok || len(m) != 1 {
		return "", false
	}
	r, ok := m["$ref"].(string)
	return r, ok
}

// lowerAllOf applies the allOf rules to s.
func lowerAllOf(s map[string]any, all []any) {
	ref, ok := bareRef(all[0])
	if !ok {
		return
	}
	switch len(all) {
	case 1:
		delete(s, "allOf")
		s["$ref"] = ref
	case 2:
		rest, _ := all[1].(map[string]any)
		if rest == nil || s["properties"] != nil || s["required"] != nil || s["type"] != nil {
			return
		}
		props, _ := rest["properties"].(map[string]any)
		for k := range rest {
			if k != "properties" && k != "required" && !(k == "type" && rest[k] == "object") {
				return
			}
		}
		req, _ := rest["required"].([]any)
		for name, p := range props {
			if pm, ok := p.(map[string]any); ok && len(pm) == 1 && pm["const"] == false && !slices.Contains(req, any(name)) {
				delete(props, name)
			}
		}
		delete(s, "allOf")
		s["$ref"] = ref
		if props != nil {
			s["properties"] = props
		}
		if req != nil {
			s["required"] = req
		}
	}
}

// lowerUnion applies the union rule to s, whose oneOf is one.
func lowerUnion(s map[string]any, one []any, defs map[string]any) {
	for _, k := range []string{"type", "properties", "required", "allOf", "anyOf", "$ref"} {
		if s[k] != nil {
			return
		}
	}
	// The discriminator is the member every branch pins.
	var refs []string
	var cands []map[string]pin
	for _, e := range one {
		ref, ok := bareRef(e)
		if !ok {
			return
		}
		name, ok := defName(ref)
		if !ok {
			return
		}
		def, _ := defs[name].(map[string]any)
		refs = append(refs, ref)
		cands = append(cands, pins(def))
	}
	key := ""
	for k := range cands[0] {
		if !slices.ContainsFunc(cands, func(c map[string]pin) bool { _, ok := c[k]; return !ok }) {
			if key != "" {
				return // two members could be the discriminator
			}
			key = k
		}
	}
	if key == "" {
		return
	}
	open := false
	var values, branches []any
	for i, c := range cands {
		p := c[key]
		switch {
		case p.other:
			if open || i != len(cands)-1 {
				return // the catch-all comes last, once
			}
			open = true
		case slices.Contains(values, any(p.value)):
			return
		default:
			values = append(values, p.value)
			branches = append(branches, map[string]any{
				"if":   map[string]any{"properties": map[string]any{key: map[string]any{"const": p.value}}, "required": []any{key}},
				"then": map[string]any{"$ref": refs[i]},
			})
		}
	}
	if len(values) == 0 {
		return
	}
	keySchema := map[string]any{"type": "string"}
	if !open {
		keySchema["enum"] = values
	}
	delete(s, "oneOf")
	s["type"] = "object"
	s["required"] = []any{key}
	s["properties"] = map[string]any{key: keySchema}
	s["allOf"] = branches
}

// defName returns the name of a local reference to a definition.
func defName(ref string) (string, bool) {
	name, ok := strings.CutPrefix(ref, "#/$defs/")
	if !ok || name == "" || strings.ContainsAny(name, "/~%") {
		return "", false
	}
	return name, true
}

// pin is how a definition pins a member: to a string const, or (other) to
// any string but a listed few, as the catch-all of a tolerant union does.
type pin struct {
	value string
	other bool
}

// pins returns the required members of a definition that are pinned.
func pins(def map[string]any) map[string]pin {
	props, _ := def["properties"].(map[string]any)
	req, _ := def["required"].([]any)
	out := map[string]pin{}
	for name, p := range props {
		pm, _ := p.(map[string]any)
		if !slices.Contains(req, any(name)) || pm == nil {
			continue
		}
		if c, ok := pm["const"].(string); ok {
			out[name] = pin{value: c}
			continue
		}
		not, _ := pm["not"].(map[string]any)
		if _, ok := not["enum"].([]any); ok && len(not) == 1 && pm["type"] == "string" {
			out[name] = pin{other: true}
		}
	}
	return out
}
