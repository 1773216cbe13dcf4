package e2e

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// sdkSeen is what an SDK's session script prints: what its callbacks and
// calls saw.
type sdkSeen struct {
	Permissions int      `json:"permissions"`
	Hooks       int      `json:"hooks"`
	Results     []string `json:"results"`
	Interrupted bool     `json:"interrupted"`
	SetMode     bool     `json:"setMode"`
	Errors      []string `json:"errors"`
}

// runSDK runs an SDK's session script in dir and reads what it saw.
func runSDK(t *testing.T, dir string, name string, args ...string) sdkSeen {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir = dir
	var stderr strings.Builder
	cmd.Stderr = &stderr
	start := time.Now()
	out, err := cmd.Output()
	t.Logf("%s session: %s", filepath.Base(name), time.Since(start).Round(time.Millisecond))
	if err != nil {
		t.Fatalf("%s %v: %v\nstdout:\n%s\nstderr:\n%s", name, args, err, out, stderr.String())
	}
	var seen sdkSeen
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &seen); err != nil {
		t.Fatalf("the session script printed %q: %v", out, err)
	}
	t.Logf("the SDK saw %+v", seen)
	if seen.Permissions < 2 || seen.Hooks < 2 || !seen.Interrupted || !seen.SetMode || len(seen.Results) == 0 || seen.Results[0] != "success" {
		t.Errorf("the session did not go through permissions, hooks, set_permission_mode and interrupt: %+v\nstderr:\n%s", seen, stderr.String())
	}
	return seen
}

// oneSession returns the single session recorded in dir.
func oneSession(t *testing.T, dir string) session {
	t.Helper()
	ss := sessions(t, dir)
	if len(ss) != 1 {
		t.Fatalf("%d sessions recorded in %s, want 1", len(ss), dir)
	}
	return ss[0]
}

// TestTypeScriptSDK: the TypeScript SDK (@anthropic-ai/claude-agent-sdk
// 0.3.330, the package of the pinned CLI) drives the tap through
// pathToClaudeCodeExecutable.
func TestTypeScriptSDK(t *testing.T) {
	cli := pinnedCLI(t)
	_, err := exec.LookPath("node")
	need(t, err == nil, "node")
	sdk := filepath.Join(root, ".cache", "cli", cliVersion, "node_modules", "@anthropic-ai", "claude-agent-sdk", "sdk.mjs")
	_, err = os.Stat(sdk)
	need(t, err == nil, "the TypeScript SDK at %s (make cli)", sdk)
	dir := t.TempDir()
	sh := shim(t, cli, dir, "--fake-api", scenario())
	runSDK(t, dir, "node", filepath.Join(root, "internal", "tap", "e2e", "testdata", "ts", "session.mjs"), sdk, sh)
	requireSession(t, oneSession(t, dir))
}

// TestInjectedWrongReply: a client that answers the CLI's permission
// request wrongly (a control_response with a request_id the CLI never
// sent, and one whose toolUseID names another tool use) gets each reported
// at its line of the record, with its rule, as the session runs.
func TestInjectedWrongReply(t *testing.T) {
	cli := pinnedCLI(t)
	dir := t.TempDir()
	rec, findings := filepath.Join(dir, "s.jsonl"), filepath.Join(dir, "s.findings")
	cmd := exec.Command(bin, "tap", "--record", rec, "--findings", findings,
		"--fake-api", filepath.Join(root, "corpus", "scenarios", "can_use_tool_allow.json"), "--",
		cli, "-p", "--output-format", "stream-json", "--verbose", "--input-format", "stream-json", "--permission-prompt-tool", "stdio")
	cmd.Dir = dir // the model's Bash command runs there
	stdin, _ := cmd.StdinPipe()
	stdout, _ := cmd.StdoutPipe()
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	write := func(s string) { io.WriteString(stdin, s+"\n") }
	write(`{"type":"control_request","request_id":"init-1","request":{"subtype":"initialize"}}`)
	write(`{"type":"user","message":{"role":"user","content":"Create a file with touch"},"parent_tool_use_id":null,"session_id":""}`)
	sc := bufio.NewScanner(stdout)
	sc.Buffer(nil, 64<<20)
	done := time.AfterFunc(2*time.Minute, func() { cmd.Process.Kill() })
	defer done.Stop()
	for sc.Scan() {
		var m struct {
			Type      string `json:"type"`
			RequestID string `json:"request_id"`
			Request   struct {
				Subtype   string          `json:"subtype"`
				ToolUseID string          `json:"tool_use_id"`
				Input     json.RawMessage `json:"input"`
			} `json:"request"`
		}
		json.Unmarshal(sc.Bytes(), &m)
		switch {
		case m.Type == "control_request" && m.Request.Subtype == "can_use_tool":
			// The wrong replies first, then the right one.
			write(`{"type":"control_response","response":{"subtype":"success","request_id":"not-a-request","response":{"behavior":"allow"}}}`)
			write(fmt.Sprintf(`{"type":"control_response","response":{"subtype":"success","request_id":%q,"response":{"behavior":"allow","updatedInput":%s,"toolUseID":"toolu_someone_else"}}}`,
				m.RequestID, m.Request.Input))
		case m.Type == "result":
			stdin.Close()
		}
	}
	err := cmd.Wait()
	if err != nil {
		t.Logf("tap: %v\n%s", err, stderr.String())
	}
	f, _ := os.ReadFile(findings)
	lineOf := func(text string) int {
		b, _ := os.ReadFile(rec)
		for i, l := range strings.Split(string(b), "\n") {
			if strings.HasPrefix(l, `{"dir":"stdin"`) && strings.Contains(l, text) {
				return i + 1
			}
		}
		t.Fatalf("the record has no stdin line with %q", text)
		return 0
	}
	for _, c := range []struct{ text, rule string }{
		{`"not-a-request"`, "control/unknown-request"},
		{`"toolu_someone_else"`, "control/wrong-tool-use"},
	} {
		want := regexp.MustCompile(regexp.QuoteMeta(fmt.Sprintf("%s:%d:", rec, lineOf(c.text))) + `(\d+:)? error ` + regexp.QuoteMeta(c.rule) + ":")
		if !want.Match(f) {
			t.Errorf("no %s finding at line %d of the record; the findings:\n%s", c.rule, lineOf(c.text), f)
		}
	}
	// validate, after the fact, agrees with the live verdict.
	out, _ := exec.Command(bin, "validate", rec).CombinedOutput()
	if !strings.Contains(string(out), "control/unknown-request") || !strings.Contains(string(out), "control/wrong-tool-use") {
		t.Errorf("validate of the record:\n%s", out)
	}
}

// TestPythonSDK: the Python SDK (claude-agent-sdk from PyPI, pinned in
// testdata/py/requirements.txt, installed by make tap-e2e-deps) drives the
// tap through ClaudeAgentOptions(cli_path=...).
func TestPythonSDK(t *testing.T) {
	cli := pinnedCLI(t)
	py := os.Getenv("PROTOCHECK_TAP_PYTHON")
	if py == "" {
		py = filepath.Join(root, ".cache", "tap-e2e", "venv", "bin", "python")
	}
	_, err := os.Stat(py)
	need(t, err == nil, "the Python SDK's venv at %s (make tap-e2e-deps)", py)
	dir := t.TempDir()
	sh := shim(t, cli, dir, "--fake-api", scenario())
	seen := runSDK(t, dir, py, filepath.Join(root, "internal", "tap", "e2e", "testdata", "py", "session.py"), sh)
	if len(seen.Errors) > 0 {
		t.Errorf("the Python SDK raised: %v", seen.Errors)
	}
	requireSession(t, oneSession(t, dir))
}
