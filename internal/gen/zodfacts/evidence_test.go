package main

import (
	"context"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/protocheck/protocheck/protocol"
	"github.com/protocheck/protocheck/validate"
)

// TestEvidenceFresh holds protocol/zz_evidence.go to zod.json, bundle.json
// and the captures (make evidence).
func TestEvidenceFresh(t *testing.T) {
	stale, err := writeEvidence(root, filepath.Join(root, "internal", "gen", "versionfacts", "zod.json"), true)
	if err != nil {
		t.Fatal(err)
	}
	if stale {
		t.Error("protocol/zz_evidence.go is stale: run make evidence")
	}
}

// TestRootsEmbedEvidence: every Go type that holds a variant embeds its
// generated <Type>Evidence, or the generated members would be lost.
func TestRootsEmbedEvidence(t *testing.T) {
	for _, v := range protocol.Variants {
		gt := v.GoType()
		f, ok := gt.FieldByName(gt.Name() + evidenceSuffix)
		if !ok || !f.Anonymous || f.Tag != "" {
			t.Errorf("%s (%s) does not embed %s%s", gt.Name(), v.Name, gt.Name(), evidenceSuffix)
		}
	}
}

func TestGoName(t *testing.T) {
	for in, want := range map[string]string{
		"api_error":            "APIError",
		"isMeta":               "IsMeta",
		"tool_use_id":          "ToolUseID",
		"duration_ms":          "DurationMs",
		"appendSubagentPrompt": "AppendSubagentPrompt",
		"2fa":                  "M2fa",
	} {
		if got := goName(in); got != want {
			t.Errorf("goName(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestGoType: the captures type a member over the schemas, the schemas
// over the names; kinds that disagree leave it any JSON.
func TestGoType(t *testing.T) {
	for _, c := range []struct {
		kinds []string
		want  string
	}{
		{[]string{"string"}, "string"},
		{[]string{"number"}, "float64"},
		{[]string{"boolean"}, "bool"},
		{[]string{"string", "number"}, "json.RawMessage"},
		{[]string{"other"}, "json.RawMessage"},
	} {
		m := &member{kinds: map[string]bool{}}
		for _, k := range c.kinds {
			m.kinds[k] = true
		}
		if got := m.goType(); got != c.want {
			t.Errorf("kinds %v: %s, want %s", c.kinds, got, c.want)
		}
	}
}

// TestEvidenceLines: lines the real CLI prints with members no capture
// shows, modelled from evidence (api_error: the CLI's own schema of
// result/success; isMeta: its internal informational message), pass strict
// and default validation of a release that shows them.
func TestEvidenceLines(t *testing.T) {
	for _, c := range []struct {
		cli, line string
	}{
		// a max_tokens stop: result/success with api_error
		// plan mode: the CLI's internal informational message, printed as it is
		{"2.1.331", `{"type":"system","subtype":"informational","content":"Entered plan mode","level":"info","isMeta":false,"uuid":"00000000-0000-4000-8000-000000000002","session_id":"00000000-0000-4000-8000-000000000001"}`},
		{"2.1.331", `{"type":"result","subtype":"success","is_error":true,"api_error":"max_output_tokens","duration_ms":10,"duration_api_ms":9,"num_turns":1,"result":"","stop_reason":"max_tokens","total_cost_usd":0,"usage":{"input_tokens":1,"output_tokens":1},"modelUsage":{},"permission_denials":[],"uuid":"00000000-0000-4000-8000-000000000000","session_id":"00000000-0000-4000-8000-000000000001"}`},
	} {
		for _, profile := range []validate.Profile{validate.ProfileTolerant, validate.ProfileStrict} {
			v, err := validate.New(validate.Options{CLIVersion: c.cli, Profile: profile, UnknownKindsAreErrors: profile == validate.ProfileStrict})
			if err != nil {
				t.Fatal(err)
			}
			var found []string
			sum, err := v.Stream(context.Background(), "line.jsonl", strings.NewReader(c.line), func(f validate.Finding) {
				found = append(found, f.Rule+" "+f.Pointer+": "+f.Message)
			})
			if err != nil {
				t.Fatal(err)
			}
			if sum.Errors != 0 {
				t.Errorf("%s %s: %d errors: %q", c.cli, profile, sum.Errors, found)
			}
		}
	}
}

// zodMember builds a member from schema facts by pointer below it ("" for
// the member itself), as gather does.
func zodMember(facts map[string]Fact) *member {
	m := newMember("m")
	for _, ptr := range slices.Sorted(maps.Keys(facts)) {
		n := m
		for _, s := range segments(ptr) {
			if s == "*" {
				n = n.items()
			} else {
				n = n.field(s)
			}
			n.sources["zod"] = true
		}
		n.sources["zod"] = true
		n.noteZod(facts[ptr], "2.1.331")
	}
	return m
}

// TestTypeOf: objects the schemas describe are structs, arrays and records
// of typed items are slices and maps, enums carry their values, unions and
// objects with no members stay any JSON; the captures drop an enum they
// contradict and type what the schemas leave open; a probe the CLI read
// with null or a value of another kind widens the member.
func TestTypeOf(t *testing.T) {
	for _, c := range []struct {
		name     string
		facts    map[string]Fact
		captured []any
		probe    string
		want     string
		enum     []string
		nullable bool
	}{
		{name: "object", facts: map[string]Fact{"": fact("object"), "/a": fact("string"), "/b": fact("number", "optional")}, want: "*TM"},
		{name: "object without members", facts: map[string]Fact{"": fact("object")}, want: "json.RawMessage"},
		{name: "array of objects", facts: map[string]Fact{"": fact("array"), "/*": fact("object"), "/*/id": fact("string")}, want: "[]TMItem"},
		{name: "record of numbers", facts: map[string]Fact{"": fact("record"), "/*": fact("number")}, want: "map[string]float64"},
		{name: "array of nullable strings", facts: map[string]Fact{"": fact("array"), "/*": fact("string", "nullable")}, want: "json.RawMessage"},
		{name: "union", facts: map[string]Fact{"": {Kind: "union", Kinds: []string{"string", "number"}}}, want: "json.RawMessage"},
		{name: "enum", facts: map[string]Fact{"": fact("enum", "=b|a")}, want: "string", enum: []string{"a", "b"}},
		{name: "enum a capture contradicts", facts: map[string]Fact{"": fact("enum", "=b|a")}, captured: []any{"c"}, want: "string"},
		{name: "enum a probe contradicts", facts: map[string]Fact{"": fact("enum", "=b|a")}, probe: "empty", want: "string"},
		{name: "captures over the schemas", facts: map[string]Fact{"": fact("string")}, captured: []any{1.0}, want: "float64"},
		{name: "probe: null", facts: map[string]Fact{"": fact("string")}, probe: "null", want: "string", nullable: true},
		{name: "probe: another kind", facts: map[string]Fact{"": fact("string")}, probe: "wrong-type", want: "json.RawMessage"},
		{name: "nullable object", facts: map[string]Fact{"": fact("object", "nullable"), "/a": fact("boolean")}, want: "*TM", nullable: true},
	} {
		m := zodMember(c.facts)
		for _, v := range c.captured {
			m.noteCaptured(v, "2.1.331")
		}
		if c.probe != "" {
			m.noteProbe(c.probe)
		}
		g := &renderer{taken: map[string]bool{}}
		typ, enum := g.typeOf(m, "TM")
		if typ != c.want || !slices.Equal(enum, c.enum) || m.nullable != c.nullable {
			t.Errorf("%s: %s, enum %v, nullable %v; want %s, enum %v, nullable %v", c.name, typ, enum, m.nullable, c.want, c.enum, c.nullable)
		}
		if strings.HasPrefix(c.want, "*") && !strings.Contains(g.nested.String(), "type TM struct") {
			t.Errorf("%s: no struct TM written:\n%s", c.name, g.nested.String())
		}
	}
}

// TestGeneratedVariants: every variant the CLI's schemas show that the
// hand-written model lacks is in the model, generated, with every member
// directly under its type that some release's schema lists; the sample
// line of each decodes to it.
func TestGeneratedVariants(t *testing.T) {
	zf, err := readFile(filepath.Join(root, "internal", "gen", "versionfacts", "zod.json"))
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, r := range zf.Releases {
		for name, facts := range r.Variants {
			if _, _, ok := variantKind(name); !ok {
				continue
			}
			v := protocol.ByName(name)
			if v == nil {
				t.Errorf("CLI %s: variant %s is not in the model", r.CLI, name)
				continue
			}
			if !v.Generated {
				continue
			}
			n++
			members := map[string]bool{}
			prefix := ""
			if e := v.Envelope(); e != "" {
				prefix = "/" + e
			}
			protocol.WalkMembers(v.GoType(), prefix, func(_ reflect.Type, _ reflect.StructField, _, ptr string) { members[ptr] = true })
			for ptr := range facts {
				if topLevel(ptr, prefix) != "" && !members[ptr] && !strings.HasPrefix(ptr, "/request_id") {
					t.Errorf("CLI %s: %s lacks %s", r.CLI, name, ptr)
				}
			}
		}
	}
	if n == 0 {
		t.Error("no generated variant")
	}
	data, err := os.ReadFile(filepath.Join(root, "protocol", "testdata", "samples", samplesFile))
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for line := range strings.Lines(string(data)) {
		msg, err := protocol.Decode([]byte(line))
		if err != nil {
			t.Errorf("%s: %v", line, err)
			continue
		}
		seen[reflect.TypeOf(msg).Elem().Name()] = true
	}
	for _, v := range protocol.Variants {
		if v.Generated && !seen[v.GoType().Name()] && v.Envelope() == "" {
			t.Errorf("no sample line decodes to %s (%s)", v.GoType().Name(), v.Name)
		}
	}
}
