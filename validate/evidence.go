package validate

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
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
	RuleVersionUnproven = &Rule{ID: "version/unproven", Severity: Info,
		Doc:     "Nothing proves or disproves a member at the transcript's CLI version: the version lies in the member's evidence window (after the last release whose captures show it absent, before the first that shows it), or the release is newer (or older) than every rung of the release ladder and the member is one its schema set does not know. Reported in the strict profile only, once per member and file; never an error.",
		Example: `{"type":"system","subtype":"init","claude_code_version":"2.1.40","apiKeySource":"none","cwd":"/","tools":[],"mcp_servers":[],"model":"m","permissionMode":"default","slash_commands":[],"output_style":"default","agents":[],"skills":[],"plugins":[],"uuid":"u","session_id":"s","fast_mode_state":"off"}`,
		Flags:   []string{"--profile", "strict"},
		Fix:     "Nothing is wrong: the evidence (captures of the release ladder, sdk.d.ts, the CLI's bundle) neither shows nor rules out the member at this version. `protocheck schemas window <variant> <pointer>` shows the window; capturing a release inside it (`protocheck corpus add-release VERSION`) narrows it.",
	}
	RuleVersionRange = &Rule{ID: "version/range", Severity: Info,
		Doc:     "No system/init line names the transcript's CLI version: the finding names the releases whose schema sets accept every line (\"consistent with CLI A up to B\") and the set that checked it, the one that fits it best (see version/no-init). When no set accepts every line, the transcript gets version/no-init instead.",
		Example: `{"type":"control_cancel_request"}`,
		Fix:     "Nothing is wrong: the finding says which releases the lines fit. To check against one release, keep the transcript's system/init line or name the version with `--cli-version`.",
	}
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
	if vs.opts.Profile != ProfileStrict {
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

func hasError(fs []Finding) bool {
	for _, f := range fs {
		if f.Severity == Error {
			return true
		}
	}
	return false
}
