package report

import (
	"bufio"
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"hash/maphash"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/protocheck/protocheck/validate"
)

// BaselineVersion numbers the shape of a baseline file.
const BaselineVersion = 1

// A BaselineEntry is one kind of known finding and how many times it
// occurs. The key is the file, the rule, the variant, the pointer and the
// hash of the line's normalised content: never the line number, so that
// the entry still matches once lines are added or removed elsewhere.
type BaselineEntry struct {
	File    string `json:"file"`
	Rule    string `json:"rule"`
	Variant string `json:"variant,omitempty"`
	Pointer string `json:"pointer"`
	// Hash is LineHash of the line, or "" for a finding about a whole file
	// or a line whose content is unknown.
	Hash string `json:"hash"`
	// Count is how many findings of this key the baseline accepts.
	Count int `json:"count"`
}

// String renders the entry for a report line.
func (e BaselineEntry) String() string {
	s := validate.EscapeFile(e.File) + " " + e.Rule
	if e.Variant != "" {
		s += " " + validate.Escape(e.Variant)
	}
	if e.Pointer != "" {
		s += " " + validate.Escape(e.Pointer)
	}
	return fmt.Sprintf("%s (line %s, %d)", s, e.Hash, e.Count)
}

type baselineKey struct {
	file, rule, variant, pointer, hash string
}

func (e BaselineEntry) key() baselineKey {
	return baselineKey{e.File, e.Rule, e.Variant, e.Pointer, e.Hash}
}

func keyOf(f Finding) baselineKey {
	return baselineKey{normPath(f.File), f.Rule, f.Variant, f.Pointer, f.Hash}
}

// normPath is a file's path as keys hold it: cleaned, with slashes.
func normPath(p string) string {
	if p == "" || p == "-" {
		return p
	}
	return fileKey(filepath.ToSlash(filepath.Clean(p)))
}

// fileKey writes a file name that is not UTF-8 in UTF-8, losslessly: each
// byte that is not part of a character as \xNN, and a backslash as \\.
// JSON has no room for such bytes (encoding/json turns each into U+FFFD),
// so without this a baseline written for such a file would never match
// it again. A name in UTF-8 is left as it is.
func fileKey(p string) string {
	if utf8.ValidString(p) {
		return p
	}
	var b strings.Builder
	for i := 0; i < len(p); {
		r, size := utf8.DecodeRuneInString(p[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			fmt.Fprintf(&b, `\x%02x`, p[i])
		case r == '\\':
			b.WriteString(`\\`)
		default:
			b.WriteString(p[i : i+size])
		}
		i += size
	}
	return b.String()
}

// A Baseline is the file of findings already known:
//
//	{"version": 1, "entries": [BaselineEntry...]}
//
// with one entry a line, sorted, so that it reads well in a diff.
type Baseline struct {
	Version int             `json:"version"`
	Entries []BaselineEntry `json:"entries"`
}

// NewBaseline counts the findings into a baseline.
func NewBaseline(findings []Finding) *Baseline {
	c := NewBaselineCounter()
	for _, f := range findings {
		c.Add(f)
	}
	return c.Baseline()
}

// A BaselineCounter counts findings by their baseline entry as they come,
// keeping one count a distinct entry rather than every finding: a run of
// ten million alike findings (--update-baseline) holds one entry. An entry
// is held in 40 bytes, its strings once each (a line's hash as a number),
// and Encode writes the file without building it in memory: 600,000
// distinct findings took 343 MB, most of it in copies of the entries.
type BaselineCounter struct {
	ids    map[string]uint32 // the strings of the entries, each once
	strs   []string          // by id
	counts map[counterKey]int
	n      int
}

// A counterKey is a baselineKey with its strings as ids, and its hash, a
// LineHash's 16 hex digits, as a number (hashID 0), or else as an id + 1.
type counterKey struct {
	file, rule, variant, pointer uint32
	hashID                       uint32
	hash                         uint64
}

// NewBaselineCounter returns an empty counter.
func NewBaselineCounter() *BaselineCounter {
	return &BaselineCounter{ids: map[string]uint32{}, counts: map[counterKey]int{}}
}

func (c *BaselineCounter) id(s string) uint32 {
	id, ok := c.ids[s]
	if !ok {
		id = uint32(len(c.strs))
		c.ids[s] = id
		c.strs = append(c.strs, s)
	}
	return id
}

// Add counts one finding.
func (c *BaselineCounter) Add(f Finding) {
	k := keyOf(f)
	ck := counterKey{file: c.id(k.file), rule: c.id(k.rule), variant: c.id(k.variant), pointer: c.id(k.pointer)}
	if h, ok := hexHash(k.hash); ok {
		ck.hash = h
	} else {
		ck.hashID = c.id(k.hash) + 1
	}
	c.counts[ck]++
	c.n++
}

// hexHash reads a LineHash (16 lowercase hex digits) as a number, whose
// order is the string's.
func hexHash(h string) (uint64, bool) {
	if len(h) != 16 {
		return 0, false
	}
	var v uint64
	for i := 0; i < len(h); i++ {
		switch c := h[i]; {
		case '0' <= c && c <= '9':
			v = v<<4 | uint64(c-'0')
		case 'a' <= c && c <= 'f':
			v = v<<4 | uint64(c-'a'+10)
		default:
			return 0, false
		}
	}
	return v, true
}

// Findings is the number of findings counted.
func (c *BaselineCounter) Findings() int { return c.n }

type counted struct {
	counterKey
	n int
}

func (c *BaselineCounter) entry(k counted) BaselineEntry {
	e := BaselineEntry{File: c.strs[k.file], Rule: c.strs[k.rule], Variant: c.strs[k.variant], Pointer: c.strs[k.pointer], Count: k.n}
	if k.hashID == 0 {
		e.Hash = fmt.Sprintf("%016x", k.hash)
	} else {
		e.Hash = c.strs[k.hashID-1]
	}
	return e
}

// sorted returns the distinct entries counted in the file's order.
func (c *BaselineCounter) sorted() []counted {
	out := make([]counted, 0, len(c.counts))
	for k, n := range c.counts {
		out = append(out, counted{k, n})
	}
	hashOf := func(k counted) string { return c.entry(counted{counterKey: k.counterKey}).Hash }
	slices.SortFunc(out, func(x, y counted) int {
		if r := cmp.Or(strings.Compare(c.strs[x.file], c.strs[y.file]), strings.Compare(c.strs[x.rule], c.strs[y.rule]),
			strings.Compare(c.strs[x.variant], c.strs[y.variant]), strings.Compare(c.strs[x.pointer], c.strs[y.pointer])); r != 0 {
			return r
		}
		if x.hashID == 0 && y.hashID == 0 {
			return cmp.Compare(x.hash, y.hash)
		}
		return strings.Compare(hashOf(x), hashOf(y))
	})
	return out
}

// Baseline returns the baseline of the findings counted.
func (c *BaselineCounter) Baseline() *Baseline {
	b := &Baseline{Version: BaselineVersion, Entries: []BaselineEntry{}}
	for _, k := range c.sorted() {
		b.Entries = append(b.Entries, c.entry(k))
	}
	return b
}

// Encode writes the baseline of the findings counted, the bytes Marshal
// would give, entry by entry, and returns the number of entries.
func (c *BaselineCounter) Encode(w io.Writer) (int, error) {
	keys := c.sorted()
	return len(keys), writeBaseline(w, BaselineVersion, len(keys), func(i int) BaselineEntry { return c.entry(keys[i]) })
}

func (b *Baseline) sort() {
	slices.SortFunc(b.Entries, func(x, y BaselineEntry) int {
		return cmp.Or(strings.Compare(x.File, y.File), strings.Compare(x.Rule, y.Rule), strings.Compare(x.Variant, y.Variant),
			strings.Compare(x.Pointer, y.Pointer), strings.Compare(x.Hash, y.Hash))
	})
}

// Marshal encodes the baseline: sorted, one entry a line, a newline at the
// end; the same findings always give the same bytes.
func (b *Baseline) Marshal() []byte {
	b.sort()
	var buf bytes.Buffer
	writeBaseline(&buf, b.Version, len(b.Entries), func(i int) BaselineEntry { return b.Entries[i] }) //nolint:errcheck // a bytes.Buffer does not fail
	return buf.Bytes()
}

// writeBaseline writes a baseline file of n entries, entry(i) the i-th.
func writeBaseline(w io.Writer, version, n int, entry func(int) BaselineEntry) error {
	bw := bufio.NewWriterSize(w, 64<<10)
	fmt.Fprintf(bw, "{\"version\": %d, \"entries\": [", version)
	for i := range n {
		if i > 0 {
			bw.WriteString(",")
		}
		line, _ := json.Marshal(entry(i)) // strings and ints: cannot fail
		bw.WriteString("\n  ")
		bw.Write(validate.SafeJSON(line))
	}
	if n > 0 {
		bw.WriteString("\n")
	}
	bw.WriteString("]}\n")
	return bw.Flush()
}

// MaxBaselineEntryBytes caps one entry of a baseline file as it is read
// (the default cap on a line of input, from which an entry's pointer
// comes): an entry longer than that is refused, so that reading a file
// holds at most this much of it at once.
const MaxBaselineEntryBytes = validate.DefaultMaxLineBytes

// maxEntryBytes is MaxBaselineEntryBytes, lowered by tests.
var maxEntryBytes int64 = MaxBaselineEntryBytes

// MaxStaleListed is how many stale entries a run lists, the first in the
// file's order; the summary counts them all (StaleEntries, StaleFindings).
const MaxStaleListed = 1000

// ParseBaseline parses a baseline file's bytes; name is for errors, which
// name the line.
func ParseBaseline(name string, data []byte) (*Baseline, error) {
	b := &Baseline{Version: BaselineVersion, Entries: []BaselineEntry{}}
	err := readBaseline(name, bytes.NewReader(data), func(e BaselineEntry) bool {
		b.Entries = append(b.Entries, e)
		return true
	})
	if err != nil {
		return nil, err
	}
	return b, nil
}

// readBaseline reads a baseline file from r, entry by entry: it holds one
// entry at a time, never the file, and gives each entry to fn, in the
// file's order, until fn returns false (then it reads no further). Errors
// name the file and line.
func readBaseline(name string, r io.ReaderAt, fn func(BaselineEntry) bool) error {
	cr := &entryCap{r: r}
	dec := json.NewDecoder(cr)
	cr.dec = dec
	errAt := int64(-1) // where a value that failed to decode went wrong
	fail := func(err error) error {
		off := skipSpace(r, dec.InputOffset())
		if errAt >= 0 {
			off = errAt
		}
		if errors.Is(err, errEntryTooLong) {
			return fmt.Errorf("%s:%d: an entry longer than %d bytes: not a baseline file", name, lineAt(r, off), maxEntryBytes)
		}
		var rerr readError
		if errors.As(err, &rerr) {
			return fmt.Errorf("%s: %w", name, rerr.err)
		}
		if errors.Is(err, io.EOF) {
			err = io.ErrUnexpectedEOF
		}
		return fmt.Errorf("%s:%d: not a baseline file: %v", name, lineAt(r, off), err)
	}
	// decode decodes one value into v; on an error it finds the offset
	// at fault by decoding the value again on its own (a Decoder's
	// offsets count from where each Decode began, or not at all).
	decode := func(v any, fresh func() any) error {
		start := dec.InputOffset()
		err := dec.Decode(v)
		if err != nil {
			start = valueStart(r, start)
			errAt = start + valueErrorOffset(io.NewSectionReader(r, start, maxEntryBytes+1), fresh(), err)
		}
		return err
	}
	// The document: {"version": N, "entries": [ENTRY, ...]}, its members
	// in any order, each once.
	if err := wantDelim(dec, '{'); err != nil {
		return fail(err)
	}
	version, seen := 0, map[string]bool{}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return fail(err)
		}
		key, _ := tok.(string)
		if seen[key] {
			return fail(fmt.Errorf("%q twice", key))
		}
		seen[key] = true
		switch key {
		case "version":
			if err := decode(&version, func() any { return new(int) }); err != nil {
				return fail(err)
			}
		case "entries":
			tok, err := dec.Token()
			if err != nil {
				return fail(err)
			}
			if tok == nil { // null: no entries
				continue
			}
			if d, ok := tok.(json.Delim); !ok || d != '[' {
				return fail(fmt.Errorf("entries is not an array"))
			}
			dec.DisallowUnknownFields()
			for i := 1; dec.More(); i++ {
				var e BaselineEntry
				start := dec.InputOffset()
				if err := decode(&e, func() any { return new(BaselineEntry) }); err != nil {
					return fail(err)
				}
				if e.Rule == "" || e.Count < 1 {
					return fmt.Errorf("%s:%d: entry %d: needs a rule and a count of at least 1", name, lineAt(r, valueStart(r, start)), i)
				}
				if !fn(e) {
					return nil
				}
			}
			if err := wantDelim(dec, ']'); err != nil {
				return fail(err)
			}
		default:
			return fail(fmt.Errorf("json: unknown field %q", key))
		}
	}
	if err := wantDelim(dec, '}'); err != nil {
		return fail(err)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return fmt.Errorf("%s:%d: not a baseline file: data after the document", name, lineAt(r, dec.InputOffset()))
	}
	if version != BaselineVersion {
		return fmt.Errorf("%s: baseline version %d, want %d (rewrite it with --update-baseline)", name, version, BaselineVersion)
	}
	return nil
}

func wantDelim(dec *json.Decoder, want json.Delim) error {
	tok, err := dec.Token()
	if err != nil {
		return err
	}
	if d, ok := tok.(json.Delim); !ok || d != want {
		return fmt.Errorf("want %q, have %v", string(want), tok)
	}
	return nil
}

var errEntryTooLong = errors.New("entry too long")

// A readError is a failure to read the file, as opposed to its content.
type readError struct{ err error }

func (e readError) Error() string { return e.err.Error() }

// entryCap reads the file for a decoder, 64 KiB at a time, and fails once
// the decoder holds more than maxEntryBytes it has not yet consumed: one
// entry (or one value anywhere) longer than that.
type entryCap struct {
	r    io.ReaderAt
	off  int64 // of buf's end in r
	buf  []byte
	next int // in buf, the first byte not yet given to the decoder
	dec  *json.Decoder
}

func (c *entryCap) Read(p []byte) (int, error) {
	given := c.off - int64(len(c.buf)-c.next)
	if given-c.dec.InputOffset() > maxEntryBytes {
		return 0, errEntryTooLong
	}
	if c.next == len(c.buf) {
		if c.buf == nil {
			c.buf = make([]byte, 64<<10)
		}
		n, err := c.r.ReadAt(c.buf[:cap(c.buf)], c.off)
		c.buf, c.next = c.buf[:n], 0
		c.off += int64(n)
		if n == 0 {
			if err == nil || errors.Is(err, io.EOF) {
				return 0, io.EOF
			}
			return 0, readError{err}
		}
	}
	n := copy(p, c.buf[c.next:])
	c.next += n
	return n, nil
}

// valueErrorOffset is where, in r, decoding one value into v fails with
// an error like err: its own offset, when it has one.
func valueErrorOffset(r io.Reader, v any, err error) int64 {
	if errors.Is(err, errEntryTooLong) {
		return 0
	}
	dec := json.NewDecoder(r)
	dec.DisallowUnknownFields()
	again := dec.Decode(v)
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(again, &se):
		return se.Offset
	case errors.As(again, &te):
		return te.Offset
	}
	return 0
}

// skipSpace is the offset of the first byte at or after off in r that is
// not JSON white space (or r's end), so that an error points at the value
// rather than at the end of the line before it.
func skipSpace(r io.ReaderAt, off int64) int64 {
	off, _ = nextByte(r, off)
	return off
}

// valueStart is where the value the decoder reads next, from off, begins:
// past white space and the comma or colon before it, which Decode
// consumes.
func valueStart(r io.ReaderAt, off int64) int64 {
	off, c := nextByte(r, off)
	if c == ',' || c == ':' {
		off, _ = nextByte(r, off+1)
	}
	return off
}

// nextByte is the offset and value of the first byte at or after off in r
// that is not JSON white space; at r's end, its length and 0.
func nextByte(r io.ReaderAt, off int64) (int64, byte) {
	var buf [512]byte
	for {
		n, err := r.ReadAt(buf[:], off)
		for _, c := range buf[:n] {
			if c != ' ' && c != '\t' && c != '\n' && c != '\r' {
				return off, c
			}
			off++
		}
		if err != nil || n == 0 {
			return off, 0
		}
	}
}

// lineAt is the 1-based line of offset off in r; it reads r up to there.
func lineAt(r io.ReaderAt, off int64) int {
	line := 1
	buf := make([]byte, 64<<10)
	for pos := int64(0); pos < off; {
		n, err := r.ReadAt(buf[:min(int64(len(buf)), off-pos)], pos)
		line += bytes.Count(buf[:n], []byte("\n"))
		pos += int64(n)
		if err != nil || n == 0 {
			break
		}
	}
	return line
}

// A Matcher takes findings against a baseline: each entry accepts up to
// its count of findings, in input order. It keeps 16 bytes a distinct
// entry (a 96-bit digest of its key, and the count left, taken as at most
// math.MaxUint32), never the entries themselves: the stale ones are read
// again, in the file's order, when they are asked for. Two keys share a
// digest about once in 2^96 pairs; the seeds are new each run.
type Matcher struct {
	seeds [2]maphash.Seed
	keys  []keyCount // sorted by digest, one a distinct key
	// walk gives the entries again in order, for Stale.
	walk func(fn func(BaselineEntry) bool) error
	// done, when not nil, releases what walk reads (the open file).
	done func()
}

type keyCount struct {
	hi   uint64
	lo   uint32
	left uint32
}

func newMatcher() *Matcher {
	return &Matcher{seeds: [2]maphash.Seed{maphash.MakeSeed(), maphash.MakeSeed()}}
}

// digest is a key's digest, as a keyCount with nothing left.
func (m *Matcher) digest(k baselineKey) keyCount {
	return keyCount{hi: maphash.Comparable(m.seeds[0], k), lo: uint32(maphash.Comparable(m.seeds[1], k))}
}

func (m *Matcher) add(e BaselineEntry) {
	k := m.digest(e.key())
	k.left = uint32(min(e.Count, math.MaxUint32))
	m.keys = append(m.keys, k)
}

// index sorts the keys and merges those listed more than once.
func (m *Matcher) index() {
	slices.SortFunc(m.keys, cmpDigest)
	out := m.keys[:0]
	for _, k := range m.keys {
		if n := len(out); n > 0 && cmpDigest(out[n-1], k) == 0 {
			out[n-1].left = uint32(min(uint64(out[n-1].left)+uint64(k.left), math.MaxUint32))
			continue
		}
		out = append(out, k)
	}
	m.keys = slices.Clip(out)
}

func cmpDigest(x, y keyCount) int {
	return cmp.Or(cmp.Compare(x.hi, y.hi), cmp.Compare(x.lo, y.lo))
}

func (m *Matcher) find(d keyCount) *keyCount {
	i, ok := slices.BinarySearchFunc(m.keys, d, cmpDigest)
	if !ok {
		return nil
	}
	return &m.keys[i]
}

// Matcher returns a matcher of the baseline.
func (b *Baseline) Matcher() *Matcher {
	m := newMatcher()
	for _, e := range b.Entries {
		m.add(e)
	}
	m.index()
	entries := b.Entries
	m.walk = func(fn func(BaselineEntry) bool) error {
		for _, e := range entries {
			if !fn(e) {
				break
			}
		}
		return nil
	}
	return m
}

// OpenBaseline reads a baseline file into a matcher, an entry at a time:
// what it keeps is its keys' digests, not the file. A path that is not a
// regular file (a named pipe, /dev/zero) is refused. The file stays open
// for Stale, which reads it again; Close closes it. Errors name the file
// and, for its content, the line.
func OpenBaseline(path string) (*Matcher, error) {
	// Not opened unless regular: a named pipe would block the open.
	if fi, err := os.Stat(path); err != nil {
		return nil, err
	} else if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("%s: not a regular file: not a baseline file", path)
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	before, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	m := newMatcher()
	if err := readBaseline(path, f, func(e BaselineEntry) bool { m.add(e); return true }); err != nil {
		f.Close()
		return nil, err
	}
	m.index()
	m.walk = func(fn func(BaselineEntry) bool) error {
		if now, err := f.Stat(); err != nil || now.Size() != before.Size() || !now.ModTime().Equal(before.ModTime()) {
			return fmt.Errorf("%s changed during the run", path)
		}
		return readBaseline(path, f, fn)
	}
	m.done = func() { f.Close() }
	return m, nil
}

// Close releases the baseline file; Stale cannot list entries after it.
func (m *Matcher) Close() {
	if m.done != nil {
		m.done()
		m.done = nil
	}
	m.walk = nil
}

// Match reports whether the baseline accepts the finding, and counts it.
func (m *Matcher) Match(f Finding) bool {
	if k := m.find(m.digest(keyOf(f))); k != nil && k.left > 0 {
		k.left--
		return true
	}
	return false
}

// A StaleSet is what the baseline knows that the run did not find.
type StaleSet struct {
	// Listed holds up to MaxStaleListed stale entries, in the file's
	// order, each with Count set to how many of its findings are gone (an
	// entry listed twice in the file is listed once).
	Listed []BaselineEntry
	// Entries and Findings count all the stale entries and what they
	// count.
	Entries, Findings int
}

// Stale returns the entries that accepted fewer findings than their
// count. The counts come from the digests; the entries listed are read
// again from the baseline (and the file closed), and an error in that
// leaves the list empty but the counts whole. Call it once, at the end.
func (m *Matcher) Stale() (StaleSet, error) {
	var s StaleSet
	for _, k := range m.keys {
		if k.left > 0 {
			s.Entries++
			s.Findings += int(k.left)
		}
	}
	if s.Entries == 0 {
		m.Close()
		return s, nil
	}
	if m.walk == nil {
		return s, errors.New("the baseline is closed")
	}
	err := m.walk(func(e BaselineEntry) bool {
		k := m.find(m.digest(e.key()))
		if k != nil && k.left > 0 {
			e.Count = int(k.left)
			k.left = 0 // an entry listed twice is listed once
			s.Listed = append(s.Listed, e)
		}
		return len(s.Listed) < MaxStaleListed
	})
	m.Close()
	if err != nil {
		s.Listed = nil
	}
	return s, err
}
