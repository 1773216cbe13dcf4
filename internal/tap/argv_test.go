package tap

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/protocheck/protocheck/corpus/argv"
	"github.com/protocheck/protocheck/validate"
)

// TestCheckArgv: the argv a session starts with is checked against the
// release's options; an unknown option is an error at the session's start
// (line 0), and the release is read from the package.json beside the CLI.
func TestCheckArgv(t *testing.T) {
	dir := t.TempDir()
	cli := filepath.Join(dir, "claude")
	if err := os.WriteFile(cli, []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "package.json"), []byte(`{"name":"@anthropic-ai/claude-code-linux-x64","version":"2.1.112"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	args := []string{cli, "--output-format", "stream-json", "--input-format", "stream-json", "--permission-prompt-tool-name", "Edit"}
	a, fs := CheckArgv("s.jsonl", "", args)
	if a.Version != "2.1.112" || a.VersionFrom != "package.json" {
		t.Errorf("CheckArgv: version %q from %q, want 2.1.112 from package.json", a.Version, a.VersionFrom)
	}
	if len(fs) != 1 || fs[0].Rule != argv.RuleUnknown || fs[0].Line != 0 || fs[0].Severity != validate.Error || a.Result.Starts {
		t.Fatalf("CheckArgv = %+v (starts %v), want one error %s at line 0", fs, a.Result.Starts, argv.RuleUnknown)
	}
	a, fs = CheckArgv("s.jsonl", "2.1.331", args[:5])
	if len(fs) != 0 || !a.Result.Starts || a.VersionFrom != "--cli-version" {
		t.Errorf("CheckArgv of a good argv = %+v, %+v; want no finding", a, fs)
	}
	// An Agent SDK's package.json names its own version: not the CLI's.
	sdk := filepath.Join(t.TempDir(), "cli.js")
	os.WriteFile(sdk, nil, 0o644)                                                                                                                  //nolint:errcheck
	os.WriteFile(filepath.Join(filepath.Dir(sdk), "package.json"), []byte(`{"name":"@anthropic-ai/claude-agent-sdk","version":"0.3.330"}`), 0o644) //nolint:errcheck
	if a, _ := CheckArgv("s.jsonl", "", []string{"node", sdk, "-p"}); a.VersionFrom != "none" {
		t.Errorf("CheckArgv beside an SDK's package.json: version %q from %q, want none", a.Version, a.VersionFrom)
	}
	// The Agent SDK's platform package (2.1.330's install): the SDK beside
	// it names the CLI.
	nm := t.TempDir()
	plat, sdkDir := filepath.Join(nm, "claude-agent-sdk-linux-x64"), filepath.Join(nm, "claude-agent-sdk")
	for _, d := range []string{plat, sdkDir} {
		os.MkdirAll(d, 0o755) //nolint:errcheck
	}
	os.WriteFile(filepath.Join(plat, "claude"), nil, 0o755)                                                                                                           //nolint:errcheck
	os.WriteFile(filepath.Join(plat, "package.json"), []byte(`{"name":"@anthropic-ai/claude-agent-sdk-linux-x64","version":"0.3.330"}`), 0o644)                       //nolint:errcheck
	os.WriteFile(filepath.Join(sdkDir, "package.json"), []byte(`{"name":"@anthropic-ai/claude-agent-sdk","version":"0.3.330","claudeCodeVersion":"2.1.330"}`), 0o644) //nolint:errcheck
	if a, _ := CheckArgv("s.jsonl", "", []string{filepath.Join(plat, "claude"), "-p"}); a.Version != "2.1.330" {
		t.Errorf("CheckArgv of the Agent SDK's platform binary: version %q from %q, want 2.1.330", a.Version, a.VersionFrom)
	}
	a, _ = CheckArgv("s.jsonl", "", []string{filepath.Join(dir, "none"), "-p"})
	if a.VersionFrom != "none" || a.Version == "" {
		t.Errorf("CheckArgv with no package.json: version %q from %q, want the newest known from none", a.Version, a.VersionFrom)
	}
}
