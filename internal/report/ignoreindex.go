package report

import "strings"

// ignoreIndex finds the ignores that drop a finding without trying each:
// the ignores of a rule are found once per rule ID, and those with a glob
// are grouped by the glob's literal prefix (up to its first *, ?, [ or
// \), so that a file name is matched only against the globs that can
// match it. Thousands of --ignore entries cost a few map lookups a
// finding, not a match against each of them.
type ignoreIndex struct {
	built  int // len(Filter.Ignores) it was built from
	byRule map[string]*ruleIgnores
	// seen remembers the answer for a rule and file, the common case
	// being many findings of few rules in each file; it is emptied when
	// it grows past seenMax.
	seen map[ruleFile]bool
}

type ruleFile struct{ rule, file string }

const seenMax = 1 << 16

// ruleIgnores are the ignores whose rule pattern matches one rule ID.
type ruleIgnores struct {
	everywhere bool                // one has no glob
	byPrefix   map[string][]string // the globs, by their literal prefix
	longest    int                 // the longest prefix
}

func newIgnoreIndex(n int) *ignoreIndex {
	return &ignoreIndex{built: n, byRule: map[string]*ruleIgnores{}, seen: map[ruleFile]bool{}}
}

// literalPrefix is the part of a glob before its first metacharacter.
func literalPrefix(glob string) string {
	if i := strings.IndexAny(glob, `*?[\`); i >= 0 {
		return glob[:i]
	}
	return glob
}

// matches reports whether one of ignores drops a finding of rule in file
// (a name as normPath writes it).
func (x *ignoreIndex) matches(ignores []Ignore, rule, file string) bool {
	k := ruleFile{rule, file}
	if m, ok := x.seen[k]; ok {
		return m
	}
	ri := x.byRule[rule]
	if ri == nil {
		ri = &ruleIgnores{byPrefix: map[string][]string{}}
		for _, ig := range ignores {
			if !ig.matchesRule(rule) {
				continue
			}
			if ig.Glob == "" {
				ri.everywhere = true
				continue
			}
			p := literalPrefix(ig.Glob)
			ri.byPrefix[p] = append(ri.byPrefix[p], ig.Glob)
			ri.longest = max(ri.longest, len(p))
		}
		x.byRule[rule] = ri
	}
	m := ri.everywhere
	for i := 0; !m && i <= min(len(file), ri.longest); i++ {
		for _, g := range ri.byPrefix[file[:i]] {
			if MatchGlob(g, file) {
				m = true
				break
			}
		}
	}
	if len(x.seen) >= seenMax {
		clear(x.seen)
	}
	x.seen[k] = m
	return m
}
