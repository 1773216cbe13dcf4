package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/protocheck/protocheck/corpus/argv"
	"github.com/protocheck/protocheck/internal/gen/cliinstall"
	"github.com/protocheck/protocheck/internal/testutil/optional"
	"github.com/protocheck/protocheck/protocol"
)

// TestOptionsFresh reads again the newest installed release of each
// reader (cli.js, native binary) under .cache/cli, --help included, and
// holds the result to its entry in options.json: a change to the reading
// that would change the committed facts fails here rather than at the
// next make optionfacts. Fix: make optionfacts argv-table, and review.
func TestOptionsFresh(t *testing.T) {
	if testing.Short() {
		t.Skip("reads the options of installed CLIs")
	}
	if _, err := exec.LookPath("node"); err != nil {
		optional.Skip(t, "node is not installed")
	}
	root, _ := filepath.Abs(filepath.Join("..", "..", ".."))
	cliDir := filepath.Join(root, ".cache", "cli")
	ents, _ := os.ReadDir(cliDir)
	newest := map[bool]string{} // native binary? -> folder
	for _, e := range ents {
		if _, ok := protocol.ParseVersion(e.Name()); !ok {
			continue
		}
		folder := filepath.Join(cliDir, e.Name())
		if _, err := os.Stat(filepath.Join(folder, ".installed")); err != nil {
			continue
		}
		_, file, _, err := cliinstall.Find(folder)
		if err != nil {
			continue
		}
		native := filepath.Base(file) != "cli.js"
		if old, ok := newest[native]; !ok || protocol.CompareVersions(filepath.Base(old), e.Name()) < 0 {
			newest[native] = folder
		}
	}
	if len(newest) == 0 {
		optional.Skip(t, "no CLI installed under %s (make cli)", cliDir)
	}
	f, err := readFacts(filepath.Join(root, filepath.FromSlash(argv.File)))
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(root, "internal", "gen", "optionfacts", "extract")
	if err := cliinstall.NpmCI(dir); err != nil {
		t.Fatal(err)
	}
	for _, folder := range newest {
		got, err := readRelease(dir, folder, true)
		if err != nil {
			t.Error(err)
			continue
		}
		var want *argv.Release
		for i := range f.Releases {
			if f.Releases[i].CLI == got.CLI {
				want = &f.Releases[i]
			}
		}
		if want == nil {
			t.Errorf("CLI %s is installed but has no entry in %s: run make optionfacts", got.CLI, argv.File)
			continue
		}
		g, _ := json.Marshal(got)
		w, _ := json.Marshal(want)
		if string(g) != string(w) {
			t.Errorf("CLI %s: %s is not what its code reads today (make optionfacts argv-table) (-want +got):\n%s", got.CLI, argv.File, cmp.Diff(*want, got))
		}
	}
}
