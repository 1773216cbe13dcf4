package validate

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/protocheck/protocheck/schemas"
	"github.com/protocheck/protocheck/validate/internal/fastpath"
)

// The rules of choosing a transcript's schema set.
var (
	RuleVersionNoInit = &Rule{ID: "version/no-init", Severity: Warning,
		Doc:  "A transcript of the CLI's output has no system/init line to tell its CLI version (before its first pause, or in its first 4096 lines or 16 MiB), and no release's schema set accepts every line: it is checked against the set that fits it best (the fewest lines with a fault or a member the set does not declare, then the fewest undeclared members, then the fewest lines rejected, then the newest; judged on its first 1024 lines or 4 MiB). (When some set accepts every line, the transcript gets version/range, info, instead.) --cli-version names the version; input the SDK wrote gets no such warning.",
		Case: "A transcript of the CLI's output has no system/init line (a fragment, or a file that starts mid-session), and no release's schema set accepts every line: the set that fits the lines best checks the transcript and reports the lines it rejects. (When some set accepts every line, the transcript gets version/range instead.)",
		Fix:  "Keep the init line in the transcript, or name the version with `--cli-version 2.1.330`.",
	}
	RuleVersionNewer = &Rule{ID: "version/unknown", Severity: Warning,
		Doc:  "The transcript's claude_code_version is not a version such as 2.1.330: it is checked against the newest schema set. (A release newer or older than every rung of the release ladder is no finding: it is checked as the nearest rung, what that set does not know is version/unproven in the strict profile, and the run ends with one note saying how to add the release.)",
		Case: "The system/init line's claude_code_version is not a version at all (`\"claude_code_version\":\"next\"`): the newest schema set checks the transcript. A release newer or older than every rung of the ladder is no warning: see version/unproven and the run's note.",
		Fix:  "Fix what wrote the init line; a real CLI writes a dotted version such as 2.1.330.",
	}
)

// holdLines and holdBytes bound what of an input is held, before its
// first system/init line shows its version, until the newest set is taken.
const (
	holdLines = 4096
	holdBytes = 16 << 20
)

// A FileSet says which schema set checked one input, and why.
type FileSet struct {
	// File names the input.
	File string `json:"file"`
	// Set names the schema set (its first CLI version).
	Set string `json:"set"`
	// CLIVersion is the version the choice was made from: the init's
	// claude_code_version or --cli-version; "" when none was known.
	CLIVersion string `json:"cli_version,omitempty"`
	// By says how the set was chosen: "init" (claude_code_version),
	// "init-shape" (an init without claude_code_version, as the 1.0.x line
	// prints: the set of that line that fits the input best, as for
	// "range"), "flag" (--cli-version), "range" (no init: the set that
	// fits the input best, see bestFit; Range names those that accept
	// every line), or "default" (no init, and the input the SDK's).
	By string `json:"by"`
	// OffLadder says how CLIVersion lies off the release ladder (newer or
	// older than every rung); "" when on it.
	OffLadder string `json:"off_ladder,omitempty"`
	// Range, for an input with no init (By "range") or an init that names
	// no version ("init-shape"), names the releases whose schema sets
	// accept every line; nil when no set accepts them all.
	Range *VersionRange `json:"range,omitempty"`
}

// A VersionRange is the releases an input with no init is consistent with.
type VersionRange struct {
	// From is the first release, To the first one after ("": no end).
	From string `json:"from"`
	To   string `json:"to,omitempty"`
	// Sets names the schema sets that accept every line.
	Sets []string `json:"sets"`
}

// String says "CLI 1.0.0 up to 2.1.0" or "CLI 2.1.0 and later".
func (r VersionRange) String() string { return describeSet(schemas.Covers{From: r.From, To: r.To}) }

// versionSets holds the schema sets of an index with VersionSets: one
// validator per set, compiled when first used.
type versionSets struct {
	idx   *schemas.Index
	fsys  fs.FS
	opts  Options
	root  *Validator // the default (newest) set: the validator itself
	mu    sync.Mutex
	built map[string]*made[*Validator]

	fitDocs   *fitDocs // the split documents of best fit (fit.go)
	firstOnce sync.Once
	first     map[string]string // by variant: the first release seen to print it

	winOnce   sync.Once
	win       []schemas.Window
	unknownAt map[string]map[string][]schemas.Window // by version (windowsOf)
}

// newVersionSets returns the sets of the root index idx, or nil when the
// index lists none (a dialect's set, an older export).
func newVersionSets(root *Validator, fsys fs.FS, idx *schemas.Index, opts Options) *versionSets {
	if len(idx.VersionSets) == 0 {
		return nil
	}
	vs := &versionSets{idx: idx, fsys: fsys, opts: opts, root: root, built: map[string]*made[*Validator]{}, fitDocs: sharedFit}
	if fsys != schemas.FS {
		vs.fitDocs = newFitDocs()
	}
	return vs
}

// validator returns the validator of the named set, compiling it once.
// Sets are compiled outside the lock, so that several compile at once.
func (vs *versionSets) validator(name string) (*Validator, error) {
	i := slices.IndexFunc(vs.idx.VersionSets, func(s schemas.VersionSet) bool { return s.Set == name })
	if i < 0 {
		return nil, fmt.Errorf("no schema set %q", name)
	}
	e := vs.idx.VersionSets[i]
	if e.Index == schemas.IndexFile {
		return vs.root, nil
	}
	return vs.entry(name).get(func() (*Validator, error) {
		sub, err := fs.Sub(vs.fsys, path.Dir(e.Index))
		if err != nil {
			return nil, err
		}
		opts := vs.opts
		opts.Schemas = sub
		opts.oneSet = true
		v, err := New(opts)
		if err != nil {
			return nil, fmt.Errorf("schema set %s: %w", name, err)
		}
		return v, nil
	})
}

// entry returns the entry of a set's validator: the run's own, or, for
// the embedded schemas, one shared by every run of the process with the
// same options (a set's compiled schemas do not depend on the run).
func (vs *versionSets) entry(name string) *made[*Validator] {
	if vs.fsys == schemas.FS && !vs.opts.Memoize {
		o := vs.opts
		key := fmt.Sprint(name, o.Profile, o.UnknownKindsAreErrors, o.ShowUnknown, o.MaxLineBytes, o.MaxDepth, o.MaxFindingsPerLine,
			o.AssertFormats, o.NoCrossLine, o.CrossLine, o.Direction)
		return entryOf(&sharedSets.mu, sharedSets.m, key)
	}
	return entryOf(&vs.mu, vs.built, name)
}

// sharedSets holds the validators of the embedded version sets, by set
// and options, for every run of the process.
var sharedSets = struct {
	mu sync.Mutex
	m  map[string]*made[*Validator]
}{m: map[string]*made[*Validator]{}}

// made is a value and the error met making it, made once: a set's
// validator, a plan.
type made[T any] struct {
	once sync.Once
	val  T
	err  error
}

// get returns the value, making it with make the first time.
func (m *made[T]) get(make func() (T, error)) (T, error) {
	m.once.Do(func() { m.val, m.err = make() })
	return m.val, m.err
}

// entryOf returns the entry of m under key, adding an empty one when
// there is none, under mu.
func entryOf[T any](mu *sync.Mutex, m map[string]*made[T], key string) *made[T] {
	mu.Lock()
	defer mu.Unlock()
	e := m[key]
	if e == nil {
		e = &made[T]{}
		m[key] = e
	}
	return e
}

// choose returns the set for a CLI version: the set that covers it, the
// newest for a version newer than every rung, the oldest for one older
// than every set (neither is a finding: see fileVersionOf and the run's
// note); for a version that does not parse, the newest set and a warning.
func (vs *versionSets) choose(version string) (set string, warn string) {
	sets := vs.idx.VersionSets
	newest := sets[len(sets)-1]
	if _, ok := parseVersion(version); !ok {
		return newest.Set, fmt.Sprintf("CLI version %q is not a version such as 2.1.330: checked against the newest schema set (%s)", version, describeSet(newest.Covers))
	}
	for _, s := range sets {
		if compareVersions(version, s.From) >= 0 && (s.To == "" || compareVersions(version, s.To) < 0) {
			return s.Set, ""
		}
	}
	return sets[0].Set, ""
}

// coversOf returns the releases the named set of idx covers.
func coversOf(idx *schemas.Index, set string) schemas.Covers {
	if i := slices.IndexFunc(idx.VersionSets, func(s schemas.VersionSet) bool { return s.Set == set }); i >= 0 {
		return idx.VersionSets[i].Covers
	}
	return schemas.Covers{From: set}
}

func describeSet(c schemas.Covers) string {
	if c.To == "" {
		return "CLI " + c.From + " and later"
	}
	return "CLI " + c.From + " up to " + c.To
}

// SetOf returns the entry of the version set of idx (a root index with
// version_sets) that checks CLI version version, as validate chooses it,
// and a warning when no set covers the version (see RuleVersionNewer).
func SetOf(idx *schemas.Index, version string) (schemas.VersionSet, string, error) {
	if len(idx.VersionSets) == 0 {
		return schemas.VersionSet{}, "", fmt.Errorf("the schema index lists no version sets")
	}
	vs := &versionSets{idx: idx}
	name, warn := vs.choose(version)
	i := slices.IndexFunc(idx.VersionSets, func(s schemas.VersionSet) bool { return s.Set == name })
	return idx.VersionSets[i], warn, nil
}

// A versionPick is what the reader decided for one input.
type versionPick struct {
	v    *Validator
	set  FileSet
	warn *Finding
	fv   *fileVersion // nil when the version changes nothing more
	fit  *fitResult   // the best fit, when no init named the version
}

// pick decides the set of an input from its first init line (nil when
// none was seen), or from Options.CLIVersion. Where no init names the
// version, the set is the one that fits lines best (bestFit): lines are
// those held so far.
func (vs *versionSets) pick(file string, init []byte, line int, lines func() [][]byte) versionPick {
	p := versionPick{set: FileSet{File: file}}
	var warn string
	sets := vs.idx.VersionSets
	fit := func(cands []schemas.VersionSet) {
		f := vs.bestFit(cands, lines())
		p.set.Set, p.fit = f.set, &f
	}
	switch {
	case vs.opts.CLIVersion != "":
		p.set.CLIVersion, p.set.By = vs.opts.CLIVersion, "flag"
		p.set.Set, warn = vs.choose(vs.opts.CLIVersion)
	case init == nil:
		p.set.Set, p.set.By = sets[len(sets)-1].Set, "default"
		if vs.opts.Direction != DirectionSDK { // see collector.batch for an inferred SDK side
			p.set.By = "range"
			fit(vs.ranged())
		}
	default:
		version, named := initVersion(init)
		if !named {
			p.set.By = "init-shape"
			cands := vs.ranged()
			if i := slices.IndexFunc(cands, func(s schemas.VersionSet) bool { return s.Set == vs.idx.NoVersionSet }); i >= 0 {
				fit(cands[:i+1])
			} else {
				p.set.Set = vs.idx.NoVersionSet
			}
			break
		}
		p.set.CLIVersion, p.set.By = version, "init"
		p.set.Set, warn = vs.choose(version)
	}
	if p.set.CLIVersion != "" && warn == "" {
		p.set.OffLadder = vs.offLadder(p.set.CLIVersion)
		p.fv = vs.fileVersionOf(p.set.CLIVersion)
	}
	if warn != "" {
		p.warn = &Finding{File: file, Line: line, Rule: RuleVersionNewer.ID, Severity: RuleVersionNewer.Severity, Message: warn}
	}
	v, err := vs.validator(p.set.Set)
	if err != nil {
		// The embedded sets are tested; an exported folder may lack one.
		p.v = vs.root
		p.warn = &Finding{File: file, Rule: RuleInternal.ID, Severity: RuleInternal.Severity, Message: err.Error()}
		return p
	}
	p.v = v
	return p
}

// initVersion returns the claude_code_version of an init line, and
// whether it names one (the 1.0.x line does not).
func initVersion(init []byte) (string, bool) {
	var doc struct {
		Version *string `json:"claude_code_version"`
	}
	_ = json.Unmarshal(init, &doc) // a bad line is the line's own finding
	if doc.Version == nil {
		return "", false
	}
	return *doc.Version, true
}

// isInit reports whether a line is a system/init message; it reads only
// lines that mention both words.
func isInit(line []byte) bool {
	if !bytes.Contains(line, []byte(`"init"`)) {
		return false
	}
	t, ok := fastpath.Peek(line)
	return ok && string(t.Type) == "system" && string(t.Subtype) == "init"
}

// ValidCLIVersion reports whether v can be given as Options.CLIVersion.
func ValidCLIVersion(v string) bool { _, ok := parseVersion(v); return ok }

func parseVersion(v string) ([]int, bool) {
	if v == "" {
		return nil, false
	}
	parts := strings.Split(v, ".")
	out := make([]int, len(parts))
	for i, p := range parts {
		n, err := strconv.Atoi(p)
		if err != nil || n < 0 || p == "" || p[0] == '+' {
			return nil, false
		}
		out[i] = n
	}
	return out, true
}

// compareVersions compares dotted versions; one that does not parse sorts
// first.
func compareVersions(a, b string) int {
	va, oka := parseVersion(a)
	vb, okb := parseVersion(b)
	switch {
	case !oka && !okb:
		return strings.Compare(a, b)
	case !oka:
		return -1
	case !okb:
		return 1
	}
	return slices.Compare(va, vb)
}

// SetsLine renders, for the text summary, which schema set checked which
// files ("" when the schemas have no version sets): one clause per set, in
// the order the sets were first used, naming up to five files each.
func SetsLine(s Summary) string {
	if len(s.FileSets) == 0 {
		return ""
	}
	var order []string
	files := map[string][]string{}
	for _, fs := range s.FileSets {
		if _, ok := files[fs.Set]; !ok {
			order = append(order, fs.Set)
		}
		files[fs.Set] = append(files[fs.Set], fs.File)
	}
	var parts []string
	for _, set := range order {
		names := files[set]
		shown := names[:min(len(names), 5)]
		clause := fmt.Sprintf("set %s for %d %s (%s", set, len(names), plural(len(names), "file", "files"), strings.Join(shown, ", "))
		if n := len(names) - len(shown); n > 0 {
			clause += fmt.Sprintf(" and %d more", n)
		}
		parts = append(parts, clause+")")
	}
	return "schemas: " + strings.Join(parts, "; ")
}
