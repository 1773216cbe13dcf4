package validate

import (
	"context"
	"strings"
	"testing"

	"github.com/protocheck/protocheck/validate/internal/fastpath"
)

// TestPanicBecomesFinding: a bug that panics while one line is checked is
// reported on that line as internal/error, and the other lines are still
// checked. The bug is made by hand: the variant's compiled schema, and
// those the full pass gives the failing parts of the lines, are removed,
// so the full pass dereferences nil on the variant's invalid lines.
func TestPanicBecomesFinding(t *testing.T) {
	v, err := New(Options{Jobs: 2})
	if err != nil {
		t.Fatal(err)
	}
	// (A member missing is judged by the scan itself, which the bug does
	// not reach: both lines give a member the wrong type.)
	broken := []string{`{"type":"control_cancel_request","request_id":7}`, `{"type":"control_cancel_request","request_id":true}`}
	for _, vs := range v.byType["control_cancel_request"] {
		vs.sch = nil
		for _, l := range broken {
			var s scanner
			res := s.Check([]byte(l), vs.fast, fastpath.Limits{MaxDepth: 10, Failures: true})
			for _, f := range res.Failures {
				v.subs[res.Locs[f.Loc]] = nil
			}
		}
	}
	lines := strings.Join([]string{
		`{"type":"keep_alive"}`,
		broken[0],
		broken[1],
		`{"type":"result","subtype":"success","num_turns":"3"}`,
		`{"type":"keep_alive","pad":"` + strings.Repeat("x", 1000) + `"}`,
	}, "\n")
	type key struct {
		line int
		rule string
	}
	got := map[key]int{}
	sum, err := v.Stream(context.Background(), "t.jsonl", strings.NewReader(lines), func(f Finding) { got[key{f.Line, f.Rule}]++ })
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []key{{2, RuleInternal.ID}, {3, RuleInternal.ID}, {4, RuleType.ID}, {4, RuleRequired.ID}} {
		if got[want] == 0 {
			t.Errorf("no %s finding on line %d; findings: %v", want.rule, want.line, got)
		}
	}
	if got[key{2, RuleInternal.ID}] != 1 || got[key{3, RuleInternal.ID}] != 1 || got[key{1, RuleInternal.ID}]+got[key{5, RuleInternal.ID}] != 0 {
		t.Errorf("internal errors on the wrong lines, or more than one a line: %v", got)
	}
	if sum.InternalErrors != 2 || sum.Lines != 5 {
		t.Errorf("summary: %d internal errors in %d lines, want 2 in 5", sum.InternalErrors, sum.Lines)
	}
}
