package validate

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestFullPassManyFailures: a line of many failing values, many of them
// alike, gets the findings a validation of the whole line gives; under a
// cap on findings it keeps the first ones by place and counts every other
// one, by severity.
func TestFullPassManyFailures(t *testing.T) {
	var items []string
	for i := range 300 {
		switch i % 3 {
		case 0:
			items = append(items, `{}`)
		case 1:
			items = append(items, `{"type":"text"}`)
		default:
			items = append(items, `{"type":"text","text":7}`)
		}
	}
	line := []byte(`{"type":"user","message":{"role":"user","content":[` + strings.Join(items, ",") + `]},"parent_tool_use_id":null}`)
	all := func(opts Options, whole bool) ([]lineFinding, [Error + 1]int) {
		v, err := New(opts)
		if err != nil {
			t.Fatal(err)
		}
		v.wholeLine = whole
		var s scanner
		var r lineResult
		v.checkLine(&s, "t", 1, line, &r)
		var out []lineFinding
		for _, f := range r.findings {
			out = append(out, lineFinding{f.Rule, f.Pointer, f.Column})
		}
		return out, r.omitted
	}
	want, _ := all(Options{}, true)
	got, omitted := all(Options{}, false)
	if len(want) != 301 || omitted != [Error + 1]int{} {
		t.Fatalf("the whole line gives %d findings (want 300, and the string branch of content), %v omitted", len(want), omitted)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("judged value by value (-whole line +values):\n%s", diff)
	}
	capped, omitted := all(Options{MaxFindingsPerLine: 50}, false)
	if diff := cmp.Diff(want[:50], capped); diff != "" {
		t.Errorf("capped at 50 (-first 50 +got):\n%s", diff)
	}
	if omitted != [Error + 1]int{Error: 251} {
		t.Errorf("omitted %v, want 251 errors", omitted)
	}
}
