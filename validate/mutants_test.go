package validate

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	sjs "github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/protocheck/protocheck/internal/testutil/sharedcorpus"
	"github.com/protocheck/protocheck/protocol"
)

// A mutant is a valid line with one deliberate fault, and what the
// validator must say about it.
type mutant struct {
	what    string // for failure messages
	line    []byte
	pointer string // where the finding must point
	rules   []string
}

// validLines returns lines known to be valid: the real CLI sample (when the
// shared folder is there) and the protocol package's samples.
func validLines(t *testing.T) [][]byte {
	t.Helper()
	paths, _ := filepath.Glob("../protocol/testdata/samples/*.jsonl")
	if dir := sharedcorpus.DirIfPresent(); dir != "" {
		files, _ := filepath.Glob(filepath.Join(dir, "real-cli-sample", "*.jsonl"))
		paths = append(paths, files...)
	}
	return nonBlankLines(t, paths)
}

// mutants derives faults from a line by walking it together with its Go
// type from package protocol, whose struct tags are an oracle independent
// of the validator: required members are deleted, members get a JSON value
// of the wrong type, enum members get a value outside the enum, and
// discriminators get a value no variant or kind has.
func mutants(t *testing.T, line []byte) []mutant { return someMutants(t, line, nil) }

// someMutants returns the mutants of a line that keep accepts, by their
// description (what), without building the others; nil keeps all.
func someMutants(t *testing.T, line []byte, keep func(what string) bool) []mutant {
	m, err := protocol.Decode(line)
	if err != nil {
		t.Fatalf("a valid line does not decode: %v\n%s", err, line)
	}
	v := protocol.VariantOf(m)
	if v == nil {
		t.Fatalf("a valid line decodes as unknown: %s", line)
	}
	var doc map[string]any
	dec := json.NewDecoder(bytes.NewReader(line))
	dec.UseNumber()
	if err := dec.Decode(&doc); err != nil {
		t.Fatal(err)
	}
	var out []mutant
	emit := func(what, pointer string, rules []string, change func(root map[string]any)) {
		what = v.Name + ": " + what
		if keep != nil && !keep(what) {
			return
		}
		root := deepCopy(doc).(map[string]any)
		change(root)
		b, err := json.Marshal(root)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, mutant{what: what, line: b, pointer: pointer, rules: rules})
	}
	// The discriminators of the line itself.
	emit("unknown type", "/type", []string{RuleUnknownType.ID}, func(r map[string]any) { r["type"] = "zz_unknown_type" })
	if sp := protocol.SubtypePath(v.Type); sp != "" {
		emit("unknown subtype", sp, []string{RuleUnknownSubtype.ID}, func(r map[string]any) { setAt(r, sp, "zz_unknown_subtype") })
		emit("no subtype", sp, []string{RuleMissingSubtype.ID}, func(r map[string]any) { deleteAt(r, sp) })
	}
	emit("no type", "/type", []string{RuleMissingType.ID}, func(r map[string]any) { delete(r, "type") })

	goType := v.GoType()
	obj := any(doc)
	prefix := ""
	if env := v.Envelope(); env != "" {
		// The envelope's own members (without the body, whose subtype
		// selects the variant: without it the variant is unknown), then
		// the body's.
		envType := reflect.TypeFor[protocol.ControlRequest]()
		if env == "response" {
			envType = reflect.TypeFor[protocol.ControlResponse]()
		}
		envOnly := deepCopy(doc).(map[string]any)
		delete(envOnly, env)
		walkStruct(envType, envType, envOnly, "", true, emit)
		sp := protocol.SubtypePath(v.Type)
		emit("no "+env, sp, []string{RuleMissingSubtype.ID}, func(r map[string]any) { delete(r, env) })
		obj, prefix = doc[env], "/"+env
	}
	if o, ok := obj.(map[string]any); ok {
		walkStruct(goType, goType, o, prefix, prefix == "", emit)
	}
	return out
}

type emitFunc func(what, pointer string, rules []string, change func(root map[string]any))

var (
	rawMessageType = reflect.TypeFor[json.RawMessage]()
	enumIface      = reflect.TypeFor[interface{ EnumValues() []string }]()
	contentType    = reflect.TypeFor[protocol.MessageContent]()
	blocksType     = reflect.TypeFor[protocol.ContentBlocks]()
)

// requiredHere decides which present members get a deletion mutant: by
// default those the Go tags require; TestMutantsPerVersion makes it the
// members a CLI version always sends (protocol.MembersIn). owner is the
// struct type whose schema holds the member (the embedding type for the
// fields of an embedded struct).
var requiredHere = func(owner reflect.Type, name string, tagged bool) bool { return tagged }

// walkStruct emits the mutants of the members of obj, an object of Go type
// st (whose schema is owner's) at pointer p. At the top level the
// discriminators are skipped (they have their own mutants above).
func walkStruct(st, owner reflect.Type, obj map[string]any, p string, top bool, emit emitFunc) {
	for i := range st.NumField() {
		f := st.Field(i)
		js := f.Tag.Get("json")
		if js == "-" {
			continue
		}
		if f.Anonymous && js == "" {
			walkStruct(f.Type, owner, obj, p, top, emit)
			continue
		}
		name, _, _ := strings.Cut(js, ",")
		tags := strings.Split(f.Tag.Get("jsonschema"), ",")
		if f.Tag.Get("enum") == "open" {
			// The generated layer's value sets: the default (tolerant)
			// profile leaves them open, so a value outside them is no
			// fault there (strict's windows: TestVersionSetsEnums).
			tags = slices.DeleteFunc(tags, func(tag string) bool { return strings.HasPrefix(tag, "enum=") })
		}
		val, present := obj[name]
		ptr := p + "/" + escapeToken(name)
		if (top || p == "/request" || p == "/response") && (name == "type" || name == "subtype") {
			continue // the line's own discriminators have their mutants
		}
		if !present {
			continue
		}
		if requiredHere(owner, name, slices.Contains(tags, "required")) && (top || !isDiscriminator(st, name)) {
			emit("delete "+ptr, ptr, []string{RuleRequired.ID}, func(r map[string]any) { deleteAt(r, ptr) })
		}
		if val == nil {
			continue // a null: its type may be anything nullable
		}
		walkValue(f.Type, val, ptr, tags, emit)
	}
}

// isDiscriminator reports whether name is the key of a union st is a member of.
func isDiscriminator(st reflect.Type, name string) bool {
	for _, u := range protocol.Unions {
		for _, m := range u.Members {
			if m.Type() == st && u.Key == name {
				return true
			}
		}
	}
	return false
}

func walkValue(t reflect.Type, val any, ptr string, tags []string, emit emitFunc) {
	if t == rawMessageType {
		return // free-form
	}
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	wrong := func(with any, got string) {
		emit("wrong type at "+ptr+" ("+got+")", ptr, []string{RuleType.ID}, func(r map[string]any) { setAt(r, ptr, with) })
	}
	switch {
	case t == contentType:
		wrong(json.Number("7"), "number")
		if list, ok := val.([]any); ok {
			walkList(reflect.TypeFor[protocol.ContentBlock](), list, ptr, emit)
		}
		return
	case t == blocksType:
		wrong("text", "string")
		if list, ok := val.([]any); ok {
			walkList(reflect.TypeFor[protocol.ContentBlock](), list, ptr, emit)
		}
		return
	case t.Kind() == reflect.Interface:
		walkUnion(t, val, ptr, emit)
		return
	}
	var enum []string
	if t.Kind() == reflect.String && t.Implements(enumIface) {
		enum = reflect.Zero(t).Interface().(interface{ EnumValues() []string }).EnumValues()
	}
	for _, tag := range tags {
		if e, ok := strings.CutPrefix(tag, "enum="); ok {
			enum = append(enum, e)
		}
	}
	switch t.Kind() {
	case reflect.String:
		wrong(json.Number("12345"), "number")
		if len(enum) > 0 {
			emit("value outside the enum at "+ptr, ptr, []string{RuleEnum.ID}, func(r map[string]any) { setAt(r, ptr, "zz_not_in_enum") })
		}
	case reflect.Int, reflect.Int64, reflect.Float64:
		wrong("12", "string")
	case reflect.Bool:
		wrong("true", "string")
	case reflect.Struct:
		wrong([]any{}, "array")
		if o, ok := val.(map[string]any); ok {
			walkStruct(t, t, o, ptr, false, emit)
		}
	case reflect.Slice:
		wrong(map[string]any{}, "object")
		if list, ok := val.([]any); ok {
			walkList(t.Elem(), list, ptr, emit)
		}
	case reflect.Map:
		wrong([]any{}, "array")
	}
}

func walkList(elem reflect.Type, list []any, ptr string, emit emitFunc) {
	for i, e := range list {
		if e != nil {
			walkValue(elem, e, ptr+"/"+strconv.Itoa(i), nil, emit)
		}
	}
}

// walkUnion emits the mutants of a union member: an unknown discriminator,
// then the member's own.
func walkUnion(iface reflect.Type, val any, ptr string, emit emitFunc) {
	var u *protocol.Union
	for _, x := range protocol.Unions {
		if x.Interface == iface {
			u = x
		}
	}
	o, ok := val.(map[string]any)
	if u == nil || !ok {
		return
	}
	key, _ := o[u.Key].(string)
	for _, m := range u.Members {
		if m.Value != key {
			continue
		}
		kp := ptr + "/" + u.Key
		emit("unknown kind at "+kp, kp, []string{RuleUnknownKind.ID}, func(r map[string]any) { setAt(r, kp, "zz_unknown_kind") })
		walkStruct(m.Type(), m.Type(), o, ptr, false, emit)
	}
}

func deepCopy(v any) any {
	switch v := v.(type) {
	case map[string]any:
		m := make(map[string]any, len(v))
		for k, x := range v {
			m[k] = deepCopy(x)
		}
		return m
	case []any:
		l := make([]any, len(v))
		for i, x := range v {
			l[i] = deepCopy(x)
		}
		return l
	}
	return v
}

// walkTo returns the container of the member at pointer p and its last token.
func walkTo(root map[string]any, p string) (any, string) {
	toks := strings.Split(p[1:], "/")
	var cur any = root
	for _, tok := range toks[:len(toks)-1] {
		tok = unescapeToken(tok)
		switch c := cur.(type) {
		case map[string]any:
			cur = c[tok]
		case []any:
			cur = c[atoi(tok)]
		}
	}
	return cur, unescapeToken(toks[len(toks)-1])
}

func setAt(root map[string]any, p string, v any) {
	container, last := walkTo(root, p)
	switch c := container.(type) {
	case map[string]any:
		c[last] = v
	case []any:
		c[atoi(last)] = v
	}
}

func deleteAt(root map[string]any, p string) {
	container, last := walkTo(root, p)
	if m, ok := container.(map[string]any); ok {
		delete(m, last)
	}
}

func unescapeToken(t string) string {
	return strings.NewReplacer("~1", "/", "~0", "~").Replace(t)
}

func atoi(s string) int { n, _ := strconv.Atoi(s); return n }

// TestMutants: faults made in valid lines are caught, at the line and
// pointer of the fault, by the rule that names it; and wherever the fast
// path accepts a mutant, santhosh-tekuri/jsonschema accepts it too.
func TestMutants(t *testing.T) {
	lines := validLines(t)
	if len(lines) == 0 {
		t.Fatal("no valid lines to mutate")
	}
	v, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	var s scanner
	var r lineResult
	total, caught := 0, 0
	byWhat := map[string]int{}
	var misses []string
	for _, line := range lines {
		for _, mu := range mutants(t, line) {
			total++
			v.checkLine(&s, "m", 1, mu.line, &r)
			if !r.slow && r.variant != nil {
				assertSanthoshAccepts(t, v, r.variant, mu.line)
			}
			hit := false
			for _, f := range r.findings {
				if f.Pointer == mu.pointer && slices.Contains(mu.rules, f.Rule) && f.Line == 1 {
					hit = true
				}
			}
			if hit {
				caught++
			} else {
				byWhat[strings.SplitN(mu.what, " at ", 2)[0]]++
				if len(misses) < 20 {
					misses = append(misses, mu.what+"\n    got: "+describeFindings(r.findings))
				}
			}
		}
	}
	rate := float64(caught) / float64(total)
	t.Logf("%d mutants of %d lines: %d caught at the right pointer (%.2f%%); missed by kind: %v", total, len(lines), caught, 100*rate, byWhat)
	if rate < 0.99 {
		t.Errorf("caught %.2f%% of mutants, want at least 99%%; first misses:\n%s", 100*rate, strings.Join(misses, "\n"))
	}
}

func describeFindings(fs []Finding) string {
	var parts []string
	for _, f := range fs {
		parts = append(parts, f.Rule+"@"+f.Pointer)
	}
	return strings.Join(parts, ", ")
}

// assertSanthoshAccepts fails the test if the full validator rejects a line
// the fast path accepted.
func assertSanthoshAccepts(t *testing.T, v *Validator, vs *variantSchema, line []byte) {
	t.Helper()
	inst, err := sjs.UnmarshalJSON(bytes.NewReader(line))
	if err != nil {
		t.Errorf("the fast path accepted a line encoding/json rejects: %v\n%s", err, line)
		return
	}
	if err := vs.sch.Validate(inst); err != nil {
		t.Errorf("the fast path accepted a line the schema of %s rejects: %v\n%s", vs.name, err, line)
	}
}

// TestMutantsPerVersion: on the captured lines of every pinned CLI, each
// checked against the schema set of its version, deleting a member that
// version always sends (protocol.MembersIn of its set, from the version
// facts; the Go tags where no fact speaks) or giving a member a value of
// the wrong JSON type is caught, at the right pointer, at least 99% of the
// time for each version.
func TestMutantsPerVersion(t *testing.T) {
	dirs, _ := filepath.Glob("../corpus/captures/*")
	root, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer func(f func(reflect.Type, string, bool) bool) { requiredHere = f }(requiredHere)
	for _, dir := range dirs {
		version := filepath.Base(dir)
		if _, ok := protocol.ParseVersion(version); !ok {
			continue
		}
		set := protocol.SetFor(version)
		rules := protocol.MembersIn(set)
		requiredHere = func(owner reflect.Type, name string, tagged bool) bool {
			if r, ok := rules[protocol.Place{Type: owner, Name: name}]; ok {
				return r.Required
			}
			return tagged
		}
		name, warn := root.sets.choose(version)
		if warn != "" || name != set.Name {
			t.Fatalf("CLI %s: the validator chose set %s (%s), the facts say %s", version, name, warn, set.Name)
		}
		v, err := root.sets.validator(name)
		if err != nil {
			t.Fatal(err)
		}
		files, _ := filepath.Glob(filepath.Join(dir, "*.jsonl"))
		lines := nonBlankLines(t, files)
		var s scanner
		var r lineResult
		total, caught, deletions := 0, 0, 0
		var misses []string
		for _, line := range lines {
			for _, mu := range mutants(t, line) {
				if !slices.Contains(mu.rules, RuleRequired.ID) && !slices.Contains(mu.rules, RuleType.ID) {
					continue // the discriminator and enum mutants: TestMutants
				}
				total++
				if slices.Contains(mu.rules, RuleRequired.ID) {
					deletions++
				}
				v.checkLine(&s, "m", 1, mu.line, &r)
				hit := false
				for _, f := range r.findings {
					if f.Pointer == mu.pointer && slices.Contains(mu.rules, f.Rule) {
						hit = true
					}
				}
				if hit {
					caught++
				} else if len(misses) < 10 {
					misses = append(misses, mu.what+"\n    got: "+describeFindings(r.findings))
				}
			}
		}
		rate := float64(caught) / float64(total)
		t.Logf("CLI %s (set %s): %d mutants (%d deletions) of %d lines: %d caught (%.2f%%)", version, set.Name, total, deletions, len(lines), caught, 100*rate)
		if rate < 0.99 {
			t.Errorf("CLI %s: caught %.2f%% of mutants, want at least 99%%; first misses:\n%s", version, 100*rate, strings.Join(misses, "\n"))
		}
	}
}
