package probe

import (
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/protocheck/protocheck/corpus/matrix"
	"github.com/protocheck/protocheck/protocol"
)

func TestSuiteCoversEverySDKVariant(t *testing.T) {
	ds, err := matrix.BuiltinDialects()
	if err != nil {
		t.Fatal(err)
	}
	ps := Suite(ds)
	ids := map[string]bool{}
	variants := map[string]bool{}
	for _, p := range ps {
		if ids[p.ID] {
			t.Errorf("probe id %q twice", p.ID)
		}
		ids[p.ID] = true
		variants[p.Variant] = true
		var m map[string]any
		if err := json.Unmarshal(p.Message, &m); err != nil {
			t.Errorf("%s: message is not an object: %v", p.ID, err)
		}
	}
	for _, v := range protocol.Variants {
		if v.Type == "control_request" && v.Direction.WrittenBy(protocol.SDKToCLI) && !variants[v.Name] {
			t.Errorf("no probe of %s", v.Name)
		}
	}
	for _, want := range []string{
		"control_request.initialize /request/hooks null",
		"control_request.initialize agent with model null",
		"can_use_tool answer baseline",
		"dialect rust: can_use_tool allow reply",
		"dialect python: initialize without hooks",
		"user /message/content null",
	} {
		if !ids[want] {
			t.Errorf("no probe %q", want)
		}
	}
}

func TestSettle(t *testing.T) {
	req := func(id, variant, edge string, o Outcome, msg string) Result {
		return Result{Probe: Probe{ID: id, Variant: variant, Edge: edge, Kind: Request}, Outcome: o, Answer: msg}
	}
	deny := Result{Probe: Probe{ID: "deny", Kind: Answer, Message: json.RawMessage(`{"type":"control_response","response":{"subtype":"success","response":{"behavior":"deny","message":"no"}}}`)}, Outcome: Refused}
	allowed := Result{Probe: Probe{ID: "allowed", Kind: Answer, Message: json.RawMessage(`{"type":"control_response","response":{"subtype":"success","response":{"allowed":false}}}`)}, Outcome: Refused}
	invalid := Result{Probe: Probe{ID: invalidAnswer, Kind: Answer, Message: json.RawMessage(`{"type":"control_response","response":{"subtype":"success","response":{}}}`)}, Outcome: Refused, Answer: "Tool permission request failed: ZodError: behavior"}
	bareDeny := Result{Probe: Probe{ID: "bare deny", Kind: Answer, Message: json.RawMessage(`{"type":"control_response","response":{"subtype":"success","response":{"behavior":"deny"}}}`)}, Outcome: Refused, Answer: "Tool permission request failed: ZodError: message"}
	rs := []Result{
		req("b", "control_request.mcp_toggle", EdgeBaseline, Error, "Server not found: probe"),
		req("same", "control_request.mcp_toggle", EdgeNull, Error, "Server not found: files"),
		req("other", "control_request.mcp_toggle", EdgeWrongType, Error, "mcp_toggle: enabled must be a boolean"),
		req("ok", "control_request.set_model", EdgeNull, Success, ""),
		req("silent", "control_request.set_model", EdgeEmpty, NoAnswer, ""),
		req("gone", "control_request.set_model", EdgeWrongType, Ended, "exit 1"),
		deny, allowed, invalid, bareDeny,
	}
	Settle(rs)
	want := map[string]string{"b": ReadNo, "same": ReadUnknown, "other": ReadNo, "ok": ReadYes, "silent": ReadUnknown, "gone": ReadNo, "deny": ReadYes, "allowed": ReadNo, invalidAnswer: ReadNo, "bare deny": ReadNo}
	for _, r := range rs {
		if r.Read != want[r.ID] {
			t.Errorf("%s: read %q, want %q", r.ID, r.Read, want[r.ID])
		}
	}
}

// TestModelFollowsEvidence: where the newest probed CLI reads null in a
// member of a control request an SDK sends (it answers success), the
// SDK-direction model accepts it too. Python's initialize with "hooks":
// null and rusty_claw's agents.*.model: null are such members.
func TestModelFollowsEvidence(t *testing.T) {
	f, err := Read(filepath.Join("results", "2.1.330.json"))
	if err != nil {
		t.Fatal(err)
	}
	var rs []Result
	for _, r := range f.Results {
		if r.Read == ReadYes && strings.HasPrefix(r.Variant, "control_request.") && r.Variant != "control_request.mcp_message" &&
			(r.Edge == EdgeNull || r.Edge == EdgeCase && strings.Contains(r.ID, "null")) {
			rs = append(rs, r)
		}
	}
	if len(rs) < 30 {
		t.Fatalf("only %d probes of null read by the CLI in the results", len(rs))
	}
	if err := Judge(context.Background(), rs); err != nil {
		t.Fatal(err)
	}
	for _, r := range rs {
		if r.Types != "accepted" {
			t.Errorf("%s: the CLI %s answers success, but the SDK-direction model says %s", r.ID, f.CLIVersion, r.Types)
		}
	}
}

func TestSameError(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want bool
	}{
		{"x", "x", true},
		{"Server not found: files", "Server not found: probe", true},
		{"set_model: model must be a string", "set_model: bad", false},
		{"Model is not recognized", "File rewinding is not enabled.", false},
		{"a: b", "c: b", false},
	} {
		if got := sameError(c.a, c.b); got != c.want {
			t.Errorf("sameError(%q, %q) = %v", c.a, c.b, got)
		}
	}
}
