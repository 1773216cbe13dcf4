package reflect

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path"
	"slices"

	"github.com/invopop/jsonschema"

	"github.com/protocheck/protocheck/protocol"
	"github.com/protocheck/protocheck/schemas"
)

// membersByType holds, by the name of a struct type's definition, the rules
// of its members at one CLI version.
type membersByType map[string]map[string]protocol.MemberRule

// AtVersion returns a generator of the schema set of one version line: the
// same model, with each member present and required as protocol.Facts say
// for the set's versions (protocol.MembersIn), and $ids under
// baseID. The transform works on the model's members, before any schema
// shape is decided: a member the line lacks is not a property, one it
// always sends is required, and one it sends only sometimes is optional.
// Members no fact names keep their tags.
func (g *Generator) AtVersion(set protocol.VersionSet, baseID string) *Generator {
	c := *g
	c.baseID = baseID
	c.members = membersByType{}
	for p, r := range protocol.MembersIn(set) {
		m := c.members[p.Type.Name()]
		if m == nil {
			m = map[string]protocol.MemberRule{}
			c.members[p.Type.Name()] = m
		}
		m[p.Name] = r
	}
	c.enums = enumsByType{}
	for p, values := range protocol.EnumsIn(set) {
		m := c.enums[p.Type.Name()]
		if m == nil {
			m = map[string]map[string]bool{}
			c.enums[p.Type.Name()] = m
		}
		m[p.Name] = values
	}
	c.covers = &schemas.Covers{Set: set.Name, From: set.From, To: set.To}
	return &c
}

// enumsByType holds, by the name of a struct type's definition, the
// values of its members' enums that protocol.EnumsIn names at one CLI
// version: true for a value some version of the set may send.
type enumsByType map[string]map[string]map[string]bool

// apply drops from the enums of a struct type's members the values no
// version of the set sends.
func (e enumsByType) apply(name string, def *jsonschema.Schema) {
	rules := e[name]
	if rules == nil || def.Properties == nil {
		return
	}
	for member, values := range rules {
		if prop, ok := def.Properties.Get(member); ok && prop != nil {
			dropValues(prop, values)
		}
	}
}

// dropValues drops from the enum of s (or of the branches of its anyOf or
// oneOf) the string values that values marks false.
func dropValues(s *jsonschema.Schema, values map[string]bool) {
	if s.Enum != nil {
		kept := slices.DeleteFunc(slices.Clone(s.Enum), func(v any) bool {
			str, ok := v.(string)
			return ok && !values[str] && hasKey(values, str)
		})
		if len(kept) > 0 { // a member no version sends is gone, not empty
			s.Enum = kept
		}
	}
	for _, b := range append(slices.Clone(s.AnyOf), s.OneOf...) {
		dropValues(b, values)
	}
}

func hasKey(m map[string]bool, k string) bool {
	_, ok := m[k]
	return ok
}

// apply makes a struct type's definition follow the member rules of its
// type, if any.
func (m membersByType) apply(name string, def *jsonschema.Schema) {
	rules := m[name]
	if rules == nil || def.Properties == nil {
		return
	}
	for member, r := range rules {
		prop, ok := def.Properties.Get(member)
		if !ok {
			continue
		}
		has := slices.Contains(def.Required, member)
		switch {
		case prop != nil && prop.Const != nil:
			// A member pinned to one value is what tells the variant or
			// the union branch: it stays as the model has it.
		case !r.Present:
			def.Properties.Delete(member)
			def.Required = slices.DeleteFunc(def.Required, func(s string) bool { return s == member })
		case r.Required && !has:
			def.Required = append(def.Required, member)
		case !r.Required && has:
			def.Required = slices.DeleteFunc(def.Required, func(s string) bool { return s == member })
		}
	}
	// Keep required in the order of the properties, as the reflector
	// writes it.
	var req []string
	for pair := def.Properties.Oldest(); pair != nil; pair = pair.Next() {
		if slices.Contains(def.Required, pair.Key) {
			req = append(req, pair.Key)
		}
	}
	def.Required = req
}

// AllVersions names the set of every version at once (Index.AllVersions).
const AllVersions = "all"

// SetBaseID returns the $id prefix of a version set's schemas: the default
// (newest) set keeps BaseID, an older set is named by its first version.
func SetBaseID(set protocol.VersionSet) string {
	sets := protocol.VersionSets()
	if set == sets[len(sets)-1] {
		return BaseID
	}
	return "https://protocheck.dev/schemas/v1/cli-" + set.Name + "/"
}

// compact rewrites a schema file of an older set for size: without the
// descriptions (the default set has them all) and without indentation.
// What a validator reads is unchanged.
func compact(data []byte) ([]byte, error) {
	var doc any
	if err := json.Unmarshal(data, &doc); err != nil {
		return nil, err
	}
	var strip func(any)
	strip = func(x any) {
		switch x := x.(type) {
		case map[string]any:
			if _, ok := x["description"].(string); ok {
				delete(x, "description")
			}
			for _, v := range x {
				strip(v)
			}
		case []any:
			for _, v := range x {
				strip(v)
			}
		}
	}
	strip(doc)
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(doc); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// VersionedFiles returns every file of the wire's schemas across versions,
// keyed by path under the schemas folder: the newest set's files as Files
// writes them (the default set, published under BaseID), and for every
// older set the compact form (SetFiles: its index.json and one union schema
// per profile, which is all a validator loads, without descriptions and
// indentation: see compact) under versions/<set>/. The root index lists
// the sets.
func (g *Generator) VersionedFiles() (map[string][]byte, error) {
	sets := protocol.VersionSets()
	newest := sets[len(sets)-1]
	top := g.AtVersion(newest, SetBaseID(newest))
	files, err := top.Files()
	if err != nil {
		return nil, err
	}
	idx := top.Index(Profiles, true)
	for _, set := range sets[:len(sets)-1] {
		dir := path.Join(schemas.VersionsDir, set.Name)
		sf, err := g.AtVersion(set, SetBaseID(set)).SetFiles(Profiles...)
		if err != nil {
			return nil, fmt.Errorf("version set %s: %w", set.Name, err)
		}
		for name, data := range sf {
			if name != schemas.IndexFile {
				if data, err = compact(data); err != nil {
					return nil, fmt.Errorf("version set %s: %s: %w", set.Name, name, err)
				}
			}
			files[path.Join(dir, name)] = data
		}
		idx.VersionSets = append(idx.VersionSets, schemas.VersionSet{
			Covers: schemas.Covers{Set: set.Name, From: set.From, To: set.To},
			Index:  path.Join(dir, schemas.IndexFile),
		})
	}
	idx.VersionSets = append(idx.VersionSets, schemas.VersionSet{
		Covers: schemas.Covers{Set: newest.Name, From: newest.From, To: newest.To},
		Index:  schemas.IndexFile,
	})
	// The set of every version at once: a member any version has is
	// present, one every version sends is required. corpus run checks the
	// captures of every pinned CLI against it as the wire.
	all := protocol.VersionSet{Name: AllVersions, From: sets[0].From}
	af, err := g.AtVersion(all, "https://protocheck.dev/schemas/v1/cli-"+AllVersions+"/").SetFiles(Profiles...)
	if err != nil {
		return nil, fmt.Errorf("version set %s: %w", AllVersions, err)
	}
	for name, data := range af {
		if name != schemas.IndexFile {
			if data, err = compact(data); err != nil {
				return nil, err
			}
		}
		files[path.Join(schemas.VersionsDir, AllVersions, name)] = data
	}
	idx.AllVersions = path.Join(schemas.VersionsDir, AllVersions, schemas.IndexFile)
	idx.NoVersionSet = noVersionSet(sets)
	idx.Rungs = slices.Clone(protocol.Rungs)
	idx.Windows = schemas.WindowsFile
	if files[schemas.WindowsFile], err = encode(windows()); err != nil {
		return nil, err
	}
	if files[schemas.IndexFile], err = encode(idx); err != nil {
		return nil, err
	}
	return files, nil
}

// discriminator reports whether a fact's member is one that tells the
// variant (type, the subtype, the marker): it is there whenever the
// variant is.
func discriminator(f protocol.Fact) bool {
	v := protocol.ByName(f.Variant)
	if v == nil {
		return false
	}
	return f.Member == "/type" || f.Member == protocol.SubtypePath(v.Type) || (v.Marker != "" && f.Member == "/"+v.Marker)
}

// windows lists the members whose evidence dates them: every member fact
// with a Since, which validate's strict profile reads to say, of a member
// a transcript's version may or may not have, that it is unproven.
func windows() *schemas.Windows {
	w := &schemas.Windows{Members: []schemas.Window{}}
	for _, f := range protocol.Facts {
		if f.Member == "" || f.Since == protocol.Always || discriminator(f) {
			continue
		}
		w.Members = append(w.Members, schemas.Window{Variant: f.Variant, Member: f.Member, Since: f.Since,
			AbsentThrough: f.AbsentThrough, Until: f.Until, Evidence: f.Evidence})
	}
	return w
}

// noVersionSet names the set for a transcript whose system/init has no
// claude_code_version: the line in which the CLI does not send it yet is
// the one before the line of the first version that always sends it (the
// 1.0.x line, by the facts); the set is that of the newest rung of the
// line (the set whose evidence is a capture), or the line's newest set
// when the line has no rung.
func noVersionSet(sets []protocol.VersionSet) string {
	required := ""
	for _, f := range protocol.Facts {
		if f.Variant == "system.init" && f.Member == "/claude_code_version" {
			required = f.Required
		}
	}
	line, next := protocol.Lines[0], ""
	for i, l := range protocol.Lines {
		if required != "" && protocol.CompareVersions(l, required) <= 0 {
			line = l
			if i+1 < len(protocol.Lines) {
				next = protocol.Lines[i+1]
			}
		}
	}
	// The line before the one that starts sending it.
	for i, l := range protocol.Lines {
		if l == line && i > 0 {
			line, next = protocol.Lines[i-1], l
		}
	}
	rung := ""
	for _, r := range protocol.Rungs {
		if protocol.CompareVersions(r, line) >= 0 && (next == "" || protocol.CompareVersions(r, next) < 0) {
			rung = r
		}
	}
	if rung != "" {
		return protocol.SetFor(rung).Name
	}
	name := sets[0].Name
	for _, s := range sets {
		if next != "" && protocol.CompareVersions(s.From, next) < 0 {
			name = s.Name
		}
	}
	return name
}
