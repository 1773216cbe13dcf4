package validate

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"slices"
	"strings"

	"github.com/protocheck/protocheck/schemas"
	"github.com/protocheck/protocheck/validate/internal/fastpath"
)

// This file holds what validate makes of thin evidence: a member whose
// evidence window leaves the transcript's version unknown, a version off
// the release ladder, a transcript with no init. None of them is an error:
// where nothing is known, protocheck says so at info level.

// The rules of thin evidence.
var (
	RuleVersionUnproven = &Rule{"version/unproven", Info, "Nothing proves or disproves a member at the transcript's CLI version: the version lies in the member's evidence window (after the last release whose captures show it absent, before the first that shows it), or the release is newer (or older) than every rung of the release ladder and the member is one its schema set does not know. Reported in the strict profile only, once per member and file; never an error."}
	RuleVersionRange    = &Rule{"version/range", Info, "No system/init line names the transcript's CLI version: the finding names the releases whose schema sets accept every line (\"consistent with CLI A up to B\"). A line no set accepts is reported against the newest set, with version/no-init."}
)

// fileVersion is what the version of one input means for checking its
// lines, beyond its schema set. A nil *fileVersion changes nothing.
type fileVersion struct {
	version string
	// unproven holds, by variant, the members in their unknown window at
	// version (strict profile only; nil otherwise).
	unproven map[string][]schemas.Window
	// offLadder says the version is newer (or older) than every rung: the
	// strict profile's findings of members the set does not know, and of
	// kinds it does not list, become version/unproven. "" when on it.
	offLadder string
	// plan, when no init names the version, holds every set, oldest
	// first, the input's own (the newest) among them: each line is
	// checked against each (by groups that agree), to find the range of
	// releases that accept the input (see RuleVersionRange).
	plan *rangePlan
	sets *versionSets // the run's sets, which compile plan's
}

// windowsOf returns, by variant, the members whose evidence leaves CLI
// version v unknown (schemas.Window): seen first after v, and not proven
// absent at v.
func (vs *versionSets) windowsOf(v string) map[string][]schemas.Window {
	all := vs.windows()
	if len(all) == 0 {
		return nil
	}
	vs.mu.Lock()
	defer vs.mu.Unlock()
	if m, ok := vs.unknownAt[v]; ok {
		return m
	}
	var m map[string][]schemas.Window
	for _, w := range all {
		if compareVersions(v, w.Since) >= 0 || (w.AbsentThrough != "" && compareVersions(v, w.AbsentThrough) <= 0) ||
			(w.Until != "" && compareVersions(v, w.Until) >= 0) {
			continue
		}
		if m == nil {
			m = map[string][]schemas.Window{}
		}
		m[w.Variant] = append(m[w.Variant], w)
	}
	if vs.unknownAt == nil {
		vs.unknownAt = map[string]map[string][]schemas.Window{}
	}
	vs.unknownAt[v] = m
	return m
}

// windows reads the index's windows file once; nil when it has none.
func (vs *versionSets) windows() []schemas.Window {
	vs.winOnce.Do(func() {
		if vs.idx.Windows == "" {
			return
		}
		data, err := fs.ReadFile(vs.fsys, vs.idx.Windows)
		if err != nil {
			return // an older export: no windows, no unproven findings
		}
		var w schemas.Windows
		if json.Unmarshal(data, &w) == nil {
			vs.win = w.Members
		}
	})
	return vs.win
}

// ladder returns the oldest and newest rungs of the release ladder: the
// index's rungs, or the version the schemas were checked against.
func (vs *versionSets) ladder() (oldest, newest string) {
	if r := vs.idx.Rungs; len(r) > 0 {
		return r[0], r[len(r)-1]
	}
	return "", vs.idx.Protocol.CLIVersion
}

// offLadder says how version v lies off the release ladder ("" when on
// it, between its oldest and newest rungs).
func (vs *versionSets) offLadder(v string) string {
	oldest, newest := vs.ladder()
	switch {
	case newest != "" && compareVersions(v, newest) > 0:
		return fmt.Sprintf("CLI %s is newer than the newest rung of the release ladder (%s)", v, newest)
	case oldest != "" && compareVersions(v, oldest) < 0:
		return fmt.Sprintf("CLI %s is older than the oldest rung of the release ladder (%s)", v, oldest)
	}
	return ""
}

// fileVersionOf returns what version v means for an input's lines, or nil
// when it changes nothing.
func (vs *versionSets) fileVersionOf(v string) *fileVersion {
	if vs.opts.Profile != "strict" {
		return nil // tolerant: neither unproven members nor undeclared ones are findings
	}
	fv := &fileVersion{version: v, unproven: vs.windowsOf(v), offLadder: vs.offLadder(v)}
	if fv.unproven == nil && fv.offLadder == "" {
		return nil
	}
	return fv
}

// evidenceFindings adds to a checked line's findings what its version's
// evidence says (fv, strict profile only): an info finding for each member
// in its unknown window, and for a version off the ladder, its undeclared
// members and unknown kinds as unproven rather than errors or warnings.
func (v *Validator) evidenceFindings(fv *fileVersion, file string, n int, line []byte, r *lineResult) {
	if fv.offLadder != "" {
		for i := range r.findings {
			f := &r.findings[i]
			unknownMember := f.Rule == RuleUnknownProperty.ID && f.Severity == Error
			unknownKind := f.Rule == RuleUnknownKind.ID || f.Rule == RuleUnknownType.ID || f.Rule == RuleUnknownSubtype.ID
			if unknownMember || unknownKind {
				f.Message += "; " + fv.offLadder + ", so nothing proves it wrong: unproven"
				f.Rule, f.Severity = RuleVersionUnproven.ID, RuleVersionUnproven.Severity
			}
		}
	}
	if r.variant == nil {
		return
	}
	ws := fv.unproven[r.variant.name]
	if len(ws) == 0 {
		return
	}
	// Only a line that names one of the members is read again.
	maybe := false
	for _, w := range ws {
		if bytes.Contains(line, []byte(`"`+lastName(w.Member)+`"`)) {
			maybe = true
			break
		}
	}
	if !maybe {
		return
	}
	var doc any
	if json.Unmarshal(line, &doc) != nil {
		return
	}
	start := len(r.findings)
	for _, w := range ws {
		ptr, ok := findMember(doc, w.Member)
		if !ok {
			continue
		}
		r.findings = append(r.findings, Finding{File: file, Line: n, Pointer: ptr, Variant: r.variant.name,
			Rule: RuleVersionUnproven.ID, Severity: RuleVersionUnproven.Severity,
			Message: fmt.Sprintf("%s: member %s at CLI %s is unproven (%s); nothing known either way between", r.variant.label, quoteMember(w.Member), fv.version, windowText(w))})
	}
	added := r.findings[start:]
	pointers, cols := make([]string, len(added)), make([]int, len(added))
	for i, f := range added {
		pointers[i] = f.Pointer
	}
	fastpath.Columns(line, pointers, cols)
	for i := range added {
		added[i].Column = cols[i]
	}
}

// windowText says what the evidence shows of a member: "seen from
// 2.1.112; absent proven up to 2.0.20".
func windowText(w schemas.Window) string {
	s := "seen from " + w.Since
	if w.AbsentThrough != "" {
		s += "; absent proven up to " + w.AbsentThrough
	} else {
		s += "; no release proven without it"
	}
	return s
}

// quoteMember writes a member's pointer as findings name it.
func quoteMember(ptr string) string { return "`" + strings.TrimPrefix(ptr, "/") + "`" }

// lastName is the last token of a fact's pointer, unescaped.
func lastName(ptr string) string {
	tok := ptr[strings.LastIndexByte(ptr, '/')+1:]
	return strings.NewReplacer("~1", "/", "~0", "~").Replace(tok)
}

// findMember returns the pointer of the first place in doc where the
// member at the fact pointer ptr (with * for any index or key) is present.
func findMember(doc any, ptr string) (string, bool) {
	toks := strings.Split(ptr, "/")[1:]
	var walk func(at any, i int, path string) (string, bool)
	walk = func(at any, i int, path string) (string, bool) {
		if i == len(toks) {
			return path, true
		}
		tok := toks[i]
		switch x := at.(type) {
		case map[string]any:
			if tok == "*" {
				for k, val := range x {
					if p, ok := walk(val, i+1, path+"/"+escapeToken(k)); ok {
						return p, true
					}
				}
				return "", false
			}
			name := strings.NewReplacer("~1", "/", "~0", "~").Replace(tok)
			val, ok := x[name]
			if !ok {
				return "", false
			}
			return walk(val, i+1, path+"/"+tok)
		case []any:
			if tok != "*" {
				return "", false
			}
			for j, val := range x {
				if p, ok := walk(val, i+1, fmt.Sprintf("%s/%d", path, j)); ok {
					return p, true
				}
			}
		}
		return "", false
	}
	return walk(doc, 0, "")
}

// checkAlts checks a line of an input with no init against every set
// (fv.plan) once the input's own (the newest) has checked it: it notes in
// accept the sets that reject it, and when some set accepts it, the
// newest set's schema errors are dropped (no release is faulted for what
// another one prints). It returns whether some set accepts the line.
//
// Each group of sets that hold the same schemas of the line's variant
// checks it once. A group whose sets have all rejected an earlier line is
// checked only when the line needs a set that accepts it.
func (v *Validator) checkAlts(s *scanner, fv *fileVersion, file string, n int, line []byte, r *lineResult, accept []bool, scratch *lineResult) bool {
	own := !hasError(r.findings)
	p := fv.plan
	groups := p.groupsFor(r, line)
	if groups == nil {
		if !own {
			clear(accept)
		}
		return own
	}
	some := false
	var spent []altGroup
	for _, g := range groups {
		if !slices.ContainsFunc(g.members, func(i int) bool { return accept[i] }) {
			spent = append(spent, g)
			continue
		}
		ok := v.altAccepts(s, fv, g, own, file, n, line, scratch)
		some = some || ok
		if !ok {
			for _, i := range g.members {
				accept[i] = false
			}
		}
	}
	for _, g := range spent {
		if some || own {
			break
		}
		some = v.altAccepts(s, fv, g, own, file, n, line, scratch)
	}
	if some && !own {
		kept := r.findings[:0]
		for _, f := range r.findings {
			// Only what the schemas decide differs between sets; an
			// internal error or a broken line is no set's to excuse.
			if f.Severity != Error || !strings.HasPrefix(f.Rule, "schema/") {
				kept = append(kept, f)
			}
		}
		r.findings = kept
	}
	return some
}

// altAccepts reports whether the sets of group g accept a line: the
// verdict of own, when g's set is the validator's own; otherwise of g's
// set, compiled the first time. A set that does not compile accepts
// nothing (the embedded sets are tested to compile).
func (v *Validator) altAccepts(s *scanner, fv *fileVersion, g altGroup, own bool, file string, n int, line []byte, scratch *lineResult) bool {
	p := fv.plan
	alt, err := fv.sets.validator(p.names[g.rep])
	if err != nil {
		return false
	}
	if alt == v {
		return own
	}
	alt.checkLineSafe(s, file, n, line, scratch)
	return !hasError(scratch.findings)
}

func hasError(fs []Finding) bool {
	for _, f := range fs {
		if f.Severity == Error {
			return true
		}
	}
	return false
}

// describeRange says which releases the sets named in names, where
// accept holds, cover: from the first one's start to the last one's end.
func describeRange(idx *schemas.Index, names []string, accept []bool) (from, to string, sets []string) {
	var first, last *schemas.VersionSet
	for i, ok := range accept {
		if !ok {
			continue
		}
		j := slices.IndexFunc(idx.VersionSets, func(s schemas.VersionSet) bool { return s.Set == names[i] })
		if j < 0 {
			continue
		}
		if first == nil {
			first = &idx.VersionSets[j]
		}
		last = &idx.VersionSets[j]
		sets = append(sets, names[i])
	}
	if first == nil {
		return "", "", nil
	}
	return first.From, last.To, sets
}
