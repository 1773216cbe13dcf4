package capture

import (
	"slices"

	"github.com/protocheck/protocheck/internal/usage"
)

// SelectCLIs returns the pinned CLIs under dir (FindCLIs) of the versions
// named, in that order; with none named, all of them, or with newest only
// the newest. A version that is not installed is a *usage.Error.
func SelectCLIs(dir string, versions []string, newest bool) ([]PinnedCLI, error) {
	clis, err := FindCLIs(dir)
	if err != nil {
		return nil, err
	}
	if len(versions) == 0 {
		if newest {
			return clis[len(clis)-1:], nil
		}
		return clis, nil
	}
	var sel []PinnedCLI
	for _, v := range versions {
		i := slices.IndexFunc(clis, func(c PinnedCLI) bool { return c.Version == v })
		if i < 0 {
			return nil, usage.Errorf("--cli-version %s: not installed under %s", v, dir)
		}
		sel = append(sel, clis[i])
	}
	return sel, nil
}
