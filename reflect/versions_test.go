package reflect_test

import (
	"encoding/json"
	"path"
	"slices"
	"strings"
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

// TestVersionSetsEnums: an enum of the generated layer holds, in each
// version set, the values some version of the set may send: assistant's
// api_error lacks in the older sets the values later releases added
// (protocol.EnumValues), and the newest set has them all.
func TestVersionSetsEnums(t *testing.T) {
	// The committed files: TestGolden holds them to what the generator writes.
	read := func(name string) []byte {
		t.Helper()
		data, err := schemas.FS.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		return data
	}
	var root schemas.Index
	if err := json.Unmarshal(read(schemas.IndexFile), &root); err != nil {
		t.Fatal(err)
	}
	var values []protocol.EnumValue
	for _, e := range protocol.EnumValues {
		if e.Variant == "assistant" && e.Member == "/api_error" {
			values = append(values, e)
		}
	}
	if len(values) == 0 {
		t.Fatal("protocol.EnumValues has no window for assistant's /api_error")
	}
	dropped := 0
	for _, set := range root.VersionSets {
		// The tolerant profile leaves the generated layer's enums open (a
		// release it never saw adds values); the strict one holds them.
		var doc, tolerant struct {
			Defs map[string]struct {
				Properties map[string]json.RawMessage `json:"properties"`
			} `json:"$defs"`
		}
		union := path.Join(path.Dir(set.Index), "tolerant", reflect.UnionFile)
		if err := json.Unmarshal(read(union), &tolerant); err != nil {
			t.Fatalf("%s: %v", union, err)
		}
		if raw, ok := tolerant.Defs["AssistantLine"].Properties["api_error"]; ok && strings.Contains(string(raw), `"enum"`) {
			t.Errorf("%s: api_error has an enum in the tolerant profile: %s; want it open", union, raw)
		}
		union = path.Join(path.Dir(set.Index), "strict", reflect.UnionFile)
		if err := json.Unmarshal(read(union), &doc); err != nil {
			t.Fatalf("%s: %v", union, err)
		}
		raw, ok := doc.Defs["AssistantLine"].Properties["api_error"]
		if !ok {
			continue // a set no version of which has the member
		}
		var prop struct {
			Enum []string `json:"enum"`
		}
		if err := json.Unmarshal(raw, &prop); err != nil {
			t.Fatalf("%s: api_error: %v", union, err)
		}
		vs := protocol.VersionSet{Name: set.Set, From: set.From, To: set.To}
		for _, e := range values {
			want := !(vs.To != "" && protocol.CompareVersions(vs.To, protocol.Bump(e.AbsentThrough)) <= 0)
			if got := slices.Contains(prop.Enum, e.Value); got != want {
				t.Errorf("set %s: api_error's enum has %s: %v, want %v (since %s, absent through %s)", set.Set, e.Value, got, want, e.Since, e.AbsentThrough)
			}
			if !want {
				dropped++
			}
		}
	}
	if dropped == 0 {
		t.Error("no set drops a value of api_error")
	}
}
