package ladder

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/protocheck/protocheck/corpus/capture"
)

// writeCaptures writes the goldens of one version into a corpus folder.
func writeCaptures(t *testing.T, dir, version string, goldens map[string]string) {
	t.Helper()
	for name, data := range goldens {
		p := capture.GoldenPath(dir, version, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestCompare: the report sorts each difference between two rungs'
// captures of the same scenarios into its category, and keeps what only a
// scenario the rung below did not capture shows apart.
func TestCompare(t *testing.T) {
	dir := t.TempDir()
	writeCaptures(t, dir, "2.1.0", map[string]string{
		"a": `{"type":"system","subtype":"init","session_id":"s","gone":1,"sometimes":1}` + "\n" +
			`{"type":"result","subtype":"success","usage":{"x":1},"old_always":1}` + "\n",
		"b": `{"type":"system","subtype":"init","session_id":"s","gone":2}` + "\n" +
			`{"type":"result","subtype":"success","usage":{"x":1},"old_always":1}` + "\n" +
			`{"type":"keep_alive"}` + "\n",
		"only_below": `{"type":"system","subtype":"status"}` + "\n",
	})
	writeCaptures(t, dir, "2.1.5", map[string]string{
		"a": `{"type":"system","subtype":"init","session_id":"s","sometimes":1,"fresh":true}` + "\n" +
			`{"type":"result","subtype":"success","usage":{"x":1,"y":2},"old_always":1}` + "\n",
		"b": `{"type":"system","subtype":"init","session_id":"s","sometimes":1,"fresh":false}` + "\n" +
			`{"type":"result","subtype":"success","usage":{"x":1}}` + "\n" +
			`{"type":"rate_limit_event"}` + "\n",
		"only_new": `{"type":"system","subtype":"compact_boundary"}` + "\n",
	})
	r, err := Compare(dir, "2.1.0", "2.1.5")
	if err != nil {
		t.Fatal(err)
	}
	got := func(cs []MemberChange) []string {
		var out []string
		for _, c := range cs {
			out = append(out, c.Variant+" "+c.Pointer+" "+c.Below+"→"+c.Now)
		}
		return out
	}
	check := func(name string, got, want []string) {
		t.Helper()
		if strings.Join(got, "; ") != strings.Join(want, "; ") {
			t.Errorf("%s = %q, want %q", name, got, want)
		}
	}
	check("common", r.Common, []string{"a", "b"})
	check("only new", r.OnlyNew, []string{"only_new"})
	check("only below", r.OnlyBelow, []string{"only_below"})
	var vn, vv, fresh []string
	for _, c := range r.VariantsNew {
		vn = append(vn, c.Variant)
	}
	for _, c := range r.VariantsVanished {
		vv = append(vv, c.Variant)
	}
	for _, c := range r.FromNewScenarios {
		fresh = append(fresh, c.Variant)
	}
	check("variants new", vn, []string{"rate_limit_event"})
	check("variants vanished", vv, []string{"keep_alive"})
	check("from new scenarios", fresh, []string{"system/compact_boundary"})
	check("members new", got(r.MembersNew), []string{"result/success /usage/y 0/2→1/2", "system/init /fresh 0/2→2/2"})
	check("members vanished", got(r.MembersVanished), []string{"system/init /gone 2/2→0/2"})
	check("now always", got(r.NowAlwaysSent), []string{"system/init /sometimes 1/2→2/2"})
	check("no longer always", got(r.NoLongerAlwaysSent), []string{"result/success /old_always 2/2→1/2"})
	if r.MembersNew[0].Always || !r.MembersNew[1].Always {
		t.Errorf("always flags of new members: %+v", r.MembersNew)
	}

	// The same captures on both sides: nothing to report.
	writeCaptures(t, dir, "2.1.6", map[string]string{
		"a": `{"type":"system","subtype":"init","session_id":"s","sometimes":1,"fresh":true}` + "\n" +
			`{"type":"result","subtype":"success","usage":{"x":1,"y":2},"old_always":1}` + "\n",
	})
	if r, err := Compare(dir, "2.1.5", "2.1.6"); err != nil || !r.Empty() {
		t.Errorf("identical captures: %+v, %v; want an empty report", r, err)
	}
	if below, err := RungBelow(dir, "2.1.6"); err != nil || below != "2.1.5" {
		t.Errorf("RungBelow(2.1.6) = %q, %v; want 2.1.5", below, err)
	}
	if below, err := RungBelow(dir, "2.1.0"); err != nil || below != "" {
		t.Errorf("RungBelow(2.1.0) = %q, %v; want none", below, err)
	}

	res := &Result{Version: "2.1.5", Report: r}
	var text, md bytes.Buffer
	res.WriteText(&text)
	res.WriteMarkdown(&md)
	for _, want := range []string{"members new: system/init /fresh (below 0/2, now 2/2, always)", "variant vanished: keep_alive"} {
		if !strings.Contains(text.String(), want) {
			t.Errorf("text report lacks %q:\n%s", want, text.String())
		}
	}
	if !strings.Contains(md.String(), "| `system/init` | `/fresh` | 0/2 | 2/2, always |") {
		t.Errorf("markdown report lacks the new member row:\n%s", md.String())
	}
}

// TestRefused: a run that printed nothing and ended with the command line
// parser's error is not runnable; a run that printed lines, or exited 0,
// is a capture whatever its stderr says.
func TestRefused(t *testing.T) {
	for _, c := range []struct {
		exit, lines int
		stderr      string
		refused     bool
	}{
		{1, 0, "error: unknown option '--include-partial-messages'\n", true},
		{1, 0, "(node:1) Warning: x\nerror: option '--permission-mode <mode>' argument 'plan' is invalid.\n", true},
		{1, 0, "API Error: 400\n", false},
		{1, 0, "--dangerously-skip-permissions cannot be used with root/sudo privileges for security reasons\n", true},
		{1, 0, "Error: expected --dangerously-skip-permissions to be valid JSON\n", false},
		{1, 2, "error: unknown option '--x'\n", false},
		{0, 0, "error: unknown option '--x'\n", false},
	} {
		r := &capture.RegressRun{Stderr: []byte(c.stderr), Meta: &capture.Meta{ExitCode: c.exit, Lines: c.lines}}
		err := refused(r)
		if (err != nil) != c.refused || (err != nil && !errors.Is(err, capture.ErrNotRunnable)) {
			t.Errorf("exit %d, %d lines, stderr %q: %v; want refused=%v", c.exit, c.lines, c.stderr, err, c.refused)
		}
	}
}

// TestSettle: refusals become the not-runnable list (with the stale golden
// removed), other errors are failures, and the entries of scenarios not
// run are kept.
func TestSettle(t *testing.T) {
	dir := t.TempDir()
	writeCaptures(t, dir, "1.0.0", map[string]string{"partial": "{}\n"})
	golden := capture.GoldenPath(dir, "1.0.0", "partial")
	runs := []*capture.RegressRun{
		{Scenario: &capture.Scenario{Name: "ok"}},
		{Scenario: &capture.Scenario{Name: "partial"}, Golden: golden,
			Err: fmt.Errorf("%w: error: unknown option '--include-partial-messages' (exit code 1)", capture.ErrNotRunnable)},
		{Scenario: &capture.Scenario{Name: "broken"}, Err: errors.New("timeout")},
	}
	res := &Result{}
	old := []capture.NotRunnable{{Scenario: "kept", Reason: "r"}, {Scenario: "ok", Reason: "stale"}}
	got := settle(dir, "1.0.0", runs, old, res)
	want := []capture.NotRunnable{{Scenario: "kept", Reason: "r"}, {Scenario: "partial", Reason: "error: unknown option '--include-partial-messages' (exit code 1)"}}
	if len(got) != len(want) || got[0] != want[0] || got[1] != want[1] {
		t.Errorf("not runnable = %+v, want %+v", got, want)
	}
	if strings.Join(res.Captured, ",") != "ok" || len(res.Failed) != 1 || res.Failed[0].Scenario != "broken" {
		t.Errorf("captured %v, failed %+v", res.Captured, res.Failed)
	}
	if _, err := os.Stat(golden); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the refused scenario's golden is still there: %v", err)
	}
	if err := capture.WriteNotRunnable(dir, "1.0.0", got); err != nil {
		t.Fatal(err)
	}
	back, err := capture.ReadNotRunnable(dir, "1.0.0")
	if err != nil || len(back) != 2 || back[1] != want[1] {
		t.Errorf("read back %+v, %v", back, err)
	}
}

// TestPinInstall: Pin writes an exact package.json and keeps the lock npm
// makes; Install stages npm ci and stamps the folder; an existing pin and
// an installed version are kept. npm is a script here that writes what
// the real one would and logs its arguments.
func TestPinInstall(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the fake npm is a shell script")
	}
	dir, cliDir, bin := t.TempDir(), t.TempDir(), t.TempDir()
	log := filepath.Join(bin, "log")
	npm := filepath.Join(bin, "npm")
	script := "#!/bin/sh\necho \"$@\" >> " + log + "\n" +
		"case \"$1\" in install) echo '{\"lockfileVersion\":3}' > package-lock.json;;\n" +
		"ci) mkdir -p node_modules/@anthropic-ai/claude-code && echo x > node_modules/@anthropic-ai/claude-code/cli.js;; esac\n"
	if err := os.WriteFile(npm, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	created, err := Pin(ctx, npm, dir, "2.1.331")
	if err != nil || !created {
		t.Fatalf("Pin: %v, created %v", err, created)
	}
	var m pinManifest
	b, _ := os.ReadFile(filepath.Join(dir, "cli", "2.1.331", "package.json"))
	if err := json.Unmarshal(b, &m); err != nil || m.Dependencies[Package] != "2.1.331" || !m.Private {
		t.Errorf("package.json = %s (%v)", b, err)
	}
	if created, err := Pin(ctx, npm, dir, "2.1.331"); err != nil || created {
		t.Errorf("second Pin: %v, created %v; want the pin kept", err, created)
	}
	if err := Install(ctx, npm, dir, cliDir, "2.1.331"); err != nil {
		t.Fatal(err)
	}
	if err := Install(ctx, npm, dir, cliDir, "2.1.331"); err != nil {
		t.Fatal(err)
	}
	clis, err := capture.FindCLIs(cliDir)
	if err != nil || len(clis) != 1 || clis[0].Version != "2.1.331" {
		t.Errorf("FindCLIs = %+v, %v", clis, err)
	}
	calls, _ := os.ReadFile(log)
	if got := strings.Count(string(calls), "\n"); got != 2 || !strings.Contains(string(calls), "install --package-lock-only --ignore-scripts") ||
		!strings.Contains(string(calls), "ci --ignore-scripts") {
		t.Errorf("npm calls:\n%s; want one install --package-lock-only and one ci", calls)
	}
	entries, _ := os.ReadDir(cliDir)
	if len(entries) != 1 {
		t.Errorf("%s has %d entries; want only the version (no staging folder left)", cliDir, len(entries))
	}
	if _, err := Pin(ctx, npm, dir, "latest"); err == nil {
		t.Error("Pin(latest): no error")
	}
	// npm failing leaves no half pin.
	fail := filepath.Join(bin, "npm-fail")
	os.WriteFile(fail, []byte("#!/bin/sh\necho 'npm error 404 No match found for version 9.9.9' >&2\nexit 1\n"), 0o755)
	if _, err := Pin(ctx, fail, dir, "9.9.9"); err == nil || !strings.Contains(err.Error(), "No match found") {
		t.Errorf("Pin with failing npm: %v; want npm's words", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "cli", "9.9.9")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a failed pin left %s", filepath.Join(dir, "cli", "9.9.9"))
	}
}
