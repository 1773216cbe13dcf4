package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"sort"
	"strings"

	"github.com/protocheck/protocheck/internal/gen/captures"
	"github.com/protocheck/protocheck/protocol"
)

// A modelFact is what the wire model's Go types say of one member.
type modelFact struct {
	kind     string // string, number, boolean, object, array, record, any
	goKind   string // the Go type
	optional bool
	nullable bool
	enum     []string
	// undeclared: the member is known from the bundle alone (its
	// undeclared tag names the release).
	undeclared string
}

// modelOf returns the members the wire model has for variant v, by
// pointer: a control message's envelope members and its body's under the
// envelope member.
func modelOf(v *protocol.Variant) map[string]modelFact {
	out := map[string]modelFact{}
	prefix := ""
	if e := protocol.Wire.EnvelopeOf(v.Type); e != nil {
		prefix = "/" + e.Member
		protocol.WalkMembers(reflect.TypeOf(e.New()), "", func(_ reflect.Type, f reflect.StructField, _, ptr string) {
			if strings.Count(ptr, "/") == 1 && ptr != prefix {
				out[ptr] = factOf(f)
			}
		})
		out[prefix] = modelFact{kind: "object"}
	}
	protocol.WalkMembers(v.GoType(), prefix, func(_ reflect.Type, f reflect.StructField, _, ptr string) {
		out[ptr] = factOf(f)
		// the items of an array or a map
		t := f.Type
		p := ptr
		for t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice || t.Kind() == reflect.Map {
			if t.Kind() != reflect.Pointer && t != rawType {
				p += "/*"
				t = t.Elem()
				if _, ok := out[p]; !ok {
					out[p] = modelFact{kind: kindOf(t)}
				}
				continue
			}
			if t == rawType {
				break
			}
			t = t.Elem()
		}
	})
	return out
}

var rawType = reflect.TypeFor[json.RawMessage]()

func factOf(f reflect.StructField) modelFact {
	tag := f.Tag.Get("jsonschema")
	m := modelFact{kind: kindOf(f.Type), goKind: f.Type.String(), undeclared: f.Tag.Get("undeclared")}
	m.optional = true
	for _, part := range strings.Split(tag, ",") {
		switch {
		case part == "required":
			m.optional = false
		case part == "nullable":
			m.nullable = true
		case strings.HasPrefix(part, "enum="):
			m.enum = append(m.enum, strings.TrimPrefix(part, "enum="))
		}
	}
	return m
}

var (
	marshaler = reflect.TypeFor[json.Marshaler]()
)

func kindOf(t reflect.Type) string {
	if t == rawType {
		return "any"
	}
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.String:
		return "string"
	case reflect.Bool:
		return "boolean"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Float32, reflect.Float64:
		return "number"
	case reflect.Slice, reflect.Array:
		if t == rawType {
			return "any"
		}
		return "array"
	case reflect.Map:
		return "record"
	case reflect.Struct:
		if reflect.PointerTo(t).Implements(marshaler) || t.Implements(marshaler) {
			return "any" // its own JSON form (a union, a value of several kinds)
		}
		return "object"
	}
	return "any"
}

// zodKind maps a zod fact to the JSON kinds it accepts (nil: any).
func zodKinds(z Fact) []string {
	kinds := z.Kinds
	if len(kinds) == 0 {
		kinds = []string{z.Kind}
	}
	var out []string
	for _, k := range kinds {
		switch k {
		case "string", "number", "boolean", "object", "array", "record", "null":
			out = append(out, k)
		case "literal", "enum":
			if len(z.Values) == 0 {
				return nil
			}
			for _, v := range z.Values {
				out = append(out, jsonKind(v))
			}
		case "bigint":
			out = append(out, "number")
		case "date":
			out = append(out, "string")
		default: // unknown, any, custom, lazy, ref, unresolved, intersection, tuple ...
			return nil
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

func jsonKind(v any) string {
	switch v.(type) {
	case string:
		return "string"
	case bool:
		return "boolean"
	case float64, json.Number, int:
		return "number"
	case nil:
		return "null"
	case []any:
		return "array"
	case map[string]any:
		return "object"
	}
	return "any"
}

// An outcome is how one zod member compares with the model.
type outcome struct {
	// confirmed: the hand-written model has it and admits what zod admits;
	// added: the generated layer has it because evidence shows it;
	// freeForm: below a member the model takes as any JSON; missing: the
	// model lacks it (a nested member the generated layer does not reach)
	confirmed, added, freeForm, missing, looser int
	// enums: of the added members, those the generated layer gives an enum
	enums int
	// contradicted, by what: type, optional, nullable, enum
	contradicted map[string]int
	// the model lacks the variant
	lacking []string
}

// A finding is one disagreement, listed in the docs with the releases that
// show it.
type finding struct {
	variant, member, what string
}

func compareModel(r Release, generated map[string]map[string]bool, out *outcome, found map[finding][]string) {
	if out.contradicted == nil {
		out.contradicted = map[string]int{}
	}
	for _, name := range slices.Sorted(maps.Keys(r.Variants)) {
		v := protocol.ByName(name)
		if v == nil || v.Generated {
			out.lacking = append(out.lacking, name)
		}
		if v == nil {
			continue
		}
		model := modelOf(v)
		for _, ptr := range slices.Sorted(maps.Keys(r.Variants[name])) {
			z := r.Variants[name][ptr]
			m, ok := model[ptr]
			if !ok {
				if underFree(model, ptr) {
					out.freeForm++
				} else {
					out.missing++
					f := finding{name, ptr, "not modelled: " + describe(z)}
					found[f] = append(found[f], r.CLI)
				}
				continue
			}
			if generated[name][ptr] || v.Generated {
				out.added++
				if len(m.enum) > 0 {
					out.enums++
				}
				if prefix := "/" + v.Envelope(); !v.Generated && topLevel(ptr, strings.TrimSuffix(prefix, "/")) != "" {
					f := finding{name, ptr, "added: " + describe(z) + " (" + m.goKind + ")"}
					found[f] = append(found[f], r.CLI)
				}
				continue
			}
			whats := contradictions(z, m)
			if len(whats) == 0 {
				out.confirmed++
				if !z.Optional && !z.Default && m.optional && ptr != "" {
					out.looser++
				}
				continue
			}
			for _, w := range whats {
				out.contradicted[strings.SplitN(w, ":", 2)[0]]++
				f := finding{name, ptr, w}
				found[f] = append(found[f], r.CLI)
			}
		}
	}
}

func underFree(model map[string]modelFact, ptr string) bool {
	for p := ptr; ; {
		i := strings.LastIndexByte(p, '/')
		if i <= 0 {
			return false
		}
		p = p[:i]
		if m, ok := model[p]; ok && m.kind == "any" {
			return true
		}
	}
}

// contradictions lists what the model would refuse that zod allows.
func contradictions(z Fact, m modelFact) []string {
	var out []string
	zk := zodKinds(z)
	if m.kind != "any" && zk != nil {
		fits := false
		for _, k := range zk {
			if k == m.kind || k == "null" && m.nullable || (k == "object" || k == "record") && (m.kind == "object" || m.kind == "record") {
				fits = true
			}
			if k != "null" && k != m.kind && !((k == "object" || k == "record") && (m.kind == "object" || m.kind == "record")) {
				fits = false
				break
			}
		}
		if !fits && !(len(zk) == 1 && zk[0] == "null" && m.nullable) {
			out = append(out, fmt.Sprintf("type: zod %s, model %s", strings.Join(zk, "|"), m.kind))
		}
	}
	if (z.Optional || z.Default) && !m.optional && m.undeclared == "" {
		out = append(out, "optional: zod optional, model required")
	}
	if z.Nullable && !m.nullable && m.kind != "any" {
		out = append(out, "nullable: zod nullable, model not")
	}
	if len(m.enum) > 0 && (z.Kind == "enum" || z.Kind == "literal") {
		var missing []string
		for _, v := range z.Values {
			if s, ok := v.(string); ok && !slices.Contains(m.enum, s) {
				missing = append(missing, s)
			}
		}
		if len(missing) > 0 {
			out = append(out, "enum: model lacks "+strings.Join(missing, ", "))
		}
	}
	return out
}

func describe(z Fact) string {
	s := z.Kind
	if len(z.Kinds) > 0 {
		s = strings.Join(z.Kinds, "|")
	}
	if z.Optional || z.Default {
		s += ", optional"
	}
	if z.Nullable {
		s += ", nullable"
	}
	return s
}

// captured is what the captures of one release show, per variant: the
// lines, decoded.
type captured map[string][]map[string]any

func readCaptures(root string) (map[string]captured, error) {
	out := map[string]captured{}
	_, err := captures.Walk(root, func(version, file string, n int, line []byte) error {
		var doc map[string]any
		if err := json.Unmarshal(line, &doc); err != nil {
			return fmt.Errorf("%s:%d: %w", file, n, err)
		}
		typ, _ := doc["type"].(string)
		sub, _ := doc["subtype"].(string)
		if e := protocol.Wire.EnvelopeOf(typ); e != nil {
			if body, ok := doc[e.Member].(map[string]any); ok {
				sub, _ = body["subtype"].(string)
			}
		}
		replay, _ := doc["isReplay"].(bool)
		v := protocol.Lookup(typ, sub, replay)
		if v == nil {
			return nil
		}
		if out[version] == nil {
			out[version] = captured{}
		}
		out[version][v.Name] = append(out[version][v.Name], doc)
		return nil
	})
	return out, err
}

// valuesAt returns the values at a pointer whose "*" segments stand for
// every item of an array or value of an object.
func valuesAt(doc any, segs []string) []any {
	cur := []any{doc}
	for _, s := range segs {
		var next []any
		for _, x := range cur {
			switch t := x.(type) {
			case map[string]any:
				if s == "*" {
					for _, k := range slices.Sorted(maps.Keys(t)) {
						next = append(next, t[k])
					}
				} else if v, ok := t[s]; ok {
					next = append(next, v)
				}
			case []any:
				if s == "*" {
					next = append(next, t...)
				}
			}
		}
		cur = next
	}
	return cur
}

func segments(ptr string) []string {
	if ptr == "" {
		return nil
	}
	out := strings.Split(ptr[1:], "/")
	for i, s := range out {
		out[i] = strings.ReplaceAll(strings.ReplaceAll(s, "~1", "/"), "~0", "~")
	}
	return out
}

// compareCaptures lists where the captures of a release disagree with its
// zod schemas: a member zod requires that a line lacks, a value of a kind
// or an enum value zod does not allow, a member zod does not know.
func compareCaptures(r Release, caps captured, found map[finding][]string) int {
	n := 0
	note := func(f finding) {
		if vs := found[f]; len(vs) == 0 || vs[len(vs)-1] != r.CLI {
			found[f] = append(found[f], r.CLI)
			n++
		}
	}
	for _, name := range slices.Sorted(maps.Keys(caps)) {
		zv, ok := r.Variants[name]
		if !ok {
			continue
		}
		objects := map[string]bool{"": true}
		for ptr, z := range zv {
			if z.Kind == "object" {
				objects[ptr] = true
			}
		}
		for _, doc := range caps[name] {
			for _, ptr := range slices.Sorted(maps.Keys(zv)) {
				z := zv[ptr]
				segs := segments(ptr)
				if len(segs) == 0 {
					continue
				}
				for _, parent := range valuesAt(doc, segs[:len(segs)-1]) {
					obj, ok := parent.(map[string]any)
					if !ok || segs[len(segs)-1] == "*" {
						continue
					}
					v, has := obj[segs[len(segs)-1]]
					if !has {
						if !z.Optional && !z.Default {
							note(finding{name, ptr, "zod requires it, a capture lacks it"})
						}
						continue
					}
					if v == nil {
						if !z.Nullable && zodAccepts(z, "null") == false {
							note(finding{name, ptr, "a capture has null, zod does not allow it"})
						}
						continue
					}
					k := jsonKind(v)
					if !zodAccepts(z, k) {
						note(finding{name, ptr, fmt.Sprintf("a capture has a %s, zod allows %s", k, describe(z))})
					} else if (z.Kind == "enum" || z.Kind == "literal") && len(z.Values) > 0 && k == "string" && !slices.Contains(z.Values, any(v)) {
						note(finding{name, ptr, fmt.Sprintf("a capture has %q, not among zod's values", v)})
					}
				}
			}
			for ptr := range objects {
				for _, x := range valuesAt(doc, segments(ptr)) {
					obj, ok := x.(map[string]any)
					if !ok {
						continue
					}
					for k := range obj {
						child := ptr + "/" + strings.ReplaceAll(strings.ReplaceAll(k, "~", "~0"), "/", "~1")
						if _, ok := zv[child]; !ok {
							note(finding{name, child, "a capture has it, zod does not know it"})
						}
					}
				}
			}
		}
	}
	return n
}

// compareProbes lists where a probe the CLI read (corpus/probe/results)
// shows the release's schema of the variant too narrow: the CLI reads null
// where zod does not allow it, a value of the wrong kind, or "" where zod
// lists the values.
func compareProbes(f *File, probes map[string][]probeResult, found map[finding][]string) {
	byCLI := map[string]Release{}
	for _, r := range f.Releases {
		byCLI[r.CLI] = r
	}
	for release, results := range probes {
		r, ok := byCLI[release]
		if !ok {
			continue
		}
		for _, p := range results {
			z, ok := r.Variants[p.Variant][p.Member]
			if !ok || p.Read != "yes" {
				continue
			}
			what := ""
			switch p.Edge {
			case "null":
				if !zodAccepts(z, "null") {
					what = "the CLI reads null, zod does not allow it (probe)"
				}
			case "wrong-type":
				if zodKinds(z) != nil {
					what = "the CLI reads a value of another kind, zod allows " + describe(z) + " (probe)"
				}
			case "empty":
				if (z.Kind == "enum" || z.Kind == "literal") && len(z.Values) > 0 && !slices.Contains(z.Values, any("")) && zodAccepts(z, "string") {
					what = `the CLI reads "", not among zod's values (probe)`
				}
			}
			if what != "" {
				k := finding{p.Variant, p.Member, what}
				if vs := found[k]; len(vs) == 0 || vs[len(vs)-1] != release {
					found[k] = append(found[k], release)
				}
			}
		}
	}
}

func zodAccepts(z Fact, kind string) bool {
	ks := zodKinds(z)
	if ks == nil {
		return true
	}
	for _, k := range ks {
		if k == kind || (k == "record" && kind == "object") || (k == "object" && kind == "object") {
			return true
		}
	}
	return kind == "null" && z.Nullable
}

// buildDocs renders docs/zod.md from zod.json, the wire model and the
// committed captures.
func buildDocs(root, path string) ([]byte, error) {
	f, err := readFile(path)
	if err != nil {
		return nil, err
	}
	caps, err := readCaptures(root)
	if err != nil {
		return nil, err
	}
	ev, err := gather(root, path)
	if err != nil {
		return nil, err
	}
	generated := ev.pointers()
	var b bytes.Buffer
	b.WriteString(`# The CLI's own schemas, release by release

Generated by ` + "`go run ./internal/gen/zodfacts -docs`" + ` (make zodfacts) from
internal/gen/versionfacts/zod.json, the wire model (protocol) and the committed
captures (corpus/captures); do not edit. ` + "`make zodfacts`" + ` reads the schemas again
from every CLI installed under .cache/cli.

Each release validates the stream-json messages with schemas built by zod (or,
in the newest releases, a library with zod's interface); the extractor
(internal/gen/bundlefacts/extract/zod.mjs) evaluates their call chains by shape
and keeps member names, kinds, literal and enum values, optional, nullable and
default, never code or descriptions. A variant is an object schema with a
literal ` + "`type`" + ` (and ` + "`subtype`" + `, or a control body's subtype).

Columns: **schemas** object and union schemas read; **variants** and
**members** extracted (members: JSON Pointers below the message, array items
and record values as ` + "`/*`" + `); **new** variants the hand-written model
lacks (the generated layer holds them: see below);
against the model's Go types (any release window): **confirmed** members the
hand-written types have with a type, optionality, nullability and enum values
that admit what zod admits; **added** members the hand-written types lack that
the generated layer (protocol/zz_evidence.go) holds because evidence shows
them, at any depth (the members of the new variants among them), and **enums**
those of them it gives the enum values zod lists (the union of the values of
every release, each value held by the schema sets of the versions that may
send it: protocol.EnumValues); **free-form** members below
a member the model takes as any JSON (a hand-written json.RawMessage, or a
generated member whose evidence does not agree on one kind);
**not modelled** nested members the model lacks;
**contradicted** members the model would refuse values of (t type, o the
model requires what zod makes optional, n zod allows null, e enum values the
model lacks); **captures** the disagreements between the release's captures
and its schemas (listed below).

`)
	b.WriteString("| CLI | source | schemas | variants | members | new | confirmed | added | enums | free-form | not modelled | contradicted (t/o/n/e) | captures |\n")
	b.WriteString("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|\n")
	models := map[finding][]string{}
	capFound := map[finding][]string{}
	lacking := map[string][]string{}
	for _, r := range f.Releases {
		members := 0
		for _, m := range r.Variants {
			members += len(m)
		}
		if len(r.Variants) == 0 {
			fmt.Fprintf(&b, "| %s | %s | %d | 0 | 0 | — | — | — | — | — | — | — | — |\n", r.CLI, r.Source, r.Schemas)
			continue
		}
		var o outcome
		compareModel(r, generated, &o, models)
		for _, n := range o.lacking {
			lacking[n] = append(lacking[n], r.CLI)
		}
		nc := compareCaptures(r, caps[r.CLI], capFound)
		c := o.contradicted
		fmt.Fprintf(&b, "| %s | %s | %d | %d | %d | %d | %d | %d | %d | %d | %d | %d (%d/%d/%d/%d) | %d |\n", r.CLI, r.Source, r.Schemas,
			len(r.Variants), members, len(o.lacking), o.confirmed, o.added, o.enums, o.freeForm, o.missing,
			c["type"]+c["optional"]+c["nullable"]+c["enum"], c["type"], c["optional"], c["nullable"], c["enum"], nc)
	}
	b.WriteString(`
The releases with no variants (1.0.x to 2.1.0, cli.js) build no schemas for
their messages: their stream-json output is written without validation, and
the extractor finds nothing to read.

## Variants the hand-written model lacks

Object schemas with a literal type the hand-written model has no variant for
(a type it lacks is kept when the schema has a session_id). The generated
layer holds each (protocol.Variant.Generated): its Go type, with the
discriminators and the members the evidence shows, typed as above; a control
request's direction is Both, as the schemas do not say which side writes it.
A control envelope with no subtype is no variant.

| variant | releases | in the model |
|---|---|---|
`)
	for _, n := range slices.Sorted(maps.Keys(lacking)) {
		in := "no: a control envelope with no subtype"
		if v := protocol.ByName(n); v != nil {
			in = fmt.Sprintf("generated: %s", v.GoType().Name())
		}
		fmt.Fprintf(&b, "| `%s` | %s | %s |\n", n, span(lacking[n]), in)
	}
	writeFindings(&b, "## Where the model contradicts zod", `Members the model has but would refuse a value of that the release's schema
allows (or requires where it makes the member optional).`, models, func(f finding) bool {
		return !strings.HasPrefix(f.what, "added") && !strings.HasPrefix(f.what, "not modelled")
	})
	writeFindings(&b, "## Members zod adds", `Members directly under a hand-written variant's type (or a control body)
that the hand-written types lack and the generated layer holds, with the Go
type it gives them (the members below them, and those of the new variants,
are counted in the table above, not listed).`, models, func(f finding) bool { return strings.HasPrefix(f.what, "added") })
	writeFindings(&b, "## Members zod shows that the model lacks", `Nested members neither the hand-written types nor the generated layer have
(and no member above them takes any JSON).`, models, func(f finding) bool { return strings.HasPrefix(f.what, "not modelled") })
	b.WriteString(`
## What the CLI validates on stdin: the permission reply

The schemas of the answer to a can_use_tool request (objects with a literal
` + "`behavior`" + `), member by member against protocol.PermissionResult, the one Go
type of both behaviors.

| payload | member | zod | model | releases |
|---|---|---|---|---|
`)
	reply := map[[4]string][]string{}
	model := map[string]modelFact{}
	protocol.WalkMembers(reflect.TypeFor[protocol.PermissionResult](), "", func(_ reflect.Type, f reflect.StructField, _, ptr string) {
		model[ptr] = factOf(f)
	})
	for _, r := range f.Releases {
		for name, facts := range r.Payloads {
			for ptr, z := range facts {
				if strings.Count(ptr, "/") != 1 {
					continue
				}
				verdict := "lacks it"
				if m, ok := model[ptr]; ok {
					verdict = "agrees"
					if c := contradictions(z, m); len(c) > 0 {
						verdict = strings.Join(c, "; ")
					}
				}
				k := [4]string{name, ptr, describe(z), verdict}
				reply[k] = append(reply[k], r.CLI)
			}
		}
	}
	keys := slices.Collect(maps.Keys(reply))
	sort.Slice(keys, func(i, j int) bool {
		for n := range 4 {
			if keys[i][n] != keys[j][n] {
				return keys[i][n] < keys[j][n]
			}
		}
		return false
	})
	for _, k := range keys {
		fmt.Fprintf(&b, "| `%s` | `%s` | %s | %s | %s |\n", k[0], k[1], strings.ReplaceAll(k[2], "|", "\\|"), k[3], span(reply[k]))
	}
	probes, err := probesOf(root)
	if err != nil {
		return nil, err
	}
	compareProbes(f, probes, capFound)
	writeFindings(&b, "## Where zod and the captures or probes disagree", `A capture line of the release against the release's own schema of that
variant, and a probe (corpus/probe/results) the CLI read against it. Where a
capture or a probe shows a string zod's enum lacks, the generated layer
gives the member no enum; where a capture shows a kind zod does not allow,
it takes the captures' kinds.`, capFound, func(finding) bool { return true })
	return b.Bytes(), nil
}

func writeFindings(b *bytes.Buffer, title, intro string, found map[finding][]string, keep func(finding) bool) {
	fmt.Fprintf(b, "\n%s\n\n%s\n\n| variant | member | what | releases |\n|---|---|---|---|\n", title, intro)
	keys := slices.Collect(maps.Keys(found))
	sort.Slice(keys, func(i, j int) bool {
		a, c := keys[i], keys[j]
		if a.variant != c.variant {
			return a.variant < c.variant
		}
		if a.member != c.member {
			return a.member < c.member
		}
		return a.what < c.what
	})
	n := 0
	for _, k := range keys {
		if !keep(k) {
			continue
		}
		n++
		fmt.Fprintf(b, "| `%s` | `%s` | %s | %s |\n", k.variant, k.member, strings.ReplaceAll(k.what, "|", "\\|"), span(found[k]))
	}
	if n == 0 {
		b.WriteString("| — | — | none | — |\n")
	}
}

// span writes a list of releases as first–last (n).
func span(vs []string) string {
	slices.SortFunc(vs, protocol.CompareVersions)
	vs = slices.Compact(vs)
	if len(vs) == 1 {
		return vs[0]
	}
	return fmt.Sprintf("%s – %s (%d)", vs[0], vs[len(vs)-1], len(vs))
}
