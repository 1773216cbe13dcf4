package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/protocheck/protocheck/protocol"
)

// TestFactsUpToDate derives the facts again from the committed evidence
// (the captures of every pinned CLI and sdk.json) and fails when
// protocol/zz_versions.go differs.
func TestFactsUpToDate(t *testing.T) {
	stale, err := generate("../../..", false)
	if err != nil {
		t.Fatal(err)
	}
	if stale {
		t.Fatal("protocol/zz_versions.go is stale; run: make versionfacts")
	}
}

// TestDerive checks how the facts follow from evidence, on evidence made
// up for the purpose.
func TestDerive(t *testing.T) {
	ev := &evidence{obs: map[string]map[key]*observation{}, sources: map[string][]string{}}
	init := "system.init"
	obs := func(v, member string, o observation) { *ev.at(v, key{init, member}) = o }
	for _, v := range []string{"1.0.128", "2.0.20", "2.1.112"} {
		ev.sources[v] = []string{"captures"}
		obs(v, "", observation{seen: 4})
	}
	ev.sources["2.0.0"] = []string{"sdk.d.ts x@2.0.0"}
	obs("2.0.0", "", observation{parentDeclared: true, declared: true})
	// claude_code_version: never in 1.0.128's captures, declared required
	// by the 2.0.0 sdk.d.ts, always in 2.0.20's and 2.1.112's captures.
	obs("1.0.128", "/claude_code_version", observation{parents: 4})
	obs("2.0.0", "/claude_code_version", observation{declared: true, declaredRequired: true})
	obs("2.0.20", "/claude_code_version", observation{parents: 4, seen: 4})
	obs("2.1.112", "/claude_code_version", observation{parents: 4, seen: 4})
	// skills (since-tagged): first sent always by 2.1.112.
	obs("2.0.20", "/skills", observation{parents: 4})
	obs("2.1.112", "/skills", observation{parents: 4, seen: 4})
	// betas: declared optional by 2.0.0, sent in some lines of 2.1.112
	// only: its absence from 1.0.128's captures proves nothing.
	obs("1.0.128", "/betas", observation{parents: 4})
	obs("2.0.0", "/betas", observation{declared: true})
	obs("2.0.20", "/betas", observation{parents: 4})
	obs("2.1.112", "/betas", observation{parents: 4, seen: 1})
	// slash_commands: declared required by 2.0.0 and always captured, but
	// the 1.0.128 captures lack it in one line of four: required from 2.0.0.
	obs("1.0.128", "/slash_commands", observation{parents: 4, seen: 3})
	obs("2.0.0", "/slash_commands", observation{declared: true, declaredRequired: true})
	obs("2.0.20", "/slash_commands", observation{parents: 4, seen: 4})
	ev.versions = []string{"1.0.128", "2.0.0", "2.0.20", "2.1.112"}

	fields := map[string]string{}
	for _, f := range deriveFacts(ev, init) {
		fields[f.Member] = f.Since + " " + f.Required
	}
	want := map[string]string{
		"":                     protocol.Always + " ",
		"/claude_code_version": "2.0.0 2.0.0",
		"/skills":              "2.1.112 2.1.112",
		"/betas":               protocol.Always + " ",
		"/slash_commands":      protocol.Always + " 2.0.0",
		"/cwd":                 protocol.Always + " " + protocol.Always,
	}
	for m, w := range want {
		if fields[m] != w {
			t.Errorf("%s: since and required = %q, want %q", m, fields[m], w)
		}
	}
	if d := cmp.Diff(want[""], fields[""]); d != "" {
		t.Errorf("variant mismatch (-want +got):\n%s", d)
	}
}

// deriveFacts returns the facts of one variant.
func deriveFacts(ev *evidence, variant string) []protocol.Fact {
	var out []protocol.Fact
	for _, f := range derive(ev) {
		if f.Variant == variant {
			out = append(out, f)
		}
	}
	return out
}

// TestReadSDKSameAs reads a release stored as same_as another: it declares
// what the other declares; a same_as naming no earlier release is an error.
func TestReadSDKSameAs(t *testing.T) {
	path := filepath.Join(t.TempDir(), "sdk.json")
	write := func(s string) {
		if err := os.WriteFile(path, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(`{"releases":[
 {"package":"p","version":"1","cli":"2.0.1","variants":{"system.init":{"/cwd":"required"}}},
 {"package":"p","version":"2","cli":"2.0.2","same_as":"p@1"}],
 "without":["p@0"]}`)
	ev := &evidence{obs: map[string]map[key]*observation{}, sources: map[string][]string{}}
	if err := readSDK(ev, path); err != nil {
		t.Fatal(err)
	}
	if o := ev.get("2.0.2", key{"system.init", "/cwd"}); !o.declared || !o.declaredRequired {
		t.Errorf("2.0.2 /cwd = %+v, want declared required (same_as p@1)", o)
	}
	write(`{"releases":[{"package":"p","version":"2","cli":"2.0.2","same_as":"p@1"}]}`)
	if err := readSDK(ev, path); err == nil || !strings.Contains(err.Error(), "same_as") {
		t.Errorf("same_as naming no earlier release: err = %v", err)
	}
}
