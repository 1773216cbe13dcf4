package reflect_test

import (
	"encoding/json"
	"path"
	"slices"
	"testing"

	"github.com/protocheck/protocheck/protocol"
	"github.com/protocheck/protocheck/reflect"
	"github.com/protocheck/protocheck/schemas"
)

// TestVersionSetsRequired checks the version transform on members whose
// facts change: system/init's claude_code_version, skills and plugins, and
// result's stop_reason are required in the default set (the CLIs of that
// set always send them) and not in the set of the oldest rung (1.0.x);
// before the oldest rung no evidence says what the CLI always sends, so
// its set requires nothing; every set is listed in
// the root index with the versions it covers.
func TestVersionSetsRequired(t *testing.T) {
	fs := files(t)
	var root schemas.Index
	if err := json.Unmarshal(fs[schemas.IndexFile], &root); err != nil {
		t.Fatal(err)
	}
	sets := protocol.VersionSets()
	if len(root.VersionSets) != len(sets) {
		t.Fatalf("index lists %d version sets, want %d", len(root.VersionSets), len(sets))
	}
	required := func(set schemas.VersionSet, def string) []string {
		t.Helper()
		union := path.Join(path.Dir(set.Index), "tolerant", reflect.UnionFile)
		var doc struct {
			Defs map[string]struct {
				Required []string `json:"required"`
			} `json:"$defs"`
		}
		if err := json.Unmarshal(fs[union], &doc); err != nil {
			t.Fatalf("%s: %v", union, err)
		}
		return doc.Defs[def].Required
	}
	newest, before := root.VersionSets[len(root.VersionSets)-1], root.VersionSets[0]
	rung := protocol.SetFor(protocol.Rungs[0])
	oldest := root.VersionSets[slices.IndexFunc(root.VersionSets, func(s schemas.VersionSet) bool { return s.Set == rung.Name })]
	if protocol.CompareVersions(before.From, protocol.Rungs[0]) < 0 {
		// (The variant's discriminators are required beside the definition.)
		if got := required(before, "SystemInitMessage"); len(got) > 0 {
			t.Errorf("set %s, before the oldest rung %s: system/init requires %v, want nothing", before.Set, protocol.Rungs[0], got)
		}
	}
	if newest.Index != schemas.IndexFile || newest.To != "" {
		t.Errorf("the newest set %+v is not the default, open-ended set", newest)
	}
	for _, c := range []struct {
		def, member string
		newest, old bool
	}{
		{"SystemInitLine", "claude_code_version", true, false},
		{"SystemInitLine", "skills", true, false},
		{"SystemInitLine", "plugins", true, false},
		{"SystemInitLine", "tools", true, true},
		{"SystemInitLine", "cwd", true, false}, // 1.0.0 prints no cwd (corpus/captures/1.0.0)
		{"ResultSuccessLine", "stop_reason", true, false},
	} {
		if got := slices.Contains(required(newest, c.def), c.member); got != c.newest {
			t.Errorf("newest set: %s.%s required = %v, want %v", c.def, c.member, got, c.newest)
		}
		if got := slices.Contains(required(oldest, c.def), c.member); got != c.old {
			t.Errorf("set %s: %s.%s required = %v, want %v", oldest.Set, c.def, c.member, got, c.old)
		}
	}
	if root.NoVersionSet == "" || protocol.CompareVersions(root.NoVersionSet, "2.0.0") >= 0 {
		t.Errorf("no_version_set = %q, want a set of the 1.0.x line", root.NoVersionSet)
	}
}
