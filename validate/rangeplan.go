package validate

import (
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"io/fs"
	"maps"
	"path"
	"slices"
	"strings"
	"sync"

	"github.com/protocheck/protocheck/schemas"
	"github.com/protocheck/protocheck/validate/internal/fastpath"
)

// An input with no init is checked against the schema set of every rung
// (see checkAlts). With a ladder of some twenty rungs the sets number
// about forty, but for one variant most of them hold the same schema: a
// set starts where some member of some variant changes. A rangePlan groups
// the sets, variant by variant, by what their schemas of that variant
// accept, so that a line is checked once per group and a set is compiled
// only when it stands for a group.

// A rangePlan is the sets an input with no init is checked against, and
// their groups by variant.
type rangePlan struct {
	names []string // the sets, oldest first
	// groups holds, by variant name, the groups of sets (indexes into
	// names) whose schemas of the variant are the same; a set that lacks
	// the variant is a group of its own. A set that ends before the first
	// release seen to print the variant (the evidence windows) is in no
	// group: nothing is known of the variant there, so a line of it
	// neither narrows the range there nor is excused by it.
	groups map[string][]altGroup
	// each is every set a group of its own: for a line of no variant the
	// newest set knows.
	each []altGroup
	// types holds the types of the variants of every set.
	types map[string]bool
}

// An altGroup is sets whose verdict on a line is the same: rep, the
// newest of them, checks the line for all.
type altGroup struct {
	rep     int
	members []int
}

// rangePlan returns the plan of the sets from the oldest rung's on,
// reading every set's schemas once (not compiling them).
func (vs *versionSets) rangePlan() (*rangePlan, error) {
	return vs.sharedPlan("all", &vs.plan, func() (*rangePlan, error) { return vs.makePlan(vs.ranged()) })
}

// sharedPlans holds the plans of the embedded schemas, by profile and
// kind, for every run of the process: a plan depends on nothing else, and
// reading forty sets' schemas costs more than checking a short input.
var sharedPlans = struct {
	mu sync.Mutex
	m  map[string]*made[*rangePlan]
}{m: map[string]*made[*rangePlan]{}}

// sharedPlan returns the plan made by make once: once per process for the
// embedded schemas, once per run (own) for others.
func (vs *versionSets) sharedPlan(kind string, own *made[*rangePlan], make func() (*rangePlan, error)) (*rangePlan, error) {
	if vs.fsys != schemas.FS {
		return own.get(make)
	}
	return entryOf(&sharedPlans.mu, sharedPlans.m, vs.opts.Profile+" "+kind).get(make)
}

// noVersionPlan returns the plan of the sets of the releases whose init
// names no claude_code_version (the 1.0.x line): from the oldest rung's
// set through the index's NoVersionSet. An init of that shape tells the
// line, not the release, so the release is searched among those sets.
func (vs *versionSets) noVersionPlan() (*rangePlan, error) {
	return vs.sharedPlan("no-version", &vs.nvPlan, func() (*rangePlan, error) {
		sets := vs.ranged()
		i := slices.IndexFunc(sets, func(s schemas.VersionSet) bool { return s.Set == vs.idx.NoVersionSet })
		if i < 0 {
			return nil, fmt.Errorf("no schema set %q", vs.idx.NoVersionSet)
		}
		return vs.makePlan(sets[:i+1])
	})
}

// ranged returns the sets an input is searched among: every set from
// the one of the oldest rung of the release ladder on. (A set older than
// every rung requires nothing, for want of evidence: every line would be
// "consistent" with it, which says nothing.)
func (vs *versionSets) ranged() []schemas.VersionSet {
	sets := vs.idx.VersionSets
	if oldest, _ := vs.ladder(); oldest != "" {
		first, _ := vs.choose(oldest)
		sets = sets[slices.IndexFunc(sets, func(s schemas.VersionSet) bool { return s.Set == first }):]
	}
	return sets
}

func (vs *versionSets) makePlan(sets []schemas.VersionSet) (*rangePlan, error) {
	p := &rangePlan{groups: map[string][]altGroup{}, types: map[string]bool{}}
	keys := map[string][]string{} // by variant: each set's key
	for i, s := range sets {
		p.names = append(p.names, s.Set)
		p.each = append(p.each, altGroup{rep: i, members: []int{i}})
		k, err := vs.variantKeys(s)
		if err != nil {
			return nil, fmt.Errorf("schema set %s: %w", s.Set, err)
		}
		for name, key := range k {
			if keys[name] == nil {
				keys[name] = make([]string, len(sets))
				typ, _, _ := strings.Cut(name, ".") // "type", "type.subtype"
				p.types[typ] = true
			}
			keys[name][i] = key
		}
	}
	first := map[string]string{} // by variant: the first release seen to print it
	for _, w := range vs.windows() {
		if f, ok := first[w.Variant]; !ok || compareVersions(w.Since, f) < 0 {
			first[w.Variant] = w.Since
		}
	}
	for name, ks := range keys {
		var gs []altGroup
		at := map[string]int{}
		for i := len(ks) - 1; i >= 0; i-- { // newest first: rep is the newest
			if f, ok := first[name]; ok && sets[i].To != "" && compareVersions(sets[i].To, f) <= 0 {
				// The set ends before any release is seen to print the
				// variant: its schema of it holds what was left open for
				// want of evidence, so it neither accepts nor rejects.
				continue
			}
			key := ks[i]
			if key == "" {
				key = "absent " + sets[i].Set
			}
			j, ok := at[key]
			if !ok {
				j = len(gs)
				at[key] = j
				gs = append(gs, altGroup{rep: i})
			}
			gs[j].members = append(gs[j].members, i)
		}
		p.groups[name] = gs
	}
	return p, nil
}

// variantKeys returns, by variant name, a key that two sets share when
// their schemas of the variant accept the same lines: the digest of the
// definitions the variant reaches, descriptions left out, and of how a
// line of its type is told to be of it.
func (vs *versionSets) variantKeys(s schemas.VersionSet) (map[string]string, error) {
	idx, dir := vs.idx, "."
	if s.Index != schemas.IndexFile {
		dir = path.Dir(s.Index)
		data, err := fs.ReadFile(vs.fsys, s.Index)
		if err != nil {
			return nil, err
		}
		idx = new(schemas.Index)
		if err := json.Unmarshal(data, idx); err != nil {
			return nil, fmt.Errorf("%s: %w", s.Index, err)
		}
	}
	data, err := fs.ReadFile(vs.fsys, path.Join(dir, idx.Union[vs.opts.Profile]))
	if err != nil {
		return nil, err
	}
	var doc struct {
		Defs map[string]any `json:"$defs"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		return nil, err
	}
	own := make(map[string]string, len(doc.Defs))
	refs := make(map[string][]string, len(doc.Defs))
	for name, def := range doc.Defs {
		b, _ := json.Marshal(semantic(def)) // map keys sorted: canonical
		own[name] = digest(b)
		refs[name] = defRefs(def, nil)
	}
	dispatch := map[string]string{} // by type
	for _, e := range idx.Variants {
		b, _ := json.Marshal([]any{e.Name, e.Subtype, e.Marker})
		dispatch[e.Type] += string(b)
	}
	out := make(map[string]string, len(idx.Variants))
	for _, e := range idx.Variants {
		// The variant's own definition is named by the index (its def),
		// the digest is keyed by its name, as lines find their variant.
		root := e.Definition()
		seen := map[string]bool{root: true}
		todo := []string{root}
		for len(todo) > 0 {
			n := todo[len(todo)-1]
			todo = todo[:len(todo)-1]
			for _, r := range refs[n] {
				if !seen[r] {
					seen[r] = true
					todo = append(todo, r)
				}
			}
		}
		var b strings.Builder
		for _, n := range slices.Sorted(maps.Keys(seen)) {
			fmt.Fprintf(&b, "%s=%s;", n, own[n])
		}
		fmt.Fprintf(&b, "|%s|%s", dispatch[e.Type], idx.SubtypePaths[e.Type])
		out[e.Name] = digest([]byte(b.String()))
	}
	return out, nil
}

func digest(b []byte) string { h := sha256.Sum256(b); return string(h[:]) }

// semantic returns a schema without the keywords that do not change what
// it accepts (descriptions, titles, examples, comments). It walks only
// where schemas are: the members named under properties are kept, whatever
// their names ("description" is a member of some messages), and values
// (const, enum, default) are kept whole.
func semantic(v any) any {
	x, ok := v.(map[string]any)
	if !ok {
		return v // true, false
	}
	out := make(map[string]any, len(x))
	for k, val := range x {
		switch k {
		case "description", "title", "examples", "$comment":
			continue
		case "properties", "patternProperties", "$defs", "definitions", "dependentSchemas":
			if m, ok := val.(map[string]any); ok {
				named := make(map[string]any, len(m))
				for name, sch := range m {
					named[name] = semantic(sch)
				}
				out[k] = named
				continue
			}
		case "items", "additionalItems", "additionalProperties", "unevaluatedItems", "unevaluatedProperties",
			"not", "if", "then", "else", "contains", "propertyNames", "anyOf", "allOf", "oneOf", "prefixItems":
			if list, ok := val.([]any); ok {
				schemas := make([]any, len(list))
				for i, sch := range list {
					schemas[i] = semantic(sch)
				}
				out[k] = schemas
			} else {
				out[k] = semantic(val)
			}
			continue
		}
		out[k] = val
	}
	return out
}

// defRefs appends the names of the definitions v refers to.
func defRefs(v any, acc []string) []string {
	switch x := v.(type) {
	case map[string]any:
		for k, val := range x {
			if s, ok := val.(string); ok && k == "$ref" && strings.HasPrefix(s, "#/$defs/") {
				acc = append(acc, strings.TrimPrefix(s, "#/$defs/"))
				continue
			}
			acc = defRefs(val, acc)
		}
	case []any:
		for _, val := range x {
			acc = defRefs(val, acc)
		}
	}
	return acc
}

// groupsFor returns the groups a line is checked by: those of its variant
// in the newest set, or, for a line of no variant there, every set alone
// when some set knows its type (an older release's kind), none when no
// set does (its verdict is the newest set's everywhere).
func (p *rangePlan) groupsFor(r *lineResult, line []byte) []altGroup {
	if r.variant != nil {
		if gs, ok := p.groups[r.variant.name]; ok {
			return gs
		}
		return p.each
	}
	if r.unknownKind == "" {
		return nil // not a message at all: no set accepts more of it
	}
	if t, ok := fastpath.Peek(line); ok && p.types[string(t.Type)] {
		return p.each
	}
	return nil
}
