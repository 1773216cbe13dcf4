package schemas

import (
	"regexp"
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
//   - A discriminated union, an object that is anyOf (or oneOf) references
//     to definitions that each pin one member K to a distinct string const
//     (and, in the tolerant profile, a last one that takes any string as K,
//     the catch-all), becomes an object that requires K as a string (one of
//     the values, when there is no catch-all) and an allOf of if/then, one
//     per value, each applying its definition. The consts make anyOf and
//     oneOf the same; the catch-all, which an anyOf would also take a
//     malformed known kind to, is read as the dispatch its description and
//     the profile promise: only a value no branch pins goes there.
//   - The annotation "discriminator" (OpenAPI's, which names K and maps its
//     values) goes.
//   - A schema true (any value) becomes {}.
//   - A schema of the types string and array, with items, becomes an
//     anyOf of a string and an array of the items.
//   - An anyOf of an enum of strings (without a title) and null becomes the
//     type list ["string", "null"] with null among the enum's values.
//   - In a variant (a branch of the root's union), a member pinned to false
//     and not required loses its const: it is the marker of the type's
//     other variant, which only separates the two in the union.
//   - An allOf whose one entry is a bare $ref becomes that $ref.
//   - A variant's root, an allOf of a bare $ref and an object of properties
//     and required members, becomes the $ref with those properties and
//     required members beside it; a property pinned to false there and not
//     required (the marker of the type's other variant, which only
//     separates the branches of the union) goes.
//   - A "type" that lists every JSON type goes.
//   - A patternProperties entry that matches one name alone (^name$, of
//     letters, digits and underscores: how reflect declares a member whose
//     name gives a code generator the identifier of another's) becomes the
//     property name, unless properties has it; an emptied patternProperties
//     goes. Beside properties and additionalProperties the two say the same.
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
	for _, k := range []string{"anyOf", "oneOf"} {
		list, _ := root[k].([]any)
		for _, e := range list {
			if ref, ok := bareRef(e); ok {
				if name, ok := defName(ref); ok {
					dropFalseMarkers(defs[name])
				}
			}
		}
	}
	lowerSchema(root, defs)
}

// dropFalseMarkers removes, from a variant's schema, the const false of a
// member it does not require: the marker of the type's other variant,
// which only separates the variants of one type in the union (a line the
// validator sends to this variant never has it true).
func dropFalseMarkers(def any) {
	m, _ := def.(map[string]any)
	props, _ := m["properties"].(map[string]any)
	req, _ := m["required"].([]any)
	for name, p := range props {
		if pm, ok := p.(map[string]any); ok && pm["const"] == false && !slices.Contains(req, any(name)) {
			delete(pm, "const")
		}
	}
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
			for name, c := range m {
				if c == true && k == "properties" {
					m[name] = map[string]any{}
				} else if cm, ok := c.(map[string]any); ok {
					lowerSchema(cm, defs)
				}
			}
		}
	}
	for _, k := range schemaLists {
		if l, ok := s[k].([]any); ok {
			for i, c := range l {
				if c == true {
					l[i] = map[string]any{}
				} else if cm, ok := c.(map[string]any); ok {
					lowerSchema(cm, defs)
				}
			}
		}
	}
	for _, k := range schemaValues {
		if s[k] == true && k == "items" {
			s[k] = map[string]any{}
		} else if cm, ok := s[k].(map[string]any); ok {
			lowerSchema(cm, defs)
		}
	}
	delete(s, "discriminator")
	lowerExactPatterns(s)
	if t, ok := s["type"].([]any); ok && listsEveryType(t) {
		delete(s, "type")
	}
	lowerNullEnum(s)
	lowerStringOrArray(s)
	if all, ok := s["allOf"].([]any); ok && s["$ref"] == nil {
		lowerAllOf(s, all)
	}
	for _, k := range []string{"oneOf", "anyOf"} {
		if list, ok := s[k].([]any); ok {
			lowerUnion(s, k, list, defs)
		}
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

// lowerNullEnum turns an anyOf of an untitled enum of strings and null
// (written so for code generators) into the one schema of the type list
// ["string", "null"] and the enum with null among its values.
func lowerNullEnum(s map[string]any) {
	any2, _ := s["anyOf"].([]any)
	if len(any2) != 2 {
		return
	}
	enum, _ := any2[0].(map[string]any)
	null, _ := any2[1].(map[string]any)
	values, _ := enum["enum"].([]any)
	if len(enum) != 2 || enum["type"] != "string" || values == nil || len(null) != 1 || null["type"] != "null" {
		return
	}
	for k := range s {
		if k != "anyOf" && k != "description" {
			return
		}
	}
	delete(s, "anyOf")
	s["type"] = []any{"string", "null"}
	s["enum"] = append(slices.Clone(values), nil)
}

// lowerStringOrArray turns a schema of the types string and array, with
// items (message content, written so for code generators), into an anyOf
// of a string and an array of those items.
func lowerStringOrArray(s map[string]any) {
	t, _ := s["type"].([]any)
	if len(t) != 2 || t[0] != "string" || t[1] != "array" || s["items"] == nil {
		return
	}
	for k := range s {
		if k != "type" && k != "items" && k != "description" {
			return
		}
	}
	s["anyOf"] = []any{map[string]any{"type": "string"}, map[string]any{"type": "array", "items": s["items"]}}
	delete(s, "type")
	delete(s, "items")
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

// lowerUnion applies the union rule to s, whose oneOf or anyOf (kw) is one.
func lowerUnion(s map[string]any, kw string, one []any, defs map[string]any) {
	for _, k := range []string{"properties", "required", "allOf", "anyOf", "oneOf", "$ref"} {
		if k != kw && s[k] != nil {
			return
		}
	}
	if t, ok := s["type"]; ok && t != "object" {
		return
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
	for k, p := range cands[0] {
		if p.other {
			continue // the first branch is never the catch-all
		}
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
	delete(s, kw)
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
// any string, as the catch-all of a tolerant union does (written either
// {"type": "string"} or, in the older form, with "not": {"enum": [...]}).
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
		if pm["type"] != "string" {
			continue
		}
		switch not, _ := pm["not"].(map[string]any); {
		case not != nil:
			if _, ok := not["enum"].([]any); ok && len(not) == 1 && onlyKeys(pm, "type", "not", "description") {
				out[name] = pin{other: true}
			}
		case onlyKeys(pm, "type", "description"):
			out[name] = pin{other: true}
		}
	}
	return out
}

// onlyKeys reports whether m has no keys but those given.
func onlyKeys(m map[string]any, keys ...string) bool {
	for k := range m {
		if !slices.Contains(keys, k) {
			return false
		}
	}
	return true
}

// exactPattern matches a patternProperties key that matches one name alone.
var exactPattern = regexp.MustCompile(`^\^([A-Za-z0-9_]+)\$$`)

// lowerExactPatterns moves the patternProperties entries that match one
// name alone into properties.
func lowerExactPatterns(s map[string]any) {
	pats, ok := s["patternProperties"].(map[string]any)
	if !ok {
		return
	}
	props, _ := s["properties"].(map[string]any)
	for k, c := range pats {
		m := exactPattern.FindStringSubmatch(k)
		if m == nil {
			continue
		}
		if _, taken := props[m[1]]; taken {
			continue
		}
		if props == nil {
			props = map[string]any{}
			s["properties"] = props
		}
		if c == true {
			c = map[string]any{}
		}
		props[m[1]] = c
		delete(pats, k)
	}
	if len(pats) == 0 {
		delete(s, "patternProperties")
	}
}
