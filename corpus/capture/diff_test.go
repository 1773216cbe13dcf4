package capture

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/protocheck/protocheck/validate"
)

// where is what a drift test asserts about a finding.
type where struct {
	Rule    string
	File    string
	Line    int
	Pointer string
}

func TestDiff(t *testing.T) {
	const (
		initLine = `{"type":"system","subtype":"init","session_id":"s","tools":["Bash"]}`
		text     = `{"type":"assistant","message":{"content":[{"type":"text","text":"hi"}]},"parent_tool_use_id":null}`
		toolUse  = `{"type":"assistant","message":{"content":[{"type":"tool_use","id":"t","input":{}}]},"parent_tool_use_id":null}`
		result   = `{"type":"result","subtype":"success","is_error":false,"usage":{"input_tokens":1},"modelUsage":{"big":{"costUSD":1}}}`
		thinking = `{"type":"system","subtype":"thinking_tokens","estimated_tokens":1}`
	)
	golden := []string{initLine, text, result}
	tests := []struct {
		name   string
		golden []string
		fresh  []string
		opts   DiffOptions
		want   []where
		reason string
	}{
		{name: "same structure, other values", golden: golden,
			fresh: []string{`{"type":"system","subtype":"init","session_id":"other","tools":["Bash","Read","Write"]}`, text,
				`{"type":"result","subtype":"success","is_error":true,"usage":{"input_tokens":99},"modelUsage":{"big":{"costUSD":2},"small":{"costUSD":3}}}`},
			reason: "values, array lengths and the keys of modelUsage (model names) are data"},
		{name: "variant added", golden: golden, fresh: []string{initLine, text, toolUse, result},
			want: []where{{validate.RuleDriftVariantAdded.ID, "fresh", 3, ""}}},
		{name: "variant removed", golden: golden, fresh: []string{initLine, result},
			want: []where{{validate.RuleDriftVariantRemoved.ID, "golden", 2, ""}}},
		{name: "block kind changed", golden: golden, fresh: []string{initLine, toolUse, result},
			want:   []where{{validate.RuleDriftVariantRemoved.ID, "golden", 2, ""}, {validate.RuleDriftVariantAdded.ID, "fresh", 2, ""}},
			reason: "lines align on the variant refined by the first content block's type"},
		{name: "key added", golden: golden,
			fresh: []string{initLine, text, `{"type":"result","subtype":"success","is_error":false,"usage":{"input_tokens":1,"speed":"x"},"modelUsage":{"big":{"costUSD":1}}}`},
			want:  []where{{validate.RuleDriftKeyAdded.ID, "golden", 3, "/usage/speed"}}},
		{name: "key removed", golden: golden,
			fresh: []string{`{"type":"system","subtype":"init","tools":["Bash"]}`, text, result},
			want:  []where{{validate.RuleDriftKeyRemoved.ID, "golden", 1, "/session_id"}}},
		{name: "type changed", golden: golden,
			fresh: []string{initLine, `{"type":"assistant","message":{"content":[{"type":"text","text":"hi"}]},"parent_tool_use_id":"toolu_1"}`, result},
			want:  []where{{validate.RuleDriftTypeChanged.ID, "golden", 2, "/parent_tool_use_id"}}},
		{name: "type changed in a map member's values", golden: golden,
			fresh: []string{initLine, text, `{"type":"result","subtype":"success","is_error":false,"usage":{"input_tokens":1},"modelUsage":{"other":{"costUSD":"1"}}}`},
			want:  []where{{validate.RuleDriftTypeChanged.ID, "golden", 3, "/modelUsage/big/costUSD"}}},
		{name: "key added inside an array item", golden: golden,
			fresh: []string{initLine, `{"type":"assistant","message":{"content":[{"type":"text","text":"hi","citations":null}]},"parent_tool_use_id":null}`, result},
			want:  []where{{validate.RuleDriftKeyAdded.ID, "golden", 2, "/message/content/0/citations"}}},
		{name: "volatile lines: count and place ignored", golden: []string{initLine, thinking, text, thinking, result},
			fresh:  []string{initLine, text, thinking, thinking, thinking, result},
			reason: "system/thinking_tokens is in VolatileVariants"},
		{name: "volatile lines: presence compared", golden: []string{initLine, thinking, text, result},
			fresh: []string{initLine, text, result},
			want:  []where{{validate.RuleDriftVariantRemoved.ID, "golden", 2, ""}}},
		{name: "volatile lines: merged shape compared", golden: []string{initLine, thinking, text, result},
			fresh: []string{initLine, text, `{"type":"system","subtype":"thinking_tokens","estimated_tokens":1,"delta":2}`, result},
			want:  []where{{validate.RuleDriftKeyAdded.ID, "golden", 2, "/delta"}}},
		{name: "racy null", golden: golden,
			fresh:  []string{initLine, `{"type":"assistant","message":{"content":[{"type":"text","text":"hi"}],"stop_reason":"end_turn"},"parent_tool_use_id":null}`, result},
			want:   []where{{validate.RuleDriftKeyAdded.ID, "golden", 2, "/message/stop_reason"}},
			reason: "a racy member may be null on one side, but adding it is still drift"},
		{name: "racy null, both present", golden: []string{initLine, `{"type":"assistant","message":{"content":[],"stop_reason":null}}`, result},
			fresh: []string{initLine, `{"type":"assistant","message":{"content":[],"stop_reason":"tool_use"}}`, result}},
		{name: "racy member: null on one side matches any type", reason: "the price of the race: null against a number passes too", golden: []string{initLine, `{"type":"assistant","message":{"content":[],"stop_reason":null}}`, result},
			fresh: []string{initLine, `{"type":"assistant","message":{"content":[],"stop_reason":7}}`, result}},
		{name: "scenario volatile variant", golden: []string{initLine, text, result},
			fresh: []string{initLine, text, text, result}, opts: DiffOptions{Volatile: []string{"assistant"}}},
		{name: "racy variant only in the fresh capture", golden: golden,
			fresh:  []string{`{"type":"system","subtype":"ui_invalidate","event":"ui.render"}`, initLine, text, result},
			reason: "system/ui_invalidate is in RacyVariants: its presence is a race"},
		{name: "racy variant only in the golden", golden: []string{initLine, `{"type":"system","subtype":"ui_invalidate","event":"ui.render"}`, text, result},
			fresh: golden},
		{name: "racy variant on both sides: merged shape compared", golden: []string{`{"type":"system","subtype":"ui_invalidate","event":"ui.render"}`, initLine, text, result},
			fresh: []string{`{"type":"system","subtype":"ui_invalidate","event":"ui.render","extra":1}`, initLine, text, result},
			want:  []where{{validate.RuleDriftKeyAdded.ID, "golden", 1, "/extra"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			opts := tt.opts
			opts.Golden, opts.Fresh = "golden", "fresh"
			fs, err := Diff([]byte(strings.Join(tt.golden, "\n")), []byte(strings.Join(tt.fresh, "\n")), opts)
			if err != nil {
				t.Fatal(err)
			}
			var got []where
			for _, f := range fs {
				got = append(got, where{f.Rule, f.File, f.Line, f.Pointer})
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("Diff() mismatch (-want +got):\n%s\n(%s)", diff, tt.reason)
			}
		})
	}
}

func TestDiffRejectsNonObjects(t *testing.T) {
	_, err := Diff([]byte("{}\n[1]\n"), nil, DiffOptions{Golden: "g.jsonl"})
	if err == nil || !strings.HasPrefix(err.Error(), "g.jsonl:2:") {
		t.Errorf("Diff(golden with an array line) error = %v, want one at g.jsonl:2", err)
	}
}

// TestDiffConcurrent: in a concurrent scenario the main thread's and a
// subagent's lines may interleave in another order without drift, but a
// line missing from one thread is still drift.
func TestDiffConcurrent(t *testing.T) {
	const (
		mainText = `{"type":"assistant","message":{"content":[{"type":"text","text":"a"}]},"parent_tool_use_id":null}`
		subText  = `{"type":"assistant","message":{"content":[{"type":"text","text":"b"}]},"parent_tool_use_id":"toolu_1"}`
		progress = `{"type":"system","subtype":"task_progress","task_id":"t"}`
	)
	golden := []byte(strings.Join([]string{mainText, progress, subText}, "\n"))
	swapped := []byte(strings.Join([]string{subText, mainText, progress}, "\n"))
	tests := []struct {
		name       string
		fresh      []byte
		concurrent bool
		want       []string
	}{
		{name: "interleaving differs, concurrent", fresh: swapped, concurrent: true},
		{name: "interleaving differs, sequential", fresh: swapped, want: []string{"drift/type-changed", "drift/variant-removed", "drift/type-changed", "drift/variant-added"}},
		{name: "a thread's line is missing", fresh: []byte(strings.Join([]string{mainText, progress}, "\n")), concurrent: true, want: []string{"drift/variant-removed"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fs, err := Diff(golden, tt.fresh, DiffOptions{Golden: "g", Fresh: "f", Concurrent: tt.concurrent})
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, f := range fs {
				got = append(got, f.Rule)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("Diff mismatch (-want +got):\n%s", diff)
			}
		})
	}
}
