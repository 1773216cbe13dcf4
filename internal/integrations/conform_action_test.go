package integrations

import (
	"encoding/xml"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"go.yaml.in/yaml/v4"
)

// conformAction is the composite action of protocheck conform.
const conformAction = ".github/actions/conform/action.yml"

// fakeSDK is an SDK in bash: it runs the CLI conform gives it
// ($PROTOCHECK_CLI), sends initialize and a prompt, and reads to the
// result; with STRICT=1 it dies on a message type it does not know.
const fakeSDK = `#!/bin/bash
coproc CLI { "$PROTOCHECK_CLI" --output-format stream-json --input-format stream-json --verbose; }
echo '{"type":"control_request","request_id":"init-1","request":{"subtype":"initialize"}}' >&"${CLI[1]}"
echo '{"type":"user","message":{"role":"user","content":"hello"},"parent_tool_use_id":null,"session_id":""}' >&"${CLI[1]}"
while IFS= read -r line <&"${CLI[0]}"; do
  case "$line" in
    *'"type":"protocheck_next"'*) if [ "$STRICT" = 1 ]; then exit 3; fi ;;
    *'"type":"result"'*) exit 0 ;;
  esac
done
exit 1
`

// fakeCLIs lays out a fake release 2.1.330 as make cli does: a sh script
// that answers initialize and prints the hello_text capture of 2.1.330.
func fakeCLIs(t *testing.T) string {
	dir := t.TempDir()
	p := filepath.Join(dir, "2.1.330", "node_modules", "@anthropic-ai", "claude-code", "cli.js")
	os.MkdirAll(filepath.Dir(p), 0o755)
	script := `#!/bin/sh
while IFS= read -r line; do
  case "$line" in
  *'"initialize"'*) echo '{"type":"control_response","response":{"subtype":"success","request_id":"init-1","response":{}}}' ;;
  *'"type":"user"'*) cat '` + filepath.Join(repoRoot, "corpus", "captures", "2.1.330", "hello_text.jsonl") + `' ;;
  esac
done
`
	if err := os.WriteFile(p, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestConformAction runs the conform Action as GitHub runs it (built from
// source) on an SDK's command: the tables land in the step summary, the
// JUnit report where the output says, and the exit code passes through:
// 0 when the SDK survives, 1 when an unknown type crashes it, 0 again when
// the expected-failures file lists that crash.
func TestConformAction(t *testing.T) {
	if testing.Short() {
		t.Skip("builds protocheck")
	}
	clis := fakeCLIs(t)
	for _, c := range []struct {
		name     string
		command  string
		expected string
		code     int
		summary  []string
		failures int
	}{
		{name: "survives", command: "./sdk.sh", summary: []string{"| 2.1.330 | passed |", "| type | survived |"}},
		{name: "crashes", command: "STRICT=1 ./sdk.sh", code: 1, failures: 1,
			summary: []string{"| type | crashed |", "reproduce: `protocheck conform --cli 2.1.330"}},
		{name: "expected crash", command: "STRICT=1 ./sdk.sh", expected: "* type crashed\n", summary: []string{"| type | crashed (expected) |"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			inputs := map[string]string{"command": c.command, "mutate": "type", "offline": "true"}
			r := newActionRunAt(t, conformAction, inputs)
			r.env = append(r.env, "PROTOCHECK_CLI_DIR="+clis)
			os.WriteFile(filepath.Join(r.workspace, "sdk.sh"), []byte(fakeSDK), 0o755)
			if c.expected != "" {
				os.WriteFile(filepath.Join(r.workspace, "expected.txt"), []byte(c.expected), 0o644)
				inputs["expected"] = "expected.txt"
			}
			r.runSteps()
			if r.installed == "" {
				t.Fatalf("the install step failed (%s, exit %d)", r.failed, r.code)
			}
			if r.code != c.code || (c.code != 0 && r.failed != "Run the command against the CLI releases") {
				t.Fatalf("step %q exited %d, want the conform step to exit %d\nstdout:\n%s", r.failed, r.code, c.code, r.stdout.String())
			}
			for _, s := range c.summary {
				if !strings.Contains(r.summary, s) {
					t.Errorf("the step summary has no %q:\n%s", s, r.summary)
				}
			}
			if got := r.outputs["exit-code"]; got != map[int]string{0: "0", 1: "1"}[c.code] {
				t.Errorf("output exit-code = %q, want %d", got, c.code)
			}
			b, err := os.ReadFile(r.outputs["junit"])
			var suites struct {
				Suites []struct {
					Failures int `xml:"failures,attr"`
				} `xml:"testsuite"`
			}
			if err != nil || xml.Unmarshal(b, &suites) != nil || len(suites.Suites) != 1 || suites.Suites[0].Failures != c.failures {
				t.Errorf("the JUnit report %s: %v, %d failures wanted\n%s", r.outputs["junit"], err, c.failures, b)
			}
			os.Remove(r.outputs["junit"])
		})
	}
}

// TestConformWorkflowDocumented: the workflow of docs/conform.md calls the
// conform Action with inputs it has, and gives the one it requires.
func TestConformWorkflowDocumented(t *testing.T) {
	doc := string(mustRead("docs/conform.md"))
	m := regexp.MustCompile("(?s)```yaml\n(.*?)```").FindStringSubmatch(doc)
	if m == nil {
		t.Fatal("docs/conform.md has no yaml workflow")
	}
	var wf struct {
		On   any `yaml:"on"`
		Jobs map[string]struct {
			RunsOn string `yaml:"runs-on"`
			Steps  []struct {
				Uses string            `yaml:"uses"`
				With map[string]string `yaml:"with"`
			} `yaml:"steps"`
		} `yaml:"jobs"`
	}
	if err := yaml.Unmarshal([]byte(m[1]), &wf); err != nil {
		t.Fatalf("docs/conform.md's workflow: %v", err)
	}
	a := loadActionAt(t, conformAction)
	found := false
	for _, j := range wf.Jobs {
		if j.RunsOn == "" {
			t.Error("a job without runs-on")
		}
		for _, s := range j.Steps {
			if !strings.HasPrefix(s.Uses, "protocheck/protocheck/.github/actions/conform@") {
				continue
			}
			found = true
			for name := range s.With {
				if _, ok := a.Inputs[name]; !ok {
					t.Errorf("the workflow gives input %q, which the conform Action does not have", name)
				}
			}
			if s.With["command"] == "" {
				t.Error("the workflow gives no command")
			}
		}
	}
	if !found || wf.On == nil {
		t.Error("the workflow does not call protocheck/protocheck/.github/actions/conform@...")
	}
}
