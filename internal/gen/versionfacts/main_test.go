package main

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
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
	ev := newEvidence()
	init := "system.init"
	obs := func(v, member string, o observation) { *ev.at(v, key{init, member}) = o }
	for _, v := range []string{"1.0.128", "2.0.20", "2.1.112"} {
		ev.sources[v] = []string{"captures"}
		obs(v, "", observation{seen: 4})
	}
	ev.sources["2.0.0"] = []string{"sdk.d.ts x@2.0.0"}
	obs("2.0.0", "", observation{parentDeclared: true, declared: true})
	// claude_code_version: never in 1.0.128's captures, declared required
	// by the 2.0.0 sdk.d.ts, always in 2.0.20's and 2.1.112's captures:
	// seen from 2.0.0, absent proven up to 1.0.128, always sent from the
	// first rung whose captures always carry it (an sdk.d.ts that says
	// "required" is no capture).
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
	// slash_commands: declared required by 2.0.0 and always captured from
	// 2.0.20, but the 1.0.128 captures lack it in one line of four.
	obs("1.0.128", "/slash_commands", observation{parents: 4, seen: 3})
	obs("2.0.0", "/slash_commands", observation{declared: true, declaredRequired: true})
	obs("2.0.20", "/slash_commands", observation{parents: 4, seen: 4})
	// agents: the 2.0.0 sdk.d.ts declares the parent and not agents, which
	// proves nothing; a bundle of 2.0.5 writes it.
	ev.sources["2.0.5"] = []string{"bundle b"}
	obs("2.0.5", "/agents", observation{bundled: true})
	obs("2.1.112", "/agents", observation{parents: 4, seen: 4})
	ev.versions = []string{"1.0.128", "2.0.0", "2.0.5", "2.0.20", "2.1.112"}

	fields := map[string]string{}
	for _, f := range deriveFacts(ev, init) {
		fields[f.Member] = f.Since + " " + f.AbsentThrough + " " + f.Required
	}
	want := map[string]string{
		"":                     "1.0.128  ",
		"/claude_code_version": "2.0.0 1.0.128 2.0.20",
		"/skills":              "2.1.112 2.0.20 2.1.112",
		"/betas":               "2.0.0  ",
		"/slash_commands":      "1.0.128  2.0.20",
		"/agents":              "2.0.5  ",
		"/cwd":                 protocol.Always + "  " + protocol.Always,
	}
	for m, w := range want {
		if fields[m] != w {
			t.Errorf("%s: since, absent through and required = %q, want %q", m, fields[m], w)
		}
	}
	if d := cmp.Diff(want[""], fields[""]); d != "" {
		t.Errorf("variant mismatch (-want +got):\n%s", d)
	}
}

// TestWindow: a member shown at rung C, proven absent at rung A, with no
// evidence of it at rung B between (B's captures never reach its parent),
// on a ladder of any number of rungs. The set of a version between A and
// C (B's) takes the member as present and not required, the set of A
// lacks it, and from C on it is required.
func TestWindow(t *testing.T) {
	for _, n := range []int{1, 5, 40} {
		ev := newEvidence()
		init := "system.init"
		// Rungs 2.0.0 ... 2.0.(n-1): A; 2.1.0 ... 2.1.(n-1): B, no evidence
		// of system/init at all; 2.2.0 on: C.
		var a, b, c []string
		for i := range n {
			a = append(a, fmt.Sprintf("2.0.%d", i))
			b = append(b, fmt.Sprintf("2.1.%d", i))
			c = append(c, fmt.Sprintf("2.2.%d", i))
		}
		for _, v := range a {
			ev.sources[v] = []string{"captures"}
			*ev.at(v, key{init, ""}) = observation{seen: 3}
			*ev.at(v, key{init, "/skills"}) = observation{parents: 3}
		}
		for _, v := range b {
			ev.sources[v] = []string{"captures"}
			*ev.at(v, key{"assistant", ""}) = observation{seen: 3}
		}
		for _, v := range c {
			ev.sources[v] = []string{"captures"}
			*ev.at(v, key{init, ""}) = observation{seen: 3}
			*ev.at(v, key{init, "/skills"}) = observation{parents: 3, seen: 3}
		}
		slices.SortFunc(ev.versions, protocol.CompareVersions)
		facts := derive(ev)
		var f protocol.Fact
		for _, x := range facts {
			if x.Variant == init && x.Member == "/skills" {
				f = x
			}
		}
		lastA, firstC := a[len(a)-1], c[0]
		if f.Since != firstC || f.AbsentThrough != lastA || f.Required != firstC {
			t.Fatalf("%d rungs a part: fact %+v, want seen from %s, absent through %s, required from %s", n, f, firstC, lastA, firstC)
		}
		for _, v := range b {
			if !f.UnknownAt(v) {
				t.Errorf("%s: not in the unknown window of %+v", v, f)
			}
		}
		rule := func(v string) protocol.MemberRule {
			set := protocol.SetFor(v)
			for _, s := range protocol.SetsOf(facts) {
				if s.Covers(v) {
					set = s
				}
			}
			for p, r := range protocol.MembersOf(facts, set) {
				if p.Name == "skills" && p.Type.Name() == "SystemInitMessage" {
					return r
				}
			}
			t.Fatalf("no rule for skills in the set of %s", v)
			return protocol.MemberRule{}
		}
		for _, v := range b {
			if r := rule(v); !r.Present || r.Required {
				t.Errorf("%d rungs a part: %s (between the rungs): %+v, want present and optional", n, v, r)
			}
		}
		if r := rule(lastA); r.Present {
			t.Errorf("%s (proven absent): %+v, want absent", lastA, r)
		}
		if r := rule(c[len(c)-1]); !r.Present || !r.Required {
			t.Errorf("%s (always captured): %+v, want required", c[len(c)-1], r)
		}
	}
}

func newEvidence() *evidence {
	return &evidence{obs: map[string]map[key]*observation{}, sources: map[string][]string{}}
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

// TestReadBundle: bundle.json, when present, is evidence that a release
// may send a member (it dates Since), never that the release lacks one it
// does not list; a missing file is no error, a malformed one is.
func TestReadBundle(t *testing.T) {
	dir := t.TempDir()
	ev := newEvidence()
	if err := readBundle(ev, filepath.Join(dir, "none.json")); err != nil {
		t.Fatalf("a missing bundle.json: %v", err)
	}
	path := filepath.Join(dir, "bundle.json")
	data := `{"releases":[{"cli":"2.0.50","source":"@anthropic-ai/claude-code@2.0.50 (cli.js)","variants":{"system.init":["/cwd","/skills"],"no.such.variant":["/x"]}}]}`
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := readBundle(ev, path); err != nil {
		t.Fatal(err)
	}
	ev.sources["2.0.20"] = []string{"captures"}
	*ev.at("2.0.20", key{"system.init", ""}) = observation{seen: 2}
	*ev.at("2.0.20", key{"system.init", "/skills"}) = observation{parents: 2}
	*ev.at("2.1.112", key{"system.init", "/skills"}) = observation{parents: 2, seen: 2}
	ev.sources["2.1.112"] = []string{"captures"}
	slices.SortFunc(ev.versions, protocol.CompareVersions)
	var skills, agents protocol.Fact
	for _, f := range deriveFacts(ev, "system.init") {
		switch f.Member {
		case "/skills":
			skills = f
		case "/agents":
			agents = f
		}
	}
	if skills.Since != "2.0.50" || skills.AbsentThrough != "2.0.20" || skills.Required != "2.1.112" || !strings.Contains(skills.Evidence, "bundle @anthropic-ai/claude-code@2.0.50") {
		t.Errorf("skills: %+v, want seen from 2.0.50 (the bundle), absent through 2.0.20, required from 2.1.112", skills)
	}
	if agents.AbsentThrough != "" {
		t.Errorf("agents, which the bundle does not list: %+v, want no proven absence", agents)
	}
	if err := os.WriteFile(path, []byte(`{"releases":[{"cli":"two"}]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := readBundle(newEvidence(), path); err == nil {
		t.Error("a release whose cli is not a version: no error")
	}
}

// TestReadZod: zod.json, when present, is evidence that a release may send
// a member (it dates Since, and names the schema), never that it lacks one
// its schema does not list; a release with no schemas adds nothing.
func TestReadZod(t *testing.T) {
	dir := t.TempDir()
	ev := newEvidence()
	if err := readZod(ev, filepath.Join(dir, "none.json")); err != nil {
		t.Fatalf("a missing zod.json: %v", err)
	}
	path := filepath.Join(dir, "zod.json")
	data := `{"releases":[{"cli":"1.0.0","source":"a (cli.js)","variants":{}},
	{"cli":"2.1.112","source":"@anthropic-ai/claude-code@2.1.112 (cli.js)","variants":{"result.success":{"/api_error":{"kind":"enum","values":["max_output_tokens"],"optional":true}},"no.such.variant":{"/x":{"kind":"string"}}}}]}`
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := readZod(ev, path); err != nil {
		t.Fatal(err)
	}
	if len(ev.sources["1.0.0"]) != 0 {
		t.Errorf("a release with no schemas counts as evidence: %v", ev.sources["1.0.0"])
	}
	*ev.at("2.1.142", key{"result.success", ""}) = observation{seen: 2}
	*ev.at("2.1.142", key{"result.success", "/api_error"}) = observation{parents: 2}
	ev.sources["2.1.142"] = []string{"captures"}
	slices.SortFunc(ev.versions, protocol.CompareVersions)
	k := key{"result.success", "/api_error"}
	if got := ev.first(k); got != "2.1.112" {
		t.Errorf("first of %v = %q, want 2.1.112 (the schema)", k, got)
	}
	if src := ev.sourcesOf("2.1.112", k); len(src) != 1 || !strings.HasPrefix(src[0], "zod ") {
		t.Errorf("sources of 2.1.112 = %q, want the zod schema", src)
	}
	if ev.absent("2.1.112", key{"result.success", "/other"}) {
		t.Error("a member the schema does not list is proven absent")
	}
	if err := os.WriteFile(path, []byte(`{"releases":[{"cli":"two"}]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := readZod(newEvidence(), path); err == nil {
		t.Error("a release whose cli is not a version: no error")
	}
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
