package fastpath

import (
	"bytes"
	"slices"
	"strconv"
	"strings"
)

// This file is the scan: one pass over a line's bytes that checks JSON
// syntax and the compiled schema together, without building a tree.

// A Scanner checks lines. It keeps its buffers from one line to the next;
// use one per goroutine. The zero value is ready.
type Scanner struct {
	data     []byte
	pos      int
	depth    int
	maxDepth int

	syntaxErr string // first syntax error, "" when none
	errPos    int    // its byte offset
	tooDeep   bool

	bad bool // the schema did not accept the value, or the fast path is not sure
	// stray is bad but for local failures of missing members
	// (LocalRequired) and values outside their enum, which leave the
	// line's captures whole; outEnum is set by the latter.
	stray   bool
	outEnum bool

	// What tolerant validation allows but reports.
	collect      bool // record unknown members and kinds
	wantPaths    bool // and the pointers of unknown members
	unknownCount int
	path         []pathTok // tokens of the current value's JSON Pointer
	unknown      []string  // pointers of members no schema declares
	kinds        []Kind
	dupPaths     []string // pointers of members given twice

	keyBuf   []byte
	others   [][]byte              // undeclared member names of the objects being scanned
	freeSets []map[string]struct{} // sets of such names, cleared, for reuse

	// Numbers: those of integer members that are not plain 64-bit
	// integers, and the ranges of the line the full validator must not see
	// as they are (see NumSub).
	badInts []BadInt
	numSubs []NumSub

	// Marked values (see Mark), with Limits.Capture.
	capturing bool
	captures  []Capture

	// listCap caps each list of findings above (0: no cap); over counts
	// what did not fit.
	listCap int
	over    Over

	// Where the value fails (Limits.Failures): the frames of the values
	// being scanned whose node has a schema location, and the failures
	// found.
	anchoring    bool
	lastBad      bool  // the line checked last was Bad
	entered      *Node // the node whose frame value just opened
	frames       []frame
	failures     []Failure
	paths        [][]string // the JSON Pointers of the first failures
	failurePaths int        // how many (Limits.FailurePaths)
	noAnchor     int        // > 0 below a choice between schemas by JSON type
	// The schema locations failures name, kept from line to line (a
	// program has a few hundred).
	locs     []string
	locIndex map[string]int32
	enumWant map[int32][]any // by location, of LocalEnum failures
	// extraKeys holds where the keys of forbidden members of the objects
	// being scanned start (LocalAdditional).
	extraKeys []int
	// nameAt is the offset of the member name of the value being
	// scanned (outside its own members), or -1 for an array item or the
	// root value (see Failure.At).
	nameAt int

	// Local failures past the cap (Result.Overflow): overflow counts
	// them by kind (Failure.Local). A local failure is counted instead of
	// kept when at least listCap local failures kept lie before it: the
	// listCap-th of their places, overP (overOK: there are that many), is
	// found again (overDirty) when a failure kept or let go may have moved
	// it; overAt is how many failures must be kept before it is looked
	// for, overN how many there were when it was found, and rescan > 0
	// while a value is scanned a second time (allOf), whose local failures
	// may repeat those of the first.
	overflow  [LocalEnum + 1]int
	overP     int
	overOK    bool
	overDirty bool
	overAt    int
	overN     int
	rescan    int
	placeBuf  []int
}

// frame is a value being scanned whose node has a schema location.
type frame struct {
	loc      string
	node     *Node // the node whose location it is
	start    int
	at       int // Failure.At
	pathLen  int
	failFrom int // the failures found inside it start at failures[failFrom]
	// overFrom is Scanner.overflow when it opened: a value that fails
	// whole lets go of the local failures counted inside it too.
	overFrom [LocalEnum + 1]int
	bad      bool // the value fails its node outside of those
	// opaque says that the value fails its node in a way the scan does
	// not describe (else only in local failures: see Failure.Local): the
	// full validator must judge the whole value.
	opaque bool
}

// A Failure is a value the fast path did not accept, and the schema that
// judges it: the full validator need only validate the value from Start
// to End against the schema at Result.Locs[Loc] to find every error of
// the line there. Failures do not nest: a value whose own schema fails
// takes in those below it. A line may fail in millions of places, so a
// Failure holds no pointer the garbage collector must follow, nor the
// value's JSON Pointer: PathsAt finds that from Start.
type Failure struct {
	// Loc indexes Result.Locs, the schema locations in the schema
	// document, as URL fragments ("#/$defs/TextBlock").
	Loc int32
	// Start and End are the value's byte range in the line.
	Start, End int
	// IfFrom and IfTo, when IfTo > 0, make the failure conditional: it is
	// judged only when one of Result.Failures[IfFrom:IfTo] has errors,
	// or IfOver is set: local failures of the branch were counted in
	// Result.Overflow (they always have errors). They are a choice's
	// branches the value did not take, which fail only when the branch it
	// took does (a value the scan is not sure of may well pass).
	IfFrom, IfTo int
	IfOver       bool
	// Local, when not 0, says that the failure is one the scan judged
	// itself, exactly as the full validator would report it, so that the
	// object from Start to End need not be judged whole (its members'
	// own failures stand beside it):
	//   - LocalRequired: the object lacks the member named Locs[Name],
	//     which the required keyword of the schema at Locs[Loc] lists;
	//   - LocalAdditional: the object has the member whose key starts at
	//     byte KeyStart, which the schema at Locs[Loc] forbids
	//     (additionalProperties: false);
	//   - LocalEnum: the string, boolean or null from Start to End is
	//     none of those the enum keyword of the schema at Locs[Loc] lists
	//     (Result.EnumWant gives the list), its only fault there.
	Local    uint8
	Name     int32
	KeyStart int
	// At is where the place of the value in the line is (fastpath.ColumnOf
	// less one, for a pointer that names the value, or a member it lacks):
	// its member name's byte offset, or Start for an array item or the
	// line's root value.
	At int
}

// The kinds of local failure (Failure.Local).
const (
	LocalRequired = 1 + iota
	LocalAdditional
	LocalEnum
)

type scanner = Scanner

// Limits bound one check.
type Limits struct {
	// MaxDepth caps the nesting of arrays and objects (at least 1).
	MaxDepth int
	// ListCap caps each list of a Result (0: no cap); Result.Over counts
	// what did not fit.
	ListCap int
	// WantPaths asks for the pointers of undeclared members
	// (Result.Unknown); they are counted either way.
	WantPaths bool
	// Failures asks, on a line the fast path does not accept, for the
	// values that fail (Result.Failures). It costs some speed: check
	// without it first, and again with it when the line is Bad.
	Failures bool
	// Capture asks for the values the program marks (Result.Captures).
	Capture bool
	// FailurePaths is how many failures keep their pointer
	// (Result.Paths): 0 means DefaultFailurePaths, a negative number none.
	FailurePaths int
}

// A Result is what a check found. Its slices belong to the Scanner and
// are valid until its next Check.
type Result struct {
	// SyntaxErr is the first syntax error, "" when none, at byte ErrPos;
	// TooDeep says the error is nesting past Limits.MaxDepth.
	SyntaxErr string
	ErrPos    int
	TooDeep   bool
	// Bad is set when the line's value may break its schema: the fast path
	// does not accept it, and the full validator must judge it.
	Bad bool
	// OnlyMissing says that the line is Bad only for members it lacks,
	// which the scan judged itself (Failure.Local, with Limits.Failures):
	// every node it met was the one its schema selects, so its Captures
	// are whole.
	OnlyMissing bool
	// CapturesWhole says that the line's Captures are whole although it
	// is Bad: as with OnlyMissing, but the line may also hold values
	// outside their enum (the node met is still the one its schema
	// selects, and the scan goes on below it unchanged).
	CapturesWhole bool
	// EnumWant holds, by Failure.Loc, the list of the enum keyword of the
	// LocalEnum failures, as the schema document has it.
	EnumWant map[int32][]any
	// UnknownCount counts the members no schema declares (where the schema
	// declares members), and Unknown holds their pointers
	// (Limits.WantPaths).
	UnknownCount int
	Unknown      []string
	// Kinds are the discriminator values no member of their union lists.
	Kinds []Kind
	// Dups are the pointers of members given twice in one object.
	Dups []string
	// BadInts are the numbers in integer members that are not plain
	// integers of 64 bits.
	BadInts []BadInt
	// NumSubs are the numbers the full validator must be shown as cheap
	// ones of the same JSON Schema type, in the order of the line.
	NumSubs []NumSub
	// Over counts, per list, the entries past Limits.ListCap.
	Over Over
	// Failures are, with Limits.Failures, the values of a Bad line that
	// fail, in no particular order; Locs holds their schemas' locations.
	Failures []Failure
	// Overflow counts, by kind (Failure.Local), the local failures not
	// kept in Failures because they come after Limits.ListCap others: each
	// is one finding past the line's cap (at least ListCap findings of
	// the local failures kept come before it, and none of them shares its
	// place), so a line of millions of such failures costs memory for
	// the cap, not for them.
	Overflow [LocalEnum + 1]int
	Locs     []string
	// Paths holds the JSON Pointer tokens (unescaped) of the failures,
	// when the line has at most Limits.FailurePaths of them; else it is
	// shorter than Failures, and PathsAt finds the pointers.
	Paths [][]string
	// Captures are, with Limits.Capture, the marked values the scan went
	// past, in the order they end (see Capture). On a Bad line they may
	// miss some: read them only from a line the scan accepts.
	Captures []Capture
}

// Over counts the entries left out of each list of a Result.
type Over struct{ Unknown, Kinds, Dups, Ints int }

// Check checks a line (valid UTF-8, without NUL bytes) against n, or its
// syntax alone when n is nil, and returns what it found.
func (s *Scanner) Check(line []byte, n *Node, lim Limits) Result {
	s.reset(line)
	s.maxDepth = lim.MaxDepth
	s.listCap = lim.ListCap
	s.collect = n != nil
	s.wantPaths = lim.WantPaths
	s.anchoring = lim.Failures && n != nil
	s.capturing = lim.Capture
	s.failurePaths = lim.FailurePaths
	s.overAt = s.listCap + 64
	if s.failurePaths == 0 {
		s.failurePaths = DefaultFailurePaths
	}
	s.value(n)
	s.end()
	s.lastBad = s.bad && n != nil
	return Result{
		SyntaxErr: s.syntaxErr, ErrPos: s.errPos, TooDeep: s.tooDeep, Bad: s.bad, OnlyMissing: s.bad && !s.stray && !s.outEnum, CapturesWhole: s.bad && !s.stray,
		UnknownCount: s.unknownCount, Unknown: s.unknown, Kinds: s.kinds, Dups: s.dupPaths,
		BadInts: s.badInts, NumSubs: s.numSubs, Over: s.over, Failures: s.failures, Locs: s.locs, Paths: s.paths,
		Captures: s.captures, Overflow: s.overflow, EnumWant: s.enumWant,
	}
}

// LastBad reports whether the line checked last was Bad against a node: a
// caller that checks lines of one input, which are often alike, asks for
// Limits.Failures on the next line when it was, to save the second scan.
func (s *Scanner) LastBad() bool { return s.lastBad }

// room reports whether a list of n findings may take one more, and counts
// the one left out when not.
func (s *scanner) room(n int, over *int) bool {
	if s.listCap > 0 && n >= s.listCap {
		*over++
		return false
	}
	return true
}

// BadInt is a number in an integer member that is not written as a plain
// integer of 64 bits.
//
// With Float set it is a number in a number member whose value no 64-bit
// float holds (1e400): JSON Schema accepts it, typed readers reject it.
type BadInt struct {
	Start   int    // its byte offset
	Pointer string // the member's pointer
	Text    string // the number, cut to 40 bytes
	Float   bool   // a number member's value past float64's range
}

// A NumSub replaces a number of the line by a cheap one of the same JSON
// Schema type (integer or not) for the full validator, which would build
// the number's exact value (10^999999 for 1e999999) to tell.
type NumSub struct {
	Start, End int
	With       string
}

// pathTok is one token of a JSON Pointer: a member name (pointing into the
// line, or copied when it had escapes) or an array index.
type pathTok struct {
	key []byte
	idx int // when key is nil
}

// Kind is a discriminator value no member of a union lists.
type Kind struct {
	Pointer string // pointer of the discriminator member
	Key     string
	Value   string
}

func (s *scanner) reset(data []byte) {
	s.data, s.pos, s.depth = data, 0, 0
	s.syntaxErr, s.errPos, s.tooDeep, s.bad, s.stray, s.outEnum = "", 0, false, false, false, false
	s.path = s.path[:0]
	s.unknown, s.kinds, s.dupPaths = s.unknown[:0], s.kinds[:0], s.dupPaths[:0]
	s.badInts, s.numSubs = s.badInts[:0], s.numSubs[:0]
	s.over = Over{}
	s.unknownCount = 0
	s.frames, s.failures, s.paths, s.noAnchor = s.frames[:0], s.failures[:0], s.paths[:0], 0
	s.nameAt = -1
	s.captures = s.captures[:0]
	s.overflow, s.overOK, s.overDirty, s.overN, s.rescan = [LocalEnum + 1]int{}, false, true, 0, 0
}

// markBad records that the value at hand does not pass its node, or that
// the fast path is not sure of it.
func (s *scanner) markBad() {
	s.bad, s.stray = true, true
	if k := len(s.frames); k > 0 {
		s.frames[k-1].bad = true
		s.frames[k-1].opaque = true
	}
}

// ownFrame reports whether the innermost frame is that of the object of
// node n starting at start, so that a failure of the object's own
// keywords may be local (Failure.Local).
func (s *scanner) ownFrame(n *Node, start int) bool {
	k := len(s.frames)
	return s.anchoring && s.noAnchor == 0 && k > 0 && s.frames[k-1].node == n && s.frames[k-1].start == start
}

// local records a failure the scan judged itself, of the object at hand
// (whose frame is the innermost: ownFrame), from start to pos.
func (s *scanner) local(kind uint8, loc string, start int, name string, keyStart int) {
	s.bad = true
	switch kind {
	case LocalAdditional:
		s.stray = true
	case LocalEnum:
		s.outEnum = true
	}
	s.frames[len(s.frames)-1].bad = true
	if s.pastCap(kind, start, keyStart) {
		s.overflow[kind]++
		return
	}
	f := Failure{Loc: s.locID(loc), Start: start, End: s.pos, Local: kind, KeyStart: keyStart, At: s.frames[len(s.frames)-1].at}
	if kind == LocalRequired {
		f.Name = s.locID(name)
	}
	s.failures = append(s.failures, f)
	s.notePath(len(s.path))
}

// pastCap reports whether a local failure of the given kind, of the
// object starting at start (and the member whose key starts at keyStart),
// is to be counted in Result.Overflow rather than kept: whether at least
// listCap local failures kept lie before its place, so that its finding
// is not among the line's first listCap.
func (s *scanner) pastCap(kind uint8, start, keyStart int) bool {
	if s.listCap <= 0 || s.rescan > 0 || len(s.failures) < s.overAt {
		return false
	}
	at := start // LocalRequired, LocalEnum
	if kind == LocalAdditional {
		at = keyStart
	}
	if s.overDirty {
		s.overP, s.overOK = s.capPlace()
		s.overDirty, s.overN = false, len(s.failures)
		if !s.overOK {
			// Not yet: look again once twice as many are kept.
			s.overAt = 2 * len(s.failures)
			s.overDirty = true
			return false
		}
	}
	if at > s.overP {
		return true
	}
	s.overDirty = true // kept before the bound: the bound may move
	return false
}

// capPlace returns the listCap-th place (in order, places told apart) of
// the local failures kept, and whether there are that many: the place of
// a local failure's finding is where its object starts (LocalRequired)
// or its member's key (LocalAdditional), as the full pass places it.
func (s *scanner) capPlace() (int, bool) {
	places := s.placeBuf[:0]
	for _, f := range s.failures {
		switch f.Local {
		case LocalRequired, LocalEnum:
			places = append(places, f.Start)
		case LocalAdditional:
			places = append(places, f.KeyStart)
		}
	}
	s.placeBuf = places
	if len(places) < s.listCap {
		return 0, false
	}
	slices.Sort(places)
	places = slices.Compact(places)
	if len(places) < s.listCap {
		return 0, false
	}
	return places[s.listCap-1], true
}

// duplicate records that the object at hand has a member twice. The full
// validator sees only the last one (as encoding/json reads it), while the
// scan checks both: a failure of the first must not be judged on its own,
// so the innermost frame, which holds the whole object, takes in those
// below it. It does not make the line Bad: a line that is valid but for a
// duplicate stays on the fast path, as it always did.
// forget drops what the scan noted of an earlier value of the member at
// pointer (bad numbers, unknown kinds, within it too), now that the member
// is given again: the last value counts, and a finding must quote it, not
// the one discarded.
func (s *scanner) forget(pointer string) {
	under := func(p string) bool {
		return p == pointer || strings.HasPrefix(p, pointer+"/")
	}
	s.badInts = slices.DeleteFunc(s.badInts, func(b BadInt) bool { return under(b.Pointer) })
	s.kinds = slices.DeleteFunc(s.kinds, func(k Kind) bool { return under(k.Pointer) })
}

func (s *scanner) duplicate() {
	if k := len(s.frames); k > 0 {
		s.frames[k-1].bad = true
		s.frames[k-1].opaque = true
	}
}

// push opens the frame of a value starting at start whose node has a
// schema location.
func (s *scanner) push(n *Node, loc string, start int) {
	s.frames = append(s.frames, frame{loc: loc, node: n, start: start, at: s.placeOf(start), pathLen: len(s.path), failFrom: len(s.failures), overFrom: s.overflow})
}

// placeOf returns Failure.At of the value starting at start, which is
// being scanned.
func (s *scanner) placeOf(start int) int {
	if s.nameAt >= 0 {
		return s.nameAt
	}
	return start
}

// pop closes the frame on top, the value at hand having ended at pos: if
// the value failed its node, it becomes a failure that takes in those
// found inside it.
func (s *scanner) pop() {
	k := len(s.frames) - 1
	f := s.frames[k]
	s.frames = s.frames[:k]
	if !f.bad || !f.opaque || s.failed() {
		// A value that fails only in local failures keeps them, and those
		// found inside it.
		return
	}
	if f.failFrom < s.overN {
		s.overDirty = true // failures that made the bound are let go
	}
	s.overflow = f.overFrom
	s.failures = append(s.failures[:f.failFrom], Failure{Loc: s.locID(f.loc), Start: f.start, End: s.pos, At: f.at})
	s.paths = s.paths[:min(len(s.paths), f.failFrom)]
	s.notePath(f.pathLen)
}

// DefaultFailurePaths is how many failures of a line keep their JSON
// Pointer (Result.Paths): the usual line fails in a few places, and a
// pointer copied during the scan costs less than a walk to find it again.
const DefaultFailurePaths = 64

// notePath records the first n tokens of the path as the pointer of the
// failure just added, while the line has fewer than Limits.FailurePaths.
func (s *scanner) notePath(n int) {
	k := len(s.failures) - 1
	if k >= s.failurePaths || len(s.paths) != k {
		return
	}
	path := make([]string, n)
	for i, tok := range s.path[:n] {
		if tok.key == nil {
			path[i] = strconv.Itoa(tok.idx)
		} else {
			path[i] = string(tok.key)
		}
	}
	s.paths = append(s.paths, path)
}

// locID returns the index of a schema location in s.locs.
func (s *scanner) locID(loc string) int32 {
	if id, ok := s.locIndex[loc]; ok {
		return id
	}
	if s.locIndex == nil {
		s.locIndex = map[string]int32{}
	}
	id := int32(len(s.locs))
	s.locs = append(s.locs, loc)
	s.locIndex[loc] = id
	return id
}

func (s *scanner) fail(msg string) {
	if s.syntaxErr == "" {
		s.syntaxErr, s.errPos = msg, s.pos
	}
	s.bad, s.stray = true, true
	s.pos = len(s.data) // stop
}

func (s *scanner) failed() bool { return s.syntaxErr != "" }

func (s *scanner) ws() {
	for s.pos < len(s.data) {
		switch s.data[s.pos] {
		case ' ', '\t', '\n', '\r':
			s.pos++
		default:
			return
		}
	}
}

// pointer renders the current path, then extra, as a JSON Pointer.
func (s *scanner) pointer(extra string) string {
	var b strings.Builder
	s.writePath(&b)
	b.WriteByte('/')
	writeToken(&b, extra)
	return b.String()
}

// here renders the current path as a JSON Pointer.
func (s *scanner) here() string {
	var b strings.Builder
	s.writePath(&b)
	return b.String()
}

func (s *scanner) writePath(b *strings.Builder) {
	for _, tok := range s.path {
		b.WriteByte('/')
		if tok.key == nil {
			b.WriteString(strconv.Itoa(tok.idx))
		} else {
			writeToken(b, string(tok.key))
		}
	}
}

func writeToken(b *strings.Builder, tok string) {
	if !strings.ContainsAny(tok, "~/") {
		b.WriteString(tok)
		return
	}
	b.WriteString(strings.NewReplacer("~", "~0", "/", "~1").Replace(tok))
}

// value checks the value at pos against n (nil accepts anything) and moves
// past it.
func (s *scanner) value(n *Node) {
	s.ws()
	if s.anchoring && n != nil && n.loc != "" && s.noAnchor == 0 && s.entered != n {
		s.push(n, n.loc, s.pos)
		s.entered = n // the call below checks the value, without a second frame
		s.value(n)
		s.pop()
		return
	}
	s.entered = nil
	if n != nil && n.all != nil {
		start, caps := s.pos, len(s.captures)
		s.rescan++
		for i, m := range n.all {
			if i > 0 {
				s.pos = start
			}
			s.value(m)
			if s.failed() {
				s.rescan--
				return
			}
		}
		s.rescan--
		if len(s.captures)-caps > 1 {
			s.dedupCaptures(caps)
		}
		return
	}
	t := kindOf(s.data, s.pos)
	if t == 0 {
		if s.pos >= len(s.data) {
			s.fail("unexpected end of JSON input")
		} else {
			s.fail("invalid character " + strconv.QuoteRune(rune(s.data[s.pos])) + " looking for beginning of value")
		}
		return
	}
	if n != nil {
		if n.unsure {
			s.markBad()
		}
		if n.byType != nil {
			choice := n
			bt := t
			if t == tNumber {
				bt = s.numberType()
			}
			if b, ok := n.byType[bt]; ok {
				n = b
			} else if b, ok := n.byType[tNumber]; ok && bt == tInteger {
				n = b
			} else if b, ok := n.byType[tInteger]; ok && bt == tNumber {
				n = b // an integer member: checked below, by its text
			} else {
				s.markBad()
				n = nil
			}
			if s.anchoring {
				s.choose(choice, n)
				return
			}
		}
	}

	switch t {
	case tObject:
		s.object(n)
	case tArray:
		s.array(n)
	case tString:
		start := s.pos
		esc := s.str()
		if n != nil {
			s.checkScalar(n, tString, start, esc)
		}
	case tNumber:
		start := s.pos
		isInt := s.number()
		if s.failed() {
			return
		}
		if s.collect && s.pos-start > maxCheapNumber {
			s.substitute(start)
		}
		if n != nil && n.types&tInteger != 0 && n.types&tNumber == 0 && (!isInt || !fitsInt64(s.data[start:s.pos])) {
			// An integer member: one rule for what is not a plain integer
			// of 64 bits, whatever JSON Schema would say of 1.0 or 1e3.
			if s.collect {
				s.badInteger(start)
			} else {
				s.markBad()
			}
			break
		}
		if n != nil && n.types&tNumber != 0 && !fitsFloat64(s.data[start:s.pos]) {
			// A number member whose value no float64 holds: the same one
			// finding, of its own rule, as for an integer.
			if s.collect {
				s.badNumber(start, true)
			} else {
				s.markBad()
			}
			break
		}
		if n != nil {
			nt := tNumber
			if isInt {
				nt = tInteger
			}
			if n.types&nt == 0 && !(nt == tInteger && n.types&tNumber != 0) {
				s.markBad()
			}
			if n.enum != nil {
				s.markBad()
			}
		}
	case tBool, tNull:
		start := s.pos
		s.literal()
		if n != nil && !s.failed() {
			s.checkScalar(n, t, start, false)
		}
	}
}

// choose checks the value at pos against b, the branch of the choice c
// (an anyOf whose branches take disjoint types) its type selects (nil
// when none does). The full validator reports a value that fails b with
// the errors of every branch (those it did not choose fail on the type):
// so each other branch becomes a failure of the value too, judged only
// when b's turn out to have errors.
// Where a branch has no location, the failures below are left to the
// frame of the choice itself.
func (s *scanner) choose(c, b *Node) {
	exact := b != nil && b.loc != "" && c.loc != "" && s.noAnchor == 0
	for _, o := range c.branches {
		exact = exact && o.loc != ""
	}
	if !exact {
		s.noAnchor++
		s.value(b)
		s.noAnchor--
		return
	}
	start, from, at, over := s.pos, len(s.failures), s.placeOf(s.pos), s.overflow
	s.value(b) // in b's own frame
	to := len(s.failures)
	ifOver := s.overflow != over
	if s.failed() || to == from && !ifOver {
		return
	}
	for _, o := range c.branches {
		if o != b {
			s.failures = append(s.failures, Failure{Loc: s.locID(o.loc), Start: start, End: s.pos, IfFrom: from, IfTo: to, IfOver: ifOver, At: at})
			s.notePath(len(s.path))
		}
	}
}

// numberType looks ahead at the number at pos without moving.
func (s *scanner) numberType() jsonType {
	for i := s.pos; i < len(s.data); i++ {
		switch s.data[i] {
		case '.', 'e', 'E':
			return tNumber
		case ',', '}', ']', ' ', '\t', '\r', '\n':
			return tInteger
		}
	}
	return tInteger
}

func (s *scanner) checkScalar(n *Node, t jsonType, start int, esc bool) {
	if n.types&t == 0 {
		s.markBad()
		return
	}
	if n.enum == nil {
		return
	}
	var val string
	switch t {
	case tString:
		raw := s.data[start+1 : s.pos-1]
		if esc {
			u, ok := unquote(s.data[start:s.pos])
			if !ok {
				s.markBad()
				return
			}
			val = u
		} else {
			val = string(raw)
		}
	case tBool:
		val = string(s.data[start:s.pos])
	}
	for _, c := range n.enum {
		if c.t == t && c.s == val {
			return
		}
	}
	if n.enumLoc != "" && s.ownFrame(n, start) {
		// Its only fault: the scan judges it (LocalEnum).
		id := s.locID(n.enumLoc)
		if s.enumWant == nil {
			s.enumWant = map[int32][]any{}
		}
		if _, ok := s.enumWant[id]; !ok {
			s.enumWant[id] = n.enumWant
		}
		s.local(LocalEnum, n.enumLoc, start, "", 0)
		return
	}
	// A value outside its enum fails as markBad says, but leaves the
	// captures whole (see CapturesWhole).
	stray := s.stray
	s.markBad()
	s.stray, s.outEnum = stray, true
}

func (s *scanner) literal() {
	for _, lit := range []string{"true", "false", "null"} {
		if strings.HasPrefix(string(s.data[s.pos:min(len(s.data), s.pos+5)]), lit) {
			s.pos += len(lit)
			return
		}
	}
	s.fail("invalid character " + strconv.QuoteRune(rune(s.data[s.pos])) + " looking for beginning of value")
}

// number scans a number and reports whether it is written as an integer.
func (s *scanner) number() bool {
	d := s.data
	start := s.pos
	i := s.pos
	if i < len(d) && d[i] == '-' {
		i++
	}
	switch {
	case i < len(d) && d[i] == '0':
		i++
	case i < len(d) && d[i] >= '1' && d[i] <= '9':
		for i < len(d) && d[i] >= '0' && d[i] <= '9' {
			i++
		}
	default:
		s.pos = i
		s.fail("invalid number")
		return false
	}
	isInt := true
	if i < len(d) && d[i] == '.' {
		isInt = false
		i++
		j := i
		for i < len(d) && d[i] >= '0' && d[i] <= '9' {
			i++
		}
		if i == j {
			s.pos = i
			s.fail("invalid number: no digits after the decimal point")
			return false
		}
	}
	if i < len(d) && (d[i] == 'e' || d[i] == 'E') {
		isInt = false
		i++
		if i < len(d) && (d[i] == '+' || d[i] == '-') {
			i++
		}
		j := i
		for i < len(d) && d[i] >= '0' && d[i] <= '9' {
			i++
		}
		if i == j {
			s.pos = i
			s.fail("invalid number: no digits in the exponent")
			return false
		}
		if i-j > maxCheapExponent && s.collect {
			s.pos = i
			s.substitute(start)
		}
	}
	s.pos = i
	return isInt
}

// A number the full validator may see as it is: at most maxCheapNumber
// bytes, with an exponent of at most maxCheapExponent digits.
const (
	maxCheapNumber   = 64
	maxCheapExponent = 3
)

// substitute records that the number from start to pos is shown to the
// full validator as 0 or 0.5, as it is an integer or not.
func (s *scanner) substitute(start int) {
	if k := len(s.numSubs); k > 0 && s.numSubs[k-1].Start >= start {
		return // seen in an earlier pass over the same value (node.all)
	}
	with := "0.5"
	if jsonInteger(s.data[start:s.pos]) {
		with = "0"
	}
	s.numSubs = append(s.numSubs, NumSub{start, s.pos, with})
}

// badInteger records the number from start to pos, in an integer member,
// as not a plain integer of 64 bits, and hides it from the full validator,
// so that it makes one finding, of one rule.
func (s *scanner) badInteger(start int) { s.badNumber(start, false) }

// badNumber records a number no typed reader holds (see BadInt), and
// hides it from the full validator.
func (s *scanner) badNumber(start int, float bool) {
	if k := len(s.badInts); k > 0 && s.badInts[k-1].Start >= start {
		return // seen in an earlier pass over the same value (node.all)
	}
	if k := len(s.numSubs); k > 0 && s.numSubs[k-1].Start == start {
		s.numSubs = s.numSubs[:k-1] // substituted already: now by 0
	}
	s.numSubs = append(s.numSubs, NumSub{start, s.pos, "0"})
	text := string(s.data[start:s.pos])
	if len(text) > 40 {
		text = text[:37] + "..."
	}
	if s.room(len(s.badInts), &s.over.Ints) {
		s.badInts = append(s.badInts, BadInt{Start: start, Pointer: s.here(), Text: text, Float: float})
	}
}

// fitsFloat64 reports whether a number's value is within float64's range
// (|x| ≤ MaxFloat64 once rounded; a value too small to hold becomes 0, as
// typed readers take it). Short numbers without an exponent always fit,
// and only the rest are parsed.
func fitsFloat64(b []byte) bool {
	if len(b) < 300 && bytes.IndexAny(b, "eE") < 0 {
		return true
	}
	_, err := strconv.ParseFloat(string(b), 64)
	return err == nil
}

// fitsInt64 reports whether a number written as an integer (an optional
// minus sign and digits) is within the range of int64.
func fitsInt64(b []byte) bool {
	limit := "9223372036854775807"
	if b[0] == '-' {
		b, limit = b[1:], "9223372036854775808"
	}
	return len(b) < len(limit) || (len(b) == len(limit) && string(b) <= limit)
}

// jsonInteger reports whether a JSON number's value is an integer, as JSON
// Schema decides (1.0 and 1e3 are), from its text alone: its digits, with
// a value of d × 10^e, make an integer when d is 0, e ≥ 0, or d ends in
// at least -e zeros.
func jsonInteger(b []byte) bool {
	i := 0
	if i < len(b) && b[i] == '-' {
		i++
	}
	var digits []byte // the significant digits, fraction included
	exp := 0          // the power of ten of the last digit
	for ; i < len(b) && b[i] >= '0' && b[i] <= '9'; i++ {
		digits = append(digits, b[i])
	}
	if i < len(b) && b[i] == '.' {
		for i++; i < len(b) && b[i] >= '0' && b[i] <= '9'; i++ {
			digits = append(digits, b[i])
			exp--
		}
	}
	if i < len(b) && (b[i] == 'e' || b[i] == 'E') {
		i++
		neg := false
		if i < len(b) && (b[i] == '+' || b[i] == '-') {
			neg = b[i] == '-'
			i++
		}
		e := 0
		for ; i < len(b) && b[i] >= '0' && b[i] <= '9'; i++ {
			if e < 1<<40 {
				e = e*10 + int(b[i]-'0')
			}
		}
		if neg {
			e = -e
		}
		exp += e
	}
	zeros := 0
	for k := len(digits) - 1; k >= 0 && digits[k] == '0'; k-- {
		zeros++
	}
	return zeros == len(digits) || exp >= 0 || zeros >= -exp
}

// str scans a string at pos (which holds '"') and reports whether it has
// escapes. The line is already known to be valid UTF-8.
func (s *scanner) str() (escaped bool) {
	end, esc, msg := scanString(s.data, s.pos)
	s.pos = end
	if msg != "" {
		s.fail(msg)
	}
	return esc
}

func (s *scanner) enter() bool {
	s.depth++
	if s.depth > s.maxDepth {
		s.tooDeep = true
		s.fail("nesting too deep")
		return false
	}
	return true
}

func (s *scanner) array(n *Node) {
	if !s.enter() {
		return
	}
	defer func() { s.depth-- }()
	var items *Node
	if n != nil {
		if n.types&tArray == 0 || n.enum != nil {
			s.markBad()
		}
		items = n.items
	}
	s.pos++ // [
	s.ws()
	if s.pos < len(s.data) && s.data[s.pos] == ']' {
		s.pos++
		return
	}
	slot := uint8(0)
	if n != nil && s.capturing {
		slot = n.itemSlot
	}
	outer := s.nameAt
	defer func() { s.nameAt = outer }()
	for idx := 0; ; idx++ {
		s.nameAt = -1
		s.child(pathTok{idx: idx}, items, slot)
		if !s.next(']') {
			return
		}
	}
}

// child checks one member or item at pos against n, with tok on the path,
// and captures it in slot when that is not 0.
func (s *scanner) child(tok pathTok, n *Node, slot uint8) {
	if s.collect {
		s.path = append(s.path, tok)
	}
	if slot != 0 && !s.stray {
		// Captures are read only from a line the scan accepts, or that
		// only lacks members (Result.OnlyMissing): once it is Bad
		// otherwise, none is taken.
		s.ws()
		start := s.pos
		s.value(n)
		s.capture(slot, start)
	} else {
		s.value(n)
	}
	if s.collect {
		s.path = s.path[:len(s.path)-1]
	}
}

// next moves past the separator after a member or item. It reports whether
// another one follows; at the closing bracket, or on an error, it is false.
func (s *scanner) next(closing byte) bool {
	if s.failed() {
		return false
	}
	s.ws()
	if s.pos >= len(s.data) {
		s.fail("unexpected end of JSON input")
		return false
	}
	switch c := s.data[s.pos]; c {
	case ',':
		s.pos++
		return true
	case closing:
		s.pos++
		return false
	default:
		what := "object member"
		if closing == ']' {
			what = "array element"
		}
		s.fail("invalid character " + strconv.QuoteRune(rune(c)) + " after " + what)
		return false
	}
}

// ownKey returns k, copied when it lives in keyBuf (an escaped key), which
// the next key overwrites.
func (s *scanner) ownKey(k []byte) []byte {
	if len(k) > 0 && len(s.keyBuf) > 0 && &k[0] == &s.keyBuf[0] {
		return append([]byte(nil), k...)
	}
	return k
}

// key scans an object key at pos and returns it (unescaped when needed; the
// slice is valid until the next call).
func (s *scanner) key() ([]byte, bool) {
	s.ws()
	if s.pos >= len(s.data) || s.data[s.pos] != '"' {
		s.fail("expected a string for an object key")
		return nil, false
	}
	start := s.pos
	esc := s.str()
	if s.failed() {
		return nil, false
	}
	if !esc {
		return s.data[start+1 : s.pos-1], true
	}
	u, ok := unquote(s.data[start:s.pos])
	if !ok {
		s.fail("invalid string")
		return nil, false
	}
	s.keyBuf = append(s.keyBuf[:0], u...)
	return s.keyBuf, true
}

func (s *scanner) colon() bool {
	s.ws()
	if s.pos >= len(s.data) || s.data[s.pos] != ':' {
		s.fail("expected ':' after object key")
		return false
	}
	s.pos++
	return true
}

// discriminator finds the string value of key among the members of the
// object at pos, without moving. ok is false when the key is absent or not
// a string; the last occurrence counts, as in encoding/json.
func (s *scanner) discriminator(key string) (val []byte, ok bool) {
	save, saveCollect, depth := s.pos, s.collect, s.depth
	s.collect = false
	s.eachMember(func(k []byte, start, end int) {
		if string(k) == key {
			val, ok = stringAt(s.data, [2]int{start, end})
		}
	})
	s.pos, s.collect, s.depth = save, saveCollect, depth
	if s.failed() {
		return nil, false
	}
	return val, ok
}

func (s *scanner) object(n *Node) {
	if !s.enter() {
		return
	}
	defer func() { s.depth-- }()
	// own is the node whose frame the object's own failures belong to.
	own, objStart := n, s.pos
	if n != nil && n.dispatch != nil {
		v, ok := s.discriminator(n.dispKey)
		if s.failed() {
			return
		}
		if m, hit := n.dispatch[string(v)]; ok && hit {
			n, own = m, m
			if s.anchoring && m.loc != "" && s.noAnchor == 0 {
				s.push(m, m.loc, s.pos)
				defer s.pop()
			}
		} else {
			if ok && s.collect {
				if s.room(len(s.kinds), &s.over.Kinds) {
					s.kinds = append(s.kinds, Kind{Pointer: s.pointer(n.dispKey), Key: n.dispKey, Value: string(v)})
				}
			}
			base := *n
			base.dispatch = nil
			n = &base
			// The members below are not met with the nodes of any member
			// of the union: the captures are not whole.
			s.stray = true
		}
	}
	if n != nil && n.all != nil {
		// value() handles all; reaching here means a nested all inside a case
		s.markBad()
		n = nil
	}
	var seenBuf [2]uint64
	var seen []uint64              // declared members seen, by prop index
	othersStart := len(s.others)   // undeclared names of this object: s.others[othersStart:]
	var others map[string]struct{} // the same names, once there are more than a few
	// The object's forbidden members are local failures when the scan
	// can name the keyword that forbids them.
	extraFrom := len(s.extraKeys)
	localExtra := n != nil && n.addlFalse && n.addlLoc != "" && s.ownFrame(own, objStart)
	defer func() {
		s.extraKeys = s.extraKeys[:extraFrom]
		s.others = s.others[:othersStart]
		if others != nil {
			clear(others)
			s.freeSets = append(s.freeSets, others)
		}
	}()
	if n != nil {
		if n.types&tObject == 0 || n.enum != nil {
			s.markBad()
		}
		if words := (len(n.propList) + 63) / 64; words <= len(seenBuf) {
			seen = seenBuf[:words]
		} else {
			seen = make([]uint64, words)
		}
	}
	s.pos++ // {
	s.ws()
	if s.pos < len(s.data) && s.data[s.pos] == '}' {
		s.pos++
		s.checkRequired(n, own, objStart, seen)
		return
	}
	for {
		s.ws()
		keyStart := s.pos
		k, ok := s.key()
		if !ok || !s.colon() {
			return
		}
		k = s.ownKey(k)
		var child *Node
		slot := uint8(0)
		if n != nil {
			if p, ok := n.props[string(k)]; ok && (p.declared || !n.addlFalse) {
				child = p.node
				if p.declared && s.capturing {
					slot = p.slot
				}
				if seen[p.index/64]&(1<<(p.index%64)) != 0 && s.collect {
					s.duplicate()
					s.forget(s.pointer(string(k)))
					if s.room(len(s.dupPaths), &s.over.Dups) {
						s.dupPaths = append(s.dupPaths, s.pointer(string(k)))
					}
				}
				seen[p.index/64] |= 1 << (p.index % 64)
			} else {
				if ok {
					// A member a schema requires but does not declare:
					// present, though forbidden.
					seen[p.index/64] |= 1 << (p.index % 64)
				}
				switch {
				case n.addlFalse && localExtra:
					s.extraKeys = append(s.extraKeys, keyStart)
				case n.addlFalse:
					s.markBad()
				case n.addl != nil:
					child = n.addl
				}
				if s.collect {
					if s.otherSeen(&others, othersStart, k) {
						s.duplicate()
						s.forget(s.pointer(string(k)))
						if s.room(len(s.dupPaths), &s.over.Dups) {
							s.dupPaths = append(s.dupPaths, s.pointer(string(k)))
						}
					}
					if n.declared && n.addl == nil {
						s.unknownCount++
						if s.wantPaths && s.room(len(s.unknown), &s.over.Unknown) {
							s.unknown = append(s.unknown, s.pointer(string(k)))
						}
					}
				}
			}
		}
		outer := s.nameAt
		s.nameAt = keyStart
		s.child(pathTok{key: k}, child, slot)
		s.nameAt = outer
		if !s.next('}') {
			if !s.failed() {
				for _, ks := range s.extraKeys[extraFrom:] {
					s.local(LocalAdditional, n.addlLoc, objStart, "", ks)
				}
				s.checkRequired(n, own, objStart, seen)
			}
			return
		}
	}
}

// OtherSetMin is the number of undeclared member names of one object from
// which they are looked up in a set rather than one by one, so that an
// object of many undeclared members costs linear time.
const OtherSetMin = 32

// otherSeen records k among the undeclared member names of the object whose
// names start at s.others[start] (or are in *set, once it is made) and
// reports whether the object already had it.
func (s *scanner) otherSeen(set *map[string]struct{}, start int, k []byte) bool {
	if *set != nil {
		if _, dup := (*set)[string(k)]; dup {
			return true
		}
		(*set)[string(k)] = struct{}{}
		return false
	}
	names := s.others[start:]
	for _, o := range names {
		if string(o) == string(k) {
			return true
		}
	}
	if len(names) < OtherSetMin {
		s.others = append(s.others, k)
		return false
	}
	if k := len(s.freeSets); k > 0 {
		*set, s.freeSets = s.freeSets[k-1], s.freeSets[:k-1]
	} else {
		*set = make(map[string]struct{}, 2*OtherSetMin)
	}
	for _, o := range names {
		(*set)[string(o)] = struct{}{}
	}
	(*set)[string(k)] = struct{}{}
	return false
}

// checkRequired checks that the object just scanned, of node n, starting
// at start, has every member n requires; own is the node whose frame is
// the object's (see object). A member missing is a local failure when
// the scan can name the keyword that requires it.
func (s *scanner) checkRequired(n, own *Node, start int, seen []uint64) {
	if n == nil {
		return
	}
	missing := false
	for i, p := range n.required {
		if seen[p.index/64]&(1<<(p.index%64)) != 0 {
			continue
		}
		if n.reqLocs[i] == "" || !s.ownFrame(own, start) {
			s.markBad()
			return
		}
		missing = true
	}
	if !missing {
		return
	}
	for i, p := range n.required {
		if seen[p.index/64]&(1<<(p.index%64)) == 0 {
			s.local(LocalRequired, n.reqLocs[i], start, n.reqNames[i], 0)
		}
	}
}

// end checks that nothing but white space follows the value.
func (s *scanner) end() {
	if s.failed() {
		return
	}
	s.ws()
	if s.pos < len(s.data) {
		s.fail("invalid character after top-level value")
	}
}

// eachMember scans the object at pos, calling fn with each member's key
// and the byte range of its value.
func (s *scanner) eachMember(fn func(k []byte, start, end int)) {
	if !s.enter() {
		return
	}
	defer func() { s.depth-- }()
	s.pos++ // {
	s.ws()
	if s.pos < len(s.data) && s.data[s.pos] == '}' {
		s.pos++
		return
	}
	for {
		k, ok := s.key()
		if !ok || !s.colon() {
			return
		}
		key := s.ownKey(k)
		s.ws()
		start := s.pos
		s.value(nil)
		if s.failed() {
			return
		}
		fn(key, start, s.pos)
		if !s.next('}') {
			return
		}
	}
}
