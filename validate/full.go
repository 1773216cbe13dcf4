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

// fullPass validates the line with santhosh-tekuri and appends the
// findings to r; res is the scan's, with Limits.Failures.
//
// A line may hold a great many failing values (an array of a million
// empty objects): each is judged as soon as it is found and its error tree
// let go, a small value like one judged before is not judged again, and
// past Options.MaxFindingsPerLine only the first findings by place are
// kept (the rest are counted in r.omitted), so that time and memory follow
// the line and the cap, not the number of errors.
func (v *Validator) fullPass(vs *variantSchema, file string, n int, line []byte, res *fastpath.Result, r *lineResult) {
	add := func(rule *Rule, msg string) {
		r.findings = append(r.findings, Finding{File: file, Line: n, Rule: rule.ID, Severity: rule.Severity, Message: msg, Variant: vs.name})
	}
	subs := slices.Clone(res.NumSubs)
	slices.SortStableFunc(subs, func(a, b fastpath.NumSub) int { return cmp.Compare(a.Start, b.Start) })
	seen := map[string]bool{}
	keep := newFirstFindings(v.opts.MaxFindingsPerLine, len(r.findings), &r.omitted)
	// paths holds the pointer tokens of failing values by their start
	// (fastpath.PathsAt, one walk a call). Without a cap every finding is
	// reported, so every failing value's pointer is found at once; with
	// one, a value's findings are placed by pointers relative to it, and
	// only those of the findings kept are made absolute, at the end.
	paths := map[int][]string{}
	find := func(starts []int) {
		var need []int
		for _, s := range starts {
			if _, ok := paths[s]; !ok {
				need = append(need, s)
			}
		}
		slices.Sort(need)
		need = slices.Compact(need)
		for i, p := range fastpath.PathsAt(line, need) {
			paths[need[i]] = p
		}
	}
	var found []placed
	var place func(prefix []string, f fastpath.Failure)
	var rel []string
	var cols []int
	lastStart := -1
	// judge turns the errors of the value from start to end of the line
	// into findings: with an absolute prefix, or relative to the value
	// (prefix nil) when they are to be placed.
	var tokens []byte
	judge := func(prefix []string, start, end, at int, vd *verdict, small bool) {
		err := vd.err
		if err == nil {
			return
		}
		// A value judged alone (no other schema judged it just before:
		// failures of one value come together) has findings no other
		// value's can merge with: past the findings kept, a verdict met
		// before gives their count by severity without describing them.
		alone := start != lastStart
		lastStart = start
		if prefix == nil && alone && vd.counts != nil && keep.after(start+1) {
			for sev, c := range vd.counts {
				r.omitted[sev] += c
			}
			return
		}
		var ve *sjs.ValidationError
		if !errors.As(err, &ve) {
			add(RuleSchema, fmt.Sprintf("%s: %v", vs.label, err))
			return
		}
		found = found[:0]
		// A small value's error (met again on other lines, from the
		// verdict caches) is described once per variant and place.
		var list []described
		cached := false
		var key descKey
		if small {
			tokens = appendTokens(tokens[:0], prefix)
			key = descKey{ve: ve, vs: vs, prefix: string(tokens)}
			list, cached = v.descs.get(key)
		}
		if !cached {
			list = nil
			for _, leaf := range leaves(ve) {
				for nth, f := range v.describe(vs, prefix, leaf) {
					list = append(list, described{leaf: leaf, nth: nth, f: f})
				}
			}
			if small {
				v.descs.put(key, list)
			}
		}
		for _, d := range list {
			f := d.f
			// The start tells apart the relative pointers of two
			// values; failures at one start judge one value.
			k := strconv.Itoa(start) + "\x00" + f.Rule + "\x00" + f.Pointer + "\x00" + f.Message
			if seen[k] {
				continue
			}
			if len(seen) < mergeLimit {
				seen[k] = true
			}
			f.File, f.Line, f.Variant = file, n, vs.name
			p := placed{f: f, at: start + 1}
			if prefix == nil {
				p.leaf, p.nth, p.start = d.leaf, d.nth, start
			}
			found = append(found, p)
		}
		if prefix == nil && alone && vd.counts == nil {
			vd.counts = new([Error + 1]int)
			for _, p := range found {
				vd.counts[p.f.Severity]++
			}
		}
		place(prefix, fastpath.Failure{Start: start, End: end, At: at})
	}
	// local turns a failure the scan judged itself into its finding,
	// placed as judge places those of the full validator.
	local := func(i int, prefix []string, f fastpath.Failure) bool {
		lastStart = f.Start
		lf, err := v.localFinding(vs, prefix, line, res, f)
		if err != nil {
			add(RuleSchema, fmt.Sprintf("%s: internal error: %v; please report it", vs.label, err))
			return false
		}
		found = found[:0]
		k := strconv.Itoa(f.Start) + "\x00" + lf.Rule + "\x00" + lf.Pointer + "\x00" + lf.Message
		if seen[k] {
			return true
		}
		if len(seen) < mergeLimit {
			seen[k] = true
		}
		lf.File, lf.Line, lf.Variant = file, n, vs.name
		p := placed{f: lf, at: f.Start + 1}
		if prefix == nil {
			p.local, p.start = i+1, f.Start
		}
		found = append(found, p)
		place(prefix, f)
		return true
	}
	// keepOne keeps a finding placed: all of them without a cap.
	keepOne := func(p placed) {
		if !keep.capped() {
			r.findings = append(r.findings, p.f)
			return
		}
		keep.add(p)
	}
	place = func(prefix []string, f fastpath.Failure) {
		start, end := f.Start, f.End
		if keep.capped() && keep.after(start+1) {
			// The value lies past the last finding kept: none of its
			// findings comes before it.
			for _, p := range found {
				r.omitted[p.f.Severity]++
			}
			return
		}
		// The finding of a local failure is placed without a walk: at the
		// object that lacks a member, at the member forbidden, or at the
		// value outside its enum.
		if f.Local != 0 {
			p := found[0]
			p.f.Column = f.At + 1
			if f.Local == fastpath.LocalAdditional {
				p.f.Column = f.KeyStart + 1
				p.at = p.f.Column
			}
			keepOne(p)
			return
		}
		// The columns of the findings inside the value, in one walk over
		// it: a finding's place decides whether it is among the first.
		base := 0
		if prefix != nil {
			base = len(pointerOf(prefix))
		}
		rel, cols = rel[:0], cols[:0]
		for _, p := range found {
			rel = append(rel, p.f.Pointer[base:])
			cols = append(cols, 0)
		}
		fastpath.Columns(line[start:end], rel, cols)
		for i, p := range found {
			// Column 1 is the value itself (a member it lacks resolves
			// to it): the line's column is its member name's, which the
			// scan noted (Failure.At).
			switch {
			case cols[i] > 1:
				p.f.Column = start + cols[i]
				p.at = p.f.Column
			case cols[i] == 1 || rel[i] == "":
				p.f.Column = f.At + 1
			}
			keepOne(p)
		}
	}

	defer func() {
		// The findings kept that are relative to their value get its
		// pointer, and are described again with it.
		var starts []int
		for _, p := range keep.kept {
			if p.leaf != nil || p.local > 0 {
				starts = append(starts, p.start)
			}
		}
		find(starts)
		for _, p := range keep.kept {
			f := p.f
			switch {
			case p.leaf != nil:
				f = v.describe(vs, paths[p.start], p.leaf)[p.nth]
				f.File, f.Line, f.Variant, f.Column = file, n, vs.name, p.f.Column
			case p.local > 0:
				// The same failure gave p.f, relative to its object.
				f, _ = v.localFinding(vs, paths[p.start], line, res, res.Failures[p.local-1])
				f.File, f.Line, f.Variant, f.Column = file, n, vs.name, p.f.Column
			}
			r.findings = append(r.findings, f)
		}
	}()
	if v.wholeLine || len(res.Failures) == 0 {
		// The old way, kept for the differential test: decode the line
		// again and validate all of it.
		sch, err := v.fullSchema(vs)
		if err != nil {
			add(RuleInternal, "internal error: "+err.Error())
			return
		}
		inst, err := sjs.UnmarshalJSON(bytes.NewReader(substituteNumbers(line, res.NumSubs)))
		if err != nil {
			add(RuleInvalidJSON, "invalid JSON: "+err.Error())
			return
		}
		judge([]string{}, 0, len(line), 0, &verdict{err: sch.Validate(inst)}, false)
		return
	}
	// A line of few failures comes with their pointers (the usual case);
	// without a cap every pointer is needed; else findings are placed
	// relative to their values (prefix nil).
	relative := false
	switch {
	case len(res.Paths) == len(res.Failures):
		for i, f := range res.Failures {
			paths[f.Start] = res.Paths[i]
		}
	case !keep.capped():
		starts := make([]int, len(res.Failures))
		for i, f := range res.Failures {
			starts[i] = f.Start
		}
		find(starts)
	default:
		relative = true
	}
	prefix := func(start int) []string {
		if relative {
			return nil
		}
		return paths[start]
	}
	// Local failures past the cap were counted, not kept (see
	// fastpath.Result.Overflow): each is one finding left out.
	r.omitted[RuleRequired.Severity] += res.Overflow[fastpath.LocalRequired]
	r.omitted[Error] += res.Overflow[fastpath.LocalAdditional]
	r.omitted[RuleEnum.Severity] += res.Overflow[fastpath.LocalEnum]
	failed := make([]bool, len(res.Failures))
	// Values of a line often fail alike (the items of one array): a small
	// value judged once by a schema is not judged again, its errors are
	// described again at the new place.
	judged := map[string]*verdict{}
	var key, gkey []byte
	for i, f := range res.Failures {
		cond := f.IfTo > 0 || f.IfOver
		if cond && !f.IfOver && !slices.Contains(failed[f.IfFrom:f.IfTo], true) {
			continue // a branch not taken, of a choice whose taken branch passed
		}
		if f.Local != 0 {
			failed[i] = true
			if !local(i, prefix(f.Start), f) {
				return
			}
			continue
		}
		small := f.End-f.Start <= memoValueBytes
		if small {
			key = append(binary.LittleEndian.AppendUint32(key[:0], uint32(f.Loc)), line[f.Start:f.End]...)
			if vd, ok := judged[string(key)]; ok {
				failed[i] = vd.err != nil
				judge(prefix(f.Start), f.Start, f.End, f.At, vd, true)
				continue
			}
			// Lines of a file often fail alike too: a verdict on a small
			// value met on an earlier line is reused (its error tree is
			// only read).
			condByte := byte(0)
			if cond {
				condByte = 1
			}
			gkey = append(append(append(gkey[:0], res.Locs[f.Loc]...), 0, condByte), line[f.Start:f.End]...)
			if err, ok := v.verdicts.get(gkey); ok {
				vd := &verdict{err: err}
				if len(judged) < memoValues {
					judged[string(key)] = vd
				}
				failed[i] = err != nil
				judge(prefix(f.Start), f.Start, f.End, f.At, vd, true)
				continue
			}
		}
		sch, err := v.schemaAt(res.Locs[f.Loc])
		if err != nil {
			add(RuleSchema, fmt.Sprintf("%s: internal error: %v; please report it", vs.label, err))
			return
		}
		var inst any
		switch {
		case cond && line[f.Start] == '[':
			// A branch the value's JSON type did not take judges only
			// that type: an empty value of it does, without building what
			// may be most of the line.
			inst = []any{}
		case cond && line[f.Start] == '{':
			inst = map[string]any{}
		default:
			inst, err = fastpath.Build(line, f.Start, f.End, subs)
		}
		if err != nil {
			find([]int{f.Start})
			add(RuleSchema, fmt.Sprintf("%s: internal error: reading the value at %s: %v; please report it", vs.label, pointerOf(paths[f.Start]), err))
			return
		}
		vd := &verdict{err: sch.Validate(inst)}
		if small {
			if len(judged) < memoValues {
				judged[string(key)] = vd
			}
			v.verdicts.put(gkey, vd.err)
		}
		failed[i] = vd.err != nil
		judge(prefix(f.Start), f.Start, f.End, f.At, vd, small)
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
