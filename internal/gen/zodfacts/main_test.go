package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/protocheck/protocheck/internal/gen/cliinstall"
	"github.com/protocheck/protocheck/internal/testutil/optional"
)

var root = filepath.Join("..", "..", "..")

// needNode skips without node or npm outside CI, and fails under CI=true.
func needNode(t *testing.T) string {
	t.Helper()
	for _, tool := range []string{"node", "npm"} {
		if _, err := exec.LookPath(tool); err != nil {
			optional.Skip(t, "%s is missing", tool)
		}
	}
	dir := filepath.Join(root, "internal", "gen", "bundlefacts", "extract")
	if err := cliinstall.NpmCI(dir); err != nil {
		t.Fatal(err)
	}
	return dir
}

func fact(kind string, opts ...string) Fact {
	f := Fact{Kind: kind}
	for _, o := range opts {
		switch {
		case o == "optional":
			f.Optional = true
		case o == "nullable":
			f.Nullable = true
		case o == "default":
			f.Default = true
		case strings.HasPrefix(o, "="):
			for _, v := range strings.Split(o[1:], "|") {
				f.Values = append(f.Values, v)
			}
		}
	}
	return f
}

func wantFacts(t *testing.T, r Release, variant string, want map[string]Fact) {
	t.Helper()
	got, ok := r.Variants[variant]
	if !ok {
		t.Errorf("variant %s not read; read %v", variant, slices.Sorted(mapsKeys(r.Variants)))
		return
	}
	for ptr, w := range want {
		if g, ok := got[ptr]; !ok {
			t.Errorf("%s %s: not read", variant, ptr)
		} else if !reflect.DeepEqual(g, w) {
			t.Errorf("%s %s: got %+v, want %+v", variant, ptr, g, w)
		}
	}
}

// TestExtractNamespace reads a cli.js-style fixture: a namespace's
// factories, lazily bound schemas, chained modifiers, extend and partial,
// unions of control bodies, a discriminated union of blocks, an enum
// subtype, the replay marker, the permission reply.
func TestExtractNamespace(t *testing.T) {
	dir := needNode(t)
	r, err := extract(dir, filepath.Join("testdata", "namespace.js"))
	if err != nil {
		t.Fatal(err)
	}
	wantFacts(t, r, "system.init", map[string]Fact{
		"/cwd":                {Kind: "string"},
		"/mode":               {Kind: "enum", Values: []any{"default", "plan"}, Default: true},
		"/tools/*":            {Kind: "string"},
		"/usage/cache":        {Kind: "number", Optional: true, Nullable: true},
		"/usage/input_tokens": {Kind: "number"},
		"/type":               {Kind: "literal", Values: []any{"system"}},
	})
	wantFacts(t, r, "result.error_max_turns", map[string]Fact{"/is_error": {Kind: "boolean"}})
	wantFacts(t, r, "result.error_during_execution", map[string]Fact{"/is_error": {Kind: "boolean"}})
	wantFacts(t, r, "control_request.set_model", map[string]Fact{
		"/request_id":    {Kind: "string"},
		"/request/model": fact("string", "optional"),
	})
	if _, ok := r.Variants["control_request.set_model"]["/request/interrupt"]; ok {
		t.Error("set_model has a member of the interrupt body")
	}
	wantFacts(t, r, "rate_limit_event", map[string]Fact{
		"/uuid":        {Kind: "string"},
		"/info/resets": fact("number", "optional"),
		"/info/status": fact("string", "optional"),
		"/type":        fact("literal", "=rate_limit_event"),
		"/session_id":  {Kind: "string"},
	})
	wantFacts(t, r, "user.replay", map[string]Fact{
		"/isReplay":       {Kind: "literal", Values: []any{true}},
		"/content/*/type": fact("literal", "=text|image"),
		"/content/*/url":  fact("string", "optional"),
	})
	if _, ok := r.Variants["user"]["/isReplay"]; ok {
		t.Error("the plain user message has the replay marker")
	}
	wantFacts(t, r, "brand_new_kind", map[string]Fact{"/note": {Kind: "string"}})
	if _, ok := r.Variants["text"]; ok {
		t.Error("a content block (a typed object of no message type, without session_id) read as a variant")
	}
	if got := slices.Sorted(mapsKeys(r.Payloads)); !slices.Equal(got, []string{"behavior.allow", "behavior.deny"}) {
		t.Errorf("payloads %v, want the permission reply's allow and deny", got)
	}
	if r.Unresolved != 0 {
		t.Errorf("unresolved %d, want 0", r.Unresolved)
	}
}

// TestExtractHelpers reads a native-style fixture: helpers defined in
// another module and imported (one renamed), recognised by the class they
// construct (its type getter, through a superclass) or a definition
// object, never by name.
func TestExtractHelpers(t *testing.T) {
	dir := needNode(t)
	r, err := extract(dir, filepath.Join("testdata", "modules"))
	if err != nil {
		t.Fatal(err)
	}
	wantFacts(t, r, "system.informational", map[string]Fact{
		"/content": {Kind: "string"},
		"/level":   fact("enum", "=info|warning"),
		"/count":   fact("number", "optional"),
		"/tags/*":  {Kind: "string"},
		"/mail":    {Kind: "string"},
		"/type":    fact("literal", "=system"),
	})
	wantFacts(t, r, "keep_alive", map[string]Fact{"/type": fact("literal", "=keep_alive")})
	for _, k := range []string{"object", "string", "literal", "enum", "array", "number"} {
		if r.Helpers[k] == 0 {
			t.Errorf("no %s helper recognised: %v", k, r.Helpers)
		}
	}
}

// TestDocs holds docs/zod.md to zod.json, the model and the captures (make
// zod-docs).
func TestDocs(t *testing.T) {
	md, err := buildDocs(root, filepath.Join(root, "internal", "gen", "versionfacts", "zod.json"))
	if err != nil {
		t.Fatal(err)
	}
	old, err := os.ReadFile(filepath.Join(root, "docs", "zod.md"))
	if err != nil {
		t.Fatal(err)
	}
	if string(old) != string(md) {
		t.Error("docs/zod.md is stale: run make zod-docs")
	}
}

// TestContradictions compares zod facts with model facts: what the model
// would refuse that zod allows is a contradiction, what it allows more is
// not.
func TestContradictions(t *testing.T) {
	for _, c := range []struct {
		z    Fact
		m    modelFact
		want string
	}{
		{fact("string"), modelFact{kind: "string"}, ""},
		{fact("string"), modelFact{kind: "number"}, "type"},
		{fact("number", "nullable"), modelFact{kind: "number"}, "nullable"},
		{fact("number", "optional"), modelFact{kind: "number"}, "optional"},
		{fact("number", "default"), modelFact{kind: "number", optional: true}, ""},
		{fact("string"), modelFact{kind: "string", optional: true}, ""},
		{fact("enum", "=a|b"), modelFact{kind: "string", enum: []string{"a"}}, "enum"},
		{fact("enum", "=a|b"), modelFact{kind: "string"}, ""},
		{fact("record"), modelFact{kind: "object"}, ""},
		{fact("unknown"), modelFact{kind: "boolean"}, ""},
		{fact("string"), modelFact{kind: "any"}, ""},
		{Fact{Kind: "union", Kinds: []string{"number", "string"}}, modelFact{kind: "string"}, "type"},
	} {
		got := contradictions(c.z, c.m)
		if c.want == "" && len(got) > 0 || c.want != "" && (len(got) != 1 || !strings.HasPrefix(got[0], c.want+":")) {
			t.Errorf("zod %+v, model %+v: got %q, want %q", c.z, c.m, got, c.want)
		}
	}
}
