package validate

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"runtime"
	"slices"
	"strings"
	"unicode/utf8"

	sjs "github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/protocheck/protocheck/schemas"
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

// Defaults of Options.
const (
	DefaultMaxLineBytes = 64 << 20
	DefaultMaxDepth     = 1000
	DefaultProfile      = "tolerant"
)

// Bounds of Options: New refuses more.
const (
	// MaxJobs bounds Options.Jobs: each job holds a batch of up to a few
	// MiB, and no machine checks more lines at once to any profit.
	MaxJobs = 256
	// MaxMaxDepth bounds Options.MaxDepth, so that the scanner, which
	// recurses once a level, stays well within Go's stack limit.
	MaxMaxDepth = 100000
)

// Options configure a Validator. The zero value is usable.
type Options struct {
	// Profile is the schema profile: "tolerant" (default) or "strict".
	Profile string
	// Strict makes unknown types, subtypes and kinds errors, not warnings.
	Strict bool
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
	// Schemas holds index.json and the schema folders; nil means the
	// embedded schemas.FS. Only local references are followed: a schema
	// that refers to a remote URL is refused.
	Schemas fs.FS
	// CLIVersion, when set, names the CLI version whose schema set checks
	// every input. Otherwise, when the index lists version sets (the
	// protocol's own schemas do), each input is checked against the set of
	// the version its first system/init line gives (see FileSet).
	CLIVersion string

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

	unionURL string
	compiler *sjs.Compiler
	fastc    *compiler
	memo     *memo        // nil unless Options.Memoize
	proj     *Projector   // nil when a projection could not be exact
	sets     *versionSets // nil when the index lists no version sets
}

// variantSchema is one variant's compiled schemas.
type variantSchema struct {
	entry *schemas.Variant
	name  string
	label string // "result/success": the name as findings print it
	sch   *sjs.Schema
	fast  *node
}

// New compiles the schemas of the profile in opts.
func New(opts Options) (*Validator, error) {
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
	switch {
	case opts.Jobs > MaxJobs:
		return nil, fmt.Errorf("%d jobs: at most %d", opts.Jobs, MaxJobs)
	case opts.MaxDepth > MaxMaxDepth:
		return nil, fmt.Errorf("a maximum depth of %d: at most %d", opts.MaxDepth, MaxMaxDepth)
	case opts.MaxFindingsPerLine < 0 || opts.MaxFindings < 0:
		return nil, fmt.Errorf("negative cap on findings")
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
	if !slices.Contains(idx.Profiles, opts.Profile) {
		return nil, fmt.Errorf("unknown profile %q (want one of %s)", opts.Profile, strings.Join(idx.Profiles, ", "))
	}
	v := &Validator{
		opts:     opts,
		index:    idx,
		variants: map[string]*variantSchema{},
		byType:   map[string][]*variantSchema{},
		subPaths: idx.SubtypePaths,
	}
	union := idx.Union[opts.Profile]
	data, err := fs.ReadFile(fsys, union)
	if err != nil {
		return nil, fmt.Errorf("reading the schemas: %w", err)
	}
	doc, err := sjs.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", union, err)
	}
	v.unionURL = schemaURL(idx, union)
	v.compiler = sjs.NewCompiler()
	v.compiler.UseLoader(refuseRemote{})
	if opts.AssertFormats {
		v.compiler.AssertFormat()
	}
	if err := v.compiler.AddResource(v.unionURL, doc); err != nil {
		return nil, fmt.Errorf("%s: %w", union, err)
	}
	fastDoc, ok := doc.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("%s: not a JSON object", union)
	}
	v.fastc = newFastCompiler(fastDoc)
	v.proj = newProjector(fastDoc, opts.AssertFormats)
	if opts.Memoize && v.proj != nil {
		v.memo = &memo{proj: v.proj, cache: map[string]*memoEntry{}}
	}
	for i := range idx.Variants {
		e := &idx.Variants[i]
		vs := &variantSchema{entry: e, name: e.Name, label: label(e)}
		v.variants[e.Name] = vs
		v.byType[e.Type] = append(v.byType[e.Type], vs)
	}
	if !opts.oneSet {
		v.sets = newVersionSets(v, fsys, idx, opts)
	}
	// Compile every variant now, so that a broken schema fails here rather
	// than in the middle of a run. Lines then find their schemas ready.
	for i := range idx.Variants {
		if err := v.compile(v.variants[idx.Variants[i].Name]); err != nil {
			return nil, err
		}
	}
	return v, nil
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

// compile compiles a variant's schemas from the union document, in which
// each variant is a definition named after it.
func (v *Validator) compile(vs *variantSchema) error {
	sch, err := v.compiler.Compile(v.unionURL + "#/$defs/" + vs.name)
	if err != nil {
		return fmt.Errorf("compiling the schema of %s: %w", vs.name, err)
	}
	vs.sch = sch
	vs.fast = v.fastc.ref("#/$defs/" + vs.name)
	return nil
}

// Index returns the schema index the validator uses.
func (v *Validator) Index() *schemas.Index { return v.index }

// lineResult is what checking one line found.
type lineResult struct {
	findings    []Finding
	variant     *variantSchema // nil when the line has no known variant
	unknown     int            // members the protocol does not define
	slow        bool           // the line needed the full validator
	cliVersion  string         // claude_code_version of a system/init line
	reused      bool           // the findings are another line's (Options.Memoize)
	unknownKind string         // "type" or "type/subtype" of a line no variant fits
	omitted     [Error + 1]int // findings left out by Options.MaxFindingsPerLine, by severity
}

// checkLine checks one line (without its newline) and fills r. It never
// panics on any input.
func (v *Validator) checkLine(s *scanner, file string, n int, line []byte, r *lineResult) {
	*r = lineResult{findings: r.findings[:0]}
	// The schema's findings, from r.findings[sorted] on, are sorted by
	// place once their columns are known.
	sorted := -1
	defer func() {
		columns(line, r.findings)
		if sorted >= 0 {
			// The full validator's order follows map iteration; sort the
			// line's schema findings by place so that output is stable.
			slices.SortStableFunc(r.findings[sorted:], func(a, b Finding) int {
				return cmp.Or(cmp.Compare(a.Column, b.Column), strings.Compare(a.Pointer, b.Pointer), strings.Compare(a.Rule, b.Rule), strings.Compare(a.Message, b.Message))
			})
		}
		if max := v.opts.MaxFindingsPerLine; max > 0 && len(r.findings) > max {
			for _, f := range r.findings[max:] {
				r.omitted[f.Severity]++
			}
			r.findings = r.findings[:max]
		}
	}()
	add := func(rule *Rule, col int, pointer, msg string) {
		sev := rule.Severity
		if v.opts.Strict && sev == Warning && strings.HasPrefix(rule.ID, "variant/") {
			sev = Error
		}
		f := Finding{File: file, Line: n, Column: col, Pointer: pointer, Rule: rule.ID, Severity: sev, Message: msg}
		if r.variant != nil {
			f.Variant = r.variant.name
		}
		r.findings = append(r.findings, f)
	}
	if i := bytes.IndexByte(line, 0); i >= 0 {
		add(RuleNULByte, i+1, "", "the line contains a NUL byte")
		return
	}
	if !utf8.Valid(line) {
		col := invalidUTF8At(line)
		add(RuleInvalidUTF8, col+1, "", fmt.Sprintf("invalid UTF-8 at byte %d", col+1))
		return
	}
	if bytes.HasPrefix(line, utf8BOM) {
		// The reader drops a BOM on line 1 only (lineContent).
		add(RuleStrayBOM, 1, "", "the line starts with a UTF-8 byte order mark; only the first line of an input may (were two files joined?)")
		return
	}
	s.reset(line)
	s.maxDepth = v.opts.MaxDepth
	s.listCap = v.opts.MaxFindingsPerLine
	top, ok := s.peekTop()
	var vs *variantSchema
	if ok && top.hasType {
		vs = v.pick(v.byType[string(top.typ)], top)
	}
	// One full pass: the syntax, and the variant's schema when it is known.
	s.collect = vs != nil
	s.wantPaths = v.opts.ShowUnknown
	if vs != nil {
		s.value(vs.fast)
	} else {
		s.value(nil)
	}
	s.end()
	switch {
	case s.tooDeep:
		add(RuleTooDeep, s.errPos+1, "", fmt.Sprintf("arrays and objects nest deeper than %d levels", v.opts.MaxDepth))
		return
	case s.failed():
		add(RuleInvalidJSON, s.errPos+1, "", "invalid JSON: "+s.syntaxErr)
		return
	case !ok:
		// Cannot happen: the light pass reads every line the full pass
		// accepts. Say so rather than guess the variant.
		add(RuleSchema, 0, "", "internal error: the line is valid JSON but its discriminators could not be read; please report it")
		return
	}
	if !top.object {
		add(RuleNotObject, 1, "", "the line is a JSON "+top.kind+", not an object")
		return
	}
	if !top.hasType {
		add(RuleMissingType, 0, "/type", "the object has no string \"type\" member")
		return
	}
	if len(v.byType[string(top.typ)]) == 0 {
		r.unknownKind = string(top.typ)
		add(RuleUnknownType, 0, "/type", fmt.Sprintf("unknown message type %s", strconvQuote(string(top.typ))))
		return
	}
	if vs == nil {
		sp := v.subPaths[string(top.typ)]
		r.unknownKind = string(top.typ) + "/" + string(top.subtype)
		if !top.hasSubtype {
			add(RuleMissingSubtype, 0, sp, fmt.Sprintf("%s: the line has no string subtype at %s", string(top.typ), sp))
		} else {
			add(RuleUnknownSubtype, 0, sp, fmt.Sprintf("%s: unknown subtype %s", string(top.typ), strconvQuote(string(top.subtype))))
		}
		return
	}
	r.variant = vs
	if vs.name == "system.init" {
		r.cliVersion = s.topString("claude_code_version")
	}

	// The fast path accepted the line in that pass, or hands it over to
	// the full validator.
	r.unknown = s.unknownCount
	strictProfile := v.opts.Profile == "strict"
	// What the scanner's lists left out (Options.MaxFindingsPerLine).
	if v.opts.ShowUnknown && !strictProfile {
		r.omitted[RuleUnknownProperty.Severity] += s.over.unknown
	}
	if !strictProfile {
		sev := RuleUnknownKind.Severity
		if v.opts.Strict {
			sev = Error
		}
		r.omitted[sev] += s.over.kinds
	}
	r.omitted[RuleDuplicateKey.Severity] += s.over.dups
	r.omitted[RuleInteger.Severity] += s.over.ints
	if v.opts.ShowUnknown && !strictProfile {
		for _, p := range s.unknown {
			add(RuleUnknownProperty, 0, p, fmt.Sprintf("%s: property %s is not part of the protocol", vs.label, lastToken(p)))
		}
	}
	if !strictProfile {
		for _, k := range s.kinds {
			add(RuleUnknownKind, 0, k.pointer, fmt.Sprintf("%s: unknown %s %s", vs.label, k.key, strconvQuote(k.value)))
		}
	}
	for _, p := range s.dupPaths {
		add(RuleDuplicateKey, 0, p, fmt.Sprintf("%s: property %s appears more than once; the last one counts", vs.label, lastToken(p)))
	}
	for _, bi := range s.badInts {
		add(RuleInteger, 0, bi.pointer, fmt.Sprintf("%s: %s: %s is not a plain integer of 64 bits", vs.label, lastToken(bi.pointer), bi.text))
	}
	if !s.bad {
		return
	}
	r.slow = true
	inst, err := sjs.UnmarshalJSON(bytes.NewReader(substituteNumbers(line, s.numSubs)))
	if err != nil {
		add(RuleInvalidJSON, 0, "", "invalid JSON: "+err.Error())
		return
	}
	err = vs.sch.Validate(inst)
	if err == nil {
		return
	}
	var ve *sjs.ValidationError
	if !errors.As(err, &ve) {
		add(RuleSchema, 0, "", fmt.Sprintf("%s: %v", vs.label, err))
		return
	}
	seen := map[string]bool{}
	sorted = len(r.findings)
	for _, leaf := range leaves(ve) {
		for _, f := range v.describe(vs, leaf) {
			k := f.Rule + "\x00" + f.Pointer + "\x00" + f.Message
			if seen[k] {
				continue
			}
			seen[k] = true
			f.File, f.Line, f.Variant = file, n, vs.name
			r.findings = append(r.findings, f)
		}
	}
}

// pick chooses the variant of a line among those of its type.
func (v *Validator) pick(cands []*variantSchema, top topInfo) *variantSchema {
	var plain *variantSchema
	for _, c := range cands {
		e := c.entry
		switch {
		case e.Marker != nil:
			if top.replay {
				return c
			}
		case e.Subtype != nil:
			if top.hasSubtype && *e.Subtype == string(top.subtype) {
				return c
			}
		default:
			plain = c
		}
	}
	return plain
}

// leaves returns the errors at the bottom of a validation error's tree.
func leaves(ve *sjs.ValidationError) []*sjs.ValidationError {
	if len(ve.Causes) == 0 {
		return []*sjs.ValidationError{ve}
	}
	var out []*sjs.ValidationError
	for _, c := range ve.Causes {
		out = append(out, leaves(c)...)
	}
	return out
}

// describe turns one leaf of a validation error into findings.
func (v *Validator) describe(vs *variantSchema, e *sjs.ValidationError) []Finding {
	ptr := pointerOf(e.InstanceLocation)
	kw := strings.TrimPrefix(e.SchemaURL, v.index.BaseID)
	if kp := e.ErrorKind.KeywordPath(); len(kp) > 0 {
		kw += "/" + strings.Join(kp, "/")
	}
	what := "the line"
	if len(e.InstanceLocation) > 0 {
		what = "`" + e.InstanceLocation[len(e.InstanceLocation)-1] + "`"
	}
	one := func(rule *Rule, pointer, msg string) Finding {
		return Finding{Pointer: pointer, Keyword: kw, Rule: rule.ID, Severity: rule.Severity, Message: vs.label + ": " + msg}
	}
	switch k := e.ErrorKind.(type) {
	case *kindRequired:
		var out []Finding
		for _, m := range k.Missing {
			out = append(out, one(RuleRequired, ptr+"/"+escapeToken(m), fmt.Sprintf("required property `%s` is missing", m)))
		}
		return out
	case *kindAdditional:
		var out []Finding
		for _, p := range k.Properties {
			f := one(RuleUnknownProperty, ptr+"/"+escapeToken(p), fmt.Sprintf("property `%s` is not part of the protocol", p))
			f.Severity = Error
			out = append(out, f)
		}
		return out
	case *kindType:
		return []Finding{one(RuleType, ptr, fmt.Sprintf("%s: expected %s, got %s", what, strings.Join(k.Want, " or "), k.Got))}
	case *kindEnum:
		return []Finding{one(RuleEnum, ptr, fmt.Sprintf("%s: value %s is not one of %s", what, display(k.Got), displayList(k.Want)))}
	case *kindConst:
		return []Finding{one(RuleConst, ptr, fmt.Sprintf("%s: value %s, want %s", what, display(k.Got), display(k.Want)))}
	case *kindFormat:
		return []Finding{one(RuleFormat, ptr, fmt.Sprintf("%s: value %s is not of the %s format: %v", what, display(k.Got), k.Want, k.Err))}
	}
	return []Finding{one(RuleSchema, ptr, fmt.Sprintf("%s: %v", what, e.ErrorKind.LocalizedString(printer)))}
}

func pointerOf(tokens []string) string {
	var b strings.Builder
	for _, t := range tokens {
		b.WriteByte('/')
		b.WriteString(escapeToken(t))
	}
	return b.String()
}

func escapeToken(t string) string {
	if !strings.ContainsAny(t, "~/") {
		return t
	}
	return strings.NewReplacer("~", "~0", "/", "~1").Replace(t)
}

// lastToken returns the last token of a JSON Pointer, unescaped and
// quoted as findings name members, the way the full validator's findings
// do: "a/b" for the pointer token a~1b, and an empty key as empty.
func lastToken(p string) string {
	tok := p[strings.LastIndexByte(p, '/')+1:]
	if strings.Contains(tok, "~") {
		tok = strings.NewReplacer("~1", "/", "~0", "~").Replace(tok)
	}
	return "`" + tok + "`"
}

func invalidUTF8At(b []byte) int {
	for i := 0; i < len(b); {
		r, size := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && size <= 1 {
			return i
		}
		i += size
	}
	return len(b)
}

// substituteNumbers returns the line with the numbers subs names replaced
// (the line itself when there are none): the full validator then decides
// their type in constant time.
func substituteNumbers(line []byte, subs []numSub) []byte {
	if len(subs) == 0 {
		return line
	}
	slices.SortStableFunc(subs, func(a, b numSub) int { return cmp.Or(cmp.Compare(a.start, b.start), strings.Compare(a.with, b.with)) })
	out := make([]byte, 0, len(line))
	at := 0
	for _, sub := range subs {
		if sub.start < at {
			continue // the same number, seen again in another pass
		}
		out = append(out, line[at:sub.start]...)
		out = append(out, sub.with...)
		at = sub.end
	}
	return append(out, line[at:]...)
}
