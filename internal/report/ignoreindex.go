package report

import "strings"

// ignoreIndex finds the ignores that drop a finding without trying each:
// the ignores of a rule are found once per rule ID, and each glob is filed
// under a piece of literal text every name it matches must hold, so that
// a file name is matched only against the globs that can match it:
//   - its literal prefix (up to its first *, ?, [ or \), which the name
//     starts with;
//   - one of its segments that is all literal ("**/legacy/*.jsonl":
//     "legacy"), which must be one of the name's segments;
//   - the literal end of its last segment ("**/*.jsonl": ".jsonl", up to
//     maxKey bytes of it), which the name ends with;
//   - up to maxKey bytes of a literal run in one of its segments, which
//     the name holds somewhere;
//
// of these, the one the fewest other globs share.
//
// Only a glob with no literal character outside ** and brackets ("*/*",
// "[ab]*") is tried on every name; the same glob given twice is kept once.
// Thousands of --ignore entries cost a few map lookups a finding (some
// maxKey lookups a byte of the name), not a match against each of them.
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
	bySegment  map[string][]string // by a segment that is all literal
	bySuffix   map[string][]string // by the literal end of the last segment
	byRun      map[string][]string // by a literal run of a segment
	suffixLens []int               // the lengths of bySuffix's keys
	runLens    []int               // the lengths of byRun's keys
	rest       []string            // the globs with no literal text
}

// maxKey bounds the length of the keys of bySuffix and byRun: a name is
// looked up at each of its bytes once for each key length.
const maxKey = 8

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
		ri = newRuleIgnores(ignores, rule)
		x.byRule[rule] = ri
	}
	m := ri.everywhere || ri.matches(file)
	if len(x.seen) >= seenMax {
		clear(x.seen)
	}
	x.seen[k] = m
	return m
}

func newRuleIgnores(ignores []Ignore, rule string) *ruleIgnores {
	ri := &ruleIgnores{byPrefix: map[string][]string{}, bySegment: map[string][]string{}, bySuffix: map[string][]string{}, byRun: map[string][]string{}}
	seen := map[string]bool{}
	var globs []string
	for _, ig := range ignores {
		if !ig.matchesRule(rule) {
			continue
		}
		if ig.Glob == "" {
			ri.everywhere = true
			continue
		}
		if !seen[ig.Glob] {
			seen[ig.Glob] = true
			globs = append(globs, ig.Glob)
		}
	}
	// Each glob goes under the key it shares with the fewest others, so
	// that a text most of them hold (".jsonl", "sessions/") is not the
	// one key of them all.
	cands := make([][]indexKey, len(globs))
	count := map[indexKey]int{}
	for i, g := range globs {
		cands[i] = keysOf(g)
		for _, k := range cands[i] {
			count[k]++
		}
	}
	for i, g := range globs {
		if len(cands[i]) == 0 {
			ri.rest = append(ri.rest, g)
			continue
		}
		best := cands[i][0]
		for _, k := range cands[i][1:] {
			if count[k] < count[best] {
				best = k
			}
		}
		ri.add(best, g)
	}
	return ri
}

// An indexKey is a text every name a glob matches holds, and where.
type indexKey struct {
	kind int // keyPrefix, keySegment, keySuffix or keyRun
	text string
}

const (
	keyPrefix = iota
	keySegment
	keySuffix
	keyRun
)

// keysOf lists the keys a glob can be filed under (see ignoreIndex),
// each once.
func keysOf(g string) []indexKey {
	var keys []indexKey
	have := map[indexKey]bool{}
	addKey := func(k indexKey) {
		if k.text != "" && !have[k] {
			have[k] = true
			keys = append(keys, k)
		}
	}
	addKey(indexKey{keyPrefix, literalPrefix(g)})
	segs := strings.Split(g, "/")
	for i, seg := range segs {
		if seg == "**" {
			continue
		}
		if literalPrefix(seg) == seg {
			addKey(indexKey{keySegment, seg})
			continue
		}
		runs := literalRuns(seg)
		for _, r := range runs {
			addKey(indexKey{keyRun, seg[r.start:min(r.end, r.start+maxKey)]})
		}
		if i == len(segs)-1 && len(runs) > 0 && runs[len(runs)-1].end == len(seg) {
			r := runs[len(runs)-1]
			addKey(indexKey{keySuffix, seg[max(r.start, r.end-maxKey):r.end]})
		}
	}
	return keys
}

// add files glob g under key k.
func (ri *ruleIgnores) add(k indexKey, g string) {
	switch k.kind {
	case keyPrefix:
		ri.byPrefix[k.text] = append(ri.byPrefix[k.text], g)
		ri.longest = max(ri.longest, len(k.text))
	case keySegment:
		ri.bySegment[k.text] = append(ri.bySegment[k.text], g)
	case keySuffix:
		ri.bySuffix[k.text] = append(ri.bySuffix[k.text], g)
		ri.suffixLens = addLen(ri.suffixLens, len(k.text))
	default:
		ri.byRun[k.text] = append(ri.byRun[k.text], g)
		ri.runLens = addLen(ri.runLens, len(k.text))
	}
}

func addLen(lens []int, n int) []int {
	for _, l := range lens {
		if l == n {
			return lens
		}
	}
	return append(lens, n)
}

// matches reports whether one of the globs matches file.
func (ri *ruleIgnores) matches(file string) bool {
	try := func(globs []string) bool {
		for _, g := range globs {
			if MatchGlob(g, file) {
				return true
			}
		}
		return false
	}
	for i := 0; i <= min(len(file), ri.longest); i++ {
		if try(ri.byPrefix[file[:i]]) {
			return true
		}
	}
	if len(ri.bySegment) > 0 {
		for seg := range strings.SplitSeq(file, "/") {
			if try(ri.bySegment[seg]) {
				return true
			}
		}
	}
	for _, n := range ri.suffixLens {
		if n <= len(file) && try(ri.bySuffix[file[len(file)-n:]]) {
			return true
		}
	}
	for _, n := range ri.runLens {
		for i := 0; i+n <= len(file); i++ {
			if try(ri.byRun[file[i:i+n]]) {
				return true
			}
		}
	}
	return try(ri.rest)
}

// A litRun is a part of a string, [start, end).
type litRun struct{ start, end int }

// literalRuns returns the runs of a path.Match pattern's literal
// characters: outside brackets, with no *, ? or \ (an escaped character
// ends a run, which is never wrong: a shorter run is still in the name).
func literalRuns(seg string) []litRun {
	var runs []litRun
	start := 0
	flush := func(end int) {
		if end > start {
			runs = append(runs, litRun{start, end})
		}
	}
	for i := 0; i < len(seg); i++ {
		switch seg[i] {
		case '*', '?', '\\':
			flush(i)
			if seg[i] == '\\' {
				i++
			}
			start = i + 1
		case '[':
			flush(i)
			// Skip the class: up to the first ] after its first character
			// (and after an escape's).
			j := i + 1
			if j < len(seg) && seg[j] == '^' {
				j++
			}
			for j++; j < len(seg) && seg[j] != ']'; j++ {
				if seg[j] == '\\' {
					j++
				}
			}
			i = j
			start = i + 1
		}
	}
	flush(len(seg))
	return runs
}
