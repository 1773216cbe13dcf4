package validate

import (
	"bytes"
	"cmp"
	"encoding/binary"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"

	sjs "github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/protocheck/protocheck/validate/internal/fastpath"
)

// This file is the full pass: santhosh-tekuri/jsonschema judges a line
// the fast path did not accept, and its errors become findings. The scan,
// asked to say where the line fails (fastpath.Failure), hands it each
// failing value, read by fastpath.Build, with the one schema that judges
// it: the member's own schema, or the content block's, stream event's or
// control payload's that its discriminator selects. The errors are those
// a validation of the whole line would give (TestFullPassDifferential
// and the fuzz targets hold the two to it).

// A fullPass validates one line the scan did not accept with
// santhosh-tekuri, and appends the findings to the line's result. Its
// state is the line's: the scan's result (with Limits.Failures), the
// findings met so far, where they go and which values were judged.
//
// A line may hold a great many failing values (an array of a million
// empty objects): each is judged as soon as it is found and its error tree
// let go, a small value like one judged before is not judged again, and
// past Options.MaxFindingsPerLine only the first findings by place are
// kept (the rest are counted in r.omitted), so that time and memory follow
// the line and the cap, not the number of errors.
type fullPass struct {
	v    *Validator
	vs   *variantSchema
	file string
	n    int
	line []byte
	res  *fastpath.Result
	r    *lineResult

	// subs are the scan's number substitutions, by start.
	subs []fastpath.NumSub
	// seen holds the findings met, by the start of their value, rule,
	// pointer and message: one met again is merged (up to mergeLimit).
	seen map[string]bool
	// keep holds the findings kept when the line has a cap.
	keep *firstFindings
	// paths holds the pointer tokens of failing values by their start
	// (fastpath.PathsAt, one walk a call). Without a cap every finding is
	// reported, so every failing value's pointer is found at once; with
	// one, a value's findings are placed by pointers relative to it
	// (relative), and only those of the findings kept are made absolute,
	// at the end (finish).
	paths    map[int][]string
	relative bool
	// found are the findings of the value judged last, to be placed.
	found []placed
	// lastStart is where the value judged last starts: failures of one
	// value come together.
	lastStart int
	// failed says, by failure, whether its value failed: a branch of a
	// choice is judged only when the branch taken failed.
	failed []bool
	// judged holds the verdicts on small values of this line, by schema
	// location and value (key): values of a line often fail alike.
	judged map[string]*verdict
	// Buffers reused from value to value.
	rel       []string
	cols      []int
	tokens    []byte
	key, gkey []byte
}

// fullPass runs the full pass over a line; res is the scan's, with
// Limits.Failures.
func (v *Validator) fullPass(vs *variantSchema, file string, n int, line []byte, res *fastpath.Result, r *lineResult) {
	p := &fullPass{v: v, vs: vs, file: file, n: n, line: line, res: res, r: r,
		subs:      slices.Clone(res.NumSubs),
		seen:      map[string]bool{},
		keep:      newFirstFindings(v.opts.MaxFindingsPerLine, len(r.findings), &r.omitted),
		paths:     map[int][]string{},
		lastStart: -1,
	}
	slices.SortStableFunc(p.subs, func(a, b fastpath.NumSub) int { return cmp.Compare(a.Start, b.Start) })
	p.run()
	p.finish()
}

// run judges the line's failing values, or, for the differential test or
// when the scan named none, the whole line.
func (p *fullPass) run() {
	if p.v.wholeLine || len(p.res.Failures) == 0 {
		p.wholeLine()
		return
	}
	p.placeFailures()
	// Local failures past the cap were counted, not kept (see
	// fastpath.Result.Overflow): each is one finding left out.
	p.r.omitted[RuleRequired.Severity] += p.res.Overflow[fastpath.LocalRequired]
	p.r.omitted[Error] += p.res.Overflow[fastpath.LocalAdditional]
	p.r.omitted[RuleEnum.Severity] += p.res.Overflow[fastpath.LocalEnum]
	p.failed = make([]bool, len(p.res.Failures))
	p.judged = map[string]*verdict{}
	for i, f := range p.res.Failures {
		if !p.failure(i, f) {
			return
		}
	}
}

// add appends a finding of the line that has no place (a tool failure).
func (p *fullPass) add(rule *Rule, msg string) {
	p.r.findings = append(p.r.findings, Finding{File: p.file, Line: p.n, Rule: rule.ID, Severity: rule.Severity, Message: msg, Variant: p.vs.name})
}

// wholeLine is the old way, kept for the differential test: decode the
// line again and validate all of it.
func (p *fullPass) wholeLine() {
	sch, err := p.v.fullSchema(p.vs)
	if err != nil {
		p.add(RuleInternal, "internal error: "+err.Error())
		return
	}
	inst, err := sjs.UnmarshalJSON(bytes.NewReader(substituteNumbers(p.line, p.res.NumSubs)))
	if err != nil {
		p.add(RuleInvalidJSON, "invalid JSON: "+err.Error())
		return
	}
	p.judge([]string{}, 0, len(p.line), 0, &verdict{err: sch.Validate(inst)}, false)
}

// placeFailures decides how the failures are placed: a line of few
// failures comes with their pointers (the usual case); without a cap
// every pointer is needed; else findings are placed relative to their
// values (prefix nil).
func (p *fullPass) placeFailures() {
	res := p.res
	switch {
	case len(res.Paths) == len(res.Failures):
		for i, f := range res.Failures {
			p.paths[f.Start] = res.Paths[i]
		}
	case !p.keep.capped():
		starts := make([]int, len(res.Failures))
		for i, f := range res.Failures {
			starts[i] = f.Start
		}
		p.find(starts)
	default:
		p.relative = true
	}
}

// prefix is the pointer tokens of the value that starts at start, or nil
// when findings are placed relative to their values.
func (p *fullPass) prefix(start int) []string {
	if p.relative {
		return nil
	}
	return p.paths[start]
}

// find looks up the pointer tokens of the values that start at starts,
// those not known yet, in one walk.
func (p *fullPass) find(starts []int) {
	var need []int
	for _, s := range starts {
		if _, ok := p.paths[s]; !ok {
			need = append(need, s)
		}
	}
	slices.Sort(need)
	need = slices.Compact(need)
	for i, toks := range fastpath.PathsAt(p.line, need) {
		p.paths[need[i]] = toks
	}
}

// failure judges the ith failure of the scan, and reports whether the
// pass goes on (false: a tool failure was reported).
func (p *fullPass) failure(i int, f fastpath.Failure) bool {
	cond := f.IfTo > 0 || f.IfOver
	if cond && !f.IfOver && !slices.Contains(p.failed[f.IfFrom:f.IfTo], true) {
		return true // a branch not taken, of a choice whose taken branch passed
	}
	if f.Local != 0 {
		p.failed[i] = true
		return p.local(i, p.prefix(f.Start), f)
	}
	small := f.End-f.Start <= memoValueBytes
	if small && p.judgedBefore(i, f, cond) {
		return true
	}
	sch, err := p.v.schemaAt(p.res.Locs[f.Loc])
	if err != nil {
		p.add(RuleSchema, fmt.Sprintf("%s: internal error: %v; please report it", p.vs.label, err))
		return false
	}
	var inst any
	switch {
	case cond && p.line[f.Start] == '[':
		// A branch the value's JSON type did not take judges only
		// that type: an empty value of it does, without building what
		// may be most of the line.
		inst = []any{}
	case cond && p.line[f.Start] == '{':
		inst = map[string]any{}
	default:
		inst, err = fastpath.Build(p.line, f.Start, f.End, p.subs)
	}
	if err != nil {
		p.find([]int{f.Start})
		p.add(RuleSchema, fmt.Sprintf("%s: internal error: reading the value at %s: %v; please report it", p.vs.label, pointerOf(p.paths[f.Start]), err))
		return false
	}
	vd := &verdict{err: sch.Validate(inst)}
	if small {
		if len(p.judged) < memoValues {
			p.judged[string(p.key)] = vd
		}
		p.v.verdicts.put(p.gkey, vd.err)
	}
	p.failed[i] = vd.err != nil
	p.judge(p.prefix(f.Start), f.Start, f.End, f.At, vd, small)
	return true
}

// judgedBefore judges a small failing value by a verdict met before, on
// this line or (from the run's cache) an earlier one, and reports whether
// there was one. It leaves p.key and p.gkey set to the value's keys.
func (p *fullPass) judgedBefore(i int, f fastpath.Failure, cond bool) bool {
	p.key = append(binary.LittleEndian.AppendUint32(p.key[:0], uint32(f.Loc)), p.line[f.Start:f.End]...)
	if vd, ok := p.judged[string(p.key)]; ok {
		p.failed[i] = vd.err != nil
		p.judge(p.prefix(f.Start), f.Start, f.End, f.At, vd, true)
		return true
	}
	// Lines of a file often fail alike too: a verdict on a small value
	// met on an earlier line is reused (its error tree is only read).
	condByte := byte(0)
	if cond {
		condByte = 1
	}
	p.gkey = append(append(append(p.gkey[:0], p.res.Locs[f.Loc]...), 0, condByte), p.line[f.Start:f.End]...)
	err, ok := p.v.verdicts.get(p.gkey)
	if !ok {
		return false
	}
	vd := &verdict{err: err}
	if len(p.judged) < memoValues {
		p.judged[string(p.key)] = vd
	}
	p.failed[i] = err != nil
	p.judge(p.prefix(f.Start), f.Start, f.End, f.At, vd, true)
	return true
}

// judge turns the errors of the value from start to end of the line into
// findings: with an absolute prefix, or relative to the value (prefix
// nil) when they are to be placed.
func (p *fullPass) judge(prefix []string, start, end, at int, vd *verdict, small bool) {
	err := vd.err
	if err == nil {
		return
	}
	// A value judged alone (no other schema judged it just before:
	// failures of one value come together) has findings no other value's
	// can merge with: past the findings kept, a verdict met before gives
	// their count by severity without describing them.
	alone := start != p.lastStart
	p.lastStart = start
	if prefix == nil && alone && vd.counts != nil && p.keep.after(start+1) {
		for sev, c := range vd.counts {
			p.r.omitted[sev] += c
		}
		return
	}
	var ve *sjs.ValidationError
	if !errors.As(err, &ve) {
		p.add(RuleSchema, fmt.Sprintf("%s: %v", p.vs.label, err))
		return
	}
	p.found = p.found[:0]
	for _, d := range p.described(prefix, ve, small) {
		f := d.f
		if !p.first(start, f) {
			continue
		}
		f.File, f.Line, f.Variant = p.file, p.n, p.vs.name
		pl := placed{f: f, at: start + 1}
		if prefix == nil {
			pl.leaf, pl.nth, pl.start = d.leaf, d.nth, start
		}
		p.found = append(p.found, pl)
	}
	if prefix == nil && alone && vd.counts == nil {
		vd.counts = new([Error + 1]int)
		for _, pl := range p.found {
			vd.counts[pl.f.Severity]++
		}
	}
	p.place(prefix, fastpath.Failure{Start: start, End: end, At: at})
}

// described returns the findings of the leaves of a value's error. A
// small value's error (met again on other lines, from the verdict caches)
// is described once per variant and place.
func (p *fullPass) described(prefix []string, ve *sjs.ValidationError, small bool) []described {
	var key descKey
	if small {
		p.tokens = appendTokens(p.tokens[:0], prefix)
		key = descKey{ve: ve, vs: p.vs, prefix: string(p.tokens)}
		if list, ok := p.v.descs.get(key); ok {
			return list
		}
	}
	var list []described
	for _, leaf := range leaves(ve) {
		for nth, f := range p.v.describe(p.vs, prefix, leaf) {
			list = append(list, described{leaf: leaf, nth: nth, f: f})
		}
	}
	if small {
		p.v.descs.put(key, list)
	}
	return list
}

// first reports whether a finding of the value at start is met for the
// first time on the line: the start tells apart the relative pointers of
// two values; failures at one start judge one value.
func (p *fullPass) first(start int, f Finding) bool {
	k := strconv.Itoa(start) + "\x00" + f.Rule + "\x00" + f.Pointer + "\x00" + f.Message
	if p.seen[k] {
		return false
	}
	if len(p.seen) < mergeLimit {
		p.seen[k] = true
	}
	return true
}

// local turns a failure the scan judged itself into its finding, placed
// as judge places those of the full validator, and reports whether the
// pass goes on.
func (p *fullPass) local(i int, prefix []string, f fastpath.Failure) bool {
	p.lastStart = f.Start
	lf, err := p.v.localFinding(p.vs, prefix, p.line, p.res, f)
	if err != nil {
		p.add(RuleSchema, fmt.Sprintf("%s: internal error: %v; please report it", p.vs.label, err))
		return false
	}
	p.found = p.found[:0]
	if !p.first(f.Start, lf) {
		return true
	}
	lf.File, lf.Line, lf.Variant = p.file, p.n, p.vs.name
	pl := placed{f: lf, at: f.Start + 1}
	if prefix == nil {
		pl.local, pl.start = i+1, f.Start
	}
	p.found = append(p.found, pl)
	p.place(prefix, f)
	return true
}

// place sets the columns of the findings found in the value f and keeps
// them, or counts them when they come after every finding kept.
func (p *fullPass) place(prefix []string, f fastpath.Failure) {
	start, end := f.Start, f.End
	if p.keep.capped() && p.keep.after(start+1) {
		// The value lies past the last finding kept: none of its
		// findings comes before it.
		for _, pl := range p.found {
			p.r.omitted[pl.f.Severity]++
		}
		return
	}
	// The finding of a local failure is placed without a walk: at the
	// object that lacks a member, at the member forbidden, or at the
	// value outside its enum.
	if f.Local != 0 {
		pl := p.found[0]
		pl.f.Column = f.At + 1
		if f.Local == fastpath.LocalAdditional {
			pl.f.Column = f.KeyStart + 1
			pl.at = pl.f.Column
		}
		p.keepOne(pl)
		return
	}
	// The columns of the findings inside the value, in one walk over it:
	// a finding's place decides whether it is among the first.
	base := 0
	if prefix != nil {
		base = len(pointerOf(prefix))
	}
	p.rel, p.cols = p.rel[:0], p.cols[:0]
	for _, pl := range p.found {
		p.rel = append(p.rel, pl.f.Pointer[base:])
		p.cols = append(p.cols, 0)
	}
	fastpath.Columns(p.line[start:end], p.rel, p.cols)
	for i, pl := range p.found {
		// Column 1 is the value itself (a member it lacks resolves to
		// it): the line's column is its member name's, which the scan
		// noted (Failure.At).
		switch {
		case p.cols[i] > 1:
			pl.f.Column = start + p.cols[i]
			pl.at = pl.f.Column
		case p.cols[i] == 1 || p.rel[i] == "":
			pl.f.Column = f.At + 1
		}
		p.keepOne(pl)
	}
}

// keepOne keeps a finding placed: all of them without a cap.
func (p *fullPass) keepOne(pl placed) {
	if !p.keep.capped() {
		p.r.findings = append(p.r.findings, pl.f)
		return
	}
	p.keep.add(pl)
}

// finish appends the findings kept under a cap; those relative to their
// value get its pointer, and are described again with it.
func (p *fullPass) finish() {
	var starts []int
	for _, pl := range p.keep.kept {
		if pl.leaf != nil || pl.local > 0 {
			starts = append(starts, pl.start)
		}
	}
	p.find(starts)
	for _, pl := range p.keep.kept {
		f := pl.f
		switch {
		case pl.leaf != nil:
			f = p.v.describe(p.vs, p.paths[pl.start], pl.leaf)[pl.nth]
			f.File, f.Line, f.Variant, f.Column = p.file, p.n, p.vs.name, pl.f.Column
		case pl.local > 0:
			// The same failure gave pl.f, relative to its object.
			f, _ = p.v.localFinding(p.vs, p.paths[pl.start], p.line, p.res, p.res.Failures[pl.local-1])
			f.File, f.Line, f.Variant, f.Column = p.file, p.n, p.vs.name, pl.f.Column
		}
		p.r.findings = append(p.r.findings, f)
	}
}

// firstFindings keeps, of the findings of one line, the first ones by
// place (column, then pointer, rule and message, as lines sort them) up
// to the line's cap, and counts the others by severity.
type firstFindings struct {
	room    int // how many may be kept; < 0: no cap
	kept    []placed
	omitted *[Error + 1]int
}

type placed struct {
	f  Finding
	at int // its column, or just past its member name
	// Of a finding relative to its value (f.Pointer and f.Message): the
	// leaf it was described from, its index among the leaf's findings,
	// and where the value starts.
	leaf       *sjs.ValidationError
	nth, start int
	// local is, for a finding of a local failure relative to its object,
	// 1 + the failure's index in the scan's Result.Failures.
	local int
}

// newFirstFindings keeps up to limit findings of a line that has already
// `have` (0: no cap), counting the rest in omitted.
func newFirstFindings(limit, have int, omitted *[Error + 1]int) *firstFindings {
	if limit <= 0 {
		return &firstFindings{room: -1, omitted: omitted}
	}
	return &firstFindings{room: max(0, limit-have), omitted: omitted}
}

// capped reports whether findings must be placed to be kept (else every
// one is).
func (k *firstFindings) capped() bool { return k.room >= 0 }

// after reports whether every finding at or past column at comes after
// the findings kept, which leave no room.
func (k *firstFindings) after(at int) bool {
	return len(k.kept) == k.room && (k.room == 0 || at > k.kept[0].at)
}

func (k *firstFindings) less(a, b placed) bool {
	return cmp.Or(cmp.Compare(a.at, b.at), strings.Compare(a.f.Pointer, b.f.Pointer),
		strings.Compare(a.f.Rule, b.f.Rule), strings.Compare(a.f.Message, b.f.Message)) < 0
}

// add offers one finding: kept when there is room or it comes before the
// last one kept (which is then counted instead).
func (k *firstFindings) add(p placed) {
	switch {
	case len(k.kept) < k.room:
		k.kept = append(k.kept, p)
		k.up(len(k.kept) - 1)
	case len(k.kept) > 0 && k.less(p, k.kept[0]):
		k.omitted[k.kept[0].f.Severity]++
		k.kept[0] = p
		k.down(0)
	default:
		k.omitted[p.f.Severity]++
	}
}

// kept is a heap with the last finding by place on top.
func (k *firstFindings) up(i int) {
	for i > 0 {
		parent := (i - 1) / 2
		if !k.less(k.kept[parent], k.kept[i]) {
			return
		}
		k.kept[parent], k.kept[i] = k.kept[i], k.kept[parent]
		i = parent
	}
}

func (k *firstFindings) down(i int) {
	for {
		top, l, r := i, 2*i+1, 2*i+2
		if l < len(k.kept) && k.less(k.kept[top], k.kept[l]) {
			top = l
		}
		if r < len(k.kept) && k.less(k.kept[top], k.kept[r]) {
			top = r
		}
		if top == i {
			return
		}
		k.kept[i], k.kept[top] = k.kept[top], k.kept[i]
		i = top
	}
}

// A verdict is what the full validator said of a value: its error, and
// once counted, how many findings of each severity that error makes.
type verdict struct {
	err    error
	counts *[Error + 1]int
}

// verdictCache keeps, across the lines of a run, the full validator's
// verdicts on small failing values by schema location and value (the
// same value against the same schema gets the same error tree, which the
// full pass only reads), for the first cacheSize such values.
type verdictCache = bytesCache[error]

// cacheSize is how many entries each of a run's caches keeps.
const cacheSize = 4096

// bytesCache maps keys made of bytes to values, for the first cacheSize
// keys put.
type bytesCache[V any] struct {
	mu sync.RWMutex
	m  map[string]V
}

func (c *bytesCache[V]) get(key []byte) (V, bool) {
	c.mu.RLock()
	val, ok := c.m[string(key)]
	c.mu.RUnlock()
	return val, ok
}

func (c *bytesCache[V]) put(key []byte, val V) {
	c.mu.Lock()
	if c.m == nil {
		c.m = map[string]V{}
	}
	if len(c.m) < cacheSize {
		c.m[string(key)] = val
	}
	c.mu.Unlock()
}

// descCache keeps, across the lines of a run, the findings describe made
// of the error of a small failing value, by the error (the verdict
// caches hand out one error for a value and schema), the variant and the
// pointer of the value (nil and empty alike: describe reads only the
// tokens), for the first cacheSize of them: lines that fail alike
// then share their descriptions, as they share their verdicts. The key
// holds the error, so that no other error takes its address while it is
// cached.
type descCache struct {
	mu sync.RWMutex
	m  map[descKey][]described
}

type descKey struct {
	ve     *sjs.ValidationError
	vs     *variantSchema
	prefix string // the pointer's tokens (appendTokens)
}

// described is one finding describe made of a leaf of an error, the nth
// of that leaf's.
type described struct {
	leaf *sjs.ValidationError
	nth  int
	f    Finding
}

func (c *descCache) get(key descKey) ([]described, bool) {
	c.mu.RLock()
	list, ok := c.m[key]
	c.mu.RUnlock()
	return list, ok
}

func (c *descCache) put(key descKey, list []described) {
	c.mu.Lock()
	if c.m == nil {
		c.m = map[descKey][]described{}
	}
	if len(c.m) < cacheSize {
		c.m[key] = list
	}
	c.mu.Unlock()
}

// msgCache keeps, across the lines of a run, the messages of the values
// outside their enum the scan judged, by variant, schema location, the
// name the message gives the value and the value's bytes, for the first
// cacheSize of them.
type msgCache = bytesCache[string]

// appendTokens appends the tokens of a pointer, each after its length.
func appendTokens(b []byte, prefix []string) []byte {
	for _, t := range prefix {
		b = append(binary.AppendUvarint(b, uint64(len(t))), t...)
	}
	return b
}

// A failing value of at most memoValueBytes bytes is judged once per line
// and schema, for the first memoValues such values of a line.
const (
	memoValueBytes = 512
	memoValues     = 1000
)

// mergeLimit bounds the findings of one line among which identical ones
// are merged (several failing values may be judged by schemas that share
// a check); past it, findings are counted as they come.
const mergeLimit = 10000

// schemaAt returns the compiled schema at a location of the schema
// document, compiling it the first time.
func (v *Validator) schemaAt(loc string) (*sjs.Schema, error) {
	v.subMu.RLock()
	sch, ok := v.subs[loc]
	v.subMu.RUnlock()
	if ok {
		return sch, nil
	}
	v.subMu.Lock()
	defer v.subMu.Unlock()
	if sch, ok := v.subs[loc]; ok {
		return sch, nil
	}
	sch, err := v.compiler.Compile(v.unionURL + loc)
	if err != nil {
		return nil, fmt.Errorf("compiling the schema at %s: %w", loc, err)
	}
	v.subs[loc] = sch
	return sch, nil
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

// describe turns one leaf of a validation error into findings; prefix
// holds the tokens of the pointer of the value validated.
func (v *Validator) describe(vs *variantSchema, prefix []string, e *sjs.ValidationError) []Finding {
	loc := e.InstanceLocation
	if len(prefix) > 0 {
		loc = append(slices.Clip(prefix), loc...)
	}
	ptr := pointerOf(loc)
	kw := strings.TrimPrefix(e.SchemaURL, v.index.BaseID)
	if kp := e.ErrorKind.KeywordPath(); len(kp) > 0 {
		kw += "/" + strings.Join(kp, "/")
	}
	what := "the line"
	if len(loc) > 0 {
		what = "`" + loc[len(loc)-1] + "`"
	}
	one := func(rule *Rule, pointer, msg string) Finding {
		return Finding{Pointer: pointer, Keyword: kw, Rule: rule.ID, Severity: rule.Severity, Message: vs.label + ": " + msg}
	}
	switch k := e.ErrorKind.(type) {
	case *kindRequired:
		var out []Finding
		for _, m := range k.Missing {
			out = append(out, missingFinding(vs, kw, ptr, m))
		}
		return out
	case *kindAdditional:
		var out []Finding
		for _, p := range k.Properties {
			out = append(out, forbiddenFinding(vs, kw, ptr, p))
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

// missingFinding is the finding of a member, name, that the object at
// pointer ptr lacks, which the keyword kw requires.
func missingFinding(vs *variantSchema, kw, ptr, name string) Finding {
	return Finding{Pointer: ptr + "/" + escapeToken(name), Keyword: kw, Rule: RuleRequired.ID, Severity: RuleRequired.Severity,
		Message: vs.label + ": " + fmt.Sprintf("required property `%s` is missing", name)}
}

// forbiddenFinding is the finding of a member, name, of the object at
// pointer ptr, that the keyword kw (additionalProperties) forbids.
func forbiddenFinding(vs *variantSchema, kw, ptr, name string) Finding {
	return Finding{Pointer: ptr + "/" + escapeToken(name), Keyword: kw, Rule: RuleUnknownProperty.ID, Severity: Error,
		Message: vs.label + ": " + fmt.Sprintf("property `%s` is not part of the protocol", name)}
}

// localFinding is the finding of a failure the scan judged itself
// (fastpath.Failure.Local), of the object at the pointer tokens prefix
// (nil: relative to the object, as judge places findings).
func (v *Validator) localFinding(vs *variantSchema, prefix []string, line []byte, res *fastpath.Result, f fastpath.Failure) (Finding, error) {
	ptr := pointerOf(prefix)
	kw := strings.TrimPrefix(v.unionURL, v.index.BaseID) + res.Locs[f.Loc]
	switch f.Local {
	case fastpath.LocalRequired:
		return missingFinding(vs, kw+"/required", ptr, res.Locs[f.Name]), nil
	case fastpath.LocalEnum:
		// As describe words the full validator's error: the value as
		// the full pass would hand it over, the list as the schema has it.
		// Lines fail alike: the message of a small value is made once per
		// variant, schema and last pointer token.
		what := "the line"
		if len(prefix) > 0 {
			what = "`" + prefix[len(prefix)-1] + "`"
		}
		var key []byte
		if f.End-f.Start <= memoValueBytes {
			key = append(append(append(append(append(key, vs.name...), 0), res.Locs[f.Loc]...), 0), what...)
			key = append(append(key, 0), line[f.Start:f.End]...)
			if msg, ok := v.enumMsgs.get(key); ok {
				return Finding{Pointer: ptr, Keyword: kw + "/enum", Rule: RuleEnum.ID, Severity: RuleEnum.Severity, Message: msg}, nil
			}
		}
		got, err := fastpath.Build(line, f.Start, f.End, nil)
		if err != nil {
			return Finding{}, err
		}
		msg := vs.label + ": " + fmt.Sprintf("%s: value %s is not one of %s", what, display(got), displayList(res.EnumWant[f.Loc]))
		if key != nil {
			v.enumMsgs.put(key, msg)
		}
		return Finding{Pointer: ptr, Keyword: kw + "/enum", Rule: RuleEnum.ID, Severity: RuleEnum.Severity, Message: msg}, nil
	}
	name, ok := fastpath.KeyAt(line, f.KeyStart)
	if !ok {
		return Finding{}, fmt.Errorf("no member name at byte %d", f.KeyStart+1)
	}
	return forbiddenFinding(vs, kw+"/additionalProperties", ptr, name), nil
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

// substituteNumbers returns the line with the numbers subs names replaced
// (the line itself when there are none): the full validator then decides
// their type in constant time.
func substituteNumbers(line []byte, subs []fastpath.NumSub) []byte {
	if len(subs) == 0 {
		return line
	}
	slices.SortStableFunc(subs, func(a, b fastpath.NumSub) int {
		return cmp.Or(cmp.Compare(a.Start, b.Start), strings.Compare(a.With, b.With))
	})
	out := make([]byte, 0, len(line))
	at := 0
	for _, sub := range subs {
		if sub.Start < at {
			continue // the same number, seen again in another pass
		}
		out = append(out, line[at:sub.Start]...)
		out = append(out, sub.With...)
		at = sub.End
	}
	return append(out, line[at:]...)
}
