package validate

import (
	"strings"
	"testing"

	"github.com/protocheck/protocheck/validate/internal/fastpath"
)

// TestOverflowDifferential: a line of many local failures under a cap on
// findings keeps only those the cap may need (fastpath.Result.Overflow
// counts the others), and its findings and counts are still those of the
// whole line validated: with other failures among them, with a fault
// before them found last (a member the line lacks), with a value that
// fails whole around them (which lets them go), in both profiles and
// under caps of 1, 2 and 50.
func TestOverflowDifferential(t *testing.T) {
	items := func(n int, kinds ...string) string {
		var b []string
		for i := range n {
			b = append(b, kinds[i%len(kinds)])
		}
		return strings.Join(b, ",")
	}
	user := func(content, tail string) []byte {
		return []byte(`{"type":"user","message":{"role":"user","content":[` + content + `]},"parent_tool_use_id":null` + tail + `}`)
	}
	const ids = `,"session_id":"s","uuid":"u"`
	lines := []struct {
		name string
		line []byte
	}{
		{"empty blocks", user(items(600, `{}`), ids)},
		{"empty blocks, the line lacks parent_tool_use_id", []byte(`{"type":"user","message":{"role":"user","content":[` + items(600, `{}`) + `]}` + ids + `}`)},
		{"mixed blocks", user(items(600, `{}`, `{"type":"text"}`, `{"type":"text","text":7}`, `{"type":"text","text":"a","zz":1}`, `{"type":"image"}`), ids)},
		{"forbidden members (strict)", user(items(600, `{"type":"text","text":"a","zz":1,"zy":2}`), ids)},
		{"empty blocks, a member given twice at the top", user(items(600, `{}`), ids+`,"uuid":"v"`)},
		{"empty blocks, the message of the wrong kind after them", []byte(`{"type":"user","message":{"role":"user","content":[` + items(600, `{}`) + `],"role":7},"parent_tool_use_id":null` + ids + `}`)},
		{"tool results of empty blocks", user(items(100, `{"type":"tool_result","tool_use_id":"t","content":[`+items(10, `{}`)+`]}`), ids)},
	}
	for _, opts := range []Options{
		{MaxFindingsPerLine: 1},
		{MaxFindingsPerLine: 2},
		{MaxFindingsPerLine: 50},
		{Profile: ProfileStrict, MaxFindingsPerLine: 2},
		{Profile: ProfileStrict, MaxFindingsPerLine: 50},
		{Profile: ProfileStrict, ShowUnknown: true, UnknownKindsAreErrors: true, MaxFindingsPerLine: 3},
	} {
		check := differential(t, opts)
		v, err := New(opts)
		if err != nil {
			t.Fatal(err)
		}
		overflowed := 0
		for _, l := range lines {
			check(l.line)
			var s scanner
			res := s.Check(l.line, v.variants["user"].fast, fastpath.Limits{MaxDepth: 64, ListCap: opts.MaxFindingsPerLine, Failures: true})
			if n := res.Overflow[fastpath.LocalRequired] + res.Overflow[fastpath.LocalAdditional]; n > 0 {
				overflowed++
				local := 0
				for _, f := range res.Failures {
					if f.Local != 0 {
						local++
					}
				}
				if local > opts.MaxFindingsPerLine+100 {
					t.Errorf("%s, cap %d: %d local failures kept beside %d counted", l.name, opts.MaxFindingsPerLine, local, n)
				}
			}
		}
		if overflowed == 0 {
			t.Errorf("profile %q, cap %d: no line had local failures counted past the cap", opts.Profile, opts.MaxFindingsPerLine)
		}
	}
}
