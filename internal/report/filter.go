package report

import (
	"fmt"
	"path"
	"strings"

	"github.com/protocheck/protocheck/validate"
)

// An Ignore drops the findings of matching rules in matching files:
// --ignore RULE[:GLOB].
type Ignore struct {
	// Rule is a rule ID or a path.Match pattern of rule IDs ("schema/*").
	Rule string
	// Glob, when not "", matches the file's path as given on the command
	// line, with slashes: path.Match per segment, and ** for any number of
	// segments ("legacy/**", "**/*.jsonl.gz").
	Glob string
}

// ParseIgnore parses "RULE" or "RULE:GLOB". The rule must name, or its
// pattern match, one of the rule IDs given.
func ParseIgnore(s string, ruleIDs []string) (Ignore, error) {
	rule, glob, _ := strings.Cut(s, ":")
	if _, err := path.Match(rule, ""); err != nil || rule == "" {
		return Ignore{}, fmt.Errorf("%q: bad rule pattern", s)
	}
	if _, err := path.Match(strings.ReplaceAll(glob, "**", "*"), ""); err != nil {
		return Ignore{}, fmt.Errorf("%q: bad path glob", s)
	}
	known := false
	for _, id := range ruleIDs {
		if ok, _ := path.Match(rule, id); ok {
			known = true
			break
		}
	}
	if !known {
		return Ignore{}, fmt.Errorf("%q: no rule is %s (protocheck rules lists them)", s, rule)
	}
	return Ignore{Rule: rule, Glob: glob}, nil
}

// Matches reports whether the ignore drops the finding.
func (ig Ignore) Matches(f validate.Finding) bool {
	if !ig.matchesRule(f.Rule) {
		return false
	}
	return ig.Glob == "" || MatchGlob(ig.Glob, normPath(f.File))
}

func (ig Ignore) matchesRule(id string) bool {
	ok, _ := path.Match(ig.Rule, id)
	return ok
}

// MatchGlob matches a slash-separated path against a glob whose segments
// are path.Match patterns or **, which matches any number of segments
// (none too).
//
// Its cost is at most the glob's segments times the name's, however many
// ** the glob holds: a ** is a wildcard over segments, matched as a
// wildcard over characters is, going back only to the last ** (a glob of
// 36 ** segments was exponential in the name's depth when every ** tried
// every split).
func MatchGlob(glob, name string) bool {
	return matchSegments(strings.Split(glob, "/"), strings.Split(name, "/"))
}

func matchSegments(glob, name []string) bool {
	gi, ni := 0, 0
	star, mark := -1, 0 // the last ** seen, and the name segment it resumes at
	for ni < len(name) {
		switch {
		case gi < len(glob) && glob[gi] == "**":
			star, mark = gi, ni
			gi++
		case gi < len(glob) && segmentMatch(glob[gi], name[ni]):
			gi++
			ni++
		case star >= 0:
			// The last ** takes one more segment; those before it keep
			// what they took (any longer take of theirs is covered: a **
			// later in the glob can take the same segments).
			mark++
			gi, ni = star+1, mark
		default:
			return false
		}
	}
	for gi < len(glob) && glob[gi] == "**" {
		gi++
	}
	return gi == len(glob)
}

func segmentMatch(pattern, name string) bool {
	ok, _ := path.Match(pattern, name)
	return ok
}

// Off is the severity override that turns a rule off.
const Off validate.Severity = 0

// A Filter stands between a run and its writers: it applies severity
// overrides, drops ignored findings, holds back those a baseline knows,
// and caps the findings reported; Adjust then makes the summary's counts
// those of the findings that remain.
type Filter struct {
	// Severity overrides rules' severities; Off drops their findings.
	Severity map[string]validate.Severity
	// Ignores drop findings.
	Ignores []Ignore
	// Baseline, when not nil, holds back the findings it knows.
	Baseline *Matcher
	// MaxFindings caps the findings reported (0: no cap); the rest are
	// counted as omitted, and still fail the run.
	MaxFindings int
	// Keep, when not nil, gets every finding not ignored (baselined ones
	// too): what --update-baseline writes.
	Keep func(Finding)

	ignoreIdx          *ignoreIndex
	delta              [validate.Error + 1]int
	ignored, baselined int
	sent, omitted      int
}

// A Verdict is what the filter did with a finding.
type Verdict int

// The verdicts.
const (
	Report Verdict = iota
	Ignored
	Baselined
	Omitted
)

// Apply filters one finding: it returns the finding as it is to be
// reported (with its severity overridden) and the verdict.
func (fl *Filter) Apply(f Finding) (Finding, Verdict) {
	if sev, ok := fl.Severity[f.Rule]; ok {
		fl.delta[f.Severity]--
		if sev == Off {
			fl.ignored++
			return f, Ignored
		}
		f.Severity = sev
		fl.delta[sev]++
	}
	if len(fl.Ignores) > 0 {
		if fl.ignoreIdx == nil || fl.ignoreIdx.built != len(fl.Ignores) {
			fl.ignoreIdx = newIgnoreIndex(len(fl.Ignores))
		}
		if fl.ignoreIdx.matches(fl.Ignores, f.Rule, normPath(f.File)) {
			fl.delta[f.Severity]--
			fl.ignored++
			return f, Ignored
		}
	}
	if fl.Keep != nil {
		fl.Keep(f)
	}
	if fl.Baseline != nil && fl.Baseline.Match(f) {
		fl.delta[f.Severity]--
		fl.baselined++
		return f, Baselined
	}
	if fl.MaxFindings > 0 && fl.sent >= fl.MaxFindings {
		fl.omitted++
		return f, Omitted
	}
	fl.sent++
	return f, Report
}

// Adjust makes the summary's counts those of the findings the filter let
// through, and adds what it held back and the baseline's stale entries.
func (fl *Filter) Adjust(s *Summary) {
	s.Errors += fl.delta[validate.Error]
	s.Warnings += fl.delta[validate.Warning]
	s.Infos += fl.delta[validate.Info]
	s.Omitted += fl.omitted
	s.Ignored += fl.ignored
	s.Baselined += fl.baselined
	if fl.Baseline != nil {
		st, err := fl.Baseline.Stale()
		s.Stale, s.StaleEntries, s.StaleFindings = st.Listed, st.Entries, st.Findings
		if err != nil {
			s.Notes = append(s.Notes, fmt.Sprintf("the stale baseline entries are counted but not listed: %v", err))
		}
	}
}

// A Pairer gives findings the hash of their line's content (see LineHash)
// from a validate run's per-line results: validate emits a line's own
// findings just before its result, and findings that need other lines
// (such as variant/wrong-direction) just after, so each finding waits
// until its line's result comes, or until a result for another line shows
// that none will (a finding about a whole file, an io-error).
type Pairer struct {
	// Out gets each finding, with its hash, in the order they came.
	Out     func(Finding)
	pending []validate.Finding
	file    string
	line    int
	text    []byte // the last line's content, kept until a finding needs its hash
	hash    string
	hashed  bool
	known   bool
}

// Finding takes a finding from the run.
func (p *Pairer) Finding(f validate.Finding) {
	if p.known && f.Line > 0 && f.Line == p.line && f.File == p.file {
		p.Out(Finding{Finding: f, Hash: p.lineHash()})
		return
	}
	p.pending = append(p.pending, f)
}

func (p *Pairer) lineHash() string {
	if !p.hashed {
		p.hash, p.hashed = LineHash(p.text), true
	}
	return p.hash
}

// Line takes a line's result from the run. It keeps a copy of the line
// and hashes it only when a finding needs it.
func (p *Pairer) Line(r validate.LineResult) {
	p.file, p.line, p.known, p.hashed = r.File, r.Line, true, false
	p.text = append(p.text[:0], r.Text...)
	if r.Text == nil {
		p.text = nil
	}
	if cap(p.text) > 1<<20 && len(r.Text) < 1<<16 {
		p.text = append([]byte(nil), r.Text...) // do not keep a huge line's buffer
	}
	for _, f := range p.pending {
		h := ""
		if f.Line == r.Line && f.File == r.File {
			h = p.lineHash()
		}
		p.Out(Finding{Finding: f, Hash: h})
	}
	p.pending = p.pending[:0]
}

// Close passes on the findings still waiting, without a hash.
func (p *Pairer) Close() {
	for _, f := range p.pending {
		p.Out(Finding{Finding: f})
	}
	p.pending = nil
}
