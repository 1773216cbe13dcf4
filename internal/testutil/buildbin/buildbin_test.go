package buildbin

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestBuild: the binary runs, and the cleanup removes its folder; a root
// that is not a checkout is an error naming the build, with nothing left.
func TestBuild(t *testing.T) {
	bin, cleanup, err := Build(filepath.Join("..", "..", ".."), "protocheck-buildbin-")
	if err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(bin, "version").CombinedOutput()
	if err != nil || !strings.Contains(string(out), "protocheck") {
		t.Errorf("protocheck version: %v\n%s", err, out)
	}
	cleanup()
	if _, err := os.Stat(filepath.Dir(bin)); !os.IsNotExist(err) {
		t.Errorf("the folder %s is still there after cleanup (%v)", filepath.Dir(bin), err)
	}

	before, _ := filepath.Glob(filepath.Join(os.TempDir(), "protocheck-buildbin-bad-*"))
	if _, _, err := Build(t.TempDir(), "protocheck-buildbin-bad-"); err == nil || !strings.Contains(err.Error(), "building protocheck") {
		t.Errorf("Build outside a checkout: %v, want an error naming the build", err)
	}
	if after, _ := filepath.Glob(filepath.Join(os.TempDir(), "protocheck-buildbin-bad-*")); len(after) != len(before) {
		t.Errorf("a failed build left a folder: %v", after)
	}
}
