package main

import (
	"bufio"
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"unicode"

	"github.com/protocheck/protocheck/internal/gen/captures"
	"github.com/protocheck/protocheck/protocol"
)

// The generated layer of the model (protocol/zz_evidence.go): for every Go
// type that holds a variant, a struct <Type>Evidence that the type embeds,
// with the members that evidence shows and the hand-written types lack;
// for every variant the CLI's own schemas show that the hand-written model
// lacks, the variant itself (generatedVariants) and its Go type, which
// holds only the discriminators and embeds its <Type>Evidence like the
// others. The evidence, strongest first:
//
//   - the captures (corpus/captures): the kinds of the values they carry,
//     the members of the objects they carry, the strings they carry (an
//     enum that lacks one is dropped); and the probes (corpus/probe/
//     results), for what the CLI reads on stdin: a member it reads as null
//     is nullable, one it reads with a value of the wrong kind is any JSON;
//   - the CLI's own schemas (zod.json): a member's kind, nullability, enum
//     values, and the members, items and values of its objects, arrays and
//     records;
//   - the member names the bundle's object literals write (bundle.json),
//     less the false positives listed in bundlefacts/exceptions.txt: the
//     member is taken as any JSON; and, weakest, the member names of the
//     CLI's internal system messages (bundle.json's internal), which some
//     paths print as they are (plan mode's system/informational with
//     isMeta).
//
// A member is typed string, float64 or bool when every source that types
// it agrees on one kind; an object with members a struct of its own (a
// pointer), an array a slice, a record a map of the type of its items or
// values; else json.RawMessage. A string whose schemas list its values in
// every release that shows it is an enum of the values of them all. Every
// generated member is optional and tagged undeclared with the first release
// that shows it; its window is derived like any other member's
// (internal/gen/versionfacts).

// evidenceSuffix names the generated struct a hand-written type embeds.
const evidenceSuffix = "Evidence"

// A member is one generated member of one Go type, or one member, item or
// value below it.
type member struct {
	name string
	// kinds are the JSON kinds the schemas and names show (string,
	// number, boolean, object, array, record; other: any JSON);
	// capKinds those the captures show, which win.
	kinds, capKinds map[string]bool
	nullable        bool
	first           string          // the first release that shows it
	sources         map[string]bool // captures, probes, zod, bundle
	variants        map[string]bool
	// enum: the string values the schemas list; noEnum: a release's schema
	// takes any string, or a capture shows a value they do not list.
	enum   map[string]bool
	noEnum bool
	// valueSince is the first release whose schemas list each value;
	// enumIn the releases whose schemas list the member's values.
	valueSince map[string]string
	enumIn     []string
	// declared: some release's sdk.d.ts declares it (sdk.json), so it is
	// not tagged undeclared.
	declared bool
	// fields are an object's members; item an array's items or a record's
	// values.
	fields map[string]*member
	item   *member
}

func newMember(name string) *member {
	return &member{name: name, kinds: map[string]bool{}, capKinds: map[string]bool{}, sources: map[string]bool{}, variants: map[string]bool{}, enum: map[string]bool{}, valueSince: map[string]string{}}
}

// field returns the member name of m, made when new.
func (m *member) field(name string) *member {
	if m.fields == nil {
		m.fields = map[string]*member{}
	}
	c := m.fields[name]
	if c == nil {
		c = newMember(name)
		m.fields[name] = c
	}
	return c
}

// items returns m's items or values, made when new.
func (m *member) items() *member {
	if m.item == nil {
		m.item = newMember("*")
	}
	return m.item
}

// A rootType is a Go type that holds variants: a hand-written one (t set) or
// one generated for a variant only the schemas show.
type rootType struct {
	name     string
	t        reflect.Type // nil for a type this run generates anew
	variants []string
	prefix   string // the pointer of the type's members: "" or "/request"
	gen      *genVariant
	hand     map[string]bool // the members the hand-written type has
	goNames  map[string]bool // the Go names in use at any depth
}

// A genVariant is a variant the hand-written model lacks that the schemas
// show.
type genVariant struct {
	name, typ, subtype string
	releases           []string
}

// generatedRoot names the Go type of a generated variant: its subtype (or
// type) and Message, or Request for a control request; prefixed with its
// type when the name is taken.
func generatedRoot(v *genVariant, taken map[string]bool) string {
	base, suffix := v.typ, "Message"
	if v.subtype != "" {
		base = v.subtype
	}
	if v.typ == "control_request" {
		suffix = "Request"
	}
	name := goName(base) + suffix
	if taken[name] {
		name = goName(v.typ) + name
	}
	return name
}

// variantKind splits a variant name of zod.json into its discriminators;
// ok is false for one the model cannot hold (a control envelope with no
// subtype).
func variantKind(name string) (typ, subtype string, ok bool) {
	typ, subtype, _ = strings.Cut(name, ".")
	switch typ {
	case "system", "result", "control_request", "control_response":
		return typ, subtype, subtype != ""
	}
	return typ, "", !strings.Contains(name, ".")
}

// handTypeNames returns the type names the package protocol declares
// outside its generated files.
func handTypeNames(root string) (map[string]bool, error) {
	files, err := filepath.Glob(filepath.Join(root, "protocol", "*.go"))
	if err != nil {
		return nil, err
	}
	out := map[string]bool{}
	fset := token.NewFileSet()
	for _, f := range files {
		base := filepath.Base(f)
		if strings.HasPrefix(base, "zz_") || strings.HasSuffix(base, "_test.go") {
			continue
		}
		af, err := parser.ParseFile(fset, f, nil, parser.SkipObjectResolution)
		if err != nil {
			return nil, err
		}
		for _, d := range af.Decls {
			if gd, ok := d.(*ast.GenDecl); ok {
				for _, sp := range gd.Specs {
					switch sp := sp.(type) {
					case *ast.TypeSpec:
						out[sp.Name.Name] = true
					case *ast.ValueSpec:
						for _, n := range sp.Names {
							out[n.Name] = true
						}
					}
				}
			}
		}
		for _, d := range af.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv == nil {
				out[fd.Name.Name] = true
			}
		}
	}
	return out, nil
}

// roots lists the Go types that hold the variants: those of the
// hand-written variants, then one per variant the schemas show that the
// hand-written model lacks.
func roots(root string, zf *File) ([]*rootType, error) {
	taken, err := handTypeNames(root)
	if err != nil {
		return nil, err
	}
	byName := map[string]*rootType{}
	var order []*rootType
	for _, v := range protocol.Variants {
		if v.Generated {
			continue
		}
		t := v.GoType()
		r := byName[t.Name()]
		if r == nil {
			r = &rootType{name: t.Name(), t: t}
			r.hand, r.goNames = handMembers(t)
			if e := v.Envelope(); e != "" {
				r.prefix = "/" + e
			}
			byName[r.name] = r
			order = append(order, r)
		}
		r.variants = append(r.variants, v.Name)
	}
	gens := map[string]*genVariant{}
	for _, rel := range zf.Releases {
		for name := range rel.Variants {
			if v := protocol.ByName(name); v != nil && !v.Generated {
				continue
			}
			typ, sub, ok := variantKind(name)
			if !ok {
				continue
			}
			g := gens[name]
			if g == nil {
				g = &genVariant{name: name, typ: typ, subtype: sub}
				gens[name] = g
			}
			g.releases = append(g.releases, rel.CLI)
		}
	}
	for _, name := range slices.Sorted(maps.Keys(gens)) {
		g := gens[name]
		slices.SortFunc(g.releases, protocol.CompareVersions)
		// the discriminators its Go type declares
		hand := map[string]bool{"type": true, "subtype": g.subtype != ""}
		if g.typ == "control_request" || g.typ == "control_response" {
			hand = map[string]bool{"subtype": true}
		}
		r := &rootType{name: generatedRoot(g, taken), variants: []string{name}, gen: g, hand: hand}
		if byName[r.name] != nil {
			return nil, fmt.Errorf("variant %s: Go type %s is taken", name, r.name)
		}
		taken[r.name] = true
		r.goNames = map[string]bool{"Extra": true, r.name + evidenceSuffix: true}
		for m := range hand {
			r.goNames[goName(m)] = hand[m]
		}
		if typ := g.typ; typ == "control_request" || typ == "control_response" {
			r.prefix = "/" + strings.TrimPrefix(typ, "control_")
		}
		byName[r.name] = r
		order = append(order, r)
	}
	slices.SortFunc(order, func(a, b *rootType) int { return strings.Compare(a.name, b.name) })
	return order, nil
}

// handMembers lists the member names of t the hand-written types declare
// (its own fields and those of embedded structs other than the generated
// one), and the Go names in use at any depth. A hand-written member tagged
// undeclared and typed json.RawMessage (the form members known from the
// bundle's names alone were written in by hand), declared by t itself, does
// not count: evidence
// decides it, and when evidence shows it the generated layer holds it.
func handMembers(t reflect.Type) (members, goNames map[string]bool) {
	members, goNames = map[string]bool{}, map[string]bool{}
	var walk func(t reflect.Type, depth int)
	walk = func(t reflect.Type, depth int) {
		for i := range t.NumField() {
			f := t.Field(i)
			goNames[f.Name] = true
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			if f.Anonymous && name == "" && f.Type.Kind() == reflect.Struct {
				if !strings.HasSuffix(f.Type.Name(), evidenceSuffix) {
					walk(f.Type, depth+1)
				}
				continue
			}
			if name != "" && name != "-" && !(depth == 0 && f.Tag.Get("undeclared") != "" && f.Type == rawType) {
				members[name] = true
			}
		}
	}
	walk(t, 0)
	return members, goNames
}

// exceptionsOf reads bundlefacts/exceptions.txt: "VARIANT /POINTER" pairs
// the bundle seems to write but the wire does not carry.
func exceptionsOf(root string) (map[[2]string]bool, error) {
	path := filepath.Join(root, "internal", "gen", "bundlefacts", "exceptions.txt")
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	out := map[[2]string]bool{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		head, _, _ := strings.Cut(line, ": ")
		v, ptr, _ := strings.Cut(head, " ")
		out[[2]string{v, ptr}] = true
	}
	return out, sc.Err()
}

// bundleOf reads bundle.json's member names per release and variant: those
// of the output literals, and those of the CLI's internal system messages.
func bundleOf(root string) (variants, internal map[string]map[string][]string, err error) {
	data, err := os.ReadFile(filepath.Join(root, "internal", "gen", "versionfacts", "bundle.json"))
	if err != nil {
		return nil, nil, err
	}
	var f struct {
		Releases []struct {
			CLI      string              `json:"cli"`
			Variants map[string][]string `json:"variants"`
			Internal map[string][]string `json:"internal"`
		} `json:"releases"`
	}
	if err := json.Unmarshal(data, &f); err != nil {
		return nil, nil, fmt.Errorf("bundle.json: %w", err)
	}
	variants, internal = map[string]map[string][]string{}, map[string]map[string][]string{}
	for _, r := range f.Releases {
		variants[r.CLI], internal[r.CLI] = r.Variants, r.Internal
	}
	return variants, internal, nil
}

// A probeResult is what gather reads of a probe's result
// (corpus/probe/results/<version>.json).
type probeResult struct {
	Variant string `json:"variant"`
	Member  string `json:"member"`
	Edge    string `json:"edge"`
	Read    string `json:"read"`
}

// probesOf reads the committed probe results, by CLI version.
func probesOf(root string) (map[string][]probeResult, error) {
	files, err := filepath.Glob(filepath.Join(root, "corpus", "probe", "results", "*.json"))
	if err != nil {
		return nil, err
	}
	out := map[string][]probeResult{}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		var pf struct {
			CLI     string        `json:"cli_version"`
			Results []probeResult `json:"results"`
		}
		if err := json.Unmarshal(data, &pf); err != nil {
			return nil, fmt.Errorf("%s: %w", f, err)
		}
		out[pf.CLI] = pf.Results
	}
	return out, nil
}

// topLevel returns the member name of ptr when it lies directly under
// prefix, else "".
func topLevel(ptr, prefix string) string {
	if !strings.HasPrefix(ptr, prefix+"/") {
		return ""
	}
	rest := ptr[len(prefix)+1:]
	if rest == "" || strings.Contains(rest, "/") {
		return ""
	}
	return unescape(rest)
}

func unescape(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "~1", "/"), "~0", "~")
}

// under splits ptr below prefix into its top member's name and the
// segments below it ("*" for items and values); ok is false when ptr does
// not lie below prefix.
func under(ptr, prefix string) (top string, rest []string, ok bool) {
	if !strings.HasPrefix(ptr, prefix+"/") {
		return "", nil, false
	}
	segs := strings.Split(ptr[len(prefix)+1:], "/")
	if segs[0] == "" || segs[0] == "*" {
		return "", nil, false
	}
	for i := range segs {
		segs[i] = unescape(segs[i])
	}
	return segs[0], segs[1:], true
}

// An evidence is the generated layer: its roots and, per root, the
// generated members.
type evidence struct {
	roots   []*rootType
	members map[*rootType]map[string]*member
}

// gather collects, per root type, the members evidence shows that the
// hand-written types lack, and the variants the hand-written model lacks.
func gather(root, zodPath string) (*evidence, error) {
	zf, err := readFile(zodPath)
	if err != nil {
		return nil, err
	}
	bundle, internal, err := bundleOf(root)
	if err != nil {
		return nil, err
	}
	except, err := exceptionsOf(root)
	if err != nil {
		return nil, err
	}
	probes, err := probesOf(root)
	if err != nil {
		return nil, err
	}
	rs, err := roots(root, zf)
	if err != nil {
		return nil, err
	}
	rootOf := map[string]*rootType{}
	for _, r := range rs {
		for _, v := range r.variants {
			rootOf[v] = r
		}
	}
	ev := &evidence{roots: rs, members: map[*rootType]map[string]*member{}}
	out := ev.members
	top := func(variant, name, release, source string) *member {
		r := rootOf[variant]
		if r == nil || name == "" || r.hand[name] {
			return nil
		}
		if out[r] == nil {
			out[r] = map[string]*member{}
		}
		m := out[r][name]
		if m == nil {
			m = newMember(name)
			out[r][name] = m
		}
		if m.first == "" || protocol.CompareVersions(release, m.first) < 0 {
			m.first = release
		}
		m.sources[source] = true
		m.variants[variant] = true
		return m
	}
	// The schemas: each member, with what lies below it.
	for _, rel := range zf.Releases {
		for variant, facts := range rel.Variants {
			r := rootOf[variant]
			if r == nil {
				continue
			}
			for _, ptr := range slices.Sorted(maps.Keys(facts)) {
				name, rest, ok := under(ptr, r.prefix)
				if !ok {
					continue
				}
				m := top(variant, name, rel.CLI, "zod")
				if m == nil {
					continue
				}
				for _, s := range rest {
					if s == "*" {
						m = m.items()
					} else {
						m = m.field(s)
					}
					m.sources["zod"] = true
					if m.first == "" || protocol.CompareVersions(rel.CLI, m.first) < 0 {
						m.first = rel.CLI
					}
				}
				m.noteZod(facts[ptr], rel.CLI)
			}
		}
	}
	// The names: any JSON, where nothing stronger types the member. The
	// schemas' silence does not overrule them: the captures show members
	// the schemas lack (docs/zod.md), and the bundle writes more members
	// than its schemas list on variants they describe.
	for _, src := range []struct {
		source string
		m      map[string]map[string][]string
	}{{"bundle", bundle}, {"bundle (internal message)", internal}} {
		for release, variants := range src.m {
			for variant, ptrs := range variants {
				r := rootOf[variant]
				if r == nil {
					continue
				}
				for _, ptr := range ptrs {
					if except[[2]string{variant, ptr}] {
						continue
					}
					name, rest, ok := under(ptr, r.prefix)
					if !ok {
						continue
					}
					m := top(variant, name, release, src.source)
					// below the top, a name counts where the schemas type
					// the member it lies in
					for _, seg := range rest {
						if m == nil || !m.sources["zod"] {
							m = nil
							break
						}
						if seg == "*" {
							m = m.items()
						} else {
							m = m.field(seg)
						}
						m.sources[src.source] = true
						if m.first == "" || protocol.CompareVersions(release, m.first) < 0 {
							m.first = release
						}
					}
					if m != nil && !m.sources["zod"] {
						m.kinds["other"] = true
					}
				}
			}
		}
	}
	// The captures type what they show, over the schemas.
	_, err = captures.Walk(root, func(version, file string, n int, line []byte) error {
		var doc map[string]any
		if err := json.Unmarshal(line, &doc); err != nil {
			return fmt.Errorf("%s:%d: %w", file, n, err)
		}
		typ, _ := doc["type"].(string)
		sub, _ := doc["subtype"].(string)
		body := doc
		if e := protocol.Wire.EnvelopeOf(typ); e != nil {
			body, _ = doc[e.Member].(map[string]any)
			sub, _ = body["subtype"].(string)
		}
		replay, _ := doc["isReplay"].(bool)
		v := protocol.Lookup(typ, sub, replay)
		if v == nil || body == nil {
			return nil
		}
		r := rootOf[v.Name]
		if r == nil {
			return nil
		}
		for name, val := range body {
			m := top(v.Name, name, version, "captures")
			if m == nil {
				continue
			}
			if protocol.CompareVersions(version, m.first) < 0 {
				m.first = version
			}
			m.noteCaptured(val, version)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	// The probes: what the CLI reads on stdin, over the schemas.
	for _, results := range probes {
		for _, p := range results {
			v := protocol.ByName(p.Variant)
			r := rootOf[p.Variant]
			if v == nil || r == nil || !v.Direction.WrittenBy(protocol.SDKToCLI) || p.Read != "yes" {
				continue
			}
			name, rest, ok := under(p.Member, r.prefix)
			if !ok {
				continue
			}
			m := out[r][name]
			for _, s := range rest {
				if m == nil {
					break
				}
				if s == "*" {
					m = m.item
				} else {
					m = m.fields[s]
				}
			}
			if m == nil {
				continue
			}
			m.noteProbe(p.Edge)
		}
	}
	// What sdk.d.ts declares is not undeclared.
	declared, err := sdkDeclared(root)
	if err != nil {
		return nil, err
	}
	var mark func(variant string, m *member, ptr string)
	mark = func(variant string, m *member, ptr string) {
		if declared[variant][ptr] {
			m.declared = true
		}
		for name, f := range m.fields {
			mark(variant, f, ptr+"/"+escape(name))
		}
		if m.item != nil {
			mark(variant, m.item, ptr+"/*")
		}
	}
	for _, r := range ev.roots {
		for _, v := range r.variants {
			for name, m := range ev.members[r] {
				mark(v, m, r.prefix+"/"+escape(name))
			}
		}
	}
	return ev, nil
}

// sdkDeclared reads the members the sdk.d.ts of any release declares
// (internal/gen/versionfacts/sdk.json), by variant and pointer.
func sdkDeclared(root string) (map[string]map[string]bool, error) {
	data, err := os.ReadFile(filepath.Join(root, "internal", "gen", "versionfacts", "sdk.json"))
	if err != nil {
		return nil, err
	}
	var f struct {
		Releases []struct {
			Variants map[string]map[string]string `json:"variants"`
		} `json:"releases"`
	}
	if err := json.Unmarshal(data, &f); err != nil {
		return nil, fmt.Errorf("sdk.json: %w", err)
	}
	out := map[string]map[string]bool{}
	for _, r := range f.Releases {
		for v, ms := range r.Variants {
			if out[v] == nil {
				out[v] = map[string]bool{}
			}
			for p := range ms {
				out[v][p] = true
			}
		}
	}
	return out, nil
}

// enumValues lists the windows of the values of the generated layer's
// enums that some release whose schemas list the member's values lacks.
func (ev *evidence) enumValues() []protocol.EnumValue {
	var out []protocol.EnumValue
	var walk func(variant string, m *member, ptr string)
	walk = func(variant string, m *member, ptr string) {
		switch m.shape() {
		case "string":
			if strings.HasSuffix(ptr, "/*") {
				return // an item's enum is not carried (see typeOf)
			}
			for _, v := range m.enumOf() {
				absent := ""
				for _, r := range m.enumIn {
					if protocol.CompareVersions(r, m.valueSince[v]) < 0 && (absent == "" || protocol.CompareVersions(r, absent) > 0) {
						absent = r
					}
				}
				if absent != "" {
					out = append(out, protocol.EnumValue{Variant: variant, Member: ptr, Value: v, Since: m.valueSince[v], AbsentThrough: absent})
				}
			}
		case "object":
			for _, name := range slices.Sorted(maps.Keys(m.fields)) {
				walk(variant, m.fields[name], ptr+"/"+escape(name))
			}
		case "array", "record":
			walk(variant, m.item, ptr+"/*")
		}
	}
	for _, r := range ev.roots {
		for _, v := range r.variants {
			for _, name := range slices.Sorted(maps.Keys(ev.members[r])) {
				if m := ev.members[r][name]; m.variants[v] {
					walk(v, m, r.prefix+"/"+escape(name))
				}
			}
		}
	}
	slices.SortFunc(out, func(a, b protocol.EnumValue) int {
		return cmp.Or(strings.Compare(a.Variant, b.Variant), strings.Compare(a.Member, b.Member), strings.Compare(a.Value, b.Value))
	})
	return out
}

// pointers returns, by variant, the pointers of the members the generated
// layer holds (those below a member it types as json.RawMessage are not
// among them).
func (ev *evidence) pointers() map[string]map[string]bool {
	out := map[string]map[string]bool{}
	var walk func(set map[string]bool, m *member, ptr string)
	walk = func(set map[string]bool, m *member, ptr string) {
		set[ptr] = true
		switch m.shape() {
		case "object":
			for name, f := range m.fields {
				walk(set, f, ptr+"/"+escape(name))
			}
		case "array", "record":
			walk(set, m.item, ptr+"/*")
		}
	}
	for _, r := range ev.roots {
		for _, v := range r.variants {
			set := map[string]bool{}
			for name, m := range ev.members[r] {
				if m.variants[v] {
					walk(set, m, r.prefix+"/"+escape(name))
				}
			}
			out[v] = set
		}
	}
	return out
}

func escape(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}

// noteProbe adds what a probe the CLI read shows of m, by the probe's edge:
// it reads null, so m is nullable; a value of the wrong kind, so m takes
// any JSON; "", so m's values are no closed set.
func (m *member) noteProbe(edge string) {
	switch edge {
	case "null":
		m.sources["probes"] = true
		m.nullable = true
	case "wrong-type":
		m.sources["probes"] = true
		m.capKinds["other"] = true
	case "empty":
		if len(m.enum) > 0 && !m.enum[""] {
			m.sources["probes"] = true
			m.noEnum = true
		}
	}
}

// noteZod adds what one release's schema says of m.
func (m *member) noteZod(z Fact, release string) {
	ks := zodKinds(z)
	if ks == nil {
		m.kinds["other"] = true
	}
	for _, k := range ks {
		if k == "null" {
			m.nullable = true
			continue
		}
		m.kinds[k] = true
	}
	if z.Nullable {
		m.nullable = true
	}
	strs := 0
	if z.Kind == "enum" || z.Kind == "literal" {
		for _, v := range z.Values {
			if s, ok := v.(string); ok {
				m.enum[s] = true
				if old := m.valueSince[s]; old == "" || protocol.CompareVersions(release, old) < 0 {
					m.valueSince[s] = release
				}
				strs++
			}
		}
	}
	if strs > 0 {
		m.enumIn = append(m.enumIn, release)
	}
	if m.kinds["string"] && strs == 0 {
		m.noEnum = true
	}
}

// noteCaptured adds what a captured value of release shows of m, and of
// the members, items or values below it where the schemas show m (the
// captures alone type only what they carry at the top).
func (m *member) noteCaptured(val any, release string) {
	if m.first == "" || protocol.CompareVersions(release, m.first) < 0 {
		m.first = release
	}
	if val == nil {
		m.nullable = true
		return
	}
	m.sources["captures"] = true
	k := jsonKind(val)
	if k == "object" && m.kinds["record"] && !m.kinds["object"] {
		k = "record"
	}
	m.capKinds[k] = true
	if !m.sources["zod"] {
		return
	}
	switch t := val.(type) {
	case string:
		if len(m.enum) > 0 && !m.enum[t] {
			m.noEnum = true
		}
	case map[string]any:
		for name, x := range t {
			if k == "record" {
				m.items().noteCaptured(x, release)
			} else {
				m.field(name).noteCaptured(x, release)
			}
		}
	case []any:
		for _, x := range t {
			m.items().noteCaptured(x, release)
		}
	}
}

// kindsOf returns the kinds that type m: the captures', else those of the
// schemas and names.
func (m *member) kindsOf() map[string]bool {
	if len(m.capKinds) > 0 {
		return m.capKinds
	}
	return m.kinds
}

// scalarTypes are the Go types of the kinds a member of one scalar kind
// takes.
var scalarTypes = map[string]string{"string": "string", "number": "float64", "boolean": "bool"}

// goType is the Go type of a member whose kinds the evidence shows, when
// no struct, slice or map types it: string, float64 or bool for one kind,
// else json.RawMessage.
func (m *member) goType() string {
	ks := m.kindsOf()
	if len(ks) == 1 {
		for k := range ks {
			if t, ok := scalarTypes[k]; ok {
				return t
			}
		}
	}
	return "json.RawMessage"
}

// validName reports whether a member name can be a struct tag's JSON name.
func validName(s string) bool {
	if s == "" || s == "*" || s == "-" {
		return false
	}
	for _, r := range s {
		if !(r == '_' || r == '$' || r == '-' || r == '.' || unicode.IsLetter(r) || unicode.IsDigit(r)) || r > unicode.MaxASCII {
			return false
		}
	}
	return true
}

// enumValue reports whether an enum value can be written in a jsonschema
// tag.
func enumValue(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if r == ',' || r == '"' || r == '`' || r == '\\' || r == '=' || r > unicode.MaxASCII || unicode.IsSpace(r) {
			return false
		}
	}
	return true
}

// A renderer writes the generated types.
type renderer struct {
	nested bytes.Buffer    // the struct types below the members
	taken  map[string]bool // the type names in use
	desc   map[[2]string]string
}

// shape returns how m is typed: string, number, boolean, object (a
// struct), array (a slice), record (a map), or raw (json.RawMessage).
func (m *member) shape() string {
	ks := m.kindsOf()
	if len(ks) != 1 || ks["other"] {
		return "raw"
	}
	var kind string
	for k := range ks {
		kind = k
	}
	switch kind {
	case "string", "number", "boolean":
		return kind
	case "object":
		if len(m.fields) == 0 {
			return "raw"
		}
		for name := range m.fields {
			if !validName(name) {
				return "raw"
			}
		}
		return kind
	case "array", "record":
		if m.item == nil || m.item.nullable || m.item.shape() == "raw" {
			return "raw"
		}
		return kind
	}
	return "raw"
}

// enumOf returns the values of m's enum, or nil when it has none.
func (m *member) enumOf() []string {
	if m.noEnum || len(m.enum) == 0 {
		return nil
	}
	for v := range m.enum {
		if !enumValue(v) {
			return nil
		}
	}
	return slices.Sorted(maps.Keys(m.enum))
}

// typeOf returns the Go type of m, defining the struct types it needs
// (named from base); and its enum values.
func (g *renderer) typeOf(m *member, base string) (typ string, enum []string) {
	switch sh := m.shape(); sh {
	case "string":
		return "string", m.enumOf()
	case "number", "boolean":
		return scalarTypes[sh], nil
	case "object":
		name := g.name(base)
		g.writeStruct(name, m.fields)
		return "*" + name, nil
	case "array", "record":
		suffix := "Item"
		if sh == "record" {
			suffix = "Value"
		}
		it, _ := g.typeOf(m.item, base+suffix)
		it = strings.TrimPrefix(it, "*")
		if sh == "record" {
			return "map[string]" + it, nil
		}
		return "[]" + it, nil
	}
	return "json.RawMessage", nil
}

// sample returns a value of m's Go type: the first enum value, "x", 1,
// true, an object of every member, an array or record of one item.
func (m *member) sample() any {
	switch m.shape() {
	case "string":
		if e := m.enumOf(); len(e) > 0 {
			return e[0]
		}
		return "x"
	case "number":
		return 1
	case "boolean":
		return true
	case "object":
		out := map[string]any{}
		for name, f := range m.fields {
			out[name] = f.sample()
		}
		return out
	case "array":
		return []any{m.item.sample()}
	case "record":
		return map[string]any{"k": m.item.sample()}
	}
	return "x"
}

// samples writes a sample line of every generated variant, with every
// member the generated layer gives it (protocol/testdata/samples).
func samples(ev *evidence) ([]byte, error) {
	var b bytes.Buffer
	var gens []*rootType
	for _, r := range ev.roots {
		if r.gen != nil {
			gens = append(gens, r)
		}
	}
	slices.SortFunc(gens, func(a, b *rootType) int { return strings.Compare(a.gen.name, b.gen.name) })
	for _, r := range gens {
		body := map[string]any{}
		for name, m := range ev.members[r] {
			body[name] = m.sample()
		}
		line := body
		if r.prefix != "" {
			body["subtype"] = r.gen.subtype
			line = map[string]any{"type": r.gen.typ, "request_id": "req-1", r.prefix[1:]: body}
			if r.gen.typ == "control_response" {
				body["request_id"] = "req-1"
				delete(line, "request_id")
			}
		} else {
			body["type"] = r.gen.typ
			if r.gen.subtype != "" {
				body["subtype"] = r.gen.subtype
			}
		}
		data, err := json.Marshal(line)
		if err != nil {
			return nil, err
		}
		b.Write(data)
		b.WriteByte('\n')
	}
	return b.Bytes(), nil
}

// name returns an unused type name from base.
func (g *renderer) name(base string) string {
	name := base
	for g.taken[name] {
		name += "Member"
	}
	g.taken[name] = true
	return name
}

// writeStruct writes a struct type of the members fields, with Extra.
func (g *renderer) writeStruct(name string, fields map[string]*member) {
	var body bytes.Buffer
	used := map[string]bool{"Extra": true}
	for _, fname := range slices.Sorted(maps.Keys(fields)) {
		g.writeField(&body, fields[fname], name, used)
	}
	fmt.Fprintf(&g.nested, "// %s is an object of the generated layer, with the members the evidence shows.\ntype %s struct {\n%s\t// Extra keeps the members the type does not model.\n\tExtra Extra `json:\"-\"`\n}\n\n", name, name, body.Bytes())
}

// writeField writes the field of member m of the struct type owner.
func (g *renderer) writeField(b *bytes.Buffer, m *member, owner string, used map[string]bool) {
	gn := goName(m.name)
	for used[gn] {
		gn += "Member"
	}
	used[gn] = true
	typ, enum := g.typeOf(m, owner+gn)
	tag := fmt.Sprintf(`json:"%s,omitzero"`, m.name)
	var js []string
	if m.nullable && typ != "json.RawMessage" {
		if _, scalar := scalarTypes[kindOfGo(typ)]; scalar {
			// null needs a Go type that holds it (see protocol/doc.go)
			typ = "*" + typ
		}
		js = append(js, "nullable")
	}
	for _, v := range enum {
		js = append(js, "enum="+v)
	}
	if len(js) > 0 {
		tag += fmt.Sprintf(` jsonschema:"%s"`, strings.Join(js, ","))
	}
	if len(enum) > 0 {
		// The values are those of the releases seen so far: a later
		// release adds some (api_error gains values in most), so the
		// tolerant profile, which must give no false error on a release
		// it never saw, leaves the set open (see reflect's openEnums).
		tag += ` enum:"open"`
	}
	if !m.declared {
		tag += fmt.Sprintf(` undeclared:"%s"`, m.first)
	}
	by := fmt.Sprintf("%s (first %s)", listed(m.sources), m.first)
	if len(m.variants) > 0 {
		by += " on " + listed(m.variants)
	}
	if d := g.desc[[2]string{owner, m.name}]; d != "" {
		fmt.Fprintf(b, "\t// %s %s\n\t//\n\t// Evidence: %s.\n", gn, d, by)
	} else {
		fmt.Fprintf(b, "\t// %s is shown by %s.\n", gn, by)
	}
	fmt.Fprintf(b, "\t%s %s `%s`\n", gn, typ, tag)
}

// kindOfGo returns the kind of a scalar Go type ("" for others).
func kindOfGo(typ string) string {
	for k, t := range scalarTypes {
		if t == typ {
			return k
		}
	}
	return ""
}

var initialisms = map[string]string{"id": "ID", "uuid": "UUID", "api": "API", "url": "URL", "json": "JSON", "mcp": "MCP", "ms": "Ms", "usd": "USD", "ttft": "TTFT", "http": "HTTP", "ide": "IDE", "os": "OS", "ui": "UI", "cwd": "CWD", "pr": "PR"}

// goName turns a member name (snake_case or camelCase) into a Go name.
func goName(s string) string {
	var words []string
	cur := []rune{}
	flush := func() {
		if len(cur) > 0 {
			words = append(words, string(cur))
			cur = cur[:0]
		}
	}
	for i, r := range s {
		switch {
		case r == '_' || r == '-' || r == '.' || r == ' ':
			flush()
		case unicode.IsUpper(r) && i > 0:
			flush()
			cur = append(cur, unicode.ToLower(r))
		default:
			cur = append(cur, r)
		}
	}
	flush()
	var b strings.Builder
	for _, w := range words {
		if up, ok := initialisms[strings.ToLower(w)]; ok {
			b.WriteString(up)
			continue
		}
		rs := []rune(w)
		rs[0] = unicode.ToUpper(rs[0])
		b.WriteString(string(rs))
	}
	out := b.String()
	if out == "" || !unicode.IsLetter([]rune(out)[0]) {
		out = "M" + out
	}
	return out
}

func listed(set map[string]bool) string {
	return strings.Join(slices.Sorted(maps.Keys(set)), ", ")
}

// readDescriptions reads descriptions.txt: "GoType member: sentence".
func readDescriptions(root string) (map[[2]string]string, error) {
	path := filepath.Join(root, "internal", "gen", "zodfacts", "descriptions.txt")
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	out := map[[2]string]string{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		head, text, ok := strings.Cut(line, ": ")
		typ, name, ok2 := strings.Cut(head, " ")
		if !ok || !ok2 || strings.TrimSpace(text) == "" {
			return nil, fmt.Errorf("%s:%d: want \"GoType member: sentence\", got %q", path, n, line)
		}
		out[[2]string{typ, name}] = text
	}
	return out, sc.Err()
}

// renderEvidence writes protocol/zz_evidence.go.
func renderEvidence(ev *evidence, desc map[[2]string]string, taken map[string]bool) ([]byte, error) {
	var b bytes.Buffer
	b.WriteString(`// Code generated by internal/gen/zodfacts -model (make evidence); DO NOT EDIT.

package protocol

import "encoding/json"

// The members of this file are the part of the wire model that evidence
// decides: members the CLI's own schemas (zod.json), the captures, the
// probes or the member names its bundle writes (bundle.json) show on a
// variant, and the hand-written types lack, with the types of the objects,
// arrays and records below them; and the variants the schemas show that
// the hand-written model lacks. Each type that holds a variant embeds its
// <Type>Evidence; see internal/gen/zodfacts/evidence.go for how a member
// is typed (captures and probes over the schemas over the names).

`)
	g := &renderer{taken: taken, desc: desc}
	for _, r := range ev.roots {
		g.taken[r.name] = true
		g.taken[r.name+evidenceSuffix] = true
	}
	// The variants the hand-written model lacks.
	b.WriteString("// generatedVariants lists the variants the CLI's own schemas show that the\n// hand-written model lacks, by name.\nvar generatedVariants = []*Variant{\n")
	var gens []*rootType
	for _, r := range ev.roots {
		if r.gen != nil {
			gens = append(gens, r)
		}
	}
	slices.SortFunc(gens, func(a, b *rootType) int { return strings.Compare(a.gen.name, b.gen.name) })
	for _, r := range gens {
		v := r.gen
		dir := "CLIToSDK"
		if v.typ == "control_request" || v.typ == "control_response" {
			// the schemas do not say which side writes it
			dir = "Both"
		}
		fmt.Fprintf(&b, "\t{Name: %q, Type: %q, Subtype: %q, New: func() any { return new(%s) }, Direction: %s, Checked: %q, Generated: true,\n\t\tDoc: %q},\n",
			v.name, v.typ, v.subtype, r.name, dir, v.releases[len(v.releases)-1], "Shown only by the CLI's own schemas ("+span(slices.Clone(v.releases))+").")
	}
	b.WriteString("}\n\n")
	for _, r := range ev.roots {
		if r.gen == nil {
			continue
		}
		v := r.gen
		fmt.Fprintf(&b, "// %s is the variant %s, which only the CLI's own schemas show (zod.json: %s).\n//\n", r.name, v.name, span(slices.Clone(v.releases)))
		if v.typ == "control_request" {
			fmt.Fprintf(&b, "//protocheck:member ControlRequestBody\ntype %s struct {\n\t// Subtype is %q.\n\tSubtype string `json:\"subtype\" jsonschema:\"required\"`\n", r.name, v.subtype)
		} else {
			fmt.Fprintf(&b, "//protocheck:message\ntype %s struct {\n\t// Type is %q.\n\tType string `json:\"type\" jsonschema:\"required\"`\n", r.name, v.typ)
			if v.subtype != "" {
				fmt.Fprintf(&b, "\t// Subtype is %q.\n\tSubtype string `json:\"subtype\" jsonschema:\"required\"`\n", v.subtype)
			}
		}
		fmt.Fprintf(&b, "\t// Extra keeps the members the type does not model.\n\tExtra Extra `json:\"-\"`\n\t// The members the evidence shows.\n\t%s%s\n}\n\n", r.name, evidenceSuffix)
	}
	for _, r := range ev.roots {
		ms := ev.members[r]
		fmt.Fprintf(&b, "// %s%s holds the members evidence shows on %s that the hand-written type lacks.\n", r.name, evidenceSuffix, r.name)
		fmt.Fprintf(&b, "type %s%s struct {\n", r.name, evidenceSuffix)
		used := maps.Clone(r.goNames)
		for _, name := range slices.Sorted(maps.Keys(ms)) {
			g.writeField(&b, ms[name], r.name, used)
		}
		b.WriteString("}\n\n")
	}
	b.WriteString(`// EnumValues lists the windows of the values of the generated layer's
// enums that the schemas of some release lack (see EnumValue): the schema
// set of a version range holds a value unless every version of it lacks it.
var EnumValues = []EnumValue{
`)
	for _, e := range ev.enumValues() {
		fmt.Fprintf(&b, "\t{Variant: %q, Member: %q, Value: %q, Since: %q, AbsentThrough: %q},\n", e.Variant, e.Member, e.Value, e.Since, e.AbsentThrough)
	}
	b.WriteString("}\n\n")
	b.Write(g.nested.Bytes())
	src, err := format.Source(b.Bytes())
	if err != nil {
		os.WriteFile(filepath.Join(os.TempDir(), "zz_evidence.go.bad"), b.Bytes(), 0o644)
		return nil, fmt.Errorf("zz_evidence.go (unformatted: %s): %w", filepath.Join(os.TempDir(), "zz_evidence.go.bad"), err)
	}
	if !bytes.Contains(src, []byte("json.")) {
		src = bytes.Replace(src, []byte("import \"encoding/json\"\n"), nil, 1)
	}
	return src, nil
}

// writeEvidence regenerates protocol/zz_evidence.go, or with check only
// reports whether it is stale.
func writeEvidence(root, zodPath string, check bool) (stale bool, err error) {
	ev, err := gather(root, zodPath)
	if err != nil {
		return false, err
	}
	desc, err := readDescriptions(root)
	if err != nil {
		return false, err
	}
	for k := range desc {
		found := false
		for r, ms := range ev.members {
			if r.name == k[0] && ms[k[1]] != nil {
				found = true
			}
		}
		if !found {
			return false, fmt.Errorf("descriptions.txt: %s %s: the generated layer has no such member: drop the line", k[0], k[1])
		}
	}
	taken, err := handTypeNames(root)
	if err != nil {
		return false, err
	}
	src, err := renderEvidence(ev, desc, taken)
	if err != nil {
		return false, err
	}
	lines, err := samples(ev)
	if err != nil {
		return false, err
	}
	for _, f := range []struct {
		path string
		data []byte
	}{
		{filepath.Join(root, "protocol", "zz_evidence.go"), src},
		{filepath.Join(root, "protocol", "testdata", "samples", samplesFile), lines},
	} {
		old, _ := os.ReadFile(f.path)
		if bytes.Equal(old, f.data) {
			continue
		}
		stale = true
		if !check {
			if err := os.WriteFile(f.path, f.data, 0o644); err != nil {
				return stale, err
			}
		}
	}
	return stale, nil
}

// samplesFile holds the sample lines of the generated variants, beside the
// hand-made samples of the others.
const samplesFile = "zz_generated.jsonl"
