package validate_test

import (
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/protocheck/protocheck/validate"
)

// TestRulesBudget: past the budget, a group of cross-line rules stops on
// the input with one rules/budget finding that names its rules, and
// reports nothing more there: no rule blames a line for state it dropped
// (a tool_result of a forgotten tool use, hooks still open at the end).
// Under the budget nothing changes.
func TestRulesBudget(t *testing.T) {
	lines := []string{xInit}
	for i := range 200 {
		lines = append(lines,
			strings.NewReplacer(`"h1"`, fmt.Sprintf(`"h%d"`, i), `"u-hs"`, fmt.Sprintf(`"u-hs%d"`, i)).Replace(xHookStart),
			strings.NewReplacer(`"t1"`, fmt.Sprintf(`"t%d"`, i), `"u-use"`, fmt.Sprintf(`"u-use%d"`, i)).Replace(xToolUse))
	}
	// The first tool use answered at the end: known under the budget,
	// forgotten past it.
	lines = append(lines, strings.Replace(xToolRes, `"t1"`, `"t0"`, 1), xResult)
	run := func(budget int) map[string][]string {
		v, err := validate.New(validate.Options{RulesBudget: budget})
		if err != nil {
			t.Fatal(err)
		}
		got := map[string][]string{}
		runLines(t, v, lines, func(f validate.Finding) {
			got[f.Rule] = append(got[f.Rule], f.Message)
		})
		return got
	}
	big := run(0)
	if len(big["rules/budget"]) != 0 || len(big["hooks/no-response"]) != 200 || len(big["tools/use-unanswered"]) != 199 || len(big["tools/result-unknown-use"]) != 0 {
		t.Fatalf("under the default budget: %d budget, %d hooks/no-response, %d tools/use-unanswered findings, want 0, 200, 199",
			len(big["rules/budget"]), len(big["hooks/no-response"]), len(big["tools/use-unanswered"]))
	}
	small := run(2000)
	budget := strings.Join(small["rules/budget"], "\n")
	for _, rule := range []string{"hooks/no-response stops", "tools/result-unknown-use, tools/use-unanswered, tools/parent-unknown stop", "session/uuid-repeated stops"} {
		if strings.Count(budget, rule) != 1 {
			t.Errorf("want one rules/budget finding for %q, got:\n%s", rule, budget)
		}
	}
	if !strings.Contains(budget, "budget of 2000 bytes (--rules-budget)") {
		t.Errorf("the finding does not name the budget:\n%s", budget)
	}
	for _, rule := range []string{"hooks/no-response", "tools/use-unanswered", "tools/result-unknown-use", "session/uuid-repeated"} {
		if len(small[rule]) != 0 {
			t.Errorf("past the budget, %s still reports: %v", rule, small[rule][0])
		}
	}
}

// TestStreamAssemblyDigest: the text a stream assembles is kept as its
// length, digest and first bytes, and the findings are what they were
// when the text was kept whole: the same quote of the first 60 bytes,
// cut on a character boundary, and none when the text matches, however
// long it is.
func TestStreamAssemblyDigest(t *testing.T) {
	v, err := validate.New(validate.Options{})
	if err != nil {
		t.Fatal(err)
	}
	delta := func(i int, s string) string {
		return strings.NewReplacer(`"Hel"`, `"`+s+`"`, `"u-e3"`, fmt.Sprintf(`"u-d%d"`, i)).Replace(xDelta1)
	}
	say := func(s string) string { return strings.Replace(xText, `"Hello"`, `"`+s+`"`, 1) }
	piece := `é \"quoted\" \u00e9 ` + strings.Repeat("x", 20)
	whole := strings.Repeat(`é "quoted" é `+strings.Repeat("x", 20), 100)
	lines := []string{xInit, xMsgStart, xBlock}
	for i := range 100 {
		lines = append(lines, delta(i, piece))
	}
	var got []string
	runLines(t, v, append(lines, say(strings.ReplaceAll(whole, `"`, `\"`)), xResult), func(f validate.Finding) {
		if f.Rule == "stream/assembly" {
			got = append(got, f.Rule+": "+f.Message)
		}
	})
	if len(got) != 0 {
		t.Errorf("the deltas add up to the text, yet: %v", got)
	}
	got = nil
	runLines(t, v, append(lines, say("Hello"), xResult), func(f validate.Finding) {
		if f.Rule == "stream/assembly" {
			got = append(got, f.Rule+": "+f.Message)
		}
	})
	cut := 60
	for !utf8.RuneStart(whole[cut]) {
		cut--
	}
	want := fmt.Sprintf(`stream/assembly: the text differs from what the deltas of block 0 assembled (from line 3): "Hello", the deltas give %q`, whole[:cut]+"…")
	if len(got) != 1 || got[0] != want {
		t.Errorf("got %q\nwant %q", got, want)
	}
}
