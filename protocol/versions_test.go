package protocol

import "testing"

// TestVersionSets checks that the sets cover every version from the first
// line on without a gap, one line never shares a set with another, and
// the newest set covers Version.
func TestVersionSets(t *testing.T) {
	sets := VersionSets()
	if len(sets) < len(Lines) {
		t.Fatalf("%d sets, want at least one per line %v", len(sets), Lines)
	}
	if sets[0].From != Lines[0] {
		t.Errorf("the first set starts at %s, want %s", sets[0].From, Lines[0])
	}
	for i, s := range sets {
		t.Logf("set %s: %s up to %q", s.Name, s.From, s.To)
		if i+1 < len(sets) && s.To != sets[i+1].From {
			t.Errorf("set %s ends at %q, the next starts at %s", s.Name, s.To, sets[i+1].From)
		}
		for _, l := range Lines {
			if CompareVersions(l, s.From) > 0 && s.To != "" && CompareVersions(l, s.To) < 0 {
				t.Errorf("set %s (%s up to %s) spans the start of line %s", s.Name, s.From, s.To, l)
			}
		}
	}
	if last := sets[len(sets)-1]; last.To != "" || !last.Covers(Version) {
		t.Errorf("the newest set %+v does not cover %s and later", last, Version)
	}
	if got := SetFor("0.2.9"); got != sets[0] {
		t.Errorf("SetFor(0.2.9) = %+v, want the oldest set", got)
	}
}

// TestFactsResolve checks that every fact names a variant, and every
// member fact a member of the variant's Go types.
func TestFactsResolve(t *testing.T) {
	for _, f := range Facts {
		if ByName(f.Variant) == nil {
			t.Errorf("fact %+v: no variant %s", f, f.Variant)
		}
		if f.Member == "" {
			continue
		}
		if _, ok := placeOf(f.Variant, f.Member); !ok {
			t.Errorf("fact %+v: no member %s in %s", f, f.Member, f.Variant)
		}
		if f.Required != "" && f.Since != Always && CompareVersions(f.Required, f.Since) < 0 {
			t.Errorf("fact %+v: required before it exists", f)
		}
	}
}

// TestEnumsOf: a value is held by the sets that cover a version after the
// last release proven to lack it, and dropped from a set every version of
// which that release's schemas or an earlier one's describe without it;
// every value of EnumValues names a member of the model.
func TestEnumsOf(t *testing.T) {
	values := []EnumValue{
		{Variant: "assistant", Member: "/api_error", Value: "new_value", Since: "2.1.304", AbsentThrough: "2.1.278"},
	}
	p, ok := placeOf("assistant", "/api_error")
	if !ok {
		t.Fatal("no member /api_error in assistant")
	}
	for _, c := range []struct {
		set  VersionSet
		want bool
	}{
		{VersionSet{Name: "2.1.248", From: "2.1.248", To: "2.1.278"}, false},
		{VersionSet{Name: "2.1.248", From: "2.1.248", To: "2.1.279"}, false},
		{VersionSet{Name: "2.1.248", From: "2.1.248", To: "2.1.280"}, true}, // 2.1.279 is unknown
		{VersionSet{Name: "2.1.304", From: "2.1.304"}, true},
	} {
		got, ok := EnumsOf(values, c.set)[p]["new_value"]
		if !ok || got != c.want {
			t.Errorf("set %s up to %s: new_value held %v (named %v), want %v", c.set.From, c.set.To, got, ok, c.want)
		}
	}
	for _, e := range EnumValues {
		if _, ok := placeOf(e.Variant, e.Member); !ok {
			t.Errorf("%+v: no member %s in %s", e, e.Member, e.Variant)
		}
		if e.AbsentThrough == "" || CompareVersions(e.AbsentThrough, e.Since) >= 0 {
			t.Errorf("%+v: the release proven to lack it is not before the first that shows it", e)
		}
	}
}
