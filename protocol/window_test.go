package protocol

import (
	"strings"
	"testing"
)

// TestMemberWindows: a member's window is its Fact's, with the releases
// nothing is known of and its state at a release inside that gap; one
// member prints in full, every member as a table.
func TestMemberWindows(t *testing.T) {
	var f Fact
	for _, x := range Facts {
		if x.Variant == "assistant" && x.Member == "/message/context_management" {
			f = x
		}
	}
	if f.AbsentThrough == "" || f.Since == Always {
		t.Fatalf("the fact %+v has no window to show", f)
	}
	between := Bump(f.AbsentThrough)
	got := MemberWindows(ByName("assistant"), f.Member, between)
	if len(got) != 1 || got[0].Since != f.Since || got[0].AbsentThrough != f.AbsentThrough || !got[0].Unknown ||
		got[0].After != f.AbsentThrough || got[0].Before != f.Since || got[0].State != "unknown" {
		t.Fatalf("MemberWindows(assistant, %s, %s) = %+v, want the window of %+v, unknown", f.Member, between, got, f)
	}
	if got := MemberWindows(ByName("assistant"), "/nope", ""); len(got) != 0 {
		t.Errorf("a member that is not there: %+v, want none", got)
	}
	var b strings.Builder
	if err := PrintWindows(&b, got, true, between); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"seen from            " + f.Since, "absent proven up to  " + f.AbsentThrough,
		"unknown              after " + f.AbsentThrough + ", before " + f.Since, "at " + between + "  "} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("one member's text lacks %q:\n%s", want, b.String())
		}
	}
	all := MemberWindows(ByName("assistant"), "", "")
	b.Reset()
	if err := PrintWindows(&b, all, false, ""); err != nil {
		t.Fatal(err)
	}
	if lines := strings.Count(b.String(), "\n"); len(all) < 2 || lines != len(all)+1 || !strings.HasPrefix(b.String(), "MEMBER") {
		t.Errorf("every member: %d windows, %d lines:\n%s", len(all), lines, b.String())
	}
}
