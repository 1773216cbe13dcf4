package fixlist

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/protocheck/protocheck/corpus/harness"
	"github.com/protocheck/protocheck/corpus/matrix"
	"github.com/protocheck/protocheck/corpus/probe"
	"github.com/protocheck/protocheck/internal/report"
	"github.com/protocheck/protocheck/validate"
)

// fixList builds the fix list of a dialect from the committed captures,
// ledger and probe results.
func fixList(t *testing.T, dialect string) *FixList {
	t.Helper()
	all, err := matrix.BuiltinDialects()
	if err != nil {
		t.Fatal(err)
	}
	ds, err := matrix.SelectDialects(all, []string{dialect})
	if err != nil {
		t.Fatal(err)
	}
	m, err := matrix.RunMatrix(context.Background(), validate.Inputs([]string{filepath.Join("..", "captures")}, nil), ds, matrix.MatrixOptions{Sessions: true})
	if err != nil {
		t.Fatal(err)
	}
	ledger, err := matrix.ReadLedger(filepath.Join("..", "dialects", "ledger.txt"))
	if err != nil {
		t.Fatal(err)
	}
	f, err := probe.Read(filepath.Join("..", "probe", "results", "2.1.330.json"))
	if err != nil {
		t.Fatal(err)
	}
	fl, err := Build(m, dialect, ledger, []*probe.File{f})
	if err != nil {
		t.Fatal(err)
	}
	return fl
}

// TestRustFixListFirst: rusty_claw's session-breaking bugs come first: its
// hook matchers make initialize fail (seen on the real CLI); the
// can_use_tool and hook_callback requests it drops leave the CLI waiting
// for an answer forever (the turn hangs); then its {"allowed": bool}
// permission reply, which the CLI refuses.
func TestRustFixListFirst(t *testing.T) {
	fl := fixList(t, "rust")
	if len(fl.Items) < 5 {
		t.Fatalf("%d items", len(fl.Items))
	}
	rest := fl.Items[argvCount(fl):] // the argv items come first (argv_test.go)
	first, second, fourth := rest[0], rest[1], rest[3]
	if first.Consequence != CannotStart || !strings.Contains(first.Cause, "initialize") || !strings.Contains(first.Verified, "verified on CLI 2.1.330") {
		t.Errorf("item 1: %s / %s / %s", first.Consequence, first.Cause, first.Verified)
	}
	if !strings.Contains(first.Evidence.Answer, "hookCallbackIds") {
		t.Errorf("item 1 shows the CLI's answer %q", first.Evidence.Answer)
	}
	if second.Consequence != TurnHangs || second.Variants[0] != "control_request.can_use_tool" || rest[2].Consequence != TurnHangs {
		t.Errorf("items 2, 3: %s / %v, %s: want the dropped control requests, the turn hangs", second.Consequence, second.Variants, rest[2].Consequence)
	}
	if fourth.Consequence != FlowBroken || !strings.Contains(fourth.Evidence.Text, `"allowed":true`) || len(fourth.Writes) != 3 {
		t.Errorf("item 4: %s / %s / %v", fourth.Consequence, fourth.Evidence.Text, fourth.Writes)
	}
	// Two control_cancel_request lines among 564 do not make the unknown
	// type a broken flow: a cancel the SDK misses costs a message.
	for _, it := range fl.Items {
		if it.Rule == "variant/unknown-type" && it.Consequence != MessageLost {
			t.Errorf("unknown-type item: %s, want %s", it.Consequence, MessageLost)
		}
	}
	// agents.*.model: null is read by the CLI: no item blames it.
	for _, it := range fl.Items {
		if strings.Contains(it.Cause, "/agents/") {
			t.Errorf("an item blames agents: %s", it.Cause)
		}
	}
	// One policy, one item: the unknown-subtype failures of every variant.
	n := 0
	for _, it := range fl.Items {
		if it.Side == "reads" && it.Rule == "variant/unknown-subtype" {
			n++
			if len(it.Variants) < 10 || it.Reason == "" {
				t.Errorf("unknown-subtype item: %d variants, reason %q", len(it.Variants), it.Reason)
			}
		}
	}
	if n != 1 {
		t.Errorf("%d unknown-subtype items, want 1", n)
	}
	// Ranked: no item before a worse one.
	for i := 1; i < len(fl.Items); i++ {
		if fl.Items[i].Consequence < fl.Items[i-1].Consequence {
			t.Errorf("item %d (%s) after item %d (%s)", i+1, fl.Items[i].Consequence, i, fl.Items[i-1].Consequence)
		}
	}
}

// TestPythonFixList: Python's initialize with "hooks": null, which the real
// CLI reads, is not on its list; every write-side item says how it is known.
func TestPythonFixList(t *testing.T) {
	fl := fixList(t, "python")
	for _, it := range fl.Items {
		if it.Side == "writes" && !strings.HasPrefix(it.Verified, "verified on CLI") && !strings.HasPrefix(it.Verified, "inferred from types") {
			t.Errorf("write item without evidence: %s", it.Cause)
		}
		if strings.Contains(strings.Join(it.Writes, ";"), "initialize without hooks") {
			t.Errorf("initialize without hooks listed: %s", it.Cause)
		}
	}
	for _, f := range Formats {
		var b bytes.Buffer
		if err := fl.Print(&b, f); err != nil {
			t.Fatal(err)
		}
		if b.Len() == 0 {
			t.Errorf("%s: empty", f)
		}
		if f == report.JSON && !json.Valid(b.Bytes()) {
			t.Errorf("json output is not JSON")
		}
	}
}

// TestFixListClaims holds the claims of the rust, python and ts-sdk fix
// lists to what their wire and policies say, where the last round's were
// false: ts-sdk's runtime keeps every member (its types lack them);
// rusty_claw and Python keep control answers raw; Python drops a block
// kind, not the message; "the CLI has no such member" never where the
// evidence line carries it; each line shown shows its member; members
// that are constants are not a member lost; within a class, the items
// that touch more sessions come first.
func TestFixListClaims(t *testing.T) {
	for _, dialect := range []string{"rust", "python", "ts-sdk"} {
		fl := fixList(t, dialect)
		for _, it := range fl.Items {
			if it.Side != "reads" {
				continue
			}
			if dialect == "ts-sdk" && it.Rule == "schema/unknown-property" && (it.Consequence != TypesDisagree || !strings.Contains(it.Cause, "(the runtime keeps it)")) {
				t.Errorf("ts-sdk item %d: %s / %s, want the types class, the runtime keeps it", it.Rank, it.Consequence, it.Cause)
			}
			if strings.HasPrefix(it.Pointer, "/response/") && it.Variants[0] == "control_response.success" && dialect != "ts-sdk" && !it.KeptRaw {
				t.Errorf("%s item %d: %s, want kept raw", dialect, it.Rank, it.Cause)
			}
			if it.Rule == "variant/unknown-kind" && dialect == "python" && (it.Consequence != BlockLost || strings.Contains(it.Cause, "lost")) {
				t.Errorf("python item %d: %s / %s, want a block lost, the messages delivered", it.Rank, it.Consequence, it.Cause)
			}
			if it.Evidence.File == "" {
				continue
			}
			if strings.Contains(it.Wire, noSuchMember) && carries(it.Evidence.File, it.Evidence.Line, it.Pointer) {
				t.Errorf("%s item %d: %q, yet its evidence line carries %s", dialect, it.Rank, it.Wire, it.Pointer)
			}
			name := memberName(it.Pointer)
			if name != "" && bytes.Contains(rawLine(it.Evidence.File, it.Evidence.Line), []byte(`"`+name+`":`)) && !strings.Contains(it.Evidence.Text, `"`+name+`":`) {
				t.Errorf("%s item %d: the evidence shown hides %s: %s", dialect, it.Rank, name, it.Evidence.Text)
			}
			if it.Pointer == "/message/role" && it.Consequence == MemberLost {
				t.Errorf("%s item %d: message.role, a constant, is a member lost", dialect, it.Rank)
			}
		}
		for i := 1; i < len(fl.Items); i++ {
			a, b := fl.Items[i-1], fl.Items[i]
			if a.Consequence == b.Consequence && a.Side == b.Side && a.Sessions < b.Sessions {
				t.Errorf("%s items %d (%d sessions) before %d (%d sessions)", dialect, a.Rank, a.Sessions, b.Rank, b.Sessions)
			}
		}
	}
}

// TestFixListHeldToSDK: an item whose claim the real SDK contradicts on
// the same lines is listed by Disagreements, and one it bears out says so
// in how it is known.
func TestFixListHeldToSDK(t *testing.T) {
	all, err := matrix.BuiltinDialects()
	if err != nil {
		t.Fatal(err)
	}
	ds, err := matrix.SelectDialects(all, []string{"rust"})
	if err != nil {
		t.Fatal(err)
	}
	m, err := matrix.RunMatrix(context.Background(), validate.Inputs([]string{filepath.Join("..", "captures")}, nil), ds, matrix.MatrixOptions{})
	if err != nil {
		t.Fatal(err)
	}
	ag := &matrix.Agreement{Model: "rust", SDK: "rusty_claw-test", Outcomes: map[string]*matrix.SDKOutcome{}}
	for _, c := range m.Cells {
		if c.Dialect != "rust" {
			continue
		}
		for _, r := range c.Reasons {
			o := &matrix.SDKOutcome{Lines: r.Count, Verdicts: map[harness.Verdict]int{}, First: "f:1"}
			switch {
			case c.Variant == "stream_event":
				o.Verdicts[harness.Accepted] = r.Count // the SDK reads what the item says it rejects
			case r.Verdict == matrix.Rejected:
				o.Verdicts[harness.Rejected] = r.Count
			case r.Verdict == matrix.Dropped:
				o.Verdicts[harness.Dropped] = r.Count
			default:
				o.Verdicts[harness.Accepted] = r.Count
			}
			ag.Outcomes[matrix.OutcomeKey(c.Variant, r)] = o
		}
	}
	// A line the model reads that the SDK delivers without a block (an
	// image in a replayed user message, for Python) is an item of its own.
	// A control answer or keep-alive the runtime does not yield is for the
	// runtime, not its user: no item.
	ag.Rows = []*matrix.AgreementRow{{Variant: "user.replay", Lines: 1, Diffs: map[string]*matrix.AgreementDiff{
		"model=accepted sdk=dropped": {Count: 1, First: "f.jsonl:2", SDK: "UserMessage (1 of 2 blocks dropped)"}}},
		{Variant: "control_response.success", Lines: 9, Diffs: map[string]*matrix.AgreementDiff{
			"model=accepted sdk=dropped": {Count: 9, First: "f.jsonl:1", SDK: "not yielded"}}}}
	fl, err := BuildWith(m, "rust", nil, nil, ag)
	if err != nil {
		t.Fatal(err)
	}
	block := 0
	for _, it := range fl.Items {
		if it.Rule == "sdk/dropped" && it.Consequence == BlockLost && it.Variants[0] == "user.replay" && strings.Contains(it.Cause, "drops a block") {
			block++
		}
	}
	if block != 1 {
		t.Errorf("%d items for the block the SDK drops from user.replay, want 1", block)
	}
	for _, it := range fl.Items {
		if strings.HasPrefix(it.Rule, "sdk/") && it.Variants[0] != "user.replay" {
			t.Errorf("an item from a frame the runtime consumes: %s", it.Cause)
		}
	}
	dis := fl.Disagreements()
	if len(dis) != 1 || !strings.Contains(dis[0], "stream_event") {
		t.Errorf("disagreements %q, want the one about stream_event", dis)
	}
	for _, it := range fl.Items {
		if it.Side == "reads" && it.Rule == "schema/required" && it.Variants[0] == "control_request.can_use_tool" && !strings.HasPrefix(it.Verified, "verified with the real SDK: rusty_claw-test") {
			t.Errorf("can_use_tool item: %q", it.Verified)
		}
	}
}

// rawLine returns line n of file, or nil when it cannot be read.
func rawLine(file string, n int) []byte {
	f, err := os.Open(file)
	if err != nil {
		return nil
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 0, 64*1024), 16<<20)
	for i := 1; sc.Scan(); i++ {
		if i == n {
			return bytes.Clone(sc.Bytes())
		}
	}
	return nil
}

// carries reports whether line n of file has a member at pointer.
func carries(file string, n int, pointer string) bool {
	return carriesLine(rawLine(file, n), pointer)
}
