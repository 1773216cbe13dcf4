package conform

import (
	"context"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// installed lays out versions in dir as make cli does.
func installed(t *testing.T, dir string, versions ...string) {
	t.Helper()
	for _, v := range versions {
		p := filepath.Join(dir, v, "node_modules", "@anthropic-ai", "claude-code", "cli.js")
		os.MkdirAll(filepath.Dir(p), 0o755)
		os.WriteFile(p, []byte("#!/bin/sh\n"), 0o755)
	}
}

// fakeNPM is an npm that lists versions (npm view), pins (install
// --package-lock-only: a lock) and installs (ci: the CLI's cli.js), and
// logs each call.
const fakeNPM = `#!/bin/sh
echo "$*" >> "$NPM_LOG"
case "$1" in
view) echo '["2.1.299","2.1.300","2.1.301","2.1.302","2.1.400"]' ;;
install) echo '{}' > package-lock.json ;;
ci) mkdir -p node_modules/@anthropic-ai/claude-code && printf '#!/bin/sh\n' > node_modules/@anthropic-ai/claude-code/cli.js && chmod 755 node_modules/@anthropic-ai/claude-code/cli.js ;;
esac
`

func versionsOf(rs []Release) []string {
	var out []string
	for _, r := range rs {
		out = append(out, r.Version)
	}
	return out
}

func TestResolve(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the fake npm is a shell script")
	}
	ladder, cache := t.TempDir(), t.TempDir()
	installed(t, ladder, "2.1.300", "2.1.302", "2.1.330")
	bin := t.TempDir()
	npm := filepath.Join(bin, "npm")
	os.WriteFile(npm, []byte(fakeNPM), 0o755)
	log := filepath.Join(bin, "log")
	t.Setenv("NPM_LOG", log)
	ctx := context.Background()
	offline := Where{Dirs: []string{ladder}, Cache: cache, Offline: true, NPM: npm}
	online := offline
	online.Offline = false

	for _, c := range []struct {
		name, spec string
		w          Where
		want       []string
		wantErr    string
	}{
		{name: "default: the ladder's rungs", w: offline, want: []string{"2.1.300", "2.1.302", "2.1.330"}},
		{name: "a list, sorted", spec: "2.1.330, 2.1.300", w: offline, want: []string{"2.1.300", "2.1.330"}},
		{name: "a range offline: the installed ones", spec: "2.1.300..2.1.310", w: offline, want: []string{"2.1.300", "2.1.302"}},
		{name: "a release not installed, offline", spec: "2.1.301", w: offline, wantErr: "CLI 2.1.301 is not installed"},
		{name: "a range online: every release npm lists, installed on first use", spec: "2.1.300..2.1.310", w: online, want: []string{"2.1.300", "2.1.301", "2.1.302"}},
		{name: "then cached: offline finds it", spec: "2.1.301", w: offline, want: []string{"2.1.301"}},
		{name: "not a version", spec: "latest", w: offline, wantErr: `"latest" is not a version`},
	} {
		got, err := Resolve(ctx, c.spec, c.w)
		if c.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), c.wantErr) {
				t.Errorf("%s: Resolve(%q) error %v, want %q", c.name, c.spec, err, c.wantErr)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: Resolve(%q): %v", c.name, c.spec, err)
			continue
		}
		if diff := cmp.Diff(c.want, versionsOf(got)); diff != "" {
			t.Errorf("%s: Resolve(%q) mismatch (-want +got):\n%s", c.name, c.spec, diff)
		}
	}
	calls, _ := os.ReadFile(log)
	// 2.1.301 alone was installed: the others were there.
	if n := strings.Count(string(calls), "ci "); n != 1 || !strings.Contains(string(calls), "view @anthropic-ai/claude-code versions --json") {
		t.Errorf("npm was called:\n%s", calls)
	}
}
