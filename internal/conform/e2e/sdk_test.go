package e2e

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/protocheck/protocheck/internal/testutil/optional"
)

// ciMutations is the small set the pinned SDKs run in CI: one mutation of
// each kind an unknown-input policy speaks of (type, subtype, block,
// member), and the control request the SDK must answer.
var ciMutations = []string{"type", "subtype:system", "subtype:control_request", "union:ContentBlock@assistant/message/content", "member:assistant"}

// cliVersion is the pinned CLI the SDKs run against.
const cliVersion = "2.1.330"

// policy is a dialect's unknown-input policy (corpus/dialects/*/dialect.json).
type policy struct {
	Type        string   `json:"type"`
	Subtype     string   `json:"subtype"`
	Block       string   `json:"block"`
	Member      string   `json:"member"`
	DropInvalid []string `json:"drop_invalid"`
}

// expectedFrom turns a dialect's policy into the expected failures of the
// CI mutations: a kind the reader fails on crashes the program (it exits
// on the SDK's error); skip and raw survive; a control request the reader
// drops (drop_invalid) is never answered.
func expectedFrom(t *testing.T, dialect string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(root, "corpus", "dialects", dialect, "dialect.json"))
	if err != nil {
		t.Fatal(err)
	}
	var d struct {
		Policy policy `json:"policy"`
	}
	if err := json.Unmarshal(b, &d); err != nil {
		t.Fatal(err)
	}
	var lines []string
	add := func(mutation, action string) {
		if action == "fail" {
			lines = append(lines, "* "+mutation+" crashed")
		}
	}
	p := d.Policy
	add("type", p.Type)
	add("subtype:system", p.Subtype)
	add("union:ContentBlock@assistant/message/content", p.Block)
	add("member:assistant", p.Member)
	switch {
	case slices.Contains(p.DropInvalid, "control_request"):
		lines = append(lines, "* subtype:control_request mis-answered")
	case p.Subtype == "fail":
		lines = append(lines, "* subtype:control_request crashed")
	}
	return strings.Join(lines, "\n") + "\n"
}

// sdkCase is one pinned SDK and its small program.
type sdkCase struct {
	name string
	// dialect names the corpus/dialects folder whose policy the outcomes
	// must agree with; expected, for an SDK no dialect models, is its
	// expected-failures file.
	dialect, expected string
	command           func(t *testing.T) []string
}

func harness(parts ...string) string {
	return filepath.Join(append([]string{root, ".cache", "harness"}, parts...)...)
}

func pythonSDK(version string) func(t *testing.T) []string {
	return func(t *testing.T) []string {
		py, sdk := harness("python-venv", "bin", "python"), harness("py-sdk-"+version, "sdk")
		for _, p := range []string{py, sdk} {
			if _, err := os.Stat(p); err != nil {
				optional.Skip(t, "missing: the Python SDK %s at %s (make harness)", version, p)
			}
		}
		return []string{py, filepath.Join(root, "examples", "conform", "python", "session.py"), sdk}
	}
}

var sdkCases = []sdkCase{
	{name: "py-sdk-0.2.188", dialect: "python", command: pythonSDK("0.2.188")},
	{name: "py-sdk-0.1.37", dialect: "python0139", command: pythonSDK("0.1.37")},
	{name: "ts-sdk-0.3.330", dialect: "tssdk", command: func(t *testing.T) []string {
		sdk := harness("ts-sdk-0.3.330", "node_modules", "@anthropic-ai", "claude-agent-sdk", "sdk.mjs")
		if _, err := exec.LookPath("node"); err != nil {
			optional.Skip(t, "missing: node")
		}
		if _, err := os.Stat(sdk); err != nil {
			optional.Skip(t, "missing: the TypeScript SDK at %s (make harness)", sdk)
		}
		return []string{"node", filepath.Join(root, "examples", "conform", "ts", "session.mjs"), sdk}
	}},
	{name: "go-severity1-v0.6.12", expected: filepath.Join("examples", "conform", "go", "expected.txt"), command: func(t *testing.T) []string {
		out := filepath.Join(t.TempDir(), "session")
		cmd := exec.Command("go", "build", "-mod=readonly", "-o", out, ".")
		cmd.Dir = filepath.Join(root, "examples", "conform", "go")
		cmd.Env = append(os.Environ(), "GOFLAGS=-mod=readonly", "GOWORK=off")
		if b, err := cmd.CombinedOutput(); err != nil {
			optional.Skip(t, "missing: the Go SDK from the module cache or proxy (make tap-e2e-deps): %v\n%s", err, b)
		}
		return []string{out}
	}},
	{name: "rusty_claw-0.1.0", dialect: "rust", command: func(t *testing.T) []string {
		if _, err := exec.LookPath("cargo"); err != nil {
			optional.Skip(t, "missing: cargo")
		}
		// The harness's target folder: the example has the harness's lock
		// and, with rusty_claw's own, the same features, so what make
		// harnesses built (every dependency) is reused and only the
		// example compiles (seconds, not minutes).
		target := harness("rust-target")
		cmd := exec.Command("cargo", "build", "-q", "--offline", "--target-dir", target)
		cmd.Dir = filepath.Join(root, "examples", "conform", "rust")
		cmd.Env = append(os.Environ(), "CARGO_PROFILE_DEV_DEBUG=0")
		if b, err := cmd.CombinedOutput(); err != nil {
			optional.Skip(t, "missing: rusty_claw's crates in cargo's cache (make harness): %v\n%s", err, b)
		}
		return []string{filepath.Join(target, "debug", "protocheck-conform-rusty-claw")}
	}},
}

// TestPinnedSDKs: each pinned SDK's small program passes against the
// pinned CLI, and its outcomes under the CI mutations are what its
// dialect's unknown-input policy says (or, for an SDK no dialect models,
// its expected-failures file): conform run with them as --expected exits
// 0 only when every failure is expected and no expectation is stale. The
// tables go to the log (and, with PROTOCHECK_CONFORM_DOCS=DIR, to
// DIR/<sdk>.md, for docs/conform.md).
func TestPinnedSDKs(t *testing.T) {
	if _, err := os.Stat(filepath.Join(root, ".cache", "cli", cliVersion)); err != nil {
		optional.Skip(t, "missing: the pinned CLI %s under .cache/cli (make cli)", cliVersion)
	}
	for _, c := range sdkCases {
		t.Run(c.name, func(t *testing.T) {
			command := c.command(t)
			expected := filepath.Join(root, c.expected)
			if c.dialect != "" {
				expected = filepath.Join(t.TempDir(), "expected.txt")
				os.WriteFile(expected, []byte(expectedFrom(t, c.dialect)), 0o644)
			}
			md := filepath.Join(t.TempDir(), "report.md")
			if dir := os.Getenv("PROTOCHECK_CONFORM_DOCS"); dir != "" {
				md = filepath.Join(dir, c.name+".md")
			}
			args := []string{"conform", "--cli", cliVersion, "--cli-dir", filepath.Join(root, ".cache", "cli"), "--offline",
				"--mutate", strings.Join(ciMutations, ","), "--expected", expected, "--report", "markdown=" + md,
				"--report", "json=" + filepath.Join(t.TempDir(), "report.json"), "--"}
			js := args[len(args)-2][len("json="):]
			cmd := exec.Command(bin, append(args, command...)...)
			cmd.Dir = root
			start := time.Now()
			out, err := cmd.CombinedOutput()
			t.Logf("%s: %d mutations and the baseline in %s\n%s", c.name, len(ciMutations), time.Since(start).Round(time.Millisecond), out)
			if err != nil {
				exp, _ := os.ReadFile(expected)
				t.Errorf("the outcomes disagree with %s: %v\nexpected failures:\n%s", describe(c), err, exp)
			}
			// Each mutation had its place: a program that never let one
			// in would agree with any policy.
			b, _ := os.ReadFile(js)
			var r report
			json.Unmarshal(b, &r)
			for id, oc := range r.outcomes() {
				if oc == "not-applied" {
					t.Errorf("%s: %s was not applied: the program's session has no place for it", c.name, id)
				}
			}
		})
	}
}

func describe(c sdkCase) string {
	if c.dialect != "" {
		return fmt.Sprintf("the unknown-input policy of corpus/dialects/%s", c.dialect)
	}
	return c.expected
}
