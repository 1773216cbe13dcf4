package tap

import (
	"strings"
	"testing"

	"github.com/protocheck/protocheck/validate"
)

// TestCLIAnsweredError: a permission reply the CLI complains about in the
// tool_result that follows, and a control request it answers with an
// error, are errors at the SDK's lines quoting the CLI, whatever the CLI
// version (this session's init names one no probe ran on); a deny the SDK
// meant, and a request the CLI answered with success, are not.
func TestCLIAnsweredError(t *testing.T) {
	v, err := validate.New(validate.Options{Jobs: 1})
	if err != nil {
		t.Fatal(err)
	}
	var findings []validate.Finding
	c := NewChecker(v, "rec.jsonl", func(f validate.Finding) { findings = append(findings, f) }, nil)
	lines := []struct{ dir, msg string }{
		{validate.DuplexStdin, `{"type":"control_request","request_id":"init_1","request":{"subtype":"initialize","hooks":null}}`},
		{validate.DuplexStdout, `{"type":"control_response","response":{"subtype":"success","request_id":"init_1","response":{}}}`},
		{validate.DuplexStdout, `{"type":"system","subtype":"init","cwd":"/w","session_id":"s","tools":[],"mcp_servers":[],"model":"m","permissionMode":"default","slash_commands":[],"apiKeySource":"none","claude_code_version":"2.1.399","output_style":"default","uuid":"u0"}`},
		{validate.DuplexStdout, `{"type":"control_request","request_id":"r1","request":{"subtype":"can_use_tool","tool_name":"Bash","input":{"command":"ls"},"tool_use_id":"toolu_1"}}`},
		{validate.DuplexStdin, `{"type":"control_response","response":{"subtype":"success","request_id":"r1","response":{"allowed":true}}}`},
		{validate.DuplexStdout, `{"type":"user","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"toolu_1","is_error":true,"content":"The canUseTool callback returned an invalid permission result."}]},"parent_tool_use_id":null,"session_id":"s","uuid":"u1"}`},
		{validate.DuplexStdout, `{"type":"control_request","request_id":"r2","request":{"subtype":"can_use_tool","tool_name":"Bash","input":{"command":"ls"},"tool_use_id":"toolu_2"}}`},
		{validate.DuplexStdin, `{"type":"control_response","response":{"subtype":"success","request_id":"r2","response":{"behavior":"deny","message":"not allowed"}}}`},
		{validate.DuplexStdout, `{"type":"user","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"toolu_2","is_error":true,"content":"not allowed"}]},"parent_tool_use_id":null,"session_id":"s","uuid":"u2"}`},
		{validate.DuplexStdin, `{"type":"control_request","request_id":"q1","request":{"subtype":"get_server_info"}}`},
		{validate.DuplexStdout, `{"type":"control_response","response":{"subtype":"error","request_id":"q1","error":"Unsupported control request subtype: get_server_info"}}`},
	}
	for i, l := range lines {
		c.Line(i+1, l.dir, append(validate.DuplexLine(l.dir, []byte(l.msg)), '\n'))
	}
	sum, err := c.Close()
	if err != nil {
		t.Fatal(err)
	}
	got := map[int]string{}
	for _, f := range findings {
		if f.Rule == RuleCLIAnswered.ID {
			if f.Severity != validate.Error {
				t.Errorf("line %d: %s, want an error", f.Line, f.Severity)
			}
			got[f.Line] = f.Message
		}
	}
	if len(got) != 2 || !strings.Contains(got[5], "invalid permission result") || !strings.Contains(got[10], "Unsupported control request subtype") {
		t.Errorf("findings %v, want lines 5 (the reply) and 10 (the request), quoting the CLI", got)
	}
	if sum.Errors < 2 {
		t.Errorf("summary counts %d errors", sum.Errors)
	}
}
