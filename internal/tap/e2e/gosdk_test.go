package e2e

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// goSDK is the Go SDK the tests drive, pinned in testdata/go/go.mod (a
// module of its own, so that protocheck's module does not depend on it).
// Of the two Go SDKs on the module proxy it is the one that speaks
// stream-json both ways (--input-format and --output-format stream-json,
// control requests, can_use_tool, hooks); github.com/lancekrogers/claude-code-go
// v0.1.0 only runs `claude -p` and reads its output.
const goSDK = "github.com/severity1/claude-agent-sdk-go v0.6.12"

// fetchFailure matches what go build says when it cannot get a module: the
// module proxy refuses it (403), or there is no network.
var fetchFailure = regexp.MustCompile(`(?i)403 Forbidden|not available|dial tcp|no such host|connection refused|GOPROXY=off|module lookup disabled|i/o timeout|TLS handshake`)

// buildGoSession builds the Go SDK's session program (testdata/go) into dir
// and returns its path. The module comes from the Go module cache or the
// proxy, checked against the committed go.sum (-mod=readonly: go.mod and
// go.sum are never rewritten). A module that cannot be fetched skips the
// test, except under CI=true.
func buildGoSession(t *testing.T, dir string) string {
	t.Helper()
	out := filepath.Join(dir, "go-session")
	cmd := exec.Command("go", "build", "-mod=readonly", "-o", out, ".")
	cmd.Dir = filepath.Join(root, "internal", "tap", "e2e", "testdata", "go")
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=readonly", "GOWORK=off")
	if b, err := cmd.CombinedOutput(); err != nil {
		if fetchFailure.Match(b) {
			need(t, false, "the Go SDK %s from the Go module cache or proxy (make tap-e2e-deps): %s", goSDK, strings.TrimSpace(string(b)))
		}
		t.Fatalf("go build of the Go SDK's session: %v\n%s", err, b)
	}
	return out
}

// goShim writes the shim for the Go SDK: named claude, in a folder of its
// own that the session's PATH starts with (see TestGoSDKIgnoresCLIPath).
func goShim(t *testing.T, cli, dir string) (path, bindir string) {
	t.Helper()
	bindir = filepath.Join(dir, "bin")
	if err := os.Mkdir(bindir, 0o755); err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(bindir, "claude")
	args := []string{"tap", "shim", "--cli", cli, "-o", p, "--", "--record", dir + "/", "--findings", dir + "/", "--fake-api", scenario()}
	if out, err := exec.Command(bin, args...).CombinedOutput(); err != nil {
		t.Fatalf("tap shim: %v\n%s", err, out)
	}
	return p, bindir
}

// goSession runs one session of the Go SDK in dir and returns what the SDK
// saw and the session the tap recorded. The SDK first runs `claude -v`
// (its version check), which the tap passes through and records as a
// session of its own, unchecked.
func goSession(t *testing.T, prog, cli, dir string, flags ...string) (sdkSeen, session) {
	t.Helper()
	sh, bindir := goShim(t, cli, dir)
	t.Setenv("PATH", bindir+string(os.PathListSeparator)+os.Getenv("PATH"))
	seen := runSDK(t, dir, prog, append(flags, sh)...)
	if len(seen.Errors) > 0 {
		t.Errorf("the Go SDK returned errors: %v", seen.Errors)
	}
	var real []session
	for _, s := range sessions(t, dir) {
		if strings.Contains(s.findings, "not a stream-json session") {
			continue // the version check
		}
		real = append(real, s)
	}
	if len(real) != 1 {
		t.Fatalf("%d stream-json sessions recorded in %s, want 1", len(real), dir)
	}
	return seen, real[0]
}

// stdinLines returns the numbers of the record's stdin lines that contain
// every one of texts (compacted, as recordHas reads them).
func stdinLines(t *testing.T, record string, texts ...string) []int {
	t.Helper()
	b, err := os.ReadFile(record)
	if err != nil {
		t.Fatal(err)
	}
	var out []int
next:
	for i, l := range strings.Split(string(b), "\n") {
		if !strings.HasPrefix(l, `{"dir":"stdin"`) {
			continue
		}
		for _, s := range texts {
			if !strings.Contains(l, s) {
				continue next
			}
		}
		out = append(out, i+1)
	}
	return out
}

// findingLines returns the findings of a session's text report, one per
// line, as "LINE RULE" ("3 types/cli-reads").
func findingLines(s session) []string {
	re := regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(s.record) + `:(\d+):(?:\d+:)? (?:error|warning) (\S+):`)
	var out []string
	for _, m := range re.FindAllStringSubmatch(s.findings, -1) {
		out = append(out, m[1]+" "+m[2])
	}
	return out
}

// userLinesFindings is what the tap reports of every session of this SDK:
// its user messages lack parent_tool_use_id, which the protocol's
// SDKUserMessage requires (string or null). The SDK's StreamMessage has
// ParentToolUseID *string with omitempty (internal/shared/stream.go) and
// Query sets it nil (client.go), so the member is never written. CLI
// 2.1.330 runs the turn all the same, as its probe "user
// /parent_tool_use_id absent" shows: a types/cli-reads warning, not an
// error.
func userLinesFindings(t *testing.T, s session) []string {
	t.Helper()
	users := stdinLines(t, s.record, `"type":"user"`)
	if len(users) != 2 {
		t.Fatalf("the record has %d stdin user lines, want 2 (one per turn)", len(users))
	}
	var out []string
	for _, n := range users {
		at := regexp.MustCompile(fmt.Sprintf(`(?m)^%s:%d:\d+: warning types/cli-reads: .*\(at /parent_tool_use_id\)$`, regexp.QuoteMeta(s.record), n))
		if !at.MatchString(s.findings) {
			t.Errorf("no warning of the missing parent_tool_use_id at line %d of the record:\n%s", n, s.findings)
		}
		out = append(out, fmt.Sprintf("%d types/cli-reads", n))
	}
	return out
}

// goInterrupt: v0.6.12's Client.Interrupt does not write the protocol's
// interrupt control_request, as the TypeScript and Python SDKs do; it sends
// SIGINT to the CLI's process (internal/subprocess/transport.go,
// Transport.Interrupt), here the shim, whose tap forwards it to the CLI.
// CLI 2.1.330 takes the signal as an interrupt of the turn and stays up
// (2.1.112 and 2.0.20 exit 0 with the turn unfinished: turns/unclosed).
// The record shows only its effect.

// requireGoSession checks what the session went through, in both
// directions, as requireSession does for the other SDKs, and that the
// tap reported exactly want and checked every line.
func requireGoSession(t *testing.T, s session, want []string) {
	t.Helper()
	for _, c := range []struct {
		dir   string
		texts []string
	}{
		{"stdin", []string{`"subtype":"initialize"`, `"PreToolUse"`}},
		{"stdout", []string{`"subtype":"init"`, `"claude_code_version":"` + cliVersion + `"`}},
		{"stdout", []string{`"subtype":"hook_callback"`}},
		{"stdin", []string{`"continue":true`}},
		{"stdout", []string{`"subtype":"can_use_tool"`}},
		{"stdin", []string{`"behavior":"allow"`}},
		{"stdin", []string{`"subtype":"set_permission_mode"`}},
		{"stdout", []string{`"mode":"default"`}},
		{"stdout", []string{`"type":"result"`, `"subtype":"success"`}},
		// The interrupt is a SIGINT (see goInterrupt), which the tap
		// forwards: the CLI ends the turn as interrupted.
		{"stdout", []string{`"type":"user"`, `[Request interrupted by user for tool use]`}},
		{"stdout", []string{`"type":"result"`, `"subtype":"error_during_execution"`}},
	} {
		if !recordHas(t, s.record, c.dir, c.texts...) {
			t.Errorf("the record has no %s line with %q", c.dir, c.texts)
		}
	}
	if recordHas(t, s.record, "stdin", `"subtype":"interrupt"`) {
		t.Errorf("the SDK wrote an interrupt control_request: v0.6.12 sent SIGINT; see goInterrupt")
	}
	if m := regexp.MustCompile(`tap: (\d+) lines from the SDK, (\d+) from the CLI; the CLI exited 0`).FindStringSubmatch(s.findings); m == nil || m[1] == "0" || m[2] == "0" {
		t.Errorf("the tap's summary does not show lines both ways and the CLI's exit 0:\n%s", s.findings)
	}
	if strings.Contains(s.findings, "not checked") || strings.Contains(s.findings, "not recorded") {
		t.Errorf("the tap missed lines:\n%s", s.findings)
	}
	got := findingLines(s)
	// What the CLI answered with an error is known, and reported, once
	// the answer has come: after the lines it follows.
	sortByLine(got)
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("the tap's findings (line rule):\n%s\nwant:\n%s\nreport:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"), s.findings)
	}
	// types/cli-reads is a warning (the CLI reads what the types reject),
	// every other finding here an error.
	warnings, tapOnly := 0, 0
	for _, w := range want {
		if strings.HasSuffix(w, " types/cli-reads") {
			warnings++
		}
		if strings.HasSuffix(w, " tap/cli-answered-error") {
			tapOnly++ // the session's answers, which the tap follows
		}
	}
	errors := len(want) - warnings
	m := summaryRE.FindStringSubmatch(s.findings)
	if m == nil || m[2] != fmt.Sprint(errors) || m[3] != fmt.Sprint(warnings) {
		t.Errorf("the tap's summary does not count %d errors, %d warnings:\n%s", errors, warnings, s.findings)
	}
	// validate, after the fact, agrees with the live verdict (but for the
	// tap's own findings of what the CLI answered).
	out, _ := exec.Command(bin, "validate", s.record).CombinedOutput()
	if !regexp.MustCompile(fmt.Sprintf(` %d errors?, %d warnings?`, errors-tapOnly, warnings)).Match(out) {
		t.Errorf("protocheck validate %s:\n%s", filepath.Base(s.record), out)
	}
}

// TestGoSDK: the Go SDK github.com/severity1/claude-agent-sdk-go (v0.6.12,
// from the Go module proxy, pinned in testdata/go) drives the tap: tool
// use with permission prompts (WithCanUseTool), a PreToolUse hook
// (WithHook), set_permission_mode and an interrupt, against the fake API
// and CLI 2.1.330. Its sessions are not clean: see userLinesFindings.
func TestGoSDK(t *testing.T) {
	cli := pinnedCLI(t)
	prog := buildGoSession(t, t.TempDir())

	t.Run("session", func(t *testing.T) {
		dir := t.TempDir()
		seen, s := goSession(t, prog, cli, dir)
		if seen.Results[len(seen.Results)-1] != "error_during_execution" {
			t.Errorf("the interrupted turn ended %q, want error_during_execution", seen.Results[len(seen.Results)-1])
		}
		requireGoSession(t, s, userLinesFindings(t, s))
	})

	// Two wrong replies to the first permission prompt, in one session.
	// An answer written through the SDK's own QueryStream to a request the
	// CLI never sent: reported at its line with control/unknown-request.
	// And the SDK's answer NewPermissionResultDeny(""), written as
	// {"behavior":"deny"}: the SDK drops an empty message
	// (internal/control/permissions.go), and CLI 2.1.330 refuses a deny
	// without one (2.1.112 and 2.0.20 too: their ZodError names message, a
	// string, as missing), failing the tool call with "The canUseTool
	// callback returned an invalid permission result". The tap reports it
	// at its line with types/cli-refuses: the schema lets a deny go
	// without message, the probe "can_use_tool answer deny
	// /response/response/message absent" shows CLI 2.1.330 refuses it.
	t.Run("wrong replies", func(t *testing.T) {
		dir := t.TempDir()
		seen, s := goSession(t, prog, cli, dir, "-wrong", "-deny-empty")
		want := userLinesFindings(t, s)
		wrong := stdinLines(t, s.record, `"type":"control_response"`, `"request_id":"not-a-request"`)
		if len(wrong) != 1 {
			t.Fatalf("the record has %d stdin lines answering not-a-request, want 1", len(wrong))
		}
		want = append(want, fmt.Sprintf("%d control/unknown-request", wrong[0]))
		deny := stdinLines(t, s.record, `"type":"control_response"`, `{"behavior":"deny"}`)
		if len(deny) != 1 {
			t.Fatalf("the record has %d stdin lines with a bare deny, want 1", len(deny))
		}
		want = append(want, fmt.Sprintf("%d types/cli-refuses", deny[0]))
		// The session itself shows the CLI refusing it (the tool_result
		// that follows): an error at the reply's line on any version.
		want = append(want, fmt.Sprintf("%d tap/cli-answered-error", deny[0]))
		sortByLine(want)
		requireGoSession(t, s, want)
		if seen.Permissions < 2 {
			t.Errorf("the SDK saw %d permission prompts, want 2", seen.Permissions)
		}
		if !recordHas(t, s.record, "stdout", `"type":"tool_result"`, `invalid permission result`) {
			t.Errorf("the CLI did not refuse the deny without a message (no tool_result saying so)")
		}
	})
}

// sortByLine sorts "LINE RULE" strings by their line.
func sortByLine(s []string) {
	n := func(x string) int {
		var i int
		fmt.Sscanf(x, "%d", &i)
		return i
	}
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && n(s[j]) < n(s[j-1]); j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}

// TestGoSDKIgnoresCLIPath: v0.6.12's WithCLIPath sets an option nothing
// reads (options.go); Client.Connect finds the CLI with cli.FindCLI, which
// takes the first "claude" on PATH (client.go, internal/cli/discovery.go).
// That is why the tests put the shim on PATH as claude. A stand-in claude
// on PATH records how it was run; the path given to WithCLIPath is not run.
func TestGoSDKIgnoresCLIPath(t *testing.T) {
	prog := buildGoSession(t, t.TempDir())
	dir := t.TempDir()
	bindir := filepath.Join(dir, "bin")
	os.Mkdir(bindir, 0o755)
	ran, given := filepath.Join(dir, "ran"), filepath.Join(dir, "given")
	standIn := func(p, mark string) {
		script := "#!/bin/sh\necho \"$@\" >> '" + mark + "'\ncase \"$1\" in -v|--version) echo '" + cliVersion + " (Claude Code)'; exit 0;; esac\nexit 3\n"
		if err := os.WriteFile(p, []byte(script), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	standIn(filepath.Join(bindir, "claude"), ran)
	standIn(filepath.Join(dir, "given-cli"), given)
	t.Setenv("PATH", bindir+string(os.PathListSeparator)+os.Getenv("PATH"))
	// The SDK waits for its initialize to be answered (60 s) after the
	// stand-in has exited: the test ends it once the stand-in has run.
	cmd := exec.Command(prog, filepath.Join(dir, "given-cli"))
	cmd.Dir = dir
	var out strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		if b, _ := os.ReadFile(ran); strings.Contains(string(b), "stream-json") {
			break
		}
		if b, _ := os.ReadFile(given); strings.Contains(string(b), "stream-json") {
			break
		}
	}
	cmd.Process.Kill()
	cmd.Wait()
	if _, err := os.Stat(given); err == nil {
		t.Logf("the SDK ran the CLI given to WithCLIPath: the pin reads the option now; drop the PATH workaround (goShim) and this test")
		t.Fail()
	}
	b, err := os.ReadFile(ran)
	if err != nil {
		t.Fatalf("the SDK ran neither claude on PATH nor the given CLI; it printed:\n%s", out.String())
	}
	if !strings.Contains(string(b), "--output-format stream-json") || !strings.Contains(string(b), "--input-format stream-json") {
		t.Errorf("claude on PATH was run without stream-json both ways:\n%s", b)
	}
}
