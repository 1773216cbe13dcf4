package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"go/format"
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
// type that holds a variant's members, a struct <Type>Evidence that the
// hand-written type embeds, with the members that evidence shows and the
// hand-written types lack. The evidence, strongest first:
//
//   - the captures (corpus/captures): the kinds of the values they carry;
//   - the CLI's own schemas (zod.json): a member's kind and nullability;
//   - the member names the bundle's object literals write (bundle.json),
//     less the false positives listed in bundlefacts/exceptions.txt: the
//     member is taken as any JSON; and, weakest, the member names of the
//     CLI's internal system messages (bundle.json's internal), which some
//     paths print as they are (plan mode's system/informational with
//     isMeta).
//
// A member is typed string, float64 or bool when every source that types
// it agrees on one kind, else json.RawMessage. Every generated member is
// optional and tagged undeclared with the first release that shows it; its
// window is derived like any other member's (internal/gen/versionfacts).
// Only the members directly under a variant's Go type are generated; deeper
// ones are counted in docs/zod.md and left to the hand-written types.

// evidenceSuffix names the generated struct a hand-written type embeds.
const evidenceSuffix = "Evidence"

// A member is one generated member of one Go type.
type member struct {
	name     string
	kinds    map[string]bool // JSON kinds: string, number, boolean, other
	nullable bool
	first    string          // the first release that shows it
	sources  map[string]bool // captures, zod, bundle
	variants map[string]bool
}

// rootTypes lists the Go types that hold the variants' members, each with
// its variants and the pointer prefix of its members.
func rootTypes() (map[reflect.Type][]*protocol.Variant, []reflect.Type) {
	by := map[reflect.Type][]*protocol.Variant{}
	var order []reflect.Type
	for _, v := range protocol.Variants {
		t := v.GoType()
		if by[t] == nil {
			order = append(order, t)
		}
		by[t] = append(by[t], v)
	}
	slices.SortFunc(order, func(a, b reflect.Type) int { return strings.Compare(a.Name(), b.Name()) })
	return by, order
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
	return strings.ReplaceAll(strings.ReplaceAll(rest, "~1", "/"), "~0", "~")
}

// gather collects, per root type, the members evidence shows that the
// hand-written types lack.
func gather(root, zodPath string) (map[reflect.Type]map[string]*member, []reflect.Type, error) {
	zf, err := readFile(zodPath)
	if err != nil {
		return nil, nil, err
	}
	bundle, internal, err := bundleOf(root)
	if err != nil {
		return nil, nil, err
	}
	except, err := exceptionsOf(root)
	if err != nil {
		return nil, nil, err
	}
	byType, order := rootTypes()
	typeOf := map[string]reflect.Type{}
	prefixOf := map[string]string{}
	for t, vs := range byType {
		for _, v := range vs {
			typeOf[v.Name] = t
			if e := v.Envelope(); e != "" {
				prefixOf[v.Name] = "/" + e
			}
		}
	}
	hand := map[reflect.Type]map[string]bool{}
	for _, t := range order {
		hand[t], _ = handMembers(t)
	}
	out := map[reflect.Type]map[string]*member{}
	note := func(variant, ptr, release, source string) *member {
		t := typeOf[variant]
		if t == nil {
			return nil
		}
		name := topLevel(ptr, prefixOf[variant])
		if name == "" || hand[t][name] || name == "type" || name == "subtype" {
			return nil
		}
		if out[t] == nil {
			out[t] = map[string]*member{}
		}
		m := out[t][name]
		if m == nil {
			m = &member{name: name, kinds: map[string]bool{}, sources: map[string]bool{}, variants: map[string]bool{}}
			out[t][name] = m
		}
		if m.first == "" || protocol.CompareVersions(release, m.first) < 0 {
			m.first = release
		}
		m.sources[source] = true
		m.variants[variant] = true
		return m
	}
	for _, r := range zf.Releases {
		for variant, facts := range r.Variants {
			for ptr, z := range facts {
				if m := note(variant, ptr, r.CLI, "zod"); m != nil {
					for _, k := range zodKinds(z) {
						m.kinds[goKind(k)] = true
					}
					if zodKinds(z) == nil {
						m.kinds["other"] = true
					}
					if z.Nullable {
						m.nullable = true
					}
				}
			}
		}
	}
	for release, variants := range bundle {
		for variant, ptrs := range variants {
			for _, ptr := range ptrs {
				if except[[2]string{variant, ptr}] {
					continue
				}
				if m := note(variant, ptr, release, "bundle"); m != nil && !m.sources["zod"] {
					m.kinds["other"] = true
				}
			}
		}
	}
	for release, variants := range internal {
		for variant, ptrs := range variants {
			for _, ptr := range ptrs {
				if except[[2]string{variant, ptr}] {
					continue
				}
				if m := note(variant, ptr, release, "bundle (internal message)"); m != nil && !m.sources["zod"] {
					m.kinds["other"] = true
				}
			}
		}
	}
	// The captures type what they show, over the schemas.
	seen := map[*member]map[string]bool{}
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
		for name, val := range body {
			m := out[typeOf[v.Name]][name]
			if m == nil {
				continue
			}
			if seen[m] == nil {
				seen[m] = map[string]bool{}
			}
			if val == nil {
				m.nullable = true
				continue
			}
			seen[m][goKind(jsonKind(val))] = true
			m.sources["captures"] = true
			if protocol.CompareVersions(version, m.first) < 0 {
				m.first = version
			}
		}
		return nil
	})
	if err != nil {
		return nil, nil, err
	}
	for m, kinds := range seen {
		if len(kinds) > 0 {
			m.kinds = kinds
		}
	}
	return out, order, nil
}

func goKind(k string) string {
	switch k {
	case "string", "number", "boolean":
		return k
	}
	return "other"
}

// goType is the Go type of a generated member.
func (m *member) goType() string {
	if len(m.kinds) == 1 {
		switch {
		case m.kinds["string"]:
			return "string"
		case m.kinds["number"]:
			return "float64"
		case m.kinds["boolean"]:
			return "bool"
		}
	}
	return "json.RawMessage"
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
func renderEvidence(types map[reflect.Type]map[string]*member, order []reflect.Type, desc map[[2]string]string) ([]byte, error) {
	var b bytes.Buffer
	b.WriteString(`// Code generated by internal/gen/zodfacts -model (make evidence); DO NOT EDIT.

package protocol

import "encoding/json"

// The members of this file are the part of the wire model that evidence
// decides: members the CLI's own schemas (zod.json), the captures or the
// member names its bundle writes (bundle.json) show on a variant, and the
// hand-written types lack. Each hand-written type that holds a variant
// embeds its <Type>Evidence; see internal/gen/zodfacts/evidence.go for how
// a member is typed (captures over the schemas over the names).

`)
	for _, t := range order {
		ms := types[t]
		_, goNames := handMembers(t)
		fmt.Fprintf(&b, "// %s%s holds the members evidence shows on %s that the hand-written type lacks.\n", t.Name(), evidenceSuffix, t.Name())
		fmt.Fprintf(&b, "type %s%s struct {\n", t.Name(), evidenceSuffix)
		for _, name := range slices.Sorted(maps.Keys(ms)) {
			m := ms[name]
			gn := goName(name)
			for goNames[gn] {
				gn += "Member"
			}
			goNames[gn] = true
			tag := fmt.Sprintf(`json:"%s,omitzero"`, name)
			typ := m.goType()
			if m.nullable && typ != "json.RawMessage" {
				// null needs a Go type that holds it (see protocol/doc.go)
				typ = "*" + typ
				tag += ` jsonschema:"nullable"`
			}
			tag += fmt.Sprintf(` undeclared:"%s"`, m.first)
			if d := desc[[2]string{t.Name(), name}]; d != "" {
				fmt.Fprintf(&b, "\t// %s %s\n\t//\n\t// Evidence: %s (first %s) on %s.\n", gn, d, listed(m.sources), m.first, listed(m.variants))
			} else {
				fmt.Fprintf(&b, "\t// %s is shown by %s (first %s) on %s.\n", gn, listed(m.sources), m.first, listed(m.variants))
			}
			fmt.Fprintf(&b, "\t%s %s `%s`\n", gn, typ, tag)
		}
		b.WriteString("}\n\n")
	}
	src, err := format.Source(b.Bytes())
	if err != nil {
		return nil, fmt.Errorf("zz_evidence.go: %w", err)
	}
	if !bytes.Contains(src, []byte("json.")) {
		src = bytes.Replace(src, []byte("import \"encoding/json\"\n"), nil, 1)
	}
	return src, nil
}

// writeEvidence regenerates protocol/zz_evidence.go, or with check only
// reports whether it is stale.
func writeEvidence(root, zodPath string, check bool) (stale bool, err error) {
	types, order, err := gather(root, zodPath)
	if err != nil {
		return false, err
	}
	desc, err := readDescriptions(root)
	if err != nil {
		return false, err
	}
	for k := range desc {
		found := false
		for t, ms := range types {
			if t.Name() == k[0] && ms[k[1]] != nil {
				found = true
			}
		}
		if !found {
			return false, fmt.Errorf("descriptions.txt: %s %s: the generated layer has no such member: drop the line", k[0], k[1])
		}
	}
	src, err := renderEvidence(types, order, desc)
	if err != nil {
		return false, err
	}
	path := filepath.Join(root, "protocol", "zz_evidence.go")
	old, _ := os.ReadFile(path)
	if bytes.Equal(old, src) {
		return false, nil
	}
	if check {
		return true, nil
	}
	return true, os.WriteFile(path, src, 0o644)
}
