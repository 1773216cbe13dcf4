package fastpath

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
)

// This file compiles the generated schemas into the fast path's program.
//
// The fast path checks a line in one pass over its bytes, without building a
// tree, for the subset of JSON Schema that package reflect generates: type,
// properties, required, additionalProperties, items, enum, const, local $ref,
// anyOf whose branches differ by JSON type, and allOf of if/then on one
// discriminator. Its verdict is only ever "valid" or "not sure": a line it is
// not sure of goes to santhosh-tekuri/jsonschema, which has the last word and
// writes the findings. A schema keyword the compiler does not know makes its
// node "not sure", so new keywords can never be skipped silently. A
// differential fuzz test checks that every line the fast path accepts is
// valid for santhosh-tekuri too.

// jsonType is a set of JSON types as a bitmask.
type jsonType uint8

const (
	tNull jsonType = 1 << iota
	tBool
	tInteger // a number written without fraction or exponent
	tNumber  // any number
	tString
	tArray
	tObject

	tAny = tNull | tBool | tInteger | tNumber | tString | tArray | tObject
)

var typeNames = map[string]jsonType{
	"null": tNull, "boolean": tBool, "integer": tInteger, "number": tNumber | tInteger,
	"string": tString, "array": tArray, "object": tObject,
}

// A Node is the compiled form of one schema.
type Node struct {
	unsure bool     // the node uses a keyword the fast path does not check
	types  jsonType // allowed types; tAny when unconstrained

	// enum, when non-nil, lists the allowed values (strings, booleans, null).
	enum []constValue
	// enumLoc is the location of the schema whose enum keyword alone
	// gives enum, and enumWant that keyword's list as the document has it,
	// or "" when the scan cannot name the one keyword that rejects a value
	// (a const, two enums merged, a schema without a location): see
	// LocalEnum.
	enumLoc  string
	enumWant []any

	// Objects.
	props    map[string]*prop
	propList []*prop
	required []*prop // the required members that are declared
	reqNames []string
	// reqLocs holds, for each required member, the location of the schema
	// whose required keyword names it, or "" when the scan cannot name
	// the one keyword that reports it missing (a member two schemas
	// require, or a schema without a location): see Failure.Local.
	reqLocs   []string
	addl      *Node // schema for undeclared members; nil allows any
	addlFalse bool  // undeclared members are forbidden
	// addlLoc is the location of the schema whose additionalProperties
	// is false, or "" when it cannot be named (as reqLocs).
	addlLoc  string
	declared bool // the node declares properties: undeclared members are unknown

	// Arrays.
	items *Node
	// itemSlot, when not 0, captures each item (see Mark).
	itemSlot uint8

	// anyOf whose branches take disjoint types: the branch for each type.
	byType map[jsonType]*Node
	// branches lists the anyOf's branches in order, for the failures of
	// a value that fails the one of its type (see Scanner.choose).
	branches []*Node

	// allOf of if/then on one discriminator: the member for each value. The
	// node's other constraints must be implied by every member's (see
	// simpleBase), so the fast path checks a line against the member alone.
	dispKey  string
	dispatch map[string]*Node

	// all lists nodes that must all accept the value, each checked in its
	// own pass over the value's bytes.
	all []*Node

	// loc is the place of the schema the node was compiled from, as a URL
	// fragment ("#/$defs/Name/properties/x"), or "" for a node made by
	// merging schemas of several places. The node checks exactly what the
	// schema there does, so a value that fails at the node can be handed
	// to the full validator with that schema alone (Result.Failures).
	loc string
}

type prop struct {
	name     string
	node     *Node
	reqIndex int   // index in the required bitset, or -1
	index    int   // index in propList
	declared bool  // listed in properties (not only in required)
	slot     uint8 // when not 0, the member's value is captured (see Mark)
}

// constValue is an allowed value of an enum or const.
type constValue struct {
	t jsonType // tNull, tBool or tString
	s string   // the string, or "true"/"false"
}

// A Program is the compiled form of one schema document's definitions.
// Compile them with Def; a Program is not safe for concurrent use while
// compiling, and its nodes are read-only (safe to share) once compiled.
type Program struct {
	defs  map[string]any
	memo  map[string]*Node
	doing map[string]*Node
}

// Compile returns the program of a schema document (as decoded for
// santhosh-tekuri/jsonschema: numbers are json.Number, which no keyword the
// fast path checks reads).
func Compile(doc map[string]any) *Program {
	c := &Program{memo: map[string]*Node{}, doing: map[string]*Node{}}
	if d, ok := doc["$defs"].(map[string]any); ok {
		c.defs = d
	}
	return c
}

// annotations are keywords that do not constrain instances.
var annotations = map[string]bool{
	"$schema": true, "$id": true, "$defs": true, "$comment": true, "title": true,
	"description": true, "examples": true, "default": true, "deprecated": true,
	"readOnly": true, "writeOnly": true,
}

// Def returns the node of the definition of that name ("#/$defs/name").
func (c *Program) Def(name string) *Node { return c.ref("#/$defs/" + name) }

func (c *Program) ref(ref string) *Node {
	name, ok := strings.CutPrefix(ref, "#/$defs/")
	if !ok || strings.ContainsAny(name, "/~%") || c.defs[name] == nil {
		return &Node{unsure: true, types: tAny}
	}
	if n, ok := c.memo[name]; ok {
		return n
	}
	if n, ok := c.doing[name]; ok {
		return n // recursive: filled in when the outer call returns
	}
	def, ok := c.defs[name].(map[string]any)
	if !ok {
		return &Node{unsure: true, types: tAny}
	}
	n := &Node{}
	c.doing[name] = n
	*n = *c.compile(def, "#/$defs/"+name)
	delete(c.doing, name)
	c.memo[name] = n
	return n
}

// compile compiles one schema object (or boolean), found at loc in the
// document ("" when the place cannot be named; see Node.loc).
func (c *Program) compile(v any, loc string) *Node {
	switch s := v.(type) {
	case bool:
		if s {
			return &Node{types: tAny, loc: loc}
		}
		return &Node{types: 0, loc: loc}
	case map[string]any:
		n := &Node{types: tAny}
		var parts []*Node // $ref and allOf members, conjoined with n
		for k, val := range s {
			switch {
			case annotations[k]:
			case k == "$ref":
				r, _ := val.(string)
				parts = append(parts, c.ref(r))
			case k == "type":
				n.types = parseTypes(val, &n.unsure)
			case k == "enum":
				list, _ := val.([]any)
				n.enum = constValues(list, &n.unsure)
				if n.enum == nil {
					n.enum = []constValue{}
				}
				if _, both := s["const"]; !both && loc != "" {
					n.enumLoc, n.enumWant = loc, list
				}
			case k == "const":
				n.enum = constValues([]any{val}, &n.unsure)
			case k == "properties" || k == "required" || k == "additionalProperties":
				// handled below, together
			case k == "items":
				n.items = c.compile(val, at(loc, "items"))
			case k == "anyOf":
				c.anyOf(n, val, at(loc, "anyOf"))
			case k == "allOf":
				list, _ := val.([]any)
				if d := c.dispatchOf(list, at(loc, "allOf")); d != nil {
					parts = append(parts, d)
				} else {
					for i, m := range list {
						parts = append(parts, c.compile(m, at(loc, "allOf", strconv.Itoa(i))))
					}
				}
			default:
				n.unsure = true
			}
		}
		if _, ok := s["properties"]; ok || s["required"] != nil || s["additionalProperties"] != nil {
			c.object(n, s, loc)
		}
		if len(parts) == 1 && isTrivial(n) {
			return parts[0] // a bare $ref: share the node (it may still be filling in)
		}
		for _, p := range parts {
			if c.inProgress(p) {
				// A definition still being compiled (a recursive reference)
				// cannot be merged yet; check it in its own pass.
				n = &Node{types: tAny, all: append(flatten(n), p)}
				continue
			}
			if p.dispatch != nil && n.dispatch == nil && simpleBase(n, p) {
				n.dispKey, n.dispatch = p.dispKey, p.dispatch
				continue
			}
			n = conjoin(n, p)
		}
		n.loc = loc
		return n
	}
	return &Node{unsure: true, types: tAny, loc: loc}
}

// at returns the location of a schema below the one at loc, by the names
// of the keywords and members on the way, or "" when one of them has a
// character a location would have to escape (the generated schemas have
// none).
func at(loc string, tokens ...string) string {
	if loc == "" {
		return ""
	}
	for _, t := range tokens {
		for i := 0; i < len(t); i++ {
			if c := t[i]; !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-' || c == '.' || c == '$') {
				return ""
			}
		}
		loc += "/" + t
	}
	return loc
}

// isTrivial reports whether n accepts everything on its own.
func isTrivial(n *Node) bool {
	return !n.unsure && n.types == tAny && n.enum == nil && n.props == nil && n.items == nil &&
		n.addl == nil && !n.addlFalse && n.byType == nil && n.dispatch == nil && n.all == nil
}

// inProgress reports whether n is a definition whose compilation has not
// finished (reached again through a recursive reference).
func (c *Program) inProgress(n *Node) bool {
	for _, d := range c.doing {
		if d == n {
			return true
		}
	}
	return false
}

func parseTypes(v any, unsure *bool) jsonType {
	var t jsonType
	switch v := v.(type) {
	case string:
		t = typeNames[v]
	case []any:
		for _, e := range v {
			s, _ := e.(string)
			t |= typeNames[s]
		}
	}
	if t == 0 {
		*unsure = true
		return tAny
	}
	return t
}

func constValues(list []any, unsure *bool) []constValue {
	var out []constValue
	for _, e := range list {
		switch e := e.(type) {
		case nil:
			out = append(out, constValue{t: tNull})
		case bool:
			out = append(out, constValue{t: tBool, s: fmt.Sprint(e)})
		case string:
			out = append(out, constValue{t: tString, s: e})
		default:
			*unsure = true
			return nil
		}
	}
	return out
}

func (c *Program) object(n *Node, s map[string]any, loc string) {
	props, _ := s["properties"].(map[string]any)
	n.props = map[string]*prop{}
	n.declared = props != nil
	for _, name := range slices.Sorted(maps.Keys(props)) {
		p := &prop{name: name, node: c.compile(props[name], at(loc, "properties", name)), reqIndex: -1, index: len(n.propList), declared: true}
		n.props[name] = p
		n.propList = append(n.propList, p)
	}
	req, _ := s["required"].([]any)
	for _, r := range req {
		name, _ := r.(string)
		p, ok := n.props[name]
		if !ok {
			p = &prop{name: name, node: &Node{types: tAny}, reqIndex: -1, index: len(n.propList)}
			n.props[name] = p
			n.propList = append(n.propList, p)
		}
		if p.reqIndex < 0 {
			p.reqIndex = len(n.required)
			n.required = append(n.required, p)
			n.reqNames = append(n.reqNames, name)
			n.reqLocs = append(n.reqLocs, loc)
		}
	}
	switch a := s["additionalProperties"].(type) {
	case nil:
	case bool:
		n.addlFalse = !a
		if n.addlFalse {
			n.addlLoc = loc
		}
	default:
		n.addl = c.compile(a, at(loc, "additionalProperties"))
	}
}

// anyOf compiles an anyOf whose branches allow disjoint sets of types.
func (c *Program) anyOf(n *Node, v any, loc string) {
	list, _ := v.([]any)
	n.byType = map[jsonType]*Node{}
	var all jsonType
	for i, b := range list {
		bn := c.compile(b, at(loc, strconv.Itoa(i)))
		if bn.types&all != 0 || bn.types == tAny {
			n.unsure = true
			return
		}
		all |= bn.types
		n.branches = append(n.branches, bn)
		for t := jsonType(1); t < tAny; t <<= 1 {
			if bn.types&t != 0 {
				n.byType[t] = bn
			}
		}
	}
	n.types &= all
}

// dispatchOf recognises allOf: [{if: {properties: {K: {const: V}}, required: [K]}, then: S}, ...]
// with one K for all entries, and returns the dispatch node, or nil.
//
// It is the one place that recognises a union on a discriminator; a value
// that selects a member is checked against that member alone, and a line
// that fails there goes to the full validator with that member's schema
// alone (see Node.loc), which is exact because the full validator's
// if/then applies only the then of the one if that holds.
func (c *Program) dispatchOf(list []any, loc string) *Node {
	d := &Node{types: tAny, dispatch: map[string]*Node{}}
	for i, e := range list {
		m, _ := e.(map[string]any)
		if len(m) != 2 || m["if"] == nil || m["then"] == nil {
			return nil
		}
		cond, _ := m["if"].(map[string]any)
		props, _ := cond["properties"].(map[string]any)
		req, _ := cond["required"].([]any)
		if len(cond) != 2 || len(props) != 1 || len(req) != 1 {
			return nil
		}
		key, _ := req[0].(string)
		kp, _ := props[key].(map[string]any)
		val, ok := kp["const"].(string)
		if !ok || len(kp) != 1 || (d.dispKey != "" && d.dispKey != key) {
			return nil
		}
		d.dispKey = key
		d.dispatch[val] = c.compile(m["then"], at(loc, strconv.Itoa(i), "then"))
	}
	if d.dispKey == "" {
		return nil
	}
	return d
}

// conjoin returns a node that accepts what both a and b accept: one node
// when both are plain, else a node that checks each in its own pass.
func conjoin(a, b *Node) *Node {
	if a.dispatch != nil || b.dispatch != nil || a.all != nil || b.all != nil ||
		(a.addlFalse && !subset(b, a)) || (b.addlFalse && !subset(a, b)) {
		return &Node{types: tAny, all: append(flatten(a), flatten(b)...)}
	}
	n := &Node{
		unsure:    a.unsure || b.unsure,
		types:     a.types & b.types,
		items:     conjoinOpt(a.items, b.items),
		addlFalse: a.addlFalse || b.addlFalse,
		declared:  a.declared || b.declared,
	}
	switch {
	case a.addlFalse && b.addlFalse:
		// Two schemas forbid the member: the full validator reports it
		// twice, and only it can say which report a line keeps.
	case a.addlFalse:
		n.addlLoc = a.addlLoc
	case b.addlFalse:
		n.addlLoc = b.addlLoc
	}
	n.enum = intersectEnums(a.enum, b.enum)
	switch {
	case a.enum != nil && b.enum != nil:
		// Two enums: a value may fail both, which only the full
		// validator reports.
	case a.enum != nil:
		n.enumLoc, n.enumWant = a.enumLoc, a.enumWant
	case b.enum != nil:
		n.enumLoc, n.enumWant = b.enumLoc, b.enumWant
	}
	if a.byType != nil || b.byType != nil {
		if a.byType != nil && b.byType != nil {
			n.unsure = true
		}
		n.byType = a.byType
		if n.byType == nil {
			n.byType = b.byType
		}
	}
	if a.addl != nil || b.addl != nil {
		if a.addl != nil && b.addl != nil {
			n.unsure = true
		}
		n.addl = conjoinOpt(a.addl, b.addl)
	}
	if a.props != nil || b.props != nil {
		n.props = map[string]*prop{}
		for _, src := range []*Node{a, b} {
			for _, p := range src.propList {
				q, ok := n.props[p.name]
				if !ok {
					q = &prop{name: p.name, node: p.node, reqIndex: -1, index: len(n.propList), declared: p.declared}
					n.props[p.name] = q
					n.propList = append(n.propList, q)
				} else {
					q.node = conjoin(q.node, p.node)
					q.declared = q.declared || p.declared
				}
				switch {
				case p.reqIndex >= 0 && q.reqIndex < 0:
					q.reqIndex = len(n.required)
					n.required = append(n.required, q)
					n.reqNames = append(n.reqNames, q.name)
					n.reqLocs = append(n.reqLocs, src.reqLocs[p.reqIndex])
				case p.reqIndex >= 0:
					n.reqLocs[q.reqIndex] = "" // required twice: see reqLocs
				}
			}
		}
	}
	return n
}

func flatten(n *Node) []*Node {
	if n.all != nil {
		return n.all
	}
	return []*Node{n}
}

// simpleBase reports whether base adds nothing to what the members of the
// dispatch d require: an object whose only constraint is that d's key is
// present and a string (in a set that holds every member's value). Then a
// value that selects a member need only be checked against that member,
// which pins the key itself.
func simpleBase(base, d *Node) bool {
	if base.unsure || base.types != tObject || base.addlFalse || base.addl != nil || base.items != nil ||
		base.enum != nil || base.byType != nil || base.all != nil || len(base.propList) != 1 {
		return false
	}
	p := base.props[d.dispKey]
	if p == nil || p.reqIndex != 0 || p.node.unsure || p.node.types != tString || p.node.props != nil {
		return false
	}
	if p.node.enum != nil {
		for v := range d.dispatch {
			if !slices.Contains(p.node.enum, constValue{t: tString, s: v}) {
				return false
			}
		}
	}
	return true
}

func conjoinOpt(a, b *Node) *Node {
	switch {
	case a == nil:
		return b
	case b == nil:
		return a
	}
	return conjoin(a, b)
}

// subset reports whether every member b names is declared by a, so that a's
// additionalProperties:false means the same for the conjunction.
func subset(b, a *Node) bool {
	for name := range b.props {
		if p, ok := a.props[name]; !ok || !p.declared {
			return false
		}
	}
	return b.addl == nil
}

func intersectEnums(a, b []constValue) []constValue {
	switch {
	case a == nil:
		return b
	case b == nil:
		return a
	}
	out := []constValue{}
	for _, x := range a {
		if slices.Contains(b, x) {
			out = append(out, x)
		}
	}
	return out
}
