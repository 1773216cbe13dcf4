package validate

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"runtime"
	"slices"
	"strings"
	"sync"

	sjs "github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/protocheck/protocheck/schemas"
	"github.com/protocheck/protocheck/validate/internal/conform"
	"github.com/protocheck/protocheck/validate/internal/fastpath"
)

// Direction says which side wrote the input.
type Direction string

const (
	// DirectionAuto infers the side from the first line whose variant only
	// one side writes.
	DirectionAuto Direction = "auto"
	// DirectionCLI is the CLI's stdout.
	DirectionCLI Direction = "cli"
	// DirectionSDK is what an SDK writes to the CLI's stdin.
	DirectionSDK Direction = "sdk"
)

// ParseDirection parses "auto", "cli" or "sdk".
func ParseDirection(s string) (Direction, error) {
	switch d := Direction(s); d {
	case DirectionAuto, DirectionCLI, DirectionSDK:
		return d, nil
	}
	return "", fmt.Errorf("unknown direction %q (want cli, sdk or auto)", s)
}

// A Profile names the schemas lines are checked against: how the
// protocol's schemas treat the members they do not define.
type Profile string

const (
	// ProfileTolerant allows members the protocol does not define (they
	// are counted, and listed with Options.ShowUnknown): what a consumer
	// of the CLI's output must accept.
	ProfileTolerant Profile = "tolerant"
	// ProfileStrict makes such members errors (schema/unknown-property):
	// for checking what an SDK writes.
	ProfileStrict Profile = "strict"
)

// ParseProfile parses "tolerant" or "strict".
func ParseProfile(s string) (Profile, error) {
	switch p := Profile(s); p {
	case ProfileTolerant, ProfileStrict:
		return p, nil
	}
	return "", fmt.Errorf("unknown profile %q (want tolerant or strict)", s)
}

// Defaults of Options.
const (
	DefaultMaxLineBytes = 64 << 20
	DefaultMaxDepth     = 1000
	DefaultProfile      = ProfileTolerant
)

// Bounds of Options: New refuses more.
const (
	// MaxJobs bounds Options.Jobs: each job holds a batch of up to a few
	// MiB, and no machine checks more lines at once to any profit.
	MaxJobs = 256
	// MaxMaxDepth bounds Options.MaxDepth, so that the scanner, which
	// recurses once a level, stays well within Go's stack limit.
	MaxMaxDepth = 100000
	// MaxMaxLineBytes bounds Options.MaxLineBytes: a line is held whole
	// while it is checked, so a bound past what any machine holds only
	// lets a hostile input run the process out of memory.
	MaxMaxLineBytes = 1 << 30
)

// Options configure a Validator. The zero value is usable.
type Options struct {
	// Profile is the schema profile: ProfileTolerant (the default, also
	// for "") or ProfileStrict; a schema set given in Schemas may name
	// others in its index.
	Profile Profile
	// UnknownKindsAreErrors makes the warnings of a type, subtype or kind
	// the protocol does not list (variant/unknown-type,
	// variant/unknown-subtype, variant/unknown-kind) errors: the CLI's
	// --strict.
	UnknownKindsAreErrors bool
	// Direction says which side wrote the input; "" means DirectionAuto.
	Direction Direction
	// ShowUnknown reports each member the protocol does not define as an
	// info finding; they are counted either way.
	ShowUnknown bool
	// MaxLineBytes caps the length of a line; 0 means DefaultMaxLineBytes.
	MaxLineBytes int
	// MaxDepth caps the nesting of arrays and objects; 0 means DefaultMaxDepth.
	MaxDepth int
	// Jobs is the number of lines checked at once; 0 means GOMAXPROCS. At
	// most MaxJobs.
	Jobs int
	// MaxFindingsPerLine caps the findings reported for one line, and
	// MaxFindings those of a run; 0 means no cap. The findings left out
	// are still counted, by severity, in the Summary (and in
	// Summary.Omitted), so a capped run fails as an uncapped one would.
	MaxFindingsPerLine int
	MaxFindings        int
	// Idle, when not nil, is called on the goroutine that called Run
	// whenever the findings of every line read so far have been emitted
	// and no more are ready: a caller that buffers its output flushes it
	// there, so that on a live pipe a line's findings show as soon as the
	// line is checked.
	Idle func()
	// Memoize reuses the findings of a line for every later line of the
	// same projection (see memo.go): the same rules and pointers, but no
	// columns, and messages that may quote the first line's values
	// (LineResult.Reused marks them). For checking many lines of few shapes
	// that mostly fail, as corpus run does.
	Memoize bool
	// AssertFormats makes the "format" keyword an assertion, not an
	// annotation: a value that is not of its format is an error. The
	// protocol's own schemas use no format; a dialect whose reader parses
	// a format strictly (spec02's uuid.UUID) sets it.
	AssertFormats bool
	// CrossLine selects the cross-line rules (crossline.go) by ID or by
	// group ("tools" or "tools/*"); nil runs them all. NoCrossLine turns
	// them off.
	CrossLine   []string
	NoCrossLine bool
	// RulesBudget is the most state, in bytes (estimated), each group of
	// cross-line rules keeps for one input: the ids it has seen, the input
	// JSON its streams assembled. Past it the group's rules stop on that
	// input with one rules/budget finding. 0 means DefaultRulesBudget.
	RulesBudget int
	// Progress, when not nil, counts the files, lines and bytes read as the
	// run goes on (see Progress); nil costs nothing.
	Progress *Progress
	// Schemas holds index.json and the schema folders; nil means the
	// embedded schemas.FS. Only local references are followed: a schema
	// that refers to a remote URL is refused.
	Schemas fs.FS
	// CLIVersion, when set, names the CLI version whose schema set checks
	// every input. Otherwise, when the index lists version sets (the
	// protocol's own schemas do), each input is checked against the set of
	// the version its first system/init line gives (see FileSet).
	CLIVersion string
	// Lazy makes New compile nothing ahead: a variant's scan program is
	// made ready when a line of it first comes, and its full schema only
	// when a line of it first fails (a valid line never needs one). For a
	// short run that must start at once, as a live session in tap: New
	// then costs about a tenth. A broken schema is then reported on the
	// line that needs it (RuleInternal) instead of by New.
	Lazy bool

	oneSet bool // a version set's own validator: no sets of its own
}

// A Validator checks lines against the protocol's schemas. It is safe for
// concurrent use.
type Validator struct {
	opts     Options
	index    *schemas.Index
	variants map[string]*variantSchema // by name
	byType   map[string][]*variantSchema
	subPaths map[string]string
	// variantDefs holds the names of the variants' definitions.
	variantDefs map[string]bool

	unionURL string
	compiler *sjs.Compiler
	fastc    *fastpath.Program
	memo     *memo // nil unless Options.Memoize
	// crossLine holds the IDs of the cross-line rules that run; nil when
	// none does.
	crossLine []string

	// The schemas the full pass has compiled, by location (schemaAt).
	subMu sync.RWMutex
	subs  map[string]*sjs.Schema
	// verdicts are the full validator's on small failing values, shared
	// by the lines of a run (see fullPass).
	verdicts verdictCache
	// descs are the findings describe made of the verdicts on small values
	// (see descCache).
	descs descCache
	// enumMsgs are the messages of values outside their enum the scan
	// judged (see localFinding).
	enumMsgs msgCache
	// wholeLine makes the full pass validate the whole line, decoded
	// again, as it once did: for the differential test.
	wholeLine bool
	// failurePaths is fastpath.Limits.FailurePaths (0: its default): the
	// differential test sets it to -1, so that every line's findings are
	// placed relative to their values as on a line of many failures.
	failurePaths int
	proj         *Projector   // nil when a projection could not be exact
	sets         *versionSets // nil when the index lists no version sets
}

// variantSchema is one variant's compiled schemas.
type variantSchema struct {
	entry *schemas.Variant
	name  string
	label string // "result/success": the name as findings print it
	sch   *sjs.Schema
	fast  *fastpath.Node
	// once readies fast, and err is what it met: New readies the run's
	// own set at once; a version set's validator (and a Lazy one)
	// readies a variant when a line first needs it (ready).
	once sync.Once
	err  error
	// schOnce compiles sch, and schErr is what it met: New compiles it
	// at once, unless the validator is lazy (a version set's, or
	// Options.Lazy), where the full pass compiles it when a line first
	// fails (fullSchema).
	schOnce sync.Once
	schErr  error
}

// New compiles the schemas of the profile in opts.
func New(opts Options) (*Validator, error) {
	opts.setDefaults()
	if err := opts.check(); err != nil {
		return nil, err
	}
	var crossLine []string
	if !opts.NoCrossLine {
		ids, err := crossLineIDs(opts.CrossLine)
		if err != nil {
			return nil, err
		}
		if len(ids) > 0 {
			crossLine = ids
		}
	}
	fsys := opts.Schemas
	if fsys == nil {
		fsys = schemas.FS
	}
	idx, err := readIndex(fsys)
	if err != nil {
		return nil, err
	}
	if opts.CLIVersion != "" && !ValidCLIVersion(opts.CLIVersion) {
		return nil, fmt.Errorf("CLI version %q is not a version such as 2.1.330", opts.CLIVersion)
	}
	if !slices.Contains(idx.Profiles, string(opts.Profile)) {
		return nil, fmt.Errorf("unknown profile %q (want one of %s)", opts.Profile, strings.Join(idx.Profiles, ", "))
	}
	v := &Validator{
		crossLine: crossLine,
		opts:      opts,
		index:     idx,
		variants:  map[string]*variantSchema{},
		byType:    map[string][]*variantSchema{},
		subPaths:  idx.SubtypePaths,
		subs:      map[string]*sjs.Schema{},

		variantDefs: map[string]bool{},
	}
	if err := v.loadUnion(fsys); err != nil {
		return nil, err
	}
	for i := range idx.Variants {
		e := &idx.Variants[i]
		vs := &variantSchema{entry: e, name: e.Name, label: label(e)}
		v.variants[e.Name] = vs
		v.byType[e.Type] = append(v.byType[e.Type], vs)
		v.variantDefs[e.Definition()] = true
	}
	if !opts.oneSet {
		v.sets = newVersionSets(v, fsys, idx, opts)
	}
	// Compile every variant now, so that a broken schema fails here rather
	// than in the middle of a run. Lines then find their schemas ready. A
	// version set's validator (oneSet) compiles a variant when a line
	// first needs it: a set is used for a few of its variants, and
	// compiling it whole would cost more than checking a short input. So
	// does a Lazy one.
	if opts.oneSet || opts.Lazy {
		return v, nil
	}
	for i := range idx.Variants {
		vs := v.variants[idx.Variants[i].Name]
		if err := v.ready(vs); err != nil {
			return nil, err
		}
		if _, err := v.fullSchema(vs); err != nil {
			return nil, err
		}
	}
	return v, nil
}

// setDefaults sets the options left zero to their defaults.
func (opts *Options) setDefaults() {
	if opts.Profile == "" {
		opts.Profile = DefaultProfile
	}
	if opts.Direction == "" {
		opts.Direction = DirectionAuto
	}
	if opts.MaxLineBytes <= 0 {
		opts.MaxLineBytes = DefaultMaxLineBytes
	}
	if opts.MaxDepth <= 0 {
		opts.MaxDepth = DefaultMaxDepth
	}
	if opts.Jobs <= 0 {
		opts.Jobs = min(runtime.GOMAXPROCS(0), MaxJobs)
	}
}

// check refuses options past their bounds.
func (opts *Options) check() error {
	switch {
	case opts.MaxLineBytes > MaxMaxLineBytes:
		return fmt.Errorf("a longest line of %d bytes: at most %d", opts.MaxLineBytes, MaxMaxLineBytes)
	case opts.Jobs > MaxJobs:
		return fmt.Errorf("%d jobs: at most %d", opts.Jobs, MaxJobs)
	case opts.MaxDepth > MaxMaxDepth:
		return fmt.Errorf("a maximum depth of %d: at most %d", opts.MaxDepth, MaxMaxDepth)
	case opts.MaxFindingsPerLine < 0 || opts.MaxFindings < 0:
		return fmt.Errorf("negative cap on findings")
	case opts.RulesBudget < 0:
		return fmt.Errorf("a negative budget for the cross-line rules")
	}
	return nil
}

// loadUnion reads the union document of the profile, hands it to the
// compiler and readies the scan's compiler and the projector from it.
func (v *Validator) loadUnion(fsys fs.FS) error {
	opts := &v.opts
	union := v.index.Union[string(opts.Profile)]
	data, err := fs.ReadFile(fsys, union)
	if err != nil {
		return fmt.Errorf("reading the schemas: %w", err)
	}
	doc, err := sjs.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		return fmt.Errorf("%s: %w", union, err)
	}
	// The published unions are oneOfs; both checkers read them as the
	// dispatch on the discriminator they are equivalent to, whose errors
	// name the one branch a line selects.
	schemas.Lower(doc)
	v.unionURL = schemaURL(v.index, union)
	v.compiler = sjs.NewCompiler()
	v.compiler.UseLoader(refuseRemote{})
	if opts.AssertFormats {
		v.compiler.AssertFormat()
	}
	if err := v.compiler.AddResource(v.unionURL, doc); err != nil {
		return fmt.Errorf("%s: %w", union, err)
	}
	fastDoc, ok := doc.(map[string]any)
	if !ok {
		return fmt.Errorf("%s: not a JSON object", union)
	}
	v.fastc = fastpath.Compile(fastDoc)
	v.proj = newProjector(fastDoc, opts.AssertFormats)
	if opts.Memoize && v.proj != nil {
		v.memo = &memo{proj: v.proj, cache: map[string]*memoEntry{}}
	}
	return nil
}

func readIndex(fsys fs.FS) (*schemas.Index, error) {
	if fsys == schemas.FS {
		return schemas.LoadIndex()
	}
	data, err := fs.ReadFile(fsys, schemas.IndexFile)
	if err != nil {
		return nil, fmt.Errorf("reading the schema index: %w", err)
	}
	idx := new(schemas.Index)
	if err := json.Unmarshal(data, idx); err != nil {
		return nil, fmt.Errorf("%s: %w", schemas.IndexFile, err)
	}
	return idx, nil
}

// schemaURL is the URL a schema file is known by: its $id.
func schemaURL(idx *schemas.Index, file string) string { return idx.BaseID + file }

func label(e *schemas.Variant) string {
	switch {
	case e.Marker != nil:
		return e.Type + "(" + *e.Marker + ")"
	case e.Subtype != nil:
		return e.Type + "/" + *e.Subtype
	}
	return e.Type
}

// utf8BOM is the UTF-8 encoding of U+FEFF.
var utf8BOM = []byte("\xef\xbb\xbf")

// refuseRemote is the schema loader: protocheck never fetches a schema.
type refuseRemote struct{}

func (refuseRemote) Load(url string) (any, error) { return nil, &RemoteRefError{URL: url} }

// A RemoteRefError reports a schema that refers to another one by a URL
// outside the schema set: protocheck does not fetch schemas.
type RemoteRefError struct {
	// URL is the reference that was refused.
	URL string
}

func (e *RemoteRefError) Error() string {
	return fmt.Sprintf("refusing to load %s: protocheck reads schemas only from the embedded set or the folder given with --schemas, never from the network", e.URL)
}

// ready readies a variant's scan program once, and returns the error met.
// A validator that is not lazy has readied every variant, and compiled
// its full schema, in New.
func (v *Validator) ready(vs *variantSchema) error {
	vs.once.Do(func() {
		// Marking a program may touch parts that variants share: one
		// variant at a time, as the compiler (see fullSchema).
		v.subMu.Lock()
		vs.err = v.compile(vs)
		v.subMu.Unlock()
	})
	return vs.err
}

// fullSchema returns a variant's compiled schema, compiling it once: the
// full pass needs it, a valid line never does. The first compilation of
// a validator is its dearest part (the compiler reads the whole union
// document and checks it against the metaschema): about 50 ms.
func (v *Validator) fullSchema(vs *variantSchema) (*sjs.Schema, error) {
	vs.schOnce.Do(func() {
		// The compiler is not safe for concurrent use: schemaAt holds
		// the same lock.
		v.subMu.Lock()
		defer v.subMu.Unlock()
		sch, err := v.compiler.Compile(v.unionURL + "#/$defs/" + vs.entry.Definition())
		if err != nil {
			vs.schErr = fmt.Errorf("compiling the schema of %s: %w", vs.name, err)
			return
		}
		vs.sch = sch
	})
	return vs.sch, vs.schErr
}

// compile readies a variant's scan program from the union document, in
// which each variant is a definition named after it.
func (v *Validator) compile(vs *variantSchema) error {
	vs.fast = v.fastc.Def(vs.entry.Definition())
	// The scan notes where the members the cross-line rules read lie, or
	// only claude_code_version when they are off (see conform.Marks).
	marks := []conform.Mark{conform.VersionMark}
	if v.crossLine != nil {
		marks = conform.Marks
	}
	for _, m := range marks {
		if _, err := fastpath.Mark(vs.fast, m.Path, m.Slot); err != nil {
			return fmt.Errorf("marking %s in the schema of %s: %w", strings.Join(m.Path, "/"), vs.name, err)
		}
	}
	return nil
}

// Index returns the schema index the validator uses.
func (v *Validator) Index() *schemas.Index { return v.index }
