package tap

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"
)

// TestOfflineEnvDropsCredentials: an offline CLI (--fake-api) gets none of
// the credentials and provider switches of tap's environment, and keeps
// what a program needs to run and what the SDK sets about itself.
func TestOfflineEnvDropsCredentials(t *testing.T) {
	env := []string{
		"PATH=/bin", "LANG=C.UTF-8", "LC_ALL=C", "TERM=xterm", "HOME=/root", "TMPDIR=/tmp",
		"CLAUDE_CODE_ENTRYPOINT=sdk-ts", "CLAUDE_AGENT_SDK_VERSION=0.1.0",
		"CLAUDE_CODE_OAUTH_TOKEN=t", "ANTHROPIC_AUTH_TOKEN=t", "ANTHROPIC_API_KEY=k", "ANTHROPIC_BASE_URL=https://x",
		"CLAUDE_CODE_USE_BEDROCK=1", "CLAUDE_CODE_USE_VERTEX=1", "AWS_ACCESS_KEY_ID=a", "AWS_SECRET_ACCESS_KEY=s",
		"AWS_SESSION_TOKEN=s", "AWS_PROFILE=p", "GOOGLE_APPLICATION_CREDENTIALS=/k.json", "HTTPS_PROXY=http://p", "NODE_OPTIONS=--require x",
	}
	got := OfflineEnv(env)
	want := []string{"PATH=/bin", "LANG=C.UTF-8", "LC_ALL=C", "TERM=xterm", "TMPDIR=/tmp", "CLAUDE_CODE_ENTRYPOINT=sdk-ts", "CLAUDE_AGENT_SDK_VERSION=0.1.0"}
	if !slices.Equal(got, want) {
		t.Errorf("OfflineEnv = %q, want %q", got, want)
	}
}

// TestRewriteAndAbsorb: with Rewrite, the SDK gets the lines Rewrite
// returns in place of each of the CLI's (changed, or with others after
// it), and the record holds what the SDK got; with Absorb, an SDK line it
// takes is recorded but never reaches the CLI.
func TestRewriteAndAbsorb(t *testing.T) {
	rec := &memRecord{}
	cfg := Config{
		Argv:   []string{"cat"},
		Record: rec,
		Rewrite: func(l []byte) [][]byte {
			if string(l) == "b" {
				return [][]byte{[]byte("B"), []byte("injected")}
			}
			return [][]byte{l}
		},
		Absorb: func(l []byte) bool { return string(l) == "answer" },
	}
	out, res := run(t, cfg, strings.NewReader("a\nanswer\nb\nc"), 20*time.Second)
	if got, want := string(out), "a\nB\ninjected\nc"; got != want {
		t.Errorf("the SDK read %q, want %q", got, want)
	}
	if res.StdinLines != 4 || res.StdoutLines != 4 {
		t.Errorf("lines %d stdin, %d stdout; want 4 each", res.StdinLines, res.StdoutLines)
	}
	var stdout, stdin []string
	for _, l := range rec.lines() {
		var e struct {
			Dir string `json:"dir"`
			Raw string `json:"raw"`
		}
		if err := json.Unmarshal([]byte(l), &e); err != nil {
			t.Fatalf("record line %q: %v", l, err)
		}
		if e.Dir == "stdin" {
			stdin = append(stdin, e.Raw)
		} else {
			stdout = append(stdout, e.Raw)
		}
	}
	if want := []string{"a", "answer", "b", "c"}; !slices.Equal(stdin, want) {
		t.Errorf("the record's stdin lines %q, want %q", stdin, want)
	}
	if want := []string{"a", "B", "injected", "c"}; !slices.Equal(stdout, want) {
		t.Errorf("the record's stdout lines %q, want %q", stdout, want)
	}
}
