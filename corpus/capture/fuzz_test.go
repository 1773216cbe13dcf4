package capture

import (
	"bytes"
	"encoding/json"
	"errors"
	"testing"
)

// FuzzNormalize: no transcript makes the normaliser panic; it either
// refuses one line with a *NormalizeError, or writes one line of valid
// JSON for each line that is not blank, and a uuid it writes is a uuid.
func FuzzNormalize(f *testing.F) {
	for _, s := range []string{
		`{"type":"system","subtype":"init","session_id":"4541d1c6-9aa6-4505-81c0-7336c30be556","cwd":"/tmp/x1234"}`,
		`{"type":"system","subtype":"hook_started","hook_id":"000000","uuid":"072afa08-2bb3-4a3d-b150-dc92a5738d13"}` + "\n" + `{"a":"/p/000000/q 000000.out"}`,
		`{"type":"assistant","message":{"id":"msg_01AbCdEf","content":[{"type":"tool_use","id":"toolu_01XyZaBc"}]},"timestamp":"2026-11-22T03:49:53.554Z"}`,
		`{"type":"result","duration_ms":1234,"total_cost_usd":0.0123,"usage":{"input_tokens":24839},"pid":4242}`,
		`{"task_id":"b7k2m9q4","output_file":"/root/.claude/b7k2m9q4.output","agent_id":"a-b-c-d-e-f"}`,
		"[1,2,{\"x_id\":\"abcdefgh\"}]\r\n\n\"abcdefgh\"",
		`{"a":"\u001b[2J","b_id":"\u0000x"}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		out, err := (&Normalizer{Paths: []PathPlaceholder{{"/tmp/x1234", WorkPlaceholder}}}).Transcript(data)
		if err != nil {
			var ne *NormalizeError
			if !errors.As(err, &ne) || ne.Line < 1 || ne.Rule == "" {
				t.Fatalf("error %v is not a *NormalizeError with a line and a rule", err)
			}
			return
		}
		want := 0
		for _, l := range splitLines(data) {
			if len(bytes.TrimSpace(l)) > 0 {
				want++
			}
		}
		got := splitLines(out)
		if len(got) != want {
			t.Fatalf("%d lines out for %d lines in: %q", len(got), want, out)
		}
		for _, l := range got {
			if !json.Valid(l) {
				t.Fatalf("line out is not JSON: %q", l)
			}
			if bytes.Contains(l, []byte("00000000-0000-4000-8000-")) {
				for i := 0; ; {
					j := bytes.Index(l[i:], []byte("00000000-0000-4000-8000-"))
					if j < 0 {
						break
					}
					i += j
					if !uuidRe.Match(l[i:min(len(l), i+36)]) {
						t.Fatalf("a uuid placeholder was changed: %q", l)
					}
					i += 24
				}
			}
		}
	})
}
