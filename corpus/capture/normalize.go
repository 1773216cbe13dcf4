package capture

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"hash/maphash"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/protocheck/protocheck/validate"
)

// A Normalizer replaces the values of a transcript that differ from run to
// run with stable placeholders, so that two captures of one scenario can be
// compared and a committed golden only changes when the CLI does.
//
// The same original value always gets the same placeholder, within a
// transcript, so references between lines survive (a tool_use id and the
// tool_result that names it; a session id and the paths that contain it).
// Placeholders keep the JSON type and the shape of what they replace: a
// uuid becomes a uuid, a timestamp a timestamp, an integer an integer and a
// fraction a fraction, so normalised captures still validate against the
// schemas.
//
// What is replaced (see the rules below for the exact lists):
//   - uuids, anywhere in a string: 00000000-0000-4000-8000-00000000000N;
//   - API ids with a known prefix (toolu_, msg_, req_, srvtoolu_):
//     prefix + "N" zero-padded;
//   - the string values of id members (session_id, request_id, hook_id,
//     task_id, agent_id, tool_use_id, …: names ending in id, ids, uuid,
//     Id, ID): id_N; and, for ids of 6 characters or more made of letters,
//     digits, _ and -, every other place they occur as a whole token inside
//     a string (a run of those characters: a path's folder, an output
//     file's name before its extension), never inside a longer token (an id
//     "000000" leaves a uuid placeholder alone);
//   - ISO 8601 timestamps: 2000-01-01T00:00:N…Z, in the original's layout;
//   - the temporary folders in Paths, and their dash-encoded forms (the CLI
//     names project folders after the working directory with every
//     non-alphanumeric character turned into '-');
//   - other folders directly under /tmp whose names hold 4 digits or more
//     (pids, random suffixes): /tmp/protocheck-tmpN;
//   - numbers in members that measure time, tokens or money, and pids:
//     names ending in _ms, Ms, _seconds, _tokens, Tokens, _tokens_delta,
//     _usd, USD, Usd, and pid — except limits (maxOutputTokens, max_tokens,
//     …). 0 stays 0; other values become 1, 2, 3 … in order of first
//     appearance (plus .5 when the original has a fraction).
//
// A Normalizer is for one transcript; use a new one for each. Transcript
// normalises a transcript held in memory; a stream is normalised in two
// passes, ScanIDs on every line and then Line on every line, so memory
// stays bounded by the longest line and the distinct values replaced: a
// fixed 16 bytes each in a map (some 30 with the map's own), never a copy
// of the value, up to MaxValues of them.
//
// A line that is not JSON (or not UTF-8, or holds a NUL byte, or nests
// deeper than MaxDepth) is an error with the rule validate gives it; such a
// line is never repaired: a caller that goes on writes it as it was.
type Normalizer struct {
	// Paths are known temporary folders and their placeholders, such as a
	// Capture's Paths. Longer paths are replaced first.
	Paths []PathPlaceholder
	// MaxDepth caps the nesting of arrays and objects in a line; 0 means
	// validate.DefaultMaxDepth. A deeper line is an input/too-deep error,
	// not parsed.
	MaxDepth int
	// MaxValues caps the distinct values the normaliser remembers (the ids
	// ScanIDs notes and the values given a placeholder); 0 means
	// DefaultMaxValues. The line that would pass it is a
	// *TooManyValuesError, from ScanIDs or Line.
	MaxValues int

	// vals maps a class and an original value to its placeholder number
	// (0: none yet) and, for the class "id", the flags idFlag and tokenFlag.
	vals    map[valueKey]uint32
	seeds   [2]maphash.Seed
	counts  map[string]int // placeholder class → count so far
	tokens  int            // values flagged tokenFlag
	maxTok  int            // the longest of them
	full    bool           // MaxValues was reached
	pathsRe []pathRule
	ready   bool // the ScanIDs pass is over
}

// DefaultMaxValues is the distinct values a Normalizer remembers unless
// told otherwise: some 250 MB of map at the most, 650 MB at the process's
// peak (16M took 1.25 GB), while a 200 MB capture of five new values a
// line (4.9M) still fits.
const DefaultMaxValues = 8 << 20

// MaxMaxValues is the most MaxValues may be: what a placeholder number
// holds.
const MaxMaxValues = numberBits

// The bits of a vals entry.
const (
	numberBits = 1<<30 - 1 // the placeholder number
	idFlag     = 1 << 30   // the value of an id member (not a uuid or an API id)
	tokenFlag  = 1 << 31   // such an id, replaced inside other strings too
)

// TooManyValuesError reports the line at which a transcript had more
// distinct values to replace than the normaliser's MaxValues.
type TooManyValuesError struct {
	// Line is the 1-based line number.
	Line int
	// Max is the cap.
	Max int
}

func (e *TooManyValuesError) Error() string {
	return fmt.Sprintf("line %d: more than %d distinct values to replace: the transcript is too large to normalise within the cap on values", e.Line, e.Max)
}

type pathRule struct {
	old, new string
}

// NormalizeError reports a transcript line that cannot be normalised
// because it is not JSON, or not UTF-8, or holds a NUL byte, or nests too
// deep.
type NormalizeError struct {
	// Line is the 1-based line number.
	Line int
	// Column is the 1-based byte column of the problem, 0 when unknown.
	Column int
	// Rule is the ID of the validate rule the line breaks
	// (validate.RuleInvalidJSON, ...).
	Rule string
	// Err is what is wrong.
	Err error
}

func (e *NormalizeError) Error() string { return fmt.Sprintf("line %d: %v", e.Line, e.Err) }
func (e *NormalizeError) Unwrap() error { return e.Err }

// Finding returns the error as validate reports the same line.
func (e *NormalizeError) Finding(file string) validate.Finding {
	f := validate.Finding{File: file, Line: e.Line, Column: e.Column, Rule: e.Rule, Severity: validate.Error, Message: e.Err.Error()}
	if r := validate.RuleByID(e.Rule); r != nil {
		f.Severity = r.Severity
	}
	return f
}

var (
	uuidRe      = regexp.MustCompile(`[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}`)
	apiIDRe     = regexp.MustCompile(`\b(toolu|srvtoolu|msg|req)_[A-Za-z0-9]{4,}`)
	timestampRe = regexp.MustCompile(`\b\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})?`)
	tmpDirRe    = regexp.MustCompile(`/tmp/[A-Za-z0-9._-]*\d{4,}[A-Za-z0-9._-]*`)
	idKeyRe     = regexp.MustCompile(`(^|_)(uuid|id)s?$|[a-z](Id|ID|Uuid|UUID)s?$`)
	nonAlnumRe  = regexp.MustCompile(`[^A-Za-z0-9]`)
)

// numberClass returns the placeholder class of a number member, or "".
func numberClass(key string) string {
	switch key {
	case "maxOutputTokens", "max_tokens", "max_output_tokens", "max_thinking_tokens", "maxThinkingTokens", "contextWindow":
		return ""
	case "pid", "ppid":
		return "pid"
	}
	switch {
	case hasAnySuffix(key, "_ms", "Ms", "_seconds", "Seconds"):
		return "time"
	case hasAnySuffix(key, "_tokens", "Tokens", "_tokens_delta"):
		return "tokens"
	case hasAnySuffix(key, "_usd", "USD", "Usd"):
		return "cost"
	}
	return ""
}

func hasAnySuffix(s string, suffixes ...string) bool {
	for _, suf := range suffixes {
		if strings.HasSuffix(s, suf) {
			return true
		}
	}
	return false
}

// Transcript normalises an NDJSON transcript held in memory. Blank lines
// are dropped, and so is the \r of a CRLF ending; every other line must be
// a JSON value (the error is a *NormalizeError).
func (n *Normalizer) Transcript(data []byte) ([]byte, error) {
	return n.TranscriptContext(context.Background(), data)
}

// stopEvery is how many lines the normaliser takes between two looks at
// its context.
const stopEvery = 64

// TranscriptContext is Transcript, stopped when ctx ends: the error is
// then ctx's cause, and nothing is returned.
func (n *Normalizer) TranscriptContext(ctx context.Context, data []byte) ([]byte, error) {
	n.init()
	lines := splitLines(data)
	// First pass: the values of id members, so that they are also found
	// inside other strings, wherever they come first.
	for i, l := range lines {
		if i%stopEvery == 0 && ctx.Err() != nil {
			return nil, context.Cause(ctx)
		}
		if err := n.ScanIDs(i+1, l); err != nil {
			return nil, err
		}
	}
	var out bytes.Buffer
	for i, l := range lines {
		if i%stopEvery == 0 && ctx.Err() != nil {
			return nil, context.Cause(ctx)
		}
		if len(bytes.TrimSpace(l)) == 0 {
			continue
		}
		b, err := n.Line(i+1, l)
		if err != nil {
			return nil, err
		}
		out.Write(b)
		out.WriteByte('\n')
	}
	return out.Bytes(), nil
}

// splitLines splits data at \n and drops the \r of CRLF endings.
func splitLines(data []byte) [][]byte {
	var out [][]byte
	for len(data) > 0 {
		line, rest, _ := bytes.Cut(data, []byte("\n"))
		out = append(out, bytes.TrimSuffix(line, []byte("\r")))
		data = rest
	}
	return out
}

// ScanIDs is the first pass over a stream: it notes the values of the id
// members of one line (line num of its transcript), so that Line also
// finds them inside other strings, wherever they come first. Lines that
// Line would refuse are skipped. Call it on every line before the first
// call to Line. The error is a *TooManyValuesError.
func (n *Normalizer) ScanIDs(num int, line []byte) error {
	if n.vals == nil {
		n.init()
	}
	if n.check(0, line) != nil {
		return nil
	}
	var c idCollector
	if walkLine(line, &c) == nil {
		for _, id := range c.ids {
			// A uuid or an API id is replaced as one (see str), never as an
			// id.
			if mayHoldUUID(id) && uuidRe.MatchString(id) || mayHoldAPIID(id) && apiIDRe.MatchString(id) {
				continue
			}
			k := n.key("id", id)
			v, ok := n.vals[k]
			if !ok && !n.room() {
				return n.tooMany(num)
			}
			v |= idFlag
			// Replaced inside other strings too: ids of 6 characters or
			// more that are one token (see idTokens).
			if len(id) >= 6 && isToken(id) && v&tokenFlag == 0 {
				v |= tokenFlag
				n.tokens++
				n.maxTok = max(n.maxTok, len(id))
			}
			n.vals[k] = v
		}
	}
	return nil
}

// room reports whether one more value may be remembered; when not, the
// normaliser is full, and Line refuses every line from then on.
func (n *Normalizer) room() bool {
	if len(n.vals) >= n.maxValues() {
		n.full = true
	}
	return !n.full
}

func (n *Normalizer) tooMany(num int) error {
	return &TooManyValuesError{Line: num, Max: n.maxValues()}
}

// maxValues is MaxValues, or its default; at most what a placeholder
// number holds.
func (n *Normalizer) maxValues() int {
	if n.MaxValues <= 0 {
		return DefaultMaxValues
	}
	return min(n.MaxValues, numberBits)
}

// Line normalises one line (line n of its transcript, without its line
// ending) and returns it. A blank line comes back as it is. A line that is
// not JSON, not UTF-8, holds a NUL byte or nests deeper than MaxDepth is a
// *NormalizeError with the rule validate reports for it.
func (n *Normalizer) Line(num int, line []byte) ([]byte, error) {
	if n.vals == nil {
		n.init()
	}
	if n.full {
		return nil, n.tooMany(num)
	}
	if !n.ready {
		n.buildIDs()
	}
	if len(bytes.TrimSpace(line)) == 0 {
		return slices.Clone(line), nil
	}
	if err := n.check(num, line); err != nil {
		return nil, err
	}
	// Read through once to find a syntax error before any placeholder
	// is taken, then write the line value by value (normstream.go).
	err := walkLine(line, nil)
	if err != nil {
		ne := &NormalizeError{Line: num, Rule: validate.RuleInvalidJSON.ID, Err: fmt.Errorf("invalid JSON: %w", err)}
		var se *json.SyntaxError
		if errors.As(err, &se) {
			ne.Column = int(se.Offset)
		}
		return nil, ne
	}
	w := lineWriter{n: n}
	w.out.Grow(len(line) + len(line)/8)
	if err := walkLine(line, &w); err != nil {
		return nil, &NormalizeError{Line: num, Rule: validate.RuleInvalidJSON.ID, Err: fmt.Errorf("invalid JSON: %w", err)}
	}
	if n.full { // a placeholder could not be given: the line is not whole
		return nil, n.tooMany(num)
	}
	return w.out.Bytes(), nil
}

// check refuses, with validate's rules, a line that cannot be parsed
// safely: a NUL byte, invalid UTF-8 (which encoding/json would turn into
// U+FFFD silently), nesting deeper than MaxDepth.
func (n *Normalizer) check(num int, line []byte) *NormalizeError {
	if i := bytes.IndexByte(line, 0); i >= 0 {
		return &NormalizeError{Line: num, Column: i + 1, Rule: validate.RuleNULByte.ID, Err: errors.New("the line contains a NUL byte")}
	}
	if !utf8.Valid(line) {
		i := 0
		for i < len(line) {
			r, size := utf8.DecodeRune(line[i:])
			if r == utf8.RuneError && size <= 1 {
				break
			}
			i += size
		}
		return &NormalizeError{Line: num, Column: i + 1, Rule: validate.RuleInvalidUTF8.ID, Err: fmt.Errorf("invalid UTF-8 at byte %d", i+1)}
	}
	maxDepth := n.MaxDepth
	if maxDepth <= 0 {
		maxDepth = validate.DefaultMaxDepth
	}
	if i := tooDeep(line, maxDepth); i >= 0 {
		return &NormalizeError{Line: num, Column: i + 1, Rule: validate.RuleTooDeep.ID, Err: fmt.Errorf("arrays and objects nest deeper than %d levels", maxDepth)}
	}
	return nil
}

// tooDeep returns the offset of the first bracket of line that opens a
// level deeper than max, outside strings, or -1. It does not check the
// syntax: the parser does, once the depth is known to be safe for it.
func tooDeep(line []byte, max int) int {
	depth := 0
	inString, escaped := false, false
	for i, c := range line {
		switch {
		case inString:
			switch {
			case escaped:
				escaped = false
			case c == '\\':
				escaped = true
			case c == '"':
				inString = false
			}
		case c == '"':
			inString = true
		case c == '[' || c == '{':
			if depth++; depth > max {
				return i
			}
		case c == ']' || c == '}':
			depth--
		}
	}
	return -1
}

// buildIDs ends the ScanIDs pass (which noted the ids replaced inside
// other strings, those of 6 characters or more that are one token).
//
// (They were once joined into one regular expression: an id of 34 MB made
// it too large to compile, a panic, and its cost grew with the number of
// ids times the bytes of every string; it also matched inside longer
// tokens, so that an id "000000" turned uuid placeholders into non-uuids.)
func (n *Normalizer) buildIDs() {
	n.ready = true
}

// tokenByte reports whether c may be part of an id token.
func tokenByte(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_' || c == '-'
}

// isToken reports whether s is made of token bytes only.
func isToken(s string) bool {
	for i := 0; i < len(s); i++ {
		if !tokenByte(s[i]) {
			return false
		}
	}
	return true
}

// idTokens replaces each token of s (a maximal run of token bytes) that
// is an id flagged tokenFlag: one pass over s, one map lookup a token.
func (n *Normalizer) idTokens(s string) string {
	var b strings.Builder
	last, changed := 0, false
	for i := 0; i < len(s); {
		if !tokenByte(s[i]) {
			i++
			continue
		}
		j := i + 1
		for j < len(s) && tokenByte(s[j]) {
			j++
		}
		if tok := s[i:j]; len(tok) >= 6 && len(tok) <= n.maxTok && n.vals[n.key("id", tok)]&tokenFlag != 0 {
			if !changed {
				b.Grow(len(s))
				changed = true
			}
			b.WriteString(s[last:i])
			b.WriteString(n.placeholder("id", tok))
			last = j
		}
		i = j
	}
	if !changed {
		return s
	}
	b.WriteString(s[last:])
	return b.String()
}

func (n *Normalizer) init() {
	n.vals = map[valueKey]uint32{}
	n.seeds = [2]maphash.Seed{maphash.MakeSeed(), maphash.MakeSeed()}
	n.counts = map[string]int{}
	n.tokens, n.maxTok = 0, 0
	n.full = false
	n.ready = false
	n.pathsRe = nil
	paths := slices.Clone(n.Paths)
	slices.SortFunc(paths, func(a, b PathPlaceholder) int { return len(b.Path) - len(a.Path) })
	for _, p := range paths {
		n.pathsRe = append(n.pathsRe, pathRule{p.Path, p.Placeholder})
	}
	for _, p := range paths {
		n.pathsRe = append(n.pathsRe, pathRule{dashed(p.Path), dashed(p.Placeholder)})
	}
}

// dashed is a path as the CLI turns it into a folder name.
func dashed(p string) string { return nonAlnumRe.ReplaceAllString(p, "-") }

// str applies the string rules.
func (n *Normalizer) str(s string) string {
	for _, p := range n.pathsRe {
		s = strings.ReplaceAll(s, p.old, p.new)
	}
	// Each expression runs only on a string that holds a byte all its
	// matches hold: the expressions cost some 100 ns a byte, and most
	// strings (a tool's output, a file's text) have nothing to replace.
	if mayHoldUUID(s) {
		s = uuidRe.ReplaceAllStringFunc(s, func(u string) string { return n.placeholder("uuid", strings.ToLower(u)) })
	}
	if mayHoldAPIID(s) {
		s = apiIDRe.ReplaceAllStringFunc(s, func(id string) string {
			prefix, _, _ := strings.Cut(id, "_")
			return n.placeholder("api:"+prefix, id)
		})
	}
	if n.tokens > 0 {
		s = n.idTokens(s)
	}
	if strings.IndexByte(s, 'T') >= 0 && strings.IndexByte(s, ':') >= 0 {
		s = timestampRe.ReplaceAllStringFunc(s, func(ts string) string { return n.placeholder("time", ts) })
	}
	if strings.Contains(s, "/tmp/") {
		s = tmpDirRe.ReplaceAllStringFunc(s, func(d string) string { return n.placeholder("tmp", d) })
	}
	return s
}

// mayHoldUUID reports whether s holds the four dashes a uuid has.
func mayHoldUUID(s string) bool { return strings.Count(s, "-") >= 4 }

// mayHoldAPIID reports whether s holds the _ an API id has.
func mayHoldAPIID(s string) bool { return strings.IndexByte(s, '_') >= 0 }

// A valueKey is a 96-bit hash of a class and an original value: the
// placeholders of a transcript's distinct values are remembered in 16
// bytes each with their number, not in a copy of the value and its
// placeholder (a 200 MB capture held 530 MB at its peak, most of it in
// those copies). Two values share a key with a chance of one in 2^37 for
// a billion values.
type valueKey [3]uint32

func (n *Normalizer) key(class, v string) valueKey {
	var h [2]uint64
	for i, seed := range n.seeds {
		var mh maphash.Hash
		mh.SetSeed(seed)
		mh.WriteString(class)
		mh.WriteByte(0)
		mh.WriteString(v)
		h[i] = mh.Sum64()
	}
	return valueKey{uint32(h[0]), uint32(h[0] >> 32), uint32(h[1])}
}

// placeholder returns the placeholder of an original value of a class.
// The placeholder is made again from its number each time: it is the
// same for the same value (a timestamp's keeps the value's layout).
func (n *Normalizer) placeholder(class, orig string) string {
	return makePlaceholder(class, orig, n.numberOf(class, orig))
}

// numberOf is the placeholder number of an original value of a class,
// given in order of first appearance. A placeholder already given stands
// for itself, so that normalising a normalised transcript changes
// nothing: it is known by its shape (placeholderNumber), not remembered.
// When the normaliser is full it returns 0, and Line refuses the line.
func (n *Normalizer) numberOf(class, orig string) int {
	if i, ok := placeholderNumber(class, orig); ok && i <= n.counts[class] && makePlaceholder(class, orig, i) == orig {
		return i
	}
	k := n.key(class, orig)
	v, ok := n.vals[k]
	if v&numberBits != 0 {
		return int(v & numberBits)
	}
	if !ok && !n.room() {
		return 0
	}
	n.counts[class]++
	i := n.counts[class]
	n.vals[k] = v | uint32(i)&numberBits
	return i
}

// placeholderNumber is the number of the placeholder of a class that s
// would be, if it is one (makePlaceholder(class, s, i) == s says whether).
func placeholderNumber(class, s string) (int, bool) {
	var digits string
	var ok bool
	switch base, _, _ := strings.Cut(class, ":"); base {
	case "uuid":
		digits, ok = strings.CutPrefix(s, "00000000-0000-4000-8000-")
	case "api", "id":
		_, digits, ok = strings.Cut(s, "_")
	case "tmp":
		digits, ok = strings.CutPrefix(s, "/tmp/protocheck-tmp")
	case "num":
		digits, ok = strings.TrimSuffix(s, ".5"), true
	case "time":
		if len(s) < 19 || !strings.HasPrefix(s, "20") {
			return 0, false
		}
		t, err := time.Parse("2006-01-02T15:04:05", s[:19])
		if err != nil {
			return 0, false
		}
		d := t.Sub(timeBase)
		return int(d / time.Second), d > 0 && d%time.Second == 0
	}
	if !ok || digits == "" || digits[0] < '0' || digits[0] > '9' {
		return 0, false
	}
	i, err := strconv.Atoi(digits)
	return i, err == nil && i > 0
}

// timeBase is the time of the placeholder timestamp 0.
var timeBase = time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)

// makePlaceholder is the i-th placeholder of a class, for orig.
func makePlaceholder(class, orig string, i int) string {
	switch class, _, _ := strings.Cut(class, ":"); class {
	case "uuid":
		return fmt.Sprintf("00000000-0000-4000-8000-%012d", i)
	case "api":
		prefix, _, _ := strings.Cut(orig, "_")
		return fmt.Sprintf("%s_%04d", prefix, i)
	case "id":
		return fmt.Sprintf("id_%04d", i)
	case "time":
		return fakeTimestamp(orig, i)
	case "tmp":
		return fmt.Sprintf("/tmp/protocheck-tmp%d", i)
	case "num":
		p := strconv.Itoa(i)
		if strings.ContainsAny(orig, ".eE") {
			p += ".5"
		}
		return p
	}
	return ""
}

// fakeTimestamp returns the i-th placeholder time in the layout of orig.
func fakeTimestamp(orig string, i int) string {
	t := timeBase.Add(time.Duration(i) * time.Second)
	layout := "2006-01-02T15:04:05"
	if dot := strings.IndexByte(orig, '.'); dot >= 0 {
		frac := len(orig) - dot - 1
		for _, c := range orig[dot+1:] {
			if c < '0' || c > '9' {
				frac--
			}
		}
		layout += "." + strings.Repeat("0", max(frac-zoneLen(orig), 1))
	}
	switch {
	case strings.HasSuffix(orig, "Z"):
		layout += "Z"
	case zoneLen(orig) > 0:
		layout += "-07:00"
	}
	return t.Format(layout)
}

func zoneLen(ts string) int {
	if len(ts) > 6 && (ts[len(ts)-6] == '+' || ts[len(ts)-6] == '-') && ts[len(ts)-3] == ':' {
		return 6
	}
	return 0
}

// number returns the placeholder of a number of a class: 0 stays 0,
// other values become 1, 2, 3 … (plus .5 when the original has a
// fraction or an exponent).
func (n *Normalizer) number(class string, orig json.Number) json.Number {
	if f, err := orig.Float64(); err == nil && f == 0 {
		return orig
	}
	class = "num:" + class
	return json.Number(n.placeholder(class, orig.String()))
}
