package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/protocheck/protocheck/internal/gen/cliinstall"
	"github.com/protocheck/protocheck/internal/testutil/optional"
)

// TestBundleFresh reads again installed releases under .cache/cli (make
// cli: under CI, the rungs make regress captures) and holds each result to
// its entry in bundle.json: a change to the extraction, or to the wire model
// that steers it, that would change the committed facts fails here rather
// than at the next make bundlefacts. By default it reads the newest
// installed release of each reader (cli.js, native binary); with
// PROTOCHECK_BUNDLE_FRESH=all it reads every installed one (minutes). Fix:
// make bundlefacts versionfacts schemas coverage, and review the windows
// that move.
func TestBundleFresh(t *testing.T) {
	if testing.Short() {
		t.Skip("reads the bundles of installed CLIs")
	}
	needNode(t)
	cliDir := filepath.Join(root, ".cache", "cli")
	folders, errs := cliinstall.Fresh(cliDir, os.Getenv("PROTOCHECK_BUNDLE_FRESH") == "all")
	for _, err := range errs {
		t.Error(err)
	}
	if len(folders) == 0 {
		optional.Skip(t, "no CLI installed under %s (make cli)", cliDir)
	}
	f, err := readFile(filepath.Join(root, "internal", "gen", "versionfacts", "bundle.json"))
	if err != nil {
		t.Fatal(err)
	}
	committed := map[string]Release{}
	for _, r := range f.Releases {
		committed[r.CLI] = r
	}
	spec := filepath.Join(t.TempDir(), "spec.json")
	dir, err := prepare(root, spec)
	if err != nil {
		t.Fatal(err)
	}
	for _, folder := range folders {
		cli, file, source, err := cliinstall.Find(folder)
		if err != nil {
			t.Error(err)
			continue
		}
		want, ok := committed[cli]
		if !ok {
			t.Errorf("CLI %s is installed but has no entry in bundle.json: run make bundlefacts", cli)
			continue
		}
		got, err := extract(dir, spec, file)
		if err != nil {
			t.Errorf("CLI %s: %v", cli, err)
			continue
		}
		got.CLI, got.Source = cli, source
		g, _ := json.MarshalIndent(got, "", " ")
		w, _ := json.MarshalIndent(want, "", " ")
		if !bytes.Equal(g, w) {
			t.Errorf("CLI %s: bundle.json is not what the bundle reads today (make bundlefacts):\n%s", cli, diffReleases(want, got))
		}
	}
}

// diffReleases names what differs between two readings of one release.
func diffReleases(was, now Release) string {
	var b bytes.Buffer
	if was.Source != now.Source {
		fmt.Fprintf(&b, "  source %q, now %q\n", was.Source, now.Source)
	}
	for _, name := range slices.Sorted(maps.Keys(joinKeys(was.Variants, now.Variants))) {
		old, cur := was.Variants[name], now.Variants[name]
		for _, m := range cur {
			if !slices.Contains(old, m) {
				fmt.Fprintf(&b, "  %s %s: now read\n", name, m)
			}
		}
		for _, m := range old {
			if !slices.Contains(cur, m) {
				fmt.Fprintf(&b, "  %s %s: no longer read\n", name, m)
			}
		}
	}
	counts := func(what string, x, y map[string]int) {
		for _, name := range slices.Sorted(maps.Keys(joinKeys(x, y))) {
			if x[name] != y[name] {
				fmt.Fprintf(&b, "  %s %s: %d, now %d\n", what, name, x[name], y[name])
			}
		}
	}
	counts("matches", was.Matches, now.Matches)
	counts("rejected", was.Rejected, now.Rejected)
	counts("unknown", was.Unknown, now.Unknown)
	if b.Len() == 0 {
		b.WriteString("  (modules, parse errors or unresolved differ)\n")
	}
	return b.String()
}

func joinKeys[V any](x, y map[string]V) map[string]bool {
	out := map[string]bool{}
	for k := range x {
		out[k] = true
	}
	for k := range y {
		out[k] = true
	}
	return out
}
