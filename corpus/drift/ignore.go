package drift

import (
	"fmt"
	"os"
	"path"
	"strings"

	"github.com/protocheck/protocheck/internal/report"
)

// An Ignore is one line of a drift ignore file: the changes it leaves out.
type Ignore struct {
	// Rule, Variant and Pointer are globs (path.Match) of a change's rule,
	// variant and pointer; ** in Pointer spans tokens.
	Rule, Variant, Pointer string
}

// ReadIgnores reads a drift ignore file: one entry a line, "RULE VARIANT
// [POINTER]" (globs; ** in the pointer spans tokens; the pointer defaults
// to **), then an optional "# reason"; blank lines and comments are
// skipped. A bad line is an error that names its file and line.
func ReadIgnores(file string) ([]Ignore, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	var out []Ignore
	for n, line := range strings.Split(string(data), "\n") {
		line, _, _ = strings.Cut(line, "#")
		f := strings.Fields(line)
		switch {
		case len(f) == 0:
			continue
		case len(f) > 3:
			return nil, fmt.Errorf("%s:%d: want RULE VARIANT [POINTER]  # reason", file, n+1)
		}
		ig := Ignore{Rule: f[0], Variant: f[1], Pointer: "**"}
		if len(f) == 3 {
			ig.Pointer = f[2]
		}
		for _, g := range []string{ig.Rule, ig.Variant, strings.ReplaceAll(ig.Pointer, "**", "*")} {
			if _, err := path.Match(g, ""); err != nil {
				return nil, fmt.Errorf("%s:%d: %q is not a glob", file, n+1, g)
			}
		}
		out = append(out, ig)
	}
	return out, nil
}

// Ignore leaves out the changes an entry of ignores names, counts the
// rest again by severity, and returns how many it left out.
func (r *DriftReport) Ignore(ignores []Ignore) int {
	kept := r.Changes[:0]
	n := 0
	for _, c := range r.Changes {
		drop := false
		for _, ig := range ignores {
			okRule, _ := path.Match(ig.Rule, c.Rule)
			okVariant, _ := path.Match(ig.Variant, c.Variant)
			if okRule && okVariant && report.MatchGlob(strings.TrimPrefix(ig.Pointer, "/"), strings.TrimPrefix(c.Pointer, "/")) {
				drop = true
				break
			}
		}
		if drop {
			n++
			continue
		}
		kept = append(kept, c)
	}
	r.Changes = kept
	r.Counts = map[string]int{}
	for _, c := range r.Changes {
		r.Counts[c.Severity.String()]++
	}
	return n
}
