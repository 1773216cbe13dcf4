package capture

import (
	"context"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

func TestParseVersionOutput(t *testing.T) {
	tests := []struct {
		out  string
		want string
		ok   bool
	}{
		{"2.1.330 (Claude Code)\n", "2.1.330", true},
		{"2.0.20", "2.0.20", true},
		{"1.0.0-beta.1 (Claude Code)\r\n", "1.0.0-beta.1", true},
		// What 2.0.20 prints when two runs share a HOME and race on its
		// config file: the notice comes first, on stdout.
		{"\nClaude configuration file at /h/.claude.json is corrupted: Unexpected end of JSON input\n\nClaude configuration file at /h/.claude.json is corrupted\nThe corrupted file has been backed up to: /h/.claude.json.corrupted.1\n\n2.0.20 (Claude Code)\n", "2.0.20", true},
		{"Claude Code\n", "", false},
		{"", "", false},
		{"see /cache/cli/2.0.20/cli.js\n", "", false},
	}
	for _, tt := range tests {
		got, ok := parseVersionOutput([]byte(tt.out))
		if got != tt.want || ok != tt.ok {
			t.Errorf("parseVersionOutput(%q) = %q, %v; want %q, %v", tt.out, got, ok, tt.want, tt.ok)
		}
	}
}

// TestCLIVersionPrivateHome runs a stand-in CLI that fails when it is given
// the user's HOME or when HOME already holds a config file, as a HOME shared
// with another run would.
func TestCLIVersionPrivateHome(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("shell script stand-in")
	}
	realHome, _ := os.UserHomeDir()
	script := filepath.Join(t.TempDir(), "claude")
	body := "#!/bin/sh\n" +
		"if [ \"$HOME\" = '" + realHome + "' ] || [ -e \"$HOME/.claude.json\" ]; then echo 'Claude configuration file is shared'; exit 0; fi\n" +
		"echo '{}' > \"$HOME/.claude.json\"\n" +
		"echo '9.8.7 (Claude Code)'\n"
	if err := os.WriteFile(script, []byte(body), 0o755); err != nil {
		t.Fatal(err)
	}
	// A relative path works as well: the CLI runs in the new HOME.
	wd, _ := os.Getwd()
	rel, err := filepath.Rel(wd, script)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{script, rel} {
		v, err := CLIVersion(context.Background(), p, "")
		if err != nil || v != "9.8.7" {
			t.Fatalf("CLIVersion = %q, %v; want 9.8.7", v, err)
		}
	}

	bad := filepath.Join(t.TempDir(), "claude")
	if err := os.WriteFile(bad, []byte("#!/bin/sh\necho 'Claude Code'\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	_, err = CLIVersion(context.Background(), bad, "")
	if err == nil || !strings.Contains(err.Error(), "printed no version") || !strings.Contains(err.Error(), bad) {
		t.Fatalf("CLIVersion of a CLI that prints no version: err = %v", err)
	}
}
