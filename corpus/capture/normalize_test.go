package capture

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func normalizeLines(t *testing.T, n *Normalizer, lines ...string) []map[string]any {
	t.Helper()
	out, err := n.Transcript([]byte(strings.Join(lines, "\n") + "\n"))
	if err != nil {
		t.Fatal(err)
	}
	var got []map[string]any
	for _, l := range strings.Split(strings.TrimSuffix(string(out), "\n"), "\n") {
		dec := json.NewDecoder(strings.NewReader(l))
		dec.UseNumber()
		var m map[string]any
		if err := dec.Decode(&m); err != nil {
			t.Fatalf("normalised line %q: %v", l, err)
		}
		got = append(got, m)
	}
	return got
}

func TestNormalizeStablePlaceholdersAndReferences(t *testing.T) {
	const sess = "4541d1c6-9aa6-4505-81c0-7336c30be556"
	n := &Normalizer{Paths: []PathPlaceholder{{"/tmp/protocheck-capture-123/work", WorkPlaceholder}}}
	got := normalizeLines(t, n,
		`{"type":"system","subtype":"init","cwd":"/tmp/protocheck-capture-123/work","session_id":"`+sess+`","uuid":"E8DF28E0-343C-42B7-B403-97CA567F5466"}`,
		`{"type":"assistant","message":{"id":"msg_01AbCdEf","content":[{"type":"tool_use","id":"toolu_01XyZaBc","name":"Bash","input":{}}]},"session_id":"`+sess+`","uuid":"072afa08-2bb3-4a3d-b150-dc92a5738d13","timestamp":"2026-11-22T03:49:53.554Z"}`,
		`{"type":"user","message":{"content":[{"type":"tool_result","tool_use_id":"toolu_01XyZaBc"}]},"session_id":"`+sess+`","task_id":"b7k2m9q4","output_file":"/root/.claude/projects/-tmp-protocheck-capture-123-work/`+sess+`/tasks/b7k2m9q4.output"}`,
	)
	want := []map[string]any{
		{"type": "system", "subtype": "init", "cwd": WorkPlaceholder, "session_id": "00000000-0000-4000-8000-000000000001", "uuid": "00000000-0000-4000-8000-000000000002"},
		{"type": "assistant", "message": map[string]any{"id": "msg_0001", "content": []any{map[string]any{"type": "tool_use", "id": "toolu_0001", "name": "Bash", "input": map[string]any{}}}},
			"session_id": "00000000-0000-4000-8000-000000000001", "uuid": "00000000-0000-4000-8000-000000000003", "timestamp": "2000-01-01T00:00:01.000Z"},
		{"type": "user", "message": map[string]any{"content": []any{map[string]any{"type": "tool_result", "tool_use_id": "toolu_0001"}}},
			"session_id": "00000000-0000-4000-8000-000000000001", "task_id": "id_0001",
			"output_file": "/root/.claude/projects/-tmp-protocheck-work/00000000-0000-4000-8000-000000000001/tasks/id_0001.output"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Transcript mismatch (-want +got):\n%s", diff)
	}
}

func TestNormalizeKeepsTypes(t *testing.T) {
	n := &Normalizer{}
	got := normalizeLines(t, n,
		`{"type":"result","duration_ms":1234,"duration_api_ms":1234,"total_cost_usd":0.0123,"num_turns":3,"usage":{"input_tokens":24839,"output_tokens":0,"service_tier":"standard"},"modelUsage":{"m":{"costUSD":0.0123,"contextWindow":200000,"maxOutputTokens":64000}},"pid":4242,"ttft_ms":null}`,
	)
	want := []map[string]any{{
		"type": "result", "duration_ms": json.Number("1"), "duration_api_ms": json.Number("1"), "total_cost_usd": json.Number("1.5"),
		"num_turns":  json.Number("3"),
		"usage":      map[string]any{"input_tokens": json.Number("1"), "output_tokens": json.Number("0"), "service_tier": "standard"},
		"modelUsage": map[string]any{"m": map[string]any{"costUSD": json.Number("1.5"), "contextWindow": json.Number("200000"), "maxOutputTokens": json.Number("64000")}},
		"pid":        json.Number("1"), "ttft_ms": nil,
	}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Transcript mismatch (-want +got):\n%s", diff)
	}
}

func TestNormalizeIsIdempotentAndKeepsOrder(t *testing.T) {
	in := `{"z":1,"a":"2026-01-02T03:04:05Z","uuid":"4541d1c6-9aa6-4505-81c0-7336c30be556","s":"<b>&</b>","duration_ms":7}` + "\n"
	once, err := (&Normalizer{}).Transcript([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	twice, err := (&Normalizer{}).Transcript(once)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"z":1,"a":"2000-01-01T00:00:01Z","uuid":"00000000-0000-4000-8000-000000000001","s":"<b>&</b>","duration_ms":1}` + "\n"
	if string(once) != want {
		t.Errorf("Transcript(%s) = %s, want %s", in, once, want)
	}
	if string(twice) != string(once) {
		t.Errorf("normalising twice changed it:\n%s\n%s", once, twice)
	}
}

func TestNormalizeErrorNamesLine(t *testing.T) {
	_, err := (&Normalizer{}).Transcript([]byte("{}\n\n{\"a\":\n"))
	var ne *NormalizeError
	if !errors.As(err, &ne) || ne.Line != 3 {
		t.Errorf("Transcript(bad line 3) error = %v, want a *NormalizeError at line 3", err)
	}
}
