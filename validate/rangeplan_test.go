package validate

import (
	"context"
	"encoding/json"
	"io"
	"strings"
	"testing"
)

// TestRangePlanSameAsEachSet: checking a line once per group of sets that
// hold the same schemas of its variant finds the same range, file by file,
// as checking it against every set alone; and the groups are fewer than
// the sets (else the grouping saves nothing).
func TestRangePlanSameAsEachSet(t *testing.T) {
	dropInit := func(l string) string {
		if strings.Contains(l, `"subtype":"init"`) {
			return ""
		}
		return l
	}
	var inputs []Input
	for _, rung := range []string{"1.0.128", "2.0.50", "2.1.112", "2.1.330"} {
		for _, in := range relabel(t, rung, dropInit) {
			in.Name = rung + "/" + in.Name
			inputs = append(inputs, in)
		}
	}
	ranges := func(split bool) map[string]string {
		v, err := New(Options{NoCrossLine: true})
		if err != nil {
			t.Fatal(err)
		}
		p, err := v.sets.rangePlan()
		if err != nil {
			t.Fatal(err)
		}
		if split {
			// The plan is the process's: put its groups back after.
			grouped := p.groups
			defer func() { p.groups = grouped }()
			p.groups = map[string][]altGroup{}
			for name, gs := range grouped {
				var alone []altGroup
				for _, g := range gs {
					for _, m := range g.members {
						alone = append(alone, altGroup{rep: m, members: []int{m}})
					}
				}
				p.groups[name] = alone
			}
		} else {
			groups, sets := 0, 0
			for _, gs := range p.groups {
				groups += len(gs)
				for _, g := range gs {
					sets += len(g.members)
				}
			}
			if groups*2 > sets {
				t.Errorf("%d groups for %d sets of variants: want fewer than half", groups, sets)
			}
		}
		sum, err := v.Run(context.Background(), inputs, func(Finding) {})
		if err != nil {
			t.Fatal(err)
		}
		out := map[string]string{}
		for _, s := range sum.FileSets {
			if s.Range != nil {
				out[s.File] = strings.Join(s.Range.Sets, " ")
			} else {
				out[s.File] = "none"
			}
		}
		return out
	}
	grouped, alone := ranges(false), ranges(true)
	if len(grouped) < len(inputs)/2 {
		t.Fatalf("%d file sets for %d inputs", len(grouped), len(inputs))
	}
	for f, r := range alone {
		if grouped[f] != r {
			t.Errorf("%s: grouped range %q, each set alone %q", f, grouped[f], r)
		}
	}
}

// TestRangeUnevidencedSet: a set that ends before any release is seen to
// print a variant excuses no line of it. A control_response with no
// request_id is accepted by the oldest sets only because nothing was known
// of the control protocol there; it stays an error.
func TestRangeUnevidencedSet(t *testing.T) {
	line := `{"type":"control_response","response":{"subtype":"success"}}`
	fs, sum := runOn(t, Options{NoCrossLine: true}, []Input{{Name: "r.jsonl", Open: func() (io.ReadCloser, error) { return io.NopCloser(strings.NewReader(line + "\n")), nil }}})
	rules := map[string]bool{}
	for _, f := range fs {
		rules[f.Rule] = true
	}
	if sum.Errors == 0 || !rules[RuleRequired.ID] || !rules[RuleVersionNoInit.ID] {
		t.Errorf("control_response without request_id: findings %v, want schema/required and version/no-init", rules)
	}
}

// TestSemanticKeepsMembers: the digest leaves out descriptions and titles,
// but not members named description or title, nor values.
func TestSemanticKeepsMembers(t *testing.T) {
	digestOf := func(doc string) string {
		var v any
		if err := json.Unmarshal([]byte(doc), &v); err != nil {
			t.Fatal(err)
		}
		b, _ := json.Marshal(semantic(v))
		return string(b)
	}
	for _, c := range []struct {
		a, b string
		same bool
	}{
		{`{"type":"object","description":"x"}`, `{"type":"object","description":"y"}`, true},
		{`{"properties":{"a":{"type":"string","title":"A"}}}`, `{"properties":{"a":{"type":"string"}}}`, true},
		{`{"properties":{"description":{"type":"string"}}}`, `{"properties":{}}`, false},
		{`{"properties":{"title":{"type":"string"}},"required":["title"]}`, `{"properties":{"title":{"type":"number"}},"required":["title"]}`, false},
		{`{"anyOf":[{"const":{"description":"kept"}}]}`, `{"anyOf":[{"const":{}}]}`, false},
	} {
		if got := digestOf(c.a) == digestOf(c.b); got != c.same {
			t.Errorf("%s vs %s: same digest %v, want %v", c.a, c.b, got, c.same)
		}
	}
}
