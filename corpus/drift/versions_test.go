package drift

import (
	"slices"
	"testing"
)

// TestExplainVersions: the structural differences between 2.0.20's and
// 2.1.330's captures of hello_text include system/init's skills and
// plugins, which the schema drift between the two versions explains: the
// 2.0.20 set has no such member, the newer one requires it.
func TestExplainVersions(t *testing.T) {
	got, err := ExplainVersions(".", "hello_text", "2.0.20", "2.1.330")
	if err != nil {
		t.Fatal(err)
	}
	explained := map[string][]string{}
	for _, e := range got {
		k := e.Finding.Variant + " " + e.Finding.Pointer
		for _, c := range e.Changes {
			explained[k] = append(explained[k], c.Rule)
		}
	}
	for _, k := range []string{"system.init /skills", "system.init /plugins"} {
		if !slices.Equal(explained[k], []string{"compat/member-extra"}) {
			t.Errorf("%s: explained by %v, want compat/member-extra", k, explained[k])
		}
	}
	if _, err := ExplainVersions(".", "hello_text", "2.0.20", "two"); err == nil {
		t.Error("a version that is not one: no error")
	}
}
