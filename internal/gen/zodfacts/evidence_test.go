package main

import (
	"context"
	"path/filepath"
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
