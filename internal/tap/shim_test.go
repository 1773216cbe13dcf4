package tap

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/protocheck/protocheck/internal/usage"
)

// TestShim: the shim execs protocheck tap with the baked flags, their
// paths made absolute (a folder's trailing / kept, "-" left alone), then
// the CLI and the SDK's arguments, every word quoted for sh; a CLI that
// is not a file is refused.
func TestShim(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	cli := filepath.Join(dir, "it's claude")
	if err := os.WriteFile(cli, nil, 0o755); err != nil {
		t.Fatal(err)
	}
	if _, err := NewShim(dir, "/p"); !usage.Is(err) {
		t.Errorf("NewShim(a folder): %v, want a *usage.Error", err)
	}
	s, err := NewShim("it's claude", "/bin/protocheck")
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "claude-tapped")
	flags := []string{"--record", "runs/", "--findings=-", "--format", "json"}
	if err := s.Write(out, flags, map[string]string{"record": "runs/", "findings": "-"}); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	want := "exec '/bin/protocheck' tap '--record' '" + filepath.Join(dir, "runs") + "/' '--findings=-' '--format' 'json' -- '" +
		strings.ReplaceAll(cli, "'", `'\''`) + "' \"$@\"\n"
	if !strings.HasPrefix(string(got), "#!/bin/sh\n") || !strings.HasSuffix(string(got), want) {
		t.Errorf("shim:\n%s\nwant it to end with:\n%s", got, want)
	}
	if fi, err := os.Stat(out); err != nil || fi.Mode()&0o111 == 0 {
		t.Errorf("the shim is not executable: %v", err)
	}
}
