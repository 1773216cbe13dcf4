package validate

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestWalkUnreadableFolder: a folder the walk cannot read becomes one
// failed input, and its siblings, before and after it, are still found.
// The folder is made unreadable by hand (readDir), so that the test runs
// as root too.
func TestWalkUnreadableFolder(t *testing.T) {
	dir := t.TempDir()
	for _, f := range []string{"a.jsonl", "locked/x.jsonl", "m/b.jsonl", "z.jsonl"} {
		p := filepath.Join(dir, f)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("{}\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	defer func(old func(string) ([]os.DirEntry, error)) { readDir = old }(readDir)
	readDir = func(name string) ([]os.DirEntry, error) {
		if filepath.Base(name) == "locked" {
			return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrPermission}
		}
		return os.ReadDir(name)
	}
	var got []string
	for _, in := range Inputs([]string{dir}, nil) {
		name := strings.TrimPrefix(filepath.ToSlash(in.Name), filepath.ToSlash(dir)+"/")
		if rc, err := in.Open(); err != nil {
			name += " (fails)"
		} else {
			rc.Close()
		}
		got = append(got, name)
	}
	want := []string{"a.jsonl", "locked (fails)", "m/b.jsonl", "z.jsonl"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Inputs(%s) mismatch (-want +got):\n%s", dir, diff)
	}
}
