package capture

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/protocheck/protocheck/internal/usage"
)

// TestSelectCLIs: the versions named, in their order; with none, all or
// the newest; a version not installed is a *usage.Error naming it.
func TestSelectCLIs(t *testing.T) {
	dir := t.TempDir()
	for _, v := range []string{"2.0.20", "2.1.330", "1.0.0"} {
		p := filepath.Join(dir, v, "node_modules", "@anthropic-ai", "claude-code", "cli.js")
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	versions := func(clis []PinnedCLI) string {
		var vs []string
		for _, c := range clis {
			vs = append(vs, c.Version)
		}
		return strings.Join(vs, " ")
	}
	for _, tt := range []struct {
		names  []string
		newest bool
		want   string
	}{
		{nil, false, "1.0.0 2.0.20 2.1.330"},
		{nil, true, "2.1.330"},
		{[]string{"2.1.330", "1.0.0"}, true, "2.1.330 1.0.0"},
	} {
		got, err := SelectCLIs(dir, tt.names, tt.newest)
		if err != nil || versions(got) != tt.want {
			t.Errorf("SelectCLIs(%v, %v) = %s, %v; want %s", tt.names, tt.newest, versions(got), err, tt.want)
		}
	}
	_, err := SelectCLIs(dir, []string{"9.9.9"}, false)
	if _, ok := errors.AsType[*usage.Error](err); !ok || !strings.Contains(err.Error(), "--cli-version 9.9.9: not installed under ") {
		t.Errorf("SelectCLIs of a version not installed = %v", err)
	}
}

// TestNormalizeOptionsCheck: the bounds must be positive, and --write
// needs files.
func TestNormalizeOptionsCheck(t *testing.T) {
	good := NormalizeOptions{MaxLineBytes: 1, MaxDepth: 1}
	if err := good.Check([]string{"-"}); err != nil {
		t.Errorf("Check of good options = %v", err)
	}
	write := NormalizeOptions{MaxLineBytes: 1, MaxDepth: 1, Write: true}
	for _, err := range []error{(NormalizeOptions{MaxDepth: 1}).Check(nil), write.Check([]string{"a", "-"})} {
		if _, ok := errors.AsType[*usage.Error](err); !ok {
			t.Errorf("Check = %v, want a *usage.Error", err)
		}
	}
}
