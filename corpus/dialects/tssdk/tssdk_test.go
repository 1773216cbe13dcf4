package tssdk

import (
	"context"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/protocheck/protocheck/validate"
)

// captures are the real CLI 2.1.330 transcripts of the corpus.
const captures = "../../captures/2.1.330/*.jsonl"

func newValidator(t *testing.T) *validate.Validator {
	t.Helper()
	v, err := validate.New(validate.Options{Schemas: os.DirFS("schemas"), Profile: validate.ProfileTolerant, Jobs: 1})
	if err != nil {
		t.Fatalf("validate.New: %v", err)
	}
	return v
}

// check runs one transcript and returns the rule and pointer of each of its
// error and warning findings.
func check(t *testing.T, v *validate.Validator, transcript string) []string {
	t.Helper()
	var rules []string
	_, err := v.Stream(context.Background(), "t.jsonl", strings.NewReader(transcript), func(f validate.Finding) {
		if f.Severity >= validate.Warning {
			rules = append(rules, f.Rule+" "+f.Pointer)
		}
	})
	if err != nil {
		t.Fatalf("Stream: %v", err)
	}
	slices.Sort(rules)
	return rules
}

func TestSchemasCompile(t *testing.T) {
	v := newValidator(t)
	idx := v.Index()
	if idx.Protocol.SDKVersion != "0.3.330" || idx.Protocol.CLIVersion != "2.1.330" {
		t.Errorf("protocol = %+v, want sdk 0.3.330, cli 2.1.330", idx.Protocol)
	}
	var names []string
	for _, e := range idx.Variants {
		names = append(names, e.Name)
	}
	// A few variants whose names come from less obvious places: the
	// isReplay marker, an enum of result subtypes, the control body union.
	for _, want := range []string{"user.replay", "result.error_max_turns", "control_request.can_use_tool", "control_response.error", "keep_alive", "active_goal"} {
		if !slices.Contains(names, want) {
			t.Errorf("no variant %s in %v", want, names)
		}
	}
}

func TestLines(t *testing.T) {
	v := newValidator(t)
	usage := `{"input_tokens":1,"output_tokens":2,"cache_creation_input_tokens":0,"cache_read_input_tokens":0,` +
		`"cache_creation":{"ephemeral_1h_input_tokens":0,"ephemeral_5m_input_tokens":0},"fallback_credit":null,` +
		`"inference_geo":"us","iterations":[],"output_tokens_details":{"thinking_tokens":0},` +
		`"server_tool_use":{"web_fetch_requests":0,"web_search_requests":0},"service_tier":"standard","speed":"standard"}`
	result := func(usage string) string {
		return `{"type":"result","subtype":"success","duration_ms":10,"duration_api_ms":5,"is_error":false,"num_turns":1,` +
			`"result":"hi","stop_reason":"end_turn","total_cost_usd":0.01,"usage":` + usage + `,"modelUsage":{},` +
			`"permission_denials":[],"uuid":"00000000-0000-4000-8000-000000000002","session_id":"s"}`
	}
	tests := []struct {
		name   string
		line   string
		want   []string
		reason string
	}{
		{name: "keep_alive", line: `{"type":"keep_alive"}`},
		{name: "keep_alive with a startup mark", line: `{"type":"keep_alive","startup_mark":"x"}`, reason: "objects are open"},
		{name: "result as the types declare it", line: result(usage)},
		{
			name: "user message as the SDK writes it", line: `{"type":"user","message":{"role":"user","content":"hi"},"parent_tool_use_id":null}`,
			reason: "SDKUserMessage: uuid and session_id are optional",
		},
		{
			name: "result with usage null members", line: result(strings.Replace(usage, `"inference_geo":"us"`, `"inference_geo":null`, 1)),
			want:   []string{"schema/type /usage/inference_geo"},
			reason: "NonNullableUsage removes null from every BetaUsage member but fallback_credit",
		},
		{
			name: "result without its usage", line: strings.Replace(result(usage), `"usage":`+usage+`,`, "", 1),
			want: []string{"schema/required /usage"},
		},
		{
			name: "control_cancel_request without its request_id", line: `{"type":"control_cancel_request"}`,
			want: []string{"schema/required /request_id"},
		},
		{
			name:   "control_request with an unknown body kind",
			line:   `{"type":"control_request","request_id":"r","request":{"subtype":"made_up"}}`,
			want:   []string{"variant/unknown-subtype /request/subtype"},
			reason: "the subtype selects no variant: a warning, not an error",
		},
		{
			name: "can_use_tool without its tool name",
			line: `{"type":"control_request","request_id":"r","request":{"subtype":"can_use_tool","input":{},"tool_use_id":"t"}}`,
			want: []string{"schema/required /request/tool_name"},
		},
		{
			name: "assistant with an unknown content block",
			line: `{"type":"assistant","message":{"id":"m","type":"message","role":"assistant","model":"x","content":[{"type":"new_block"}],` +
				`"stop_reason":null,"stop_sequence":null,"usage":` + usage + `},"parent_tool_use_id":null,"uuid":"u","session_id":"s"}`,
			want:   []string{"schema/required /message/container", "schema/required /message/context_management", "schema/required /message/diagnostics", "schema/required /message/stop_details", "variant/unknown-kind /message/content/0/type"},
			reason: "the unknown block passes the schema (dispatch) and is reported as unknown; BetaMessage's T | null members are required, and the CLI leaves them out",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := check(t, v, tt.line)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("check(%s) mismatch (-want +got):\n%s\nreason: %s", tt.line, diff, tt.reason)
			}
		})
	}
}

// TestCaptures runs the real 2.1.330 captures through the ts-sdk schemas and
// logs, per variant, how many lines they reject and why: drift between the
// SDK's types and the CLI that ships with it. Run with -v to see it.
func TestCaptures(t *testing.T) {
	files, err := filepath.Glob(captures)
	if err != nil || len(files) == 0 {
		t.Fatalf("no captures at %s (%v)", captures, err)
	}
	v := newValidator(t)
	type key struct {
		file string
		line int
	}
	failed := map[key]string{}             // line -> variant
	reasons := map[string]map[string]int{} // variant -> rule+pointer -> lines
	seen := map[key]map[string]bool{}
	sum, err := v.Run(context.Background(), validate.Inputs([]string{captures}, nil), func(f validate.Finding) {
		switch {
		case f.Rule == validate.RuleInternal.ID || f.Rule == validate.RuleIOError.ID:
			t.Errorf("%s:%d: %s: %s", f.File, f.Line, f.Rule, f.Message)
		case f.Rule == validate.RuleUnknownType.ID || f.Rule == validate.RuleUnknownSubtype.ID:
			t.Errorf("%s:%d: %s: every captured variant is declared in sdk.d.ts", f.File, f.Line, f.Message)
		}
		if f.Severity != validate.Error {
			return
		}
		k := key{f.File, f.Line}
		failed[k] = f.Variant
		if reasons[f.Variant] == nil {
			reasons[f.Variant] = map[string]int{}
		}
		if seen[k] == nil {
			seen[k] = map[string]bool{}
		}
		r := f.Rule + " " + genericPointer(f.Pointer)
		if !seen[k][r] {
			seen[k][r] = true
			reasons[f.Variant][r]++
		}
	})
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	lines := 0
	for _, n := range sum.Variants {
		lines += n
	}
	perVariant := map[string]int{}
	for _, variant := range failed {
		perVariant[variant]++
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%d of %d captured lines rejected by ts-sdk (%d files)\n", len(failed), lines, len(files))
	for _, name := range slices.Sorted(maps.Keys(sum.Variants)) {
		fmt.Fprintf(&b, "  %-45s %3d / %3d\n", name, perVariant[name], sum.Variants[name])
		rs := reasons[name]
		for _, r := range slices.Sorted(maps.Keys(rs)) {
			fmt.Fprintf(&b, "      %3d  %s\n", rs[r], r)
		}
	}
	t.Log("\n" + b.String())
	if lines == 0 {
		t.Fatal("no line was checked")
	}
}

// genericPointer replaces array indexes with * so that reasons group.
func genericPointer(p string) string {
	parts := strings.Split(p, "/")
	for i, s := range parts {
		if s != "" && strings.Trim(s, "0123456789") == "" {
			parts[i] = "*"
		}
	}
	return strings.Join(parts, "/")
}
