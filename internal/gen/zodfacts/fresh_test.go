package main

import (
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/protocheck/protocheck/internal/gen/cliinstall"
	"github.com/protocheck/protocheck/internal/testutil/optional"
)

// TestZodFresh reads again the newest installed release of each kind
// (cli.js, native binary; every installed one with PROTOCHECK_ZOD_FRESH=all)
// and holds it to its entry in zod.json: a change to the extractor that
// would change the committed facts fails here. Fix: make zodfacts evidence
// versionfacts schemas zod-docs, and review what moves.
func TestZodFresh(t *testing.T) {
	if testing.Short() {
		t.Skip("reads the bundles of installed CLIs")
	}
	dir := needNode(t)
	cliDir := filepath.Join(root, ".cache", "cli")
	folders, errs := cliinstall.Fresh(cliDir, os.Getenv("PROTOCHECK_ZOD_FRESH") == "all")
	for _, err := range errs {
		t.Error(err)
	}
	if len(folders) == 0 {
		optional.Skip(t, "no CLI installed under %s (make cli)", cliDir)
	}
	f, err := readFile(filepath.Join(root, "internal", "gen", "versionfacts", "zod.json"))
	if err != nil {
		t.Fatal(err)
	}
	committed := map[string]Release{}
	for _, r := range f.Releases {
		committed[r.CLI] = r
	}
	for _, folder := range folders {
		cli, file, source, err := cliinstall.Find(folder)
		if err != nil {
			t.Error(err)
			continue
		}
		want, ok := committed[cli]
		if !ok {
			t.Errorf("CLI %s is installed but has no entry in zod.json: run make zodfacts", cli)
			continue
		}
		got, err := extract(dir, file)
		if err != nil {
			t.Errorf("CLI %s: %v", cli, err)
			continue
		}
		got.CLI, got.Source = cli, source
		if !reflect.DeepEqual(normal(got), normal(want)) {
			t.Errorf("CLI %s: zod.json is not what the bundle reads today (make zodfacts):\n%s", cli, diffZod(want, got))
		}
	}
}

// normal round-trips r through zod.json's encoding (values decode as
// float64, empty maps as nil).
func normal(r Release) Release {
	data, err := encode(&File{Releases: []Release{r}})
	if err != nil {
		return r
	}
	path := filepath.Join(os.TempDir(), fmt.Sprintf("zodfresh-%d.json", os.Getpid()))
	defer os.Remove(path)
	if os.WriteFile(path, data, 0o644) != nil {
		return r
	}
	f, err := readFile(path)
	if err != nil || len(f.Releases) != 1 {
		return r
	}
	return f.Releases[0]
}

func diffZod(was, now Release) string {
	var b strings.Builder
	names := map[string]bool{}
	for k := range was.Variants {
		names[k] = true
	}
	for k := range now.Variants {
		names[k] = true
	}
	for _, name := range slices.Sorted(maps.Keys(names)) {
		o, c := was.Variants[name], now.Variants[name]
		for _, p := range slices.Sorted(maps.Keys(c)) {
			if x, ok := o[p]; !ok {
				fmt.Fprintf(&b, "  %s %s: now read\n", name, p)
			} else if !reflect.DeepEqual(normalFact(x), normalFact(c[p])) {
				fmt.Fprintf(&b, "  %s %s: %+v, now %+v\n", name, p, x, c[p])
			}
		}
		for _, p := range slices.Sorted(maps.Keys(o)) {
			if _, ok := c[p]; !ok {
				fmt.Fprintf(&b, "  %s %s: no longer read\n", name, p)
			}
		}
	}
	if b.Len() == 0 {
		fmt.Fprintf(&b, "  (counts differ: schemas %d/%d, unresolved %d/%d, modules %d/%d)\n", was.Schemas, now.Schemas, was.Unresolved, now.Unresolved, was.Modules, now.Modules)
	}
	return b.String()
}

func normalFact(f Fact) string { return fmt.Sprintf("%+v", f) }
