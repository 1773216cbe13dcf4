package validate

import (
	"bytes"
	"cmp"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/protocheck/protocheck/validate/internal/conform"
	"github.com/protocheck/protocheck/validate/internal/fastpath"
)

// This file checks one line: its bytes, its variant, and the fast path's
// scan; a line the scan does not accept goes on to the full pass
// (full.go).

// scanner is a worker's reusable state for checking lines.
type scanner = fastpath.Scanner

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
	// caps are, on a line the scan accepted, where the members the
	// cross-line rules read lie (conform.Marks); they belong to the
	// scanner, and are valid until it checks another line. nil when the
	// line must be read with conform's Extract.
	caps []fastpath.Capture
}

// checkLine checks one line (without its newline) and fills r. It never
// panics on any input. The line goes through lineGates, in order, until
// one stops it; a line no gate stops is of a known variant, and gets the
// findings of its scan and, when the scan did not accept it, of the full
// pass.
func (v *Validator) checkLine(s *scanner, file string, n int, line []byte, r *lineResult) {
	*r = lineResult{findings: r.findings[:0]}
	c := lineCheck{v: v, s: s, file: file, n: n, line: line, r: r, sorted: -1}
	c.run()
	c.finish()
}

// A lineCheck is the check of one line: what checkLine was given, and
// what the line's gates have read of it so far.
type lineCheck struct {
	v    *Validator
	s    *scanner
	file string
	n    int
	line []byte
	r    *lineResult

	read lineStage // what has been read of the line
	// Of stageTop: the line's top-level discriminators (ok: read), and
	// its variant when they name one.
	top fastpath.Top
	ok  bool
	vs  *variantSchema
	// Of stageScan: the scan's limits and result.
	lim fastpath.Limits
	res fastpath.Result
	// sorted is where the full pass's findings start in r.findings, which
	// are sorted by place once their columns are known; -1: none.
	sorted int
}

// A lineStage is how far a line has been read: a gate reads the line up
// to its stage before it runs.
type lineStage int

const (
	stageBytes lineStage = iota // the line's bytes only
	stageTop                    // its discriminators, and its variant's scan program
	stageScan                   // the scan of the line against that program
)

// A lineGate is one check of a line, run in the order of lineGates, that
// may stop the line's check with its finding.
type lineGate struct {
	// Rule is the rule the gate reports when it stops the line (one of
	// them, for a gate that tells several apart).
	Rule *Rule
	// Reads is how far the line must have been read for the gate to run.
	Reads lineStage
	// Stop reports the gate's finding, if any, and whether the line's
	// check stops there.
	Stop func(*lineCheck) bool
}

// lineGates is the precedence of the rules that stop a line's check: a
// line gets the finding of the first gate that stops it, and no later
// gate's (a line with a NUL byte is not also invalid UTF-8, a line that
// is not JSON has no type); the gates of an unknown type or subtype add
// input/duplicate-key for a discriminator given twice. The byte-level checks come first, as nothing after
// them can read such a line; then the variant's scan program must be
// ready (a broken schema is a bug of protocheck); then the scan's syntax
// verdicts, then what makes the line no variant: not an object, no type,
// a type or subtype no variant has.
var lineGates = []lineGate{
	{RuleNULByte, stageBytes, (*lineCheck).nulByte},
	{RuleInvalidUTF8, stageBytes, (*lineCheck).invalidUTF8},
	{RuleStrayBOM, stageBytes, (*lineCheck).strayBOM},
	{RuleInternal, stageTop, (*lineCheck).notReady},
	{RuleTooDeep, stageScan, (*lineCheck).tooDeep},
	{RuleInvalidJSON, stageScan, (*lineCheck).invalidJSON},
	{RuleSchema, stageScan, (*lineCheck).topUnread},
	{RuleNotObject, stageScan, (*lineCheck).notObject},
	{RuleMissingType, stageScan, (*lineCheck).missingType},
	{RuleUnknownType, stageScan, (*lineCheck).unknownType},
	{RuleUnknownSubtype, stageScan, (*lineCheck).unknownSubtype},
}

// run passes the line through the gates; a line none stops is of a known
// variant: its scan's findings, then the full pass when the scan did not
// accept it.
func (c *lineCheck) run() {
	for _, g := range lineGates {
		c.readTo(g.Reads)
		if g.Stop(c) {
			return
		}
	}
	c.known()
	c.scanFindings()
	if c.res.Bad {
		c.handOver()
	}
}

// readTo reads the line up to stage.
func (c *lineCheck) readTo(stage lineStage) {
	for c.read < stage {
		c.read++
		switch c.read {
		case stageTop:
			c.top, c.ok = fastpath.Peek(c.line)
			if c.ok && c.top.HasType {
				c.vs = c.v.pick(c.v.byType[string(c.top.Type)], c.top)
			}
		case stageScan:
			// One scan: the syntax, and the variant's schema when it is
			// known. Where the line fails is asked for at once when the
			// line before failed (lines of a file are often alike): that
			// saves the full pass a second scan, and costs a valid line a
			// little.
			var prog *fastpath.Node
			if c.vs != nil {
				prog = c.vs.fast
			}
			o := &c.v.opts
			c.lim = fastpath.Limits{MaxDepth: o.MaxDepth, ListCap: o.MaxFindingsPerLine, WantPaths: o.ShowUnknown, Failures: c.s.LastBad(), Capture: true, FailurePaths: c.v.failurePaths}
			c.res = c.s.Check(c.line, prog, c.lim)
		}
	}
}

// add appends a finding of the line; a variant/ rule's warning is an
// error under Options.UnknownKindsAreErrors.
func (c *lineCheck) add(rule *Rule, col int, pointer, msg string) {
	sev := rule.Severity
	if c.v.opts.UnknownKindsAreErrors && sev == Warning && strings.HasPrefix(rule.ID, "variant/") {
		sev = Error
	}
	f := Finding{File: c.file, Line: c.n, Column: col, Pointer: pointer, Rule: rule.ID, Severity: sev, Message: msg}
	if c.r.variant != nil {
		f.Variant = c.r.variant.name
	}
	c.r.findings = append(c.r.findings, f)
}

func (c *lineCheck) nulByte() bool {
	i := bytes.IndexByte(c.line, 0)
	if i < 0 {
		return false
	}
	c.add(RuleNULByte, i+1, "", "the line contains a NUL byte")
	return true
}

func (c *lineCheck) invalidUTF8() bool {
	if utf8.Valid(c.line) {
		return false
	}
	col := invalidUTF8At(c.line)
	c.add(RuleInvalidUTF8, col+1, "", fmt.Sprintf("invalid UTF-8 at byte %d", col+1))
	return true
}

func (c *lineCheck) strayBOM() bool {
	if !bytes.HasPrefix(c.line, utf8BOM) {
		return false
	}
	// The reader drops a BOM on line 1 only (lineContent).
	c.add(RuleStrayBOM, 1, "", "the line starts with a UTF-8 byte order mark; only the first line of an input may (were two files joined?)")
	return true
}

func (c *lineCheck) notReady() bool {
	if c.vs == nil {
		return false
	}
	if err := c.v.ready(c.vs); err != nil {
		c.add(RuleInternal, 0, "", "internal error: "+err.Error())
		return true
	}
	return false
}

func (c *lineCheck) tooDeep() bool {
	if !c.res.TooDeep {
		return false
	}
	c.add(RuleTooDeep, c.res.ErrPos+1, "", fmt.Sprintf("arrays and objects nest deeper than %d levels", c.v.opts.MaxDepth))
	return true
}

func (c *lineCheck) invalidJSON() bool {
	if c.res.SyntaxErr == "" {
		return false
	}
	c.add(RuleInvalidJSON, c.res.ErrPos+1, "", "invalid JSON: "+c.res.SyntaxErr)
	return true
}

func (c *lineCheck) topUnread() bool {
	if c.ok {
		return false
	}
	// Cannot happen: the light pass reads every line the scan accepts.
	// Say so rather than guess the variant.
	c.add(RuleSchema, 0, "", "internal error: the line is valid JSON but its discriminators could not be read; please report it")
	return true
}

func (c *lineCheck) notObject() bool {
	if c.top.Object {
		return false
	}
	c.add(RuleNotObject, 1, "", "the line is a JSON "+c.top.Kind+", not an object")
	return true
}

func (c *lineCheck) missingType() bool {
	if c.top.HasType {
		return false
	}
	c.add(RuleMissingType, 0, "/type", "the object has no string \"type\" member")
	return true
}

// A line no variant fits is not scanned against a schema, so the scan
// cannot see a discriminator given twice: unknownType and unknownSubtype
// say so, since the value that counts (the last) is what made the line
// unknown.
func (c *lineCheck) twice(pointer string) {
	c.add(RuleDuplicateKey, 0, pointer, fmt.Sprintf("property %s appears more than once; the last one counts", lastToken(pointer)))
}

func (c *lineCheck) unknownType() bool {
	typ := string(c.top.Type)
	if len(c.v.byType[typ]) != 0 {
		return false
	}
	if c.top.TypeTwice {
		c.twice("/type")
	}
	c.r.unknownKind = typ
	c.add(RuleUnknownType, 0, "/type", fmt.Sprintf("unknown message type %s", strconvQuote(typ)))
	return true
}

// unknownSubtype stops a line of a known type whose subtype is missing
// (RuleMissingSubtype) or names no variant.
func (c *lineCheck) unknownSubtype() bool {
	if c.vs != nil {
		return false
	}
	typ := string(c.top.Type)
	sp := c.v.subPaths[typ]
	c.r.unknownKind = typ + "/" + string(c.top.Subtype)
	if !c.top.HasSubtype {
		c.add(RuleMissingSubtype, 0, sp, fmt.Sprintf("%s: the line has no string subtype at %s", typ, sp))
	} else {
		c.add(RuleUnknownSubtype, 0, sp, fmt.Sprintf("%s: unknown subtype %s", typ, strconvQuote(string(c.top.Subtype))))
	}
	if c.top.TypeTwice {
		c.twice("/type")
	}
	if c.top.SubtypeTwice {
		c.twice(sp)
	}
	return true
}

// known records the line's variant, the captures the cross-line rules
// read, and the CLI version of a system/init line.
func (c *lineCheck) known() {
	r, res := c.r, &c.res
	r.variant = c.vs
	// The captures are whole on a line the scan accepted whose unions it
	// knows every member of.
	whole := !res.Bad && len(res.Kinds) == 0
	if whole && c.v.crossLine != nil {
		r.caps = res.Captures
	}
	if c.vs.name == "system.init" {
		// A line that fails only in ways that leave the captures whole
		// (a value outside its enum, a member missing) has its version
		// there too.
		capsWhole := (whole || res.CapturesWhole) && len(res.Kinds) == 0
		if ver := conform.Version(c.line, res.Captures); capsWhole && bytes.IndexByte(ver, '\\') < 0 {
			r.cliVersion = string(ver)
		} else {
			r.cliVersion = fastpath.TopString(c.line, "claude_code_version")
		}
	}
	r.unknown = res.UnknownCount
}

// scanFindings reports what the scan found on a line of a known variant:
// members the protocol does not define (with Options.ShowUnknown), kinds
// it does not list (both only in the tolerant profile, where the schemas
// allow them), members given twice and numbers past what typed readers
// take; and counts what its lists left out (Options.MaxFindingsPerLine).
func (c *lineCheck) scanFindings() {
	o, r, res, label := &c.v.opts, c.r, &c.res, c.vs.label
	tolerant := o.Profile != ProfileStrict
	if o.ShowUnknown && tolerant {
		r.omitted[RuleUnknownProperty.Severity] += res.Over.Unknown
	}
	if tolerant {
		sev := RuleUnknownKind.Severity
		if o.UnknownKindsAreErrors {
			sev = Error
		}
		r.omitted[sev] += res.Over.Kinds
	}
	r.omitted[RuleDuplicateKey.Severity] += res.Over.Dups
	r.omitted[RuleInteger.Severity] += res.Over.Ints
	if o.ShowUnknown && tolerant {
		for _, p := range res.Unknown {
			c.add(RuleUnknownProperty, 0, p, fmt.Sprintf("%s: property %s is not part of the protocol", label, lastToken(p)))
		}
	}
	if tolerant {
		for _, k := range res.Kinds {
			c.add(RuleUnknownKind, 0, k.Pointer, fmt.Sprintf("%s: unknown %s %s", label, k.Key, strconvQuote(k.Value)))
		}
	}
	// A member given twice is one finding, however many times it is given
	// and however many passes over its object the scan made (a union's
	// branches); of its values, only the last, which counts, is judged.
	var dupSeen map[string]bool
	for _, p := range res.Dups {
		if dupSeen[p] {
			continue
		}
		if dupSeen == nil {
			dupSeen = map[string]bool{}
		}
		dupSeen[p] = true
		c.add(RuleDuplicateKey, 0, p, fmt.Sprintf("%s: property %s appears more than once; the last one counts", label, lastToken(p)))
	}
	for _, bi := range res.BadInts {
		if bi.Float {
			c.add(RuleNumberRange, 0, bi.Pointer, fmt.Sprintf("%s: %s: %s is past the range of a 64-bit float", label, lastToken(bi.Pointer), bi.Text))
			continue
		}
		c.add(RuleInteger, 0, bi.Pointer, fmt.Sprintf("%s: %s: %s is not a plain integer of 64 bits", label, lastToken(bi.Pointer), bi.Text))
	}
}

// handOver gives a line the scan did not accept to the full pass, with a
// scan that says where it fails.
func (c *lineCheck) handOver() {
	r := c.r
	r.slow = true
	c.sorted = len(r.findings)
	if !c.lim.Failures {
		c.lim.WantPaths = false
		c.lim.Failures = true
		c.res = c.s.Check(c.line, c.vs.fast, c.lim)
	}
	// A line that only lacks members, or has strings outside their enum,
	// was scanned whole: the rules read its captures, as on a line the
	// scan accepts.
	if c.res.CapturesWhole && len(c.res.Kinds) == 0 && c.v.crossLine != nil {
		r.caps = c.res.Captures
	}
	c.v.fullPass(c.vs, c.file, c.n, c.line, &c.res, r)
}

// finish sets the columns of the line's findings, sorts those of the full
// pass by place, and keeps the first Options.MaxFindingsPerLine.
func (c *lineCheck) finish() {
	r := c.r
	setColumns(c.line, r.findings)
	if c.sorted >= 0 {
		// The full validator's order follows map iteration; sort the
		// line's schema findings by place so that output is stable.
		slices.SortStableFunc(r.findings[c.sorted:], func(a, b Finding) int {
			return cmp.Or(cmp.Compare(a.Column, b.Column), strings.Compare(a.Pointer, b.Pointer), strings.Compare(a.Rule, b.Rule), strings.Compare(a.Message, b.Message))
		})
	}
	if max := c.v.opts.MaxFindingsPerLine; max > 0 && len(r.findings) > max {
		for _, f := range r.findings[max:] {
			r.omitted[f.Severity]++
		}
		r.findings = r.findings[:max]
	}
}

// setColumns sets the Column of every finding that has a pointer and no
// column yet, in one walk over the line.
func setColumns(line []byte, fs []Finding) {
	need := false
	for i := range fs {
		if fs[i].Column == 0 && fs[i].Pointer != "" {
			need = true
			break
		}
	}
	if !need {
		return
	}
	pointers := make([]string, len(fs))
	cols := make([]int, len(fs))
	for i, f := range fs {
		if f.Column == 0 {
			pointers[i] = f.Pointer
		}
	}
	fastpath.Columns(line, pointers, cols)
	for i := range fs {
		if fs[i].Column == 0 {
			fs[i].Column = cols[i]
		}
	}
}

// pick chooses the variant of a line among those of its type.
func (v *Validator) pick(cands []*variantSchema, top fastpath.Top) *variantSchema {
	var plain *variantSchema
	for _, c := range cands {
		e := c.entry
		switch {
		case e.Marker != nil:
			if top.Replay {
				return c
			}
		case e.Subtype != nil:
			if top.HasSubtype && *e.Subtype == string(top.Subtype) {
				return c
			}
		default:
			plain = c
		}
	}
	return plain
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
