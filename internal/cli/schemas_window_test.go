package cli

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/protocheck/protocheck/protocol"
)

// TestSchemasWindow: `schemas window` shows a member's evidence window as
// the facts have it, in text and json, says what is known at a release,
// and refuses an unknown variant or member as a usage error.
func TestSchemasWindow(t *testing.T) {
	var f protocol.Fact
	for _, x := range protocol.Facts {
		if x.Variant == "assistant" && x.Member == "/message/context_management" {
			f = x
		}
	}
	if f.AbsentThrough == "" || f.Since == protocol.Always {
		t.Fatalf("the fact %+v has no window to show", f)
	}
	var out, errb bytes.Buffer
	if code := run(t.Context(), []string{"schemas", "window", "assistant", "/message/context_management"}, nil, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	for _, want := range []string{"seen from            " + f.Since, "absent proven up to  " + f.AbsentThrough, "after " + f.AbsentThrough + ", before " + f.Since} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("text output lacks %q:\n%s", want, out.String())
		}
	}
	between := protocol.Bump(f.AbsentThrough)
	out.Reset()
	if code := run(t.Context(), []string{"schemas", "window", "assistant", "message/context_management", "--at", between, "--format", "json"}, nil, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	var got []protocol.MemberWindow
	if err := json.Unmarshal(out.Bytes(), &got); err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	if len(got) != 1 || got[0].Since != f.Since || got[0].AbsentThrough != f.AbsentThrough || got[0].State != "unknown" || !got[0].Unknown {
		t.Errorf("json %+v, want the window of %+v, unknown at %s", got, f, between)
	}
	out.Reset()
	if code := run(t.Context(), []string{"schemas", "window", "result/success", "--at", f.AbsentThrough}, nil, &out, &errb); code != 0 || !strings.Contains(out.String(), "/stop_reason") {
		t.Errorf("every member: exit %d\n%s", code, out.String())
	}
	for _, args := range [][]string{{"nope"}, {"assistant", "/nope"}, {"assistant", "/uuid", "--at", "two"}} {
		errb.Reset()
		if code := run(t.Context(), append([]string{"schemas", "window"}, args...), nil, &out, &errb); code != 2 {
			t.Errorf("%v: exit %d, want 2 (usage)", args, code)
		}
	}
}
