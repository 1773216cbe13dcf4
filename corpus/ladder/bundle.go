package ladder

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/protocheck/protocheck/corpus/capture"
	"github.com/protocheck/protocheck/protocol"
)

// BundleFile is the bundle facts (internal/gen/bundlefacts writes it),
// relative to the repository's root: per release, the members its own
// JavaScript writes on each output variant.
const BundleFile = "internal/gen/versionfacts/bundle.json"

// A BundleReport says which members a release's bundle writes that the
// bundle of the release below it in BundleFile does not, and the reverse:
// what the release may send although no capture shows it.
type BundleReport struct {
	Version string `json:"version"`
	// Source names the package and file read ("pkg@version (native
	// binary)"); BelowSource that of the release compared with.
	Source      string `json:"source"`
	Below       string `json:"below"`
	BelowSource string `json:"below_source"`
	// ParseErrors counts the release's modules that could not be read
	// (their members are unknown).
	ParseErrors int            `json:"parse_errors"`
	New         []BundleMember `json:"new"`
	Gone        []BundleMember `json:"gone"`
}

// A BundleMember is a member (or, with an empty Member, a variant) that one
// release's bundle writes and the other's does not.
type BundleMember struct {
	Variant string `json:"variant"`
	Member  string `json:"member"`
	// Modelled says the model has a version fact for it (a member inside
	// one the model takes as any JSON has none: the coverage step judges
	// it); Captured that a capture of the release carries it.
	Modelled bool `json:"modelled"`
	Captured bool `json:"captured"`
}

type bundleRelease struct {
	CLI         string              `json:"cli"`
	Source      string              `json:"source"`
	ParseErrors int                 `json:"parse_errors"`
	Variants    map[string][]string `json:"variants"`
}

// CompareBundles compares the entry of version in the bundle facts at path
// with the entry of the newest older release there; with no entry for
// version it returns nil. dir is the corpus folder, whose captures of
// version say which members a capture shows.
func CompareBundles(path, dir, version string) (*BundleReport, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var f struct {
		Releases []bundleRelease `json:"releases"`
	}
	if err := json.Unmarshal(data, &f); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	var cur, below *bundleRelease
	for i := range f.Releases {
		r := &f.Releases[i]
		switch c := protocol.CompareVersions(r.CLI, version); {
		case c == 0:
			cur = r
		case c < 0 && (below == nil || protocol.CompareVersions(r.CLI, below.CLI) > 0):
			below = r
		}
	}
	if cur == nil {
		return nil, nil
	}
	rep := &BundleReport{Version: version, Source: cur.Source, ParseErrors: cur.ParseErrors, New: []BundleMember{}, Gone: []BundleMember{}}
	old := &bundleRelease{}
	if below != nil {
		old = below
		rep.Below, rep.BelowSource = below.CLI, below.Source
	}
	facts := map[[2]string]bool{}
	for _, fa := range protocol.Facts {
		facts[[2]string{fa.Variant, fa.Member}] = true
	}
	names, err := capture.CapturedScenarios(dir, version)
	if err != nil {
		return nil, err
	}
	survey, err := capture.SurveyCaptures(dir, version, names)
	if err != nil {
		return nil, err
	}
	captured := func(variant, member string) bool {
		vs := survey.Variants[strings.Replace(variant, ".", "/", 1)]
		if vs == nil {
			return false
		}
		return member == "" || vs.Members[member] != nil
	}
	diff := func(a, b *bundleRelease) []BundleMember {
		out := []BundleMember{}
		for _, v := range slices.Sorted(maps.Keys(a.Variants)) {
			have, ok := b.Variants[v]
			if !ok {
				out = append(out, BundleMember{Variant: v, Modelled: facts[[2]string{v, ""}], Captured: captured(v, "")})
			}
			for _, m := range a.Variants[v] {
				if !slices.Contains(have, m) {
					out = append(out, BundleMember{Variant: v, Member: m, Modelled: facts[[2]string{v, m}], Captured: captured(v, m)})
				}
			}
		}
		return out
	}
	if below != nil {
		rep.New = diff(cur, old)
		rep.Gone = diff(old, cur)
	}
	return rep, nil
}

// bundlePath returns the bundle facts' path under root.
func bundlePath(root string) string { return filepath.Join(root, filepath.FromSlash(BundleFile)) }
