package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"go/format"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"slices"
	"strings"

	"github.com/protocheck/protocheck/internal/gen/captures"
	"github.com/protocheck/protocheck/protocol"
)

func main() {
	root := flag.String("root", ".", "the repository's root folder")
	check := flag.Bool("check", false, "only report a stale protocol/zz_versions.go")
	walk := flag.Bool("walk", false, "first fetch every published release that ships sdk.d.ts with npm (only those sdk.json lacks) and rewrite sdk.json (needs node and network)")
	flag.Parse()
	if *walk {
		if err := walkSDK(*root); err != nil {
			fmt.Fprintln(os.Stderr, "versionfacts:", err)
			os.Exit(2)
		}
	}
	stale, err := generate(*root, !*check)
	if err != nil {
		fmt.Fprintln(os.Stderr, "versionfacts:", err)
		os.Exit(2)
	}
	if stale && *check {
		fmt.Fprintln(os.Stderr, "versionfacts: protocol/zz_versions.go is stale; run: make versionfacts")
		os.Exit(1)
	}
}

func walkSDK(root string) error {
	dir := filepath.Join(root, "internal", "gen", "versionfacts", "walk")
	ci := exec.Command("npm", "ci", "--no-audit", "--no-fund", "--ignore-scripts", "--loglevel=error")
	ci.Dir, ci.Stdout, ci.Stderr = dir, os.Stderr, os.Stderr
	if err := ci.Run(); err != nil {
		return fmt.Errorf("npm ci in %s: %w", dir, err)
	}
	cmd := exec.Command("node", "walk.mjs", "../sdk.json", "--all")
	cmd.Dir, cmd.Stdout, cmd.Stderr = dir, os.Stderr, os.Stderr
	return cmd.Run()
}

// generate derives the facts and compares (with write, also writes) them
// with protocol/zz_versions.go.
func generate(root string, write bool) (stale bool, err error) {
	ev, err := loadEvidence(root)
	if err != nil {
		return false, err
	}
	src, err := render(derive(ev), ev.rungs())
	if err != nil {
		return false, err
	}
	path := filepath.Join(root, "protocol", "zz_versions.go")
	old, _ := os.ReadFile(path)
	if bytes.Equal(old, src) {
		return false, nil
	}
	if write {
		return true, os.WriteFile(path, src, 0o644)
	}
	return true, nil
}

// An observation is what one version's evidence shows of one member (or,
// with an empty member, of one variant).
type observation struct {
	// From captures: how often the member's parent object was seen, and
	// how often it carried the member.
	parents, seen int
	// From sdk.d.ts: whether its parent was declared, and the member
	// declared, and declared required.
	parentDeclared, declared, declaredRequired bool
	// From the CLI's bundle: it writes the member.
	bundled bool
	// From the CLI's own schemas (zod.json): the variant's schema has it.
	zod bool
}

// evidence is every version's observations, keyed by variant and member.
type evidence struct {
	versions []string // ascending
	obs      map[string]map[key]*observation
	sources  map[string][]string // version -> "captures", "sdk.d.ts pkg@ver"
}

type key struct{ variant, member string }

func (e *evidence) at(version string, k key) *observation {
	m := e.obs[version]
	if m == nil {
		m = map[key]*observation{}
		e.obs[version] = m
		e.versions = append(e.versions, version)
	}
	o := m[k]
	if o == nil {
		o = &observation{}
		m[k] = o
	}
	return o
}

func (e *evidence) get(version string, k key) observation {
	if o := e.obs[version][k]; o != nil {
		return *o
	}
	return observation{}
}

func loadEvidence(root string) (*evidence, error) {
	ev := &evidence{obs: map[string]map[key]*observation{}, sources: map[string][]string{}}
	versions, err := captures.Walk(root, func(version, file string, n int, line []byte) error {
		return readCapture(ev, version, file, n, line)
	})
	if err != nil {
		return nil, err
	}
	for _, v := range versions {
		ev.sources[v] = append(ev.sources[v], "captures")
	}
	if err := readSDK(ev, sdkPath(root)); err != nil {
		return nil, err
	}
	if err := readBundle(ev, bundlePath(root)); err != nil {
		return nil, err
	}
	if err := readZod(ev, zodPath(root)); err != nil {
		return nil, err
	}
	slices.SortFunc(ev.versions, protocol.CompareVersions)
	return ev, nil
}

// readCapture adds the observations of line n of a capture file.
func readCapture(ev *evidence, version, file string, n int, line []byte) error {
	var doc map[string]any
	dec := json.NewDecoder(bytes.NewReader(line))
	dec.UseNumber()
	if err := dec.Decode(&doc); err != nil {
		return fmt.Errorf("%s:%d: %w", file, n, err)
	}
	v := variantOf(doc)
	if v == nil {
		return nil // a kind the model does not know: the capture tests report it
	}
	ev.at(version, key{v.Name, ""}).seen++
	var body any = doc
	prefix := ""
	if e := protocol.Wire.EnvelopeOf(v.Type); e != nil {
		body, prefix = doc[e.Member], "/"+e.Member
	}
	observe(ev, version, v.Name, v.GoType(), body, prefix)
	return nil
}

func variantOf(doc map[string]any) *protocol.Variant {
	typ, _ := doc["type"].(string)
	sub := ""
	if sp := protocol.SubtypePath(typ); sp != "" {
		var at any = doc
		for _, tok := range strings.Split(sp[1:], "/") {
			m, _ := at.(map[string]any)
			at = m[tok]
		}
		sub, _ = at.(string)
	}
	replay, _ := doc["isReplay"].(bool)
	return protocol.Lookup(typ, sub, replay)
}

// observe walks the JSON value val together with the Go type t at pointer
// at, counting for each member of each object its parent and its presence.
func observe(ev *evidence, version, variant string, t reflect.Type, val any, at string) {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.Slice, reflect.Map:
		if t == reflect.TypeFor[json.RawMessage]() {
			return
		}
		switch c := val.(type) {
		case []any:
			for _, x := range c {
				observe(ev, version, variant, t.Elem(), x, at+"/*")
			}
		case map[string]any:
			if t.Kind() == reflect.Map {
				for _, x := range c {
					observe(ev, version, variant, t.Elem(), x, at+"/*")
				}
			}
		}
		return
	case reflect.Struct:
	default:
		return
	}
	obj, ok := val.(map[string]any)
	if !ok || t == reflect.TypeFor[protocol.MessageContent]() {
		return
	}
	protocol.WalkMembers(t, at, func(_ reflect.Type, f reflect.StructField, name, ptr string) {
		// WalkMembers goes deep; only this object's own members are
		// counted here, the deeper ones by the recursion below.
		if ptr != at+"/"+name {
			return
		}
		o := ev.at(version, key{variant, ptr})
		o.parents++
		if x, ok := obj[name]; ok {
			o.seen++
			observe(ev, version, variant, f.Type, x, ptr)
		}
	})
}

// sdkFile is sdk.json, which walk.mjs writes.
type sdkFile struct {
	Releases []struct {
		Package  string                       `json:"package"`
		Version  string                       `json:"version"`
		CLI      string                       `json:"cli"`
		Variants map[string]map[string]string `json:"variants"`
		// SameAs names the release ("pkg@version") listed before whose
		// variants this one's equal, instead of Variants.
		SameAs string `json:"same_as"`
	} `json:"releases"`
	// Without lists the releases that ship no sdk.d.ts.
	Without []string `json:"without"`
}

func readSDK(ev *evidence, path string) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	var f sdkFile
	if err := json.Unmarshal(data, &f); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	byID := map[string]map[string]map[string]string{}
	for _, r := range f.Releases {
		if _, ok := protocol.ParseVersion(r.CLI); !ok {
			return fmt.Errorf("%s: %s@%s: CLI version %q", path, r.Package, r.Version, r.CLI)
		}
		variants := r.Variants
		if r.SameAs != "" {
			v, ok := byID[r.SameAs]
			if !ok {
				return fmt.Errorf("%s: %s@%s: same_as %q: no such release listed before it", path, r.Package, r.Version, r.SameAs)
			}
			variants = v
		}
		byID[r.Package+"@"+r.Version] = variants
		for name, members := range variants {
			if protocol.ByName(name) == nil {
				continue // a declared message the wire model has no variant for
			}
			o := ev.at(r.CLI, key{name, ""})
			o.parentDeclared, o.declared = true, true
			for ptr, req := range members {
				o := ev.at(r.CLI, key{name, ptr})
				o.declared, o.declaredRequired = true, req == "required"
			}
			// The objects walk.mjs walked into: the variant, and every
			// member with members of its own.
			for ptr := range members {
				if i := strings.LastIndexByte(ptr, '/'); i > 0 {
					ev.at(r.CLI, key{name, ptr[:i]}).parentDeclared = true
				}
			}
		}
		ev.sources[r.CLI] = append(ev.sources[r.CLI], "sdk.d.ts "+r.Package+"@"+r.Version)
	}
	return nil
}

// absent reports whether version v's evidence proves the member k missing:
// captured parents without it, when the first capture that carries it
// carries it in every captured parent (a member sent in some runs only
// proves nothing by its absence). An sdk.d.ts or a bundle that does not
// name a member proves nothing: the CLI prints members neither declares.
func (e *evidence) absent(v string, k key) bool {
	o := e.get(v, k)
	if o.parents == 0 || o.seen > 0 {
		return false
	}
	for _, w := range e.versions {
		if f := e.get(w, k); f.seen > 0 {
			return f.seen == f.parents
		}
	}
	return false
}

func (e *evidence) present(v string, k key) bool {
	o := e.get(v, k)
	return o.seen > 0 || o.declared || o.bundled || o.zod
}

// derive turns the evidence into one fact per variant and member of the
// wire model, in the order of protocol.Variants and then of the members.
func derive(ev *evidence) []protocol.Fact {
	var out []protocol.Fact
	for _, v := range protocol.Variants {
		vk := key{v.Name, ""}
		// A variant's absence is never proven: a scenario may just not
		// reach it. Since names the first version that shows it.
		vf := protocol.Fact{Variant: v.Name, Since: protocol.Always}
		if first := ev.first(vk); first != "" {
			vf.Since = first
		}
		vf.Evidence = evidenceOf(ev, vk, vf)
		out = append(out, vf)
		prefix := ""
		if e := protocol.Wire.EnvelopeOf(v.Type); e != nil {
			prefix = "/" + e.Member
		}
		protocol.WalkMembers(v.GoType(), prefix, func(_ reflect.Type, f reflect.StructField, name, ptr string) {
			out = append(out, deriveMember(ev, key{v.Name, ptr}, f))
		})
	}
	return out
}

// first returns the oldest version whose evidence shows k, or "".
func (ev *evidence) first(k key) string {
	for _, v := range ev.versions {
		if ev.present(v, k) {
			return v
		}
	}
	return ""
}

// deriveMember derives one member's fact: Since is the first version that
// shows it, AbsentThrough the last version before that whose captures
// prove it absent; between the two nothing is known.
func deriveMember(ev *evidence, k key, f reflect.StructField) protocol.Fact {
	modelRequired := slices.Contains(strings.Split(f.Tag.Get("jsonschema"), ","), "required")
	sinceTagged := f.Tag.Get("since") != ""
	fact := protocol.Fact{Variant: k.variant, Member: k.member, Since: protocol.Always}
	if first := ev.first(k); first != "" {
		fact.Since = first
		for _, v := range ev.versions {
			if protocol.CompareVersions(v, first) >= 0 {
				break
			}
			if ev.absent(v, k) {
				fact.AbsentThrough = v
			}
		}
	}
	if modelRequired || sinceTagged {
		fact.Required = requiredSince(ev, k, fact.Since, modelRequired)
	}
	fact.Evidence = evidenceOf(ev, k, fact)
	return fact
}

// requiredSince is the first version from which the CLI always sends the
// member, or "": the first rung of the captures from which every later
// rung that captured the member's parent carries it in every parent. A
// member the newest captures do not always carry is never required; one
// no capture shows keeps the model's word from since. An sdk.d.ts that
// declares a member required proves nothing about what the CLI sends.
func requiredSince(ev *evidence, k key, since string, modelRequired bool) string {
	type point struct {
		v      string
		always bool
	}
	var caps []point
	for _, v := range ev.versions {
		if o := ev.get(v, k); o.parents > 0 {
			caps = append(caps, point{v, o.seen == o.parents})
		}
	}
	if len(caps) == 0 {
		if modelRequired {
			return since
		}
		return ""
	}
	if !caps[len(caps)-1].always {
		return ""
	}
	last := -1
	for i, c := range caps {
		if !c.always {
			last = i
		}
	}
	return caps[last+1].v
}

// evidenceOf names the evidence of a fact's boundaries: the first
// version that shows it, the last whose captures prove it absent, and the
// first from which every capture carries it.
func evidenceOf(ev *evidence, k key, f protocol.Fact) string {
	var parts []string
	describe := func(v string) string {
		return v + " (" + strings.Join(ev.sourcesOf(v, k), ", ") + ")"
	}
	if f.Since != protocol.Always {
		parts = append(parts, "seen from "+describe(f.Since))
		if f.AbsentThrough != "" {
			parts = append(parts, "absent proven up to "+f.AbsentThrough+" (captures)")
		} else {
			parts = append(parts, "no absence proven")
		}
	}
	if f.Required != "" && f.Required != protocol.Always && f.Required != f.Since {
		parts = append(parts, "always sent from "+f.Required+" (captures)")
	}
	return strings.Join(parts, "; ")
}

// sourcesOf names the sources of version v that show k, or all of v's
// sources when none does.
func (ev *evidence) sourcesOf(v string, k key) []string {
	o := ev.get(v, k)
	var out []string
	for _, s := range ev.sources[v] {
		switch {
		case s == "captures" && o.seen > 0,
			strings.HasPrefix(s, "sdk.d.ts") && o.declared,
			strings.HasPrefix(s, "bundle") && o.bundled,
			strings.HasPrefix(s, "zod") && o.zod:
			out = append(out, s)
		}
	}
	if len(out) == 0 {
		return ev.sources[v]
	}
	return out
}

// rungs returns the versions with captures, oldest first.
func (ev *evidence) rungs() []string {
	var out []string
	for _, v := range ev.versions {
		if slices.Contains(ev.sources[v], "captures") {
			out = append(out, v)
		}
	}
	return out
}

// render writes the facts, and the rungs of the ladder, as Go source.
func render(facts []protocol.Fact, rungs []string) ([]byte, error) {
	var b bytes.Buffer
	b.WriteString("// Code generated by internal/gen/versionfacts (make versionfacts); DO NOT EDIT.\n\n")
	b.WriteString("package protocol\n\n")
	b.WriteString("// Rungs lists the CLI versions whose captures are evidence of the facts\n")
	b.WriteString("// (corpus/captures/<version>), oldest first: the release ladder.\n")
	b.WriteString("var Rungs = []string{")
	for i, r := range rungs {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%q", r)
	}
	b.WriteString("}\n\n")
	b.WriteString("// Facts holds the version facts of every variant and member of the wire\n")
	b.WriteString("// model, in the order of Variants and then of their members (see Fact).\n")
	b.WriteString("var Facts = []Fact{\n")
	for _, f := range facts {
		fmt.Fprintf(&b, "\t{Variant: %q, Member: %q, Since: %q, Required: %q", f.Variant, f.Member, f.Since, f.Required)
		if f.AbsentThrough != "" {
			fmt.Fprintf(&b, ", AbsentThrough: %q", f.AbsentThrough)
		}
		if f.Until != "" {
			fmt.Fprintf(&b, ", Until: %q", f.Until)
		}
		if f.Evidence != "" {
			fmt.Fprintf(&b, ", Evidence: %q", f.Evidence)
		}
		b.WriteString("},\n")
	}
	b.WriteString("}\n")
	return format.Source(b.Bytes())
}

// bundleFile is bundle.json: per release, the members the CLI's own bundle
// writes on each output variant (JSON Pointers as Fact.Member writes them).
type bundleFile struct {
	Releases []struct {
		CLI      string              `json:"cli"`
		Source   string              `json:"source"`
		Variants map[string][]string `json:"variants"`
	} `json:"releases"`
}

// readBundle adds what bundle.json says, when the file exists: a bundle
// that writes a member is evidence the release may send it (never that it
// always does, nor, by leaving a member out, that it does not).
func readBundle(ev *evidence, path string) error {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	var f bundleFile
	if err := json.Unmarshal(data, &f); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	for _, r := range f.Releases {
		if _, ok := protocol.ParseVersion(r.CLI); !ok {
			return fmt.Errorf("%s: %s: CLI version %q", path, r.Source, r.CLI)
		}
		for name, members := range r.Variants {
			if protocol.ByName(name) == nil {
				continue // a message the wire model has no variant for
			}
			ev.at(r.CLI, key{name, ""}).bundled = true
			for _, ptr := range members {
				ev.at(r.CLI, key{name, ptr}).bundled = true
			}
		}
		src := "bundle"
		if r.Source != "" {
			src += " " + r.Source
		}
		ev.sources[r.CLI] = append(ev.sources[r.CLI], src)
	}
	return nil
}

// zodFile is zod.json: per release, the members of the schemas the CLI
// validates each message with (the facts of each member are not read here).
type zodFile struct {
	Releases []struct {
		CLI      string                                `json:"cli"`
		Source   string                                `json:"source"`
		Variants map[string]map[string]json.RawMessage `json:"variants"`
	} `json:"releases"`
}

// readZod adds what zod.json says, when the file exists: a member of a
// release's schema is evidence the release may send it; a release whose
// bundle builds no schemas (the 1.0.x line) adds nothing.
func readZod(ev *evidence, path string) error {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	var f zodFile
	if err := json.Unmarshal(data, &f); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	for _, r := range f.Releases {
		if _, ok := protocol.ParseVersion(r.CLI); !ok {
			return fmt.Errorf("%s: %s: CLI version %q", path, r.Source, r.CLI)
		}
		if len(r.Variants) == 0 {
			continue
		}
		for name, members := range r.Variants {
			if protocol.ByName(name) == nil {
				continue // a message the wire model has no variant for
			}
			ev.at(r.CLI, key{name, ""}).zod = true
			for ptr := range members {
				ev.at(r.CLI, key{name, ptr}).zod = true
			}
		}
		ev.sources[r.CLI] = append(ev.sources[r.CLI], "zod "+r.Source)
	}
	return nil
}

// zodPath is the path of zod.json; $VERSIONFACTS_ZOD overrides it.
func zodPath(root string) string {
	if p := os.Getenv("VERSIONFACTS_ZOD"); p != "" {
		return p
	}
	return filepath.Join(root, "internal", "gen", "versionfacts", "zod.json")
}

// bundlePath is the path of bundle.json; $VERSIONFACTS_BUNDLE overrides it.
func bundlePath(root string) string {
	if p := os.Getenv("VERSIONFACTS_BUNDLE"); p != "" {
		return p
	}
	return filepath.Join(root, "internal", "gen", "versionfacts", "bundle.json")
}

// sdkPath is the path of sdk.json; $VERSIONFACTS_SDK overrides it (tests).
func sdkPath(root string) string {
	if p := os.Getenv("VERSIONFACTS_SDK"); p != "" {
		return p
	}
	return filepath.Join(root, "internal", "gen", "versionfacts", "sdk.json")
}
