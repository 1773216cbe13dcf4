package corpus

import (
	"bytes"
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/protocheck/protocheck/validate"
)

// MatrixVersion numbers the shape of a Matrix in JSON: a field may be added
// within a version, none is renamed or removed.
const MatrixVersion = 1

// A Verdict is what one dialect makes of one line.
type Verdict string

const (
	// Accepted: the dialect's types read the line.
	Accepted Verdict = "accepted"
	// Rejected: the dialect's reader fails on the line.
	Rejected Verdict = "rejected"
	// Dropped: the dialect skips the line (or a block of it), or keeps it
	// only as raw data its user never sees typed.
	Dropped Verdict = "dropped"
	// Ignored is not a line verdict: it marks the reasons that name a member
	// the dialect's types do not declare and its reader ignores (or keeps
	// raw) on a line it otherwise reads.
	Ignored Verdict = "ignored"
)

// verdictRank orders reasons: what breaks a reader first.
var verdictRank = map[Verdict]int{Rejected: 0, Dropped: 1, Ignored: 2}

// A Matrix is the result of checking lines against every dialect: one Cell
// per wire variant and dialect.
type Matrix struct {
	// ReportVersion is MatrixVersion.
	ReportVersion int `json:"report_version"`
	// Dialects names the dialects, in column order; the wire is first.
	Dialects []string `json:"dialects"`
	// DialectInfo describes each dialect.
	DialectInfo []*Dialect `json:"dialect_info"`
	// Variants names the rows, in order: the wire variants seen, then the
	// lines the wire does not know ("unknown:<type>[/<subtype>]", "invalid").
	Variants []string `json:"variants"`
	// Files and Lines count the inputs and their non-blank lines.
	Files int `json:"files"`
	Lines int `json:"lines"`
	// Cells holds one entry per dialect and row, in column-major order.
	Cells []*Cell `json:"cells"`
	// Writes holds the writing side: each dialect's own messages checked
	// against what the CLI reads.
	Writes []*WriteResult `json:"writes"`
	// Coverage says what the inputs exercise.
	Coverage Coverage `json:"coverage"`
	// InputErrors lists the inputs that could not be opened or read
	// (input/io-error findings); their lines are not in the matrix.
	InputErrors []validate.Finding `json:"input_errors,omitempty"`
	// Elapsed is the wall time of the run.
	Elapsed time.Duration `json:"elapsed_ns"`
}

// A Cell counts what one dialect made of the lines of one wire variant.
type Cell struct {
	Dialect  string `json:"dialect"`
	Variant  string `json:"variant"`
	Lines    int    `json:"lines"`
	Accepted int    `json:"accepted"`
	Rejected int    `json:"rejected"`
	Dropped  int    `json:"dropped"`
	// IgnoredMembers counts the members, over all the lines, that the
	// dialect's types do not declare and its reader ignores or keeps raw.
	IgnoredMembers int `json:"ignored_members"`
	// Reasons groups the causes, most frequent first.
	Reasons []*Reason `json:"reasons,omitempty"`
	// Evidence lists a few lines of each reason, the first ones met.
	Evidence []Evidence `json:"evidence,omitempty"`

	reasonAt map[string]*Reason   // by Reason.Key
	byRaw    map[rawCause]*Reason // by the finding's own pointer: no work for a place seen before
	causes   []cause              // scratch, reused from line to line
}

// rawCause is what a finding is counted under before its array indexes
// are written as *.
type rawCause struct {
	v             Verdict
	rule, pointer string
}

// cause is one finding of a line and the verdict it gives.
type cause struct {
	v Verdict
	f *validate.Finding
}

// A Reason is one cause of rejected, dropped or ignored input in a cell: a
// rule at a place, array indexes written as *.
type Reason struct {
	Verdict Verdict `json:"verdict"`
	Rule    string  `json:"rule"`
	Pointer string  `json:"pointer"`
	// Count counts the lines (for ignored members, the members) it caused.
	Count int `json:"count"`
	// Message is the message of the first finding of this reason.
	Message string `json:"message"`
}

// Key returns the reason's identity within its cell.
func (r *Reason) Key() string { return string(r.Verdict) + " " + r.Rule + " " + r.Pointer }

// Evidence is one line that shows a reason.
type Evidence struct {
	File    string  `json:"file"`
	Line    int     `json:"line"`
	Verdict Verdict `json:"verdict"`
	Rule    string  `json:"rule"`
	Pointer string  `json:"pointer,omitempty"`
	Message string  `json:"message"`
}

// Coverage says which variants and kinds the inputs exercise.
type Coverage struct {
	// Variants gives, per wire variant, the lines that have it; variants
	// with none are listed in Missing.
	Variants map[string]int `json:"variants"`
	// Missing lists the wire variants no line has.
	Missing []string `json:"missing"`
	// UndeclaredEverywhere lists the members real lines carry that no
	// dialect, the wire included, declares ("<variant> <pointer>").
	UndeclaredEverywhere []string `json:"undeclared_everywhere"`
	// Kinds gives, per nested union of the wire (ContentBlock, StreamEvent,
	// Delta), how many times the inputs carry each of its kinds.
	Kinds map[string]map[string]int `json:"kinds"`
	// KindsMissing lists, per union, the kinds no input carries.
	KindsMissing map[string][]string `json:"kinds_missing"`
}

// MatrixOptions configure RunMatrix.
type MatrixOptions struct {
	// Jobs is the number of lines checked at once; 0 means GOMAXPROCS.
	Jobs int
	// Evidence caps the evidence lines kept per reason; 0 means 2.
	Evidence int
	// MaxLineBytes and MaxDepth are passed to each validator.
	MaxLineBytes, MaxDepth int
}

// RunMatrix checks every line of the inputs against each dialect, with that
// dialect's unknown-input policy, and checks each dialect's own messages
// against what the CLI reads. dialects must start with Wire, which names
// each line's row.
func RunMatrix(ctx context.Context, inputs []validate.Input, dialects []*Dialect, opts MatrixOptions) (*Matrix, error) {
	start := time.Now()
	if len(dialects) == 0 || dialects[0] != Wire {
		return nil, fmt.Errorf("corpus: the wire must be the first dialect")
	}
	if len(dialects) > 64 {
		return nil, fmt.Errorf("corpus: %d dialects, more than the 64 a run compares", len(dialects))
	}
	if opts.Evidence <= 0 {
		opts.Evidence = 2
	}
	m := &Matrix{ReportVersion: MatrixVersion, DialectInfo: dialects, Coverage: Coverage{Variants: map[string]int{}}}
	kinds, err := newKindCounter(dialects[0])
	if err != nil {
		return nil, err
	}
	for _, d := range dialects {
		m.Dialects = append(m.Dialects, d.Name)
	}
	rows := map[string][]string{} // file -> row of each line, by line number
	type place struct{ row, pointer string }
	undeclared := map[place]uint64{} // bit i set when dialect i does not declare the member
	for i, d := range dialects {
		v, err := validate.New(validate.Options{Schemas: d.Schemas, ShowUnknown: true, Jobs: opts.Jobs,
			MaxLineBytes: opts.MaxLineBytes, MaxDepth: opts.MaxDepth, Memoize: true, AssertFormats: d.AssertFormats})
		if err != nil {
			return nil, fmt.Errorf("dialect %s: %w", d.Name, err)
		}
		cells := map[string]*Cell{}
		cellOf := func(row string) *Cell {
			c := cells[row]
			if c == nil {
				c = &Cell{Dialect: d.Name, Variant: row}
				cells[row] = c
			}
			return c
		}
		var sum validate.Summary
		var emit func(validate.Finding)
		if i == 0 {
			emit = func(f validate.Finding) {
				if f.Rule == validate.RuleIOError.ID {
					m.InputErrors = append(m.InputErrors, f)
				}
			}
		}
		sum, err = v.RunEach(ctx, inputs, emit, func(lr validate.LineResult) {
			var row string
			if i == 0 {
				row = wireRow(lr)
				if rows[lr.File] == nil {
					rows[lr.File] = make([]string, 0, 64)
				}
				for len(rows[lr.File]) <= lr.Line {
					rows[lr.File] = append(rows[lr.File], "")
				}
				rows[lr.File][lr.Line] = row
				m.Lines++
				kinds.count(lr.Text)
			} else if r := rows[lr.File]; lr.Line < len(r) {
				row = r[lr.Line]
			}
			cellOf(row).judge(d.Policy, lr, opts.Evidence, func() []validate.Finding {
				return v.Check(lr.File, lr.Line, lr.Text).Findings
			})
			for _, f := range lr.Findings {
				if f.Rule == validate.RuleUnknownProperty.ID {
					undeclared[place{row, f.Pointer}] |= 1 << i
				}
			}
		})
		if err != nil {
			return nil, err
		}
		if i == 0 {
			m.Files = sum.Files
		}
		for _, row := range slices.Sorted(maps.Keys(cells)) {
			c := cells[row]
			slices.SortStableFunc(c.Reasons, func(a, b *Reason) int {
				if d := verdictRank[a.Verdict] - verdictRank[b.Verdict]; d != 0 {
					return d
				}
				return b.Count - a.Count
			})
			m.Cells = append(m.Cells, c)
		}
	}
	if err := m.order(dialects[0]); err != nil {
		return nil, err
	}
	everywhere := map[string]uint64{}
	for pl, set := range undeclared {
		everywhere[pl.row+" "+anyIndex(pl.pointer)] |= set
	}
	for key, set := range everywhere {
		if set == 1<<len(dialects)-1 {
			m.Coverage.UndeclaredEverywhere = append(m.Coverage.UndeclaredEverywhere, key)
		}
	}
	slices.Sort(m.Coverage.UndeclaredEverywhere)
	m.Coverage.Kinds, m.Coverage.KindsMissing = kinds.result()
	if m.Writes, err = CheckWrites(ctx, dialects[1:]); err != nil {
		return nil, err
	}
	m.Elapsed = time.Since(start)
	return m, nil
}

// wireRow names the row of a line from the wire's result: its variant, or
// "unknown:<type>[/<subtype>]" for a kind the wire does not know, or
// "invalid" for a line that is not a message at all.
func wireRow(lr validate.LineResult) string {
	switch {
	case lr.Variant != "":
		return lr.Variant
	case lr.UnknownKind != "":
		return "unknown:" + lr.UnknownKind
	}
	return "invalid"
}

// judge adds one line's result to the cell, with the dialect's policy. When
// the line's findings were reused from another line of its shape
// (lr.Reused), recheck gives its own, whose messages the evidence quotes.
func (c *Cell) judge(p Policy, lr validate.LineResult, evidence int, recheck func() []validate.Finding) {
	c.Lines++
	verdict := Accepted
	causes := c.causes[:0]
	for i := range lr.Findings {
		f := &lr.Findings[i]
		var act Action
		switch f.Rule {
		case validate.RuleUnknownType.ID:
			act = p.Type
		case validate.RuleUnknownSubtype.ID, validate.RuleMissingSubtype.ID:
			act = p.Subtype
		case validate.RuleUnknownKind.ID:
			act = p.Block
		case validate.RuleUnknownProperty.ID:
			if p.Member != Fail {
				c.IgnoredMembers++
				causes = append(causes, cause{Ignored, f})
				continue
			}
			act = Fail
		default:
			if f.Severity != validate.Error {
				continue
			}
			act = Fail
		}
		v := Dropped
		if act == Fail {
			v = Rejected
		}
		if v == Rejected || verdict == Accepted {
			verdict = v
		}
		causes = append(causes, cause{v, f})
	}
	switch verdict {
	case Accepted:
		c.Accepted++
	case Rejected:
		c.Rejected++
	case Dropped:
		c.Dropped++
	}
	var own []validate.Finding // the line's own findings, once rechecked
	for _, k := range causes {
		if k.v != Ignored && k.v != verdict {
			continue // a drop on a line that is rejected anyway
		}
		raw := rawCause{k.v, k.f.Rule, k.f.Pointer}
		r := c.byRaw[raw]
		if r == nil {
			r = &Reason{Verdict: k.v, Rule: k.f.Rule, Pointer: anyIndex(k.f.Pointer), Message: k.f.Message}
			if old := c.reasonAt[r.Key()]; old != nil {
				r = old
			} else {
				if c.reasonAt == nil {
					c.reasonAt = map[string]*Reason{}
				}
				c.reasonAt[r.Key()] = r
				c.Reasons = append(c.Reasons, r)
			}
			if c.byRaw == nil {
				c.byRaw = map[rawCause]*Reason{}
			}
			c.byRaw[raw] = r
		}
		r.Count++
		if r.Count <= evidence {
			msg := k.f.Message
			if lr.Reused && recheck != nil {
				if own == nil {
					own = recheck()
				}
				for _, f := range own {
					if f.Rule == k.f.Rule && f.Pointer == k.f.Pointer {
						msg = f.Message
						break
					}
				}
			}
			c.Evidence = append(c.Evidence, Evidence{File: lr.File, Line: lr.Line, Verdict: k.v, Rule: k.f.Rule, Pointer: k.f.Pointer, Message: msg})
		}
	}
	c.causes = causes[:0]
}

// order sorts the rows as the wire's index lists its variants, the rows the
// wire does not know last, and fills in the coverage.
func (m *Matrix) order(wire *Dialect) error {
	idx, err := wire.index()
	if err != nil {
		return err
	}
	rank := map[string]int{}
	for i, v := range idx.Variants {
		rank[v.Name] = i
	}
	rankOf := func(row string) int {
		if r, ok := rank[row]; ok {
			return r
		}
		return len(rank)
	}
	counts := map[string]int{}
	for _, c := range m.Cells {
		if c.Dialect == wire.Name {
			counts[c.Variant] = c.Lines
		}
	}
	m.Variants = slices.SortedFunc(maps.Keys(counts), func(a, b string) int {
		if d := rankOf(a) - rankOf(b); d != 0 {
			return d
		}
		return strings.Compare(a, b)
	})
	slices.SortStableFunc(m.Cells, func(a, b *Cell) int {
		if d := slices.Index(m.Dialects, a.Dialect) - slices.Index(m.Dialects, b.Dialect); d != 0 {
			return d
		}
		return slices.Index(m.Variants, a.Variant) - slices.Index(m.Variants, b.Variant)
	})
	for _, v := range idx.Variants {
		if n := counts[v.Name]; n > 0 {
			m.Coverage.Variants[v.Name] = n
		} else {
			m.Coverage.Missing = append(m.Coverage.Missing, v.Name)
		}
	}
	return nil
}

// Cell returns the cell of a dialect and row, or nil.
func (m *Matrix) Cell(dialect, variant string) *Cell {
	for _, c := range m.Cells {
		if c.Dialect == dialect && c.Variant == variant {
			return c
		}
	}
	return nil
}

// anyIndex writes the array indexes of a JSON Pointer as *. A pointer alone
// cannot tell an index from a member named "0"; no member of the protocol
// has such a name.
func anyIndex(pointer string) string {
	if !strings.ContainsAny(pointer, "0123456789") {
		return pointer
	}
	tokens := strings.Split(pointer, "/")
	for i, tok := range tokens {
		if tok != "" && strings.Trim(tok, "0123456789") == "" {
			tokens[i] = "*"
		}
	}
	return strings.Join(tokens, "/")
}

// kindCounter counts the kinds of the wire's nested unions keyed on "type"
// (content blocks, stream events, deltas) in raw lines: every string value
// of a "type" member that one of those unions lists. It reads bytes, not
// JSON, and so counts a listed value wherever a "type" member holds it.
type kindCounter struct {
	unions  map[string][]string // value -> the unions that list it
	names   []string            // the unions, in index order
	members map[string][]string // union -> its kinds
	counts  map[string]map[string]int
}

func newKindCounter(wire *Dialect) (*kindCounter, error) {
	idx, err := wire.index()
	if err != nil {
		return nil, err
	}
	k := &kindCounter{unions: map[string][]string{}, members: map[string][]string{}, counts: map[string]map[string]int{}}
	for _, u := range idx.Unions {
		if u.Key != "type" {
			continue // control bodies are variants of their own
		}
		k.names = append(k.names, u.Name)
		k.members[u.Name] = u.Members
		k.counts[u.Name] = map[string]int{}
		for _, v := range u.Members {
			k.unions[v] = append(k.unions[v], u.Name)
		}
	}
	return k, nil
}

var typeKey = []byte(`"type":`)

func (k *kindCounter) count(line []byte) {
	for i := bytes.Index(line, typeKey); i >= 0; {
		rest := bytes.TrimLeft(line[i+len(typeKey):], " \t")
		if len(rest) > 1 && rest[0] == '"' {
			if end := bytes.IndexByte(rest[1:], '"'); end >= 0 {
				for _, u := range k.unions[string(rest[1:1+end])] {
					k.counts[u][string(rest[1:1+end])]++
				}
			}
		}
		next := bytes.Index(line[i+1:], typeKey)
		if next < 0 {
			break
		}
		i += 1 + next
	}
}

func (k *kindCounter) result() (map[string]map[string]int, map[string][]string) {
	missing := map[string][]string{}
	for _, u := range k.names {
		for _, v := range k.members[u] {
			if k.counts[u][v] == 0 {
				missing[u] = append(missing[u], v)
			}
		}
	}
	return k.counts, missing
}
