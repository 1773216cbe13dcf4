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
// panics on any input.
func (v *Validator) checkLine(s *scanner, file string, n int, line []byte, r *lineResult) {
	*r = lineResult{findings: r.findings[:0]}
	// The full pass's findings, from r.findings[sorted] on, are sorted by
	// place once their columns are known.
	sorted := -1
	defer func() {
		setColumns(line, r.findings)
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
	top, ok := fastpath.Peek(line)
	var vs *variantSchema
	if ok && top.HasType {
		vs = v.pick(v.byType[string(top.Type)], top)
	}
	// One scan: the syntax, and the variant's schema when it is known.
	var prog *fastpath.Node
	if vs != nil {
		if err := v.ready(vs); err != nil {
			add(RuleInternal, 0, "", "internal error: "+err.Error())
			return
		}
		prog = vs.fast
	}
	// Where the line fails is asked for at once when the line before
	// failed (lines of a file are often alike): that saves the full pass
	// a second scan, and costs a valid line a little.
	lim := fastpath.Limits{MaxDepth: v.opts.MaxDepth, ListCap: v.opts.MaxFindingsPerLine, WantPaths: v.opts.ShowUnknown, Failures: s.LastBad(), Capture: true, FailurePaths: v.failurePaths}
	res := s.Check(line, prog, lim)
	switch {
	case res.TooDeep:
		add(RuleTooDeep, res.ErrPos+1, "", fmt.Sprintf("arrays and objects nest deeper than %d levels", v.opts.MaxDepth))
		return
	case res.SyntaxErr != "":
		add(RuleInvalidJSON, res.ErrPos+1, "", "invalid JSON: "+res.SyntaxErr)
		return
	case !ok:
		// Cannot happen: the light pass reads every line the scan
		// accepts. Say so rather than guess the variant.
		add(RuleSchema, 0, "", "internal error: the line is valid JSON but its discriminators could not be read; please report it")
		return
	}
	if !top.Object {
		add(RuleNotObject, 1, "", "the line is a JSON "+top.Kind+", not an object")
		return
	}
	if !top.HasType {
		add(RuleMissingType, 0, "/type", "the object has no string \"type\" member")
		return
	}
	// A line no variant fits is not scanned against a schema, so the
	// scan cannot see a discriminator given twice: say so here, since the
	// value that counts (the last) is what made the line unknown.
	twice := func(pointer string) {
		add(RuleDuplicateKey, 0, pointer, fmt.Sprintf("property %s appears more than once; the last one counts", lastToken(pointer)))
	}
	if len(v.byType[string(top.Type)]) == 0 {
		if top.TypeTwice {
			twice("/type")
		}
		r.unknownKind = string(top.Type)
		add(RuleUnknownType, 0, "/type", fmt.Sprintf("unknown message type %s", strconvQuote(string(top.Type))))
		return
	}
	if vs == nil {
		sp := v.subPaths[string(top.Type)]
		r.unknownKind = string(top.Type) + "/" + string(top.Subtype)
		if !top.HasSubtype {
			add(RuleMissingSubtype, 0, sp, fmt.Sprintf("%s: the line has no string subtype at %s", string(top.Type), sp))
		} else {
			add(RuleUnknownSubtype, 0, sp, fmt.Sprintf("%s: unknown subtype %s", string(top.Type), strconvQuote(string(top.Subtype))))
		}
		if top.TypeTwice {
			twice("/type")
		}
		if top.SubtypeTwice {
			twice(sp)
		}
		return
	}
	r.variant = vs
	// The captures are whole on a line the scan accepted whose unions it
	// knows every member of.
	whole := !res.Bad && len(res.Kinds) == 0
	if whole && v.crossLine != nil {
		r.caps = res.Captures
	}
	if vs.name == "system.init" {
		// A line that fails only in ways that leave the captures whole
		// (a value outside its enum, a member missing) has its version
		// there too.
		capsWhole := (whole || res.CapturesWhole) && len(res.Kinds) == 0
		if ver := conform.Version(line, res.Captures); capsWhole && bytes.IndexByte(ver, '\\') < 0 {
			r.cliVersion = string(ver)
		} else {
			r.cliVersion = fastpath.TopString(line, "claude_code_version")
		}
	}

	// The fast path accepted the line in that scan, or hands it over to
	// the full pass.
	r.unknown = res.UnknownCount
	strictProfile := v.opts.Profile == "strict"
	// What the scan's lists left out (Options.MaxFindingsPerLine).
	if v.opts.ShowUnknown && !strictProfile {
		r.omitted[RuleUnknownProperty.Severity] += res.Over.Unknown
	}
	if !strictProfile {
		sev := RuleUnknownKind.Severity
		if v.opts.Strict {
			sev = Error
		}
		r.omitted[sev] += res.Over.Kinds
	}
	r.omitted[RuleDuplicateKey.Severity] += res.Over.Dups
	r.omitted[RuleInteger.Severity] += res.Over.Ints
	if v.opts.ShowUnknown && !strictProfile {
		for _, p := range res.Unknown {
			add(RuleUnknownProperty, 0, p, fmt.Sprintf("%s: property %s is not part of the protocol", vs.label, lastToken(p)))
		}
	}
	if !strictProfile {
		for _, k := range res.Kinds {
			add(RuleUnknownKind, 0, k.Pointer, fmt.Sprintf("%s: unknown %s %s", vs.label, k.Key, strconvQuote(k.Value)))
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
		add(RuleDuplicateKey, 0, p, fmt.Sprintf("%s: property %s appears more than once; the last one counts", vs.label, lastToken(p)))
	}
	for _, bi := range res.BadInts {
		if bi.Float {
			add(RuleNumberRange, 0, bi.Pointer, fmt.Sprintf("%s: %s: %s is past the range of a 64-bit float", vs.label, lastToken(bi.Pointer), bi.Text))
			continue
		}
		add(RuleInteger, 0, bi.Pointer, fmt.Sprintf("%s: %s: %s is not a plain integer of 64 bits", vs.label, lastToken(bi.Pointer), bi.Text))
	}
	if !res.Bad {
		return
	}
	r.slow = true
	sorted = len(r.findings)
	if !lim.Failures {
		lim.WantPaths = false
		lim.Failures = true
		res = s.Check(line, prog, lim)
	}
	// A line that only lacks members, or has strings outside their enum,
	// was scanned whole: the rules read its captures, as on a line the
	// scan accepts.
	if res.CapturesWhole && len(res.Kinds) == 0 && v.crossLine != nil {
		r.caps = res.Captures
	}
	v.fullPass(vs, file, n, line, &res, r)
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
