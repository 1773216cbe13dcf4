package report

import (
	"bytes"
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
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
// ten million alike findings (--update-baseline) holds one entry.
type BaselineCounter struct {
	counts map[baselineKey]int
	n      int
}

// NewBaselineCounter returns an empty counter.
func NewBaselineCounter() *BaselineCounter {
	return &BaselineCounter{counts: map[baselineKey]int{}}
}

// Add counts one finding.
func (c *BaselineCounter) Add(f Finding) {
	c.counts[keyOf(f)]++
	c.n++
}

// Findings is the number of findings counted.
func (c *BaselineCounter) Findings() int { return c.n }

// Baseline returns the baseline of the findings counted.
func (c *BaselineCounter) Baseline() *Baseline {
	b := &Baseline{Version: BaselineVersion, Entries: []BaselineEntry{}}
	for k, n := range c.counts {
		b.Entries = append(b.Entries, BaselineEntry{File: k.file, Rule: k.rule, Variant: k.variant, Pointer: k.pointer, Hash: k.hash, Count: n})
	}
	b.sort()
	return b
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
	fmt.Fprintf(&buf, "{\"version\": %d, \"entries\": [", b.Version)
	for i, e := range b.Entries {
		if i > 0 {
			buf.WriteString(",")
		}
		line, _ := json.Marshal(e) // strings and ints: cannot fail
		buf.WriteString("\n  ")
		buf.Write(validate.SafeJSON(line))
	}
	if len(b.Entries) > 0 {
		buf.WriteString("\n")
	}
	buf.WriteString("]}\n")
	return buf.Bytes()
}

// ReadBaseline reads a baseline file. Errors name the file and, for bad
// JSON, the line.
func ReadBaseline(path string) (*Baseline, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return ParseBaseline(path, data)
}

// ParseBaseline parses a baseline file's bytes; name is for errors.
func ParseBaseline(name string, data []byte) (*Baseline, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var b Baseline
	if err := dec.Decode(&b); err != nil {
		return nil, fmt.Errorf("%s:%d: not a baseline file: %v", name, lineAt(data, dec.InputOffset(), err), err)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return nil, fmt.Errorf("%s:%d: not a baseline file: data after the document", name, lineAt(data, dec.InputOffset(), nil))
	}
	if b.Version != BaselineVersion {
		return nil, fmt.Errorf("%s: baseline version %d, want %d (rewrite it with --update-baseline)", name, b.Version, BaselineVersion)
	}
	for i, e := range b.Entries {
		if e.Rule == "" || e.Count < 1 {
			return nil, fmt.Errorf("%s: entry %d: needs a rule and a count of at least 1", name, i+1)
		}
	}
	return &b, nil
}

// lineAt is the 1-based line of a decoding error: at the error's offset
// when it has one, else at off.
func lineAt(data []byte, off int64, err error) int {
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		off = se.Offset
	case errors.As(err, &te):
		off = te.Offset
	}
	off = min(max(off, 0), int64(len(data)))
	return bytes.Count(data[:off], []byte("\n")) + 1
}

// A Matcher takes findings against a baseline: each entry accepts up to
// its count of findings, in input order.
type Matcher struct {
	entries []BaselineEntry
	left    map[baselineKey]int
}

// Matcher returns a matcher of the baseline.
func (b *Baseline) Matcher() *Matcher {
	m := &Matcher{entries: b.Entries, left: map[baselineKey]int{}}
	for _, e := range b.Entries {
		m.left[e.key()] += e.Count
	}
	return m
}

// Match reports whether the baseline accepts the finding, and counts it.
func (m *Matcher) Match(f Finding) bool {
	k := keyOf(f)
	if m.left[k] > 0 {
		m.left[k]--
		return true
	}
	return false
}

// Stale returns the entries that accepted fewer findings than their
// count, each with Count set to how many are gone.
func (m *Matcher) Stale() []BaselineEntry {
	var stale []BaselineEntry
	for _, e := range m.entries {
		k := e.key()
		if n := m.left[k]; n > 0 {
			e.Count = n
			m.left[k] = 0 // an entry listed twice is reported once
			stale = append(stale, e)
		}
	}
	return stale
}

// LineHash is the hash of a line's normalised content: the line's JSON
// value encoded again canonically (members sorted by name, no spaces,
// numbers as written), so that formatting does not matter, or, for a line
// that is not valid JSON, its bytes without surrounding space. It is
// "" for a nil line (a line whose content is unknown).
func LineHash(line []byte) string {
	if line == nil {
		return ""
	}
	sum := sha256.Sum256(normalise(line))
	return hex.EncodeToString(sum[:8])
}

func normalise(line []byte) []byte {
	line = bytes.TrimSpace(line)
	if !utf8.Valid(line) {
		return line
	}
	dec := json.NewDecoder(bytes.NewReader(line))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return line
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return line
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return line
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n"))
}
