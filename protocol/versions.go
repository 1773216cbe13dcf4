package protocol

import (
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// A Fact says what the evidence shows of a variant or one of its members
// across Claude Code CLI versions, as a window: the member exists from
// Since (the first version whose evidence shows it); its absence is proven
// up to AbsentThrough (the last version whose captures show it missing);
// between the two nothing is known, and no version there may be faulted
// for having the member or for lacking it. Facts are derived from evidence
// by internal/gen/versionfacts (the captures of every rung under
// corpus/captures, the sdk.d.ts of past releases, the CLI's bundle) and
// generated into zz_versions.go; a test derives them again from the
// committed evidence.
type Fact struct {
	// Variant names the variant (Variants).
	Variant string
	// Member is the JSON Pointer of the member, as ObservedMember.Pointer
	// writes it (* for any array index or map key; a control body's members
	// under /request or /response), or "" for the variant itself.
	Member string
	// Since is the first version whose evidence shows it (a capture
	// carries it, an sdk.d.ts declares it, the bundle writes it), or
	// Always when no evidence shows it (the model's word alone).
	Since string
	// AbsentThrough is the last version before Since whose captures prove
	// the member absent (captured parents without it, when it is sent in
	// every parent where present), or "" when no version is proven to
	// lack it. An sdk.d.ts that does not declare a member proves nothing.
	AbsentThrough string
	// Required is the first version from which the CLI always sends the
	// member (every capture of that rung and of every later one carries
	// it; Always: every version), or "" when no version is known to always
	// send it. It is "" for a variant.
	Required string
	// Until is the first version known not to have it any more, or "" when
	// the newest version has it.
	Until string
	// Evidence names the sources that show the boundaries.
	Evidence string
}

// Always is the version that stands for every version: a Fact's Since or
// Required when no evidence bounds it.
const Always = "0"

// HasAt reports whether the evidence shows the variant or member at CLI
// version v (v is at or after Since, and before Until).
func (f *Fact) HasAt(v string) bool {
	return CompareVersions(v, f.Since) >= 0 && (f.Until == "" || CompareVersions(v, f.Until) < 0)
}

// AbsentAt reports whether the evidence proves the member missing at CLI
// version v: v is at or before AbsentThrough, or at or after Until.
func (f *Fact) AbsentAt(v string) bool {
	return (f.AbsentThrough != "" && CompareVersions(v, f.AbsentThrough) <= 0) ||
		(f.Until != "" && CompareVersions(v, f.Until) >= 0)
}

// UnknownAt reports whether nothing is known of the member at CLI version
// v: it lies in the window after AbsentThrough and before Since.
func (f *Fact) UnknownAt(v string) bool { return !f.HasAt(v) && !f.AbsentAt(v) }

// Window describes what is known of the fact around version v, for
// findings and `protocheck schemas window`: "seen from 2.1.112; absent
// proven up to 2.0.20".
func (f *Fact) Window() string {
	var parts []string
	if f.Since == Always {
		parts = append(parts, "in the model; no evidence dates it")
	} else {
		parts = append(parts, "seen from "+f.Since)
	}
	if f.AbsentThrough != "" {
		parts = append(parts, "absent proven up to "+f.AbsentThrough)
	} else if f.Since != Always {
		parts = append(parts, "no absence proven")
	}
	if f.Until != "" {
		parts = append(parts, "gone from "+f.Until)
	}
	return strings.Join(parts, "; ")
}

// RequiredAt reports whether CLI version v always sends the member.
func (f *Fact) RequiredAt(v string) bool {
	return f.Required != "" && CompareVersions(v, f.Required) >= 0 && f.HasAt(v)
}

// Bump returns the first version after v with the same number of parts:
// its last part plus one ("2.0.20" -> "2.0.21"). A release is three
// numbers, so no release lies between v and Bump(v).
func Bump(v string) string {
	p, ok := ParseVersion(v)
	if !ok || len(p) == 0 {
		return v
	}
	p[len(p)-1]++
	parts := make([]string, len(p))
	for i, n := range p {
		parts[i] = strconv.Itoa(n)
	}
	return strings.Join(parts, ".")
}

// CompareVersions compares dotted versions ("2.1.9" < "2.1.10"; Always
// before all). A version that does not parse sorts first.
func CompareVersions(a, b string) int {
	va, oka := ParseVersion(a)
	vb, okb := ParseVersion(b)
	switch {
	case !oka && !okb:
		return strings.Compare(a, b)
	case !oka:
		return -1
	case !okb:
		return 1
	}
	return slices.Compare(va, vb)
}

// ParseVersion splits a dotted version of non-negative integers ("2.1.330").
func ParseVersion(v string) ([]int, bool) {
	parts := strings.Split(v, ".")
	out := make([]int, len(parts))
	for i, p := range parts {
		n, err := strconv.Atoi(p)
		if err != nil || n < 0 || p == "" || p[0] == '+' {
			return nil, false
		}
		out[i] = n
	}
	return out, true
}

// A Place is one member of a Go struct type of the model, by the member's
// JSON name.
type Place struct {
	Type reflect.Type
	Name string
}

// MemberRule says how a version line treats a member: whether it has the
// member at all, and whether it always sends it.
type MemberRule struct {
	Present, Required bool
}

// MembersIn returns, for the versions of set, the rule of each member the
// facts speak of, keyed by the Go struct type that declares it and its JSON
// name. A member is present unless the evidence proves every version of the
// set without it (a member in its unknown window is present and optional:
// the set must neither reject it nor require it), and required when every
// version of the set always sends it. A Go type used
// in several places has a member when any place has it, and requires it
// only when every place does. Members no fact names keep the model's tags.
func MembersIn(set VersionSet) map[Place]MemberRule { return MembersOf(Facts, set) }

// MembersOf is MembersIn over the given facts.
func MembersOf(facts []Fact, set VersionSet) map[Place]MemberRule {
	byPlace := map[Place]MemberRule{}
	for _, f := range facts {
		if f.Member == "" {
			continue
		}
		p, ok := placeOf(f.Variant, f.Member)
		if !ok {
			continue
		}
		r := MemberRule{Present: f.hasIn(set), Required: f.requiredIn(set)}
		if old, ok := byPlace[p]; ok {
			r.Present = r.Present || old.Present
			r.Required = r.Required && old.Required
		}
		byPlace[p] = r
	}
	return byPlace
}

// hasIn reports whether some version of set may have the member: the
// evidence does not prove every version of the set without it.
func (f *Fact) hasIn(set VersionSet) bool {
	allAbsent := f.AbsentThrough != "" && set.To != "" && CompareVersions(set.To, Bump(f.AbsentThrough)) <= 0
	gone := f.Until != "" && CompareVersions(f.Until, set.From) <= 0
	return !allAbsent && !gone
}

// requiredIn reports whether every version of set always sends the member.
func (f *Fact) requiredIn(set VersionSet) bool {
	return f.Required != "" && CompareVersions(f.Required, set.From) <= 0 &&
		(f.Until == "" || (set.To != "" && CompareVersions(f.Until, set.To) >= 0))
}

// placeOf resolves a fact's member to the Go struct type that declares it.
func placeOf(variant, pointer string) (Place, bool) {
	idx := memberIndex()
	p, ok := idx[variant+" "+pointer]
	return p, ok
}

var memberIndex = sync.OnceValue(func() map[string]Place {
	m := map[string]Place{}
	for _, v := range Variants {
		prefix := ""
		if e := Wire.EnvelopeOf(v.Type); e != nil {
			prefix = "/" + e.Member
		}
		WalkMembers(v.GoType(), prefix, func(owner reflect.Type, f reflect.StructField, name, ptr string) {
			m[v.Name+" "+ptr] = Place{Type: owner, Name: name}
		})
	}
	return m
})

// WalkMembers calls fn with every member reachable from the struct type t
// at pointer at: through embedded structs, pointers, slices and maps (whose
// items and values are at *), not into unions (interfaces) or free-form
// JSON. owner is the struct type whose schema holds the member: the
// embedding type for the fields of an embedded struct, which the schemas
// inline. A type is not walked again inside itself.
func WalkMembers(t reflect.Type, at string, fn func(owner reflect.Type, f reflect.StructField, name, ptr string)) {
	seen := map[reflect.Type]bool{}
	var walk func(t reflect.Type, at string)
	var fields func(t, owner reflect.Type, at string)
	fields = func(t, owner reflect.Type, at string) {
		for t.Kind() == reflect.Pointer {
			t = t.Elem()
		}
		for i := range t.NumField() {
			f := t.Field(i)
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			switch {
			case f.Anonymous && name == "":
				fields(f.Type, owner, at)
				continue
			case name == "" || name == "-":
				continue
			}
			p := at + "/" + name
			fn(owner, f, name, p)
			walk(f.Type, p)
		}
	}
	walk = func(t reflect.Type, at string) {
		for t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice || t.Kind() == reflect.Map {
			if t.Kind() != reflect.Pointer {
				at += "/*"
			}
			t = t.Elem()
		}
		if t.Kind() != reflect.Struct || seen[t] || t == reflect.TypeFor[MessageContent]() {
			return
		}
		seen[t] = true
		defer delete(seen, t)
		fields(t, t, at)
	}
	walk(t, at)
}

// A VersionSet is a range of CLI versions that one schema set describes:
// the versions from From up to, not including, To ("" for no end).
type VersionSet struct {
	// Name names the set: its first version, as "2.1.112" or "1.0.0".
	Name string
	// From is the first version the set covers, To the first it does not.
	From, To string
}

// Covers reports whether the set covers version v.
func (s VersionSet) Covers(v string) bool {
	return CompareVersions(v, s.From) >= 0 && (s.To == "" || CompareVersions(v, s.To) < 0)
}

// Lines are the minor version lines that always start a set of their own.
var Lines = []string{"1.0.0", "2.0.0", "2.1.0"}

// VersionSets returns the version sets, oldest first: one per line of
// Lines, split further at each version from which a member becomes
// required or is gone (Fact.Required, Fact.Until), and after the last
// version proven to lack it (Bump of Fact.AbsentThrough). A member that
// appears inside a set, or whose window of unknown versions meets it, is
// part of the whole set (see MembersIn): the strict profile must not
// reject what some version of the set may send. The last set is the
// newest, which the default schemas describe.
var VersionSets = sync.OnceValue(func() []VersionSet { return SetsOf(Facts) })

// SetsOf returns the version sets the given facts call for (VersionSets).
func SetsOf(facts []Fact) []VersionSet {
	bounds := slices.Clone(Lines)
	for _, f := range facts {
		if f.Member == "" {
			continue
		}
		absent := ""
		if f.AbsentThrough != "" {
			absent = Bump(f.AbsentThrough)
		}
		for _, v := range []string{f.Required, f.Until, absent} {
			if v != "" && v != Always && CompareVersions(v, Lines[0]) > 0 {
				bounds = append(bounds, v)
			}
		}
	}
	slices.SortFunc(bounds, CompareVersions)
	bounds = slices.Compact(bounds)
	sets := make([]VersionSet, len(bounds))
	for i, b := range bounds {
		sets[i] = VersionSet{Name: b, From: b}
		if i+1 < len(bounds) {
			sets[i].To = bounds[i+1]
		}
	}
	return sets
}

// SetFor returns the set that covers version v: the set whose range holds
// it, the oldest set for a version older than all, the newest for one newer
// than all.
func SetFor(v string) VersionSet {
	sets := VersionSets()
	for _, s := range sets {
		if s.Covers(v) {
			return s
		}
	}
	if CompareVersions(v, sets[0].From) < 0 {
		return sets[0]
	}
	return sets[len(sets)-1]
}

// An EnumValue is one value of a member's closed set of values with the
// window the evidence shows it in: the CLI's own schemas list it from Since
// on, and those of the releases up to AbsentThrough list the member's
// values without it ("" when none does). EnumValues, generated into
// zz_evidence.go by internal/gen/zodfacts -model, holds the values of the
// generated layer's enums that some release lacks.
type EnumValue struct {
	// Variant names the variant; Member is the member's JSON Pointer, as
	// in Fact.
	Variant, Member string
	// Value is the value.
	Value string
	// Since is the first release whose schemas list the value;
	// AbsentThrough the last release before it whose schemas list the
	// member's values without it.
	Since, AbsentThrough string
}

// EnumsIn returns, for the versions of set, the values some version of the
// set may send of each member that EnumValues names, keyed like MembersIn:
// every value of the member's tags but those the evidence proves absent in
// every version of the set. A Go type used in several places takes the
// values of any place.
func EnumsIn(set VersionSet) map[Place]map[string]bool { return EnumsOf(EnumValues, set) }

// EnumsOf is EnumsIn over the given values: for each place, the values it
// names that some version of set may send (the other values of its tags
// are not among them, and stay).
func EnumsOf(values []EnumValue, set VersionSet) map[Place]map[string]bool {
	out := map[Place]map[string]bool{}
	for _, e := range values {
		p, ok := placeOf(e.Variant, e.Member)
		if !ok {
			continue
		}
		if out[p] == nil {
			out[p] = map[string]bool{}
		}
		absent := e.AbsentThrough != "" && set.To != "" && CompareVersions(set.To, Bump(e.AbsentThrough)) <= 0
		out[p][e.Value] = out[p][e.Value] || !absent
	}
	return out
}
