package conform

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"

	"github.com/protocheck/protocheck/corpus/capture"
	"github.com/protocheck/protocheck/corpus/ladder"
	"github.com/protocheck/protocheck/protocol"
)

// A Release is one CLI release to run: its version and its executable.
type Release struct {
	Version string `json:"version"`
	Path    string `json:"path"`
}

// Where says where releases are found and installed.
type Where struct {
	// Dirs are folders of installed releases, one folder per version (as
	// make cli lays them out), searched in order; the first is the
	// ladder's (.cache/cli).
	Dirs []string
	// Cache is the folder releases not installed are installed into, from
	// npm, on first use: Cache/cli/<version>, pinned under Cache/pins.
	Cache string
	// Offline refuses to install (or to ask npm which releases exist).
	Offline bool
	// NPM is the npm executable (default "npm" on PATH).
	NPM string
}

// installed returns the releases installed in the folders, newest path
// first for a version installed twice.
func (w Where) installed() map[string]string {
	out := map[string]string{}
	dirs := append(slices.Clone(w.Dirs), filepath.Join(w.Cache, "cli"))
	for _, d := range dirs {
		if d == "" {
			continue
		}
		clis, _ := capture.FindCLIs(d)
		for _, c := range clis {
			if _, ok := out[c.Version]; !ok {
				out[c.Version] = c.Path
			}
		}
	}
	return out
}

// Resolve turns --cli into releases, installing those missing: "" is every
// release installed in the first of Dirs (the ladder's rungs); a list
// "2.1.330,2.1.331" names each; a range "2.1.300..2.1.332" is every
// release from one to the other, inclusive, that npm lists (offline: that
// is installed).
func Resolve(ctx context.Context, spec string, w Where) ([]Release, error) {
	have := w.installed()
	var versions []string
	switch {
	case strings.TrimSpace(spec) == "":
		if len(w.Dirs) == 0 {
			return nil, fmt.Errorf("no --cli given and no folder of installed releases")
		}
		clis, err := capture.FindCLIs(w.Dirs[0])
		if err != nil {
			return nil, fmt.Errorf("no --cli given, and the ladder's rungs are not installed: %w", err)
		}
		for _, c := range clis {
			versions = append(versions, c.Version)
		}
	case strings.Contains(spec, ".."):
		lo, hi, _ := strings.Cut(spec, "..")
		lo, hi = strings.TrimSpace(lo), strings.TrimSpace(hi)
		if !validVersion(lo) || !validVersion(hi) || protocol.CompareVersions(lo, hi) > 0 {
			return nil, fmt.Errorf("--cli %q: want a range LOW..HIGH of versions such as 2.1.300..2.1.332", spec)
		}
		var known []string // the releases npm lists; offline, the installed ones
		for v := range have {
			known = append(known, v)
		}
		if !w.Offline {
			listed, err := npmVersions(ctx, w.npm())
			if err != nil {
				return nil, fmt.Errorf("--cli %s: asking npm which releases exist: %w (--offline runs the installed ones)", spec, err)
			}
			known = append(known, listed...)
		}
		for _, v := range known {
			if protocol.CompareVersions(v, lo) >= 0 && protocol.CompareVersions(v, hi) <= 0 && !slices.Contains(versions, v) {
				versions = append(versions, v)
			}
		}
	default:
		for _, v := range strings.Split(spec, ",") {
			v = strings.TrimSpace(v)
			if !validVersion(v) {
				return nil, fmt.Errorf("--cli %q: %q is not a version such as 2.1.330", spec, v)
			}
			if !slices.Contains(versions, v) {
				versions = append(versions, v)
			}
		}
	}
	slices.SortFunc(versions, protocol.CompareVersions)
	var out []Release
	for _, v := range versions {
		p, ok := have[v]
		if !ok {
			var err error
			if p, err = w.install(ctx, v); err != nil {
				return nil, err
			}
		}
		out = append(out, Release{Version: v, Path: p})
	}
	return out, nil
}

func validVersion(v string) bool {
	p, ok := protocol.ParseVersion(v)
	return ok && len(p) == 3
}

func (w Where) npm() string {
	if w.NPM != "" {
		return w.NPM
	}
	return "npm"
}

// install installs release v into the cache from npm.
func (w Where) install(ctx context.Context, v string) (string, error) {
	if w.Offline {
		return "", fmt.Errorf("CLI %s is not installed (in %s or %s), and --offline forbids installing it: run once without --offline, or install it there",
			v, strings.Join(w.Dirs, ", "), filepath.Join(w.Cache, "cli"))
	}
	if w.Cache == "" {
		return "", fmt.Errorf("CLI %s is not installed and there is no cache folder to install it into", v)
	}
	pins := filepath.Join(w.Cache, "pins")
	if _, err := ladder.Pin(ctx, w.npm(), pins, v); err != nil {
		return "", fmt.Errorf("installing CLI %s from npm: %w", v, err)
	}
	cli := filepath.Join(w.Cache, "cli")
	if err := ladder.Install(ctx, w.npm(), pins, cli, v); err != nil {
		return "", fmt.Errorf("installing CLI %s from npm: %w", v, err)
	}
	clis, err := capture.FindCLIs(cli)
	if err != nil {
		return "", err
	}
	for _, c := range clis {
		if c.Version == v {
			return c.Path, nil
		}
	}
	return "", fmt.Errorf("CLI %s was installed into %s, but no executable was found there", v, filepath.Join(cli, v))
}

// npmVersions asks npm for the versions of the CLI's package.
func npmVersions(ctx context.Context, npm string) ([]string, error) {
	out, err := exec.CommandContext(ctx, npm, "view", ladder.Package, "versions", "--json").Output()
	if err != nil {
		return nil, err
	}
	var vs []string
	if err := json.Unmarshal(out, &vs); err != nil {
		return nil, fmt.Errorf("npm view %s versions: %w", ladder.Package, err)
	}
	return vs, nil
}

// DefaultCache is where releases not installed are installed: the user's
// cache folder, protocheck/conform.
func DefaultCache() string {
	d, err := os.UserCacheDir()
	if err != nil {
		return filepath.Join(os.TempDir(), "protocheck-conform-cache")
	}
	return filepath.Join(d, "protocheck", "conform")
}
