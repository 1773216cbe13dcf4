package matrix

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"maps"
	"math/bits"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/protocheck/protocheck/corpus/internal/jsonptr"
	"github.com/protocheck/protocheck/schemas"
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
	// NotTranscripts lists the inputs in which no line is a protocol
	// message (input/not-a-transcript findings); they are left out.
	NotTranscripts []validate.Finding `json:"not_transcripts,omitempty"`
	// Elapsed is the wall time of the run.
	Elapsed time.Duration `json:"elapsed_ns"`
	// Legend says what each mark of a cell means (see Legend).
	Legend []LegendEntry `json:"legend"`
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
	// HarnessErrors counts, in the row of a harness, the lines the harness
	// gave no valid answer for (it crashed, hung or answered nonsense).
	HarnessErrors int `json:"harness_errors,omitempty"`
	// Reasons groups the causes, most frequent first.
	Reasons []*Reason `json:"reasons,omitempty"`
	// Evidence lists a few lines of each reason, the first ones met.
	Evidence []Evidence `json:"evidence,omitempty"`

	reasonAt map[string]*Reason   // by Reason.Key
	touched  []*Reason            // the reasons the last judged line counted under
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
	// Sessions counts the input files (sessions) with a line it caused;
	// only when MatrixOptions.Sessions asked for it.
	Sessions int `json:"sessions,omitempty"`

	files bitset // the inputs counted in Sessions, by index
}

// bitset is a set of small integers.
type bitset []uint64

// add adds i and reports whether it was new.
func (b *bitset) add(i int) bool {
	for len(*b) <= i/64 {
		*b = append(*b, 0)
	}
	w, bit := &(*b)[i/64], uint64(1)<<(i%64)
	if *w&bit != 0 {
		return false
	}
	*w |= bit
	return true
}

// SessionsOf counts the input files (sessions) any of the reasons
// touches (with MatrixOptions.Sessions; 0 without).
func SessionsOf(rs []*Reason) int {
	var all bitset
	n := 0
	for _, r := range rs {
		for w, word := range r.files {
			for word != 0 {
				i := w*64 + trailingZeros(word)
				word &= word - 1
				if all.add(i) {
					n++
				}
			}
		}
	}
	return n
}

func trailingZeros(x uint64) int { return bits.TrailingZeros64(x) }

// countSessions adds the input files of the last judged line (or group of
// lines) to the reasons it counted under.
func (c *Cell) countSessions(files []int32) {
	for _, r := range c.touched {
		for _, f := range files {
			if r.files.add(int(f)) {
				r.Sessions++
			}
		}
	}
}

// Key returns the reason's identity within its cell.
func (r *Reason) Key() string { return string(r.Verdict) + " " + r.Rule + " " + r.Pointer }

// MaxReasons caps the reasons a cell keeps (see Cell.reason); the
// committed captures have at most 60 in a cell.
const MaxReasons = 256

// MorePointer is the pointer of the reason that counts, per verdict and
// rule, what a cell met past MaxReasons reasons: "and N more".
const MorePointer = "/(more)"

// Evidence is one line that shows a reason.
type Evidence struct {
	File string `json:"file"`
	Line int    `json:"line"`
	// Text is the line itself, cut to a few hundred bytes; only the html
	// page fills it in (see printHTML).
	Text    string  `json:"text,omitempty"`
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
	// Sessions counts, per reason, the input files (sessions) it touches
	// (Reason.Sessions): what the fix list ranks by.
	Sessions bool
}

// RunMatrix checks every line of the inputs against each dialect, with that
// dialect's unknown-input policy, and checks each dialect's own messages
// against what the CLI reads. dialects must start with Wire, which names
// each line's row.
//
// Lines of one shape get the same findings from every dialect (see
// validate.Projector), so the run reads the inputs once, groups their lines
// by shape and checks one line of each group against each dialect, its
// findings counting for the whole group. When the shapes are too many to
// keep (memory bounded by groupBudget), it reads the inputs once per
// dialect instead, each dialect remembering the shapes it met.
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
	m := &Matrix{ReportVersion: MatrixVersion, DialectInfo: dialects, Coverage: Coverage{Variants: map[string]int{}}, Legend: Legend}
	kinds, err := newKindCounter(dialects[0])
	if err != nil {
		return nil, err
	}
	r := &matrixRun{m: m, dialects: dialects, opts: opts, kinds: kinds, cells: make([]map[string]*Cell, len(dialects))}
	projectors := make([]*validate.Projector, len(dialects))
	for i, d := range dialects {
		m.Dialects = append(m.Dialects, d.Name)
		set := d.Schemas
		if set == nil {
			// The wire checks the captures of every pinned CLI: its set
			// of every version accepts what any of them sends.
			if set, err = schemas.AllVersionsFS(); err != nil {
				return nil, err
			}
		}
		v, err := validate.New(validate.Options{Schemas: set, ShowUnknown: true, Jobs: opts.Jobs,
			MaxLineBytes: opts.MaxLineBytes, MaxDepth: opts.MaxDepth, Memoize: true, AssertFormats: d.AssertFormats,
			// A dialect is held to the lines it reads, one by one.
			NoCrossLine: true})
		if err != nil {
			return nil, fmt.Errorf("dialect %s: %w", d.Name, err)
		}
		r.vs = append(r.vs, v)
		r.cells[i] = map[string]*Cell{}
		projectors[i] = v.Projector()
	}
	grouped := false
	if proj := validate.JoinProjectors(projectors...); proj != nil {
		if grouped, err = r.grouped(ctx, inputs, proj); err != nil {
			return nil, err
		}
	}
	if !grouped {
		if err := r.streamed(ctx, inputs); err != nil {
			return nil, err
		}
	}
	for i := range dialects {
		for _, row := range slices.Sorted(maps.Keys(r.cells[i])) {
			c := r.cells[i][row]
			slices.SortStableFunc(c.Reasons, func(a, b *Reason) int {
				if d := verdictRank[a.Verdict] - verdictRank[b.Verdict]; d != 0 {
					return d
				}
				return b.Count - a.Count
			})
			for _, r := range c.Reasons {
				if r.Pointer == MorePointer {
					r.Message = fmt.Sprintf("and %d more at places not listed: the cell lists %d reasons (the first one of these: %s)", r.Count, MaxReasons, r.Message)
				}
			}
			m.Cells = append(m.Cells, c)
		}
	}
	if err := m.order(dialects[0]); err != nil {
		return nil, err
	}
	// A member no dialect declares: every dialect's cell of its row has a
	// reason for it (ignored, or rejected where undeclared members fail).
	everywhere := map[string]uint64{} // "<row> <pointer>" -> bit i set when dialect i does not declare it
	for _, c := range m.Cells {
		i := slices.Index(m.Dialects, c.Dialect)
		for _, r := range c.Reasons {
			if r.Rule == validate.RuleUnknownProperty.ID {
				everywhere[c.Variant+" "+r.Pointer] |= 1 << i
			}
		}
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

// matrixRun is the state of one RunMatrix.
type matrixRun struct {
	m        *Matrix
	dialects []*Dialect
	vs       []*validate.Validator // one per dialect
	opts     MatrixOptions
	kinds    *kindCounter
	cells    []map[string]*Cell // per dialect, by row
}

func (r *matrixRun) cellOf(i int, row string) *Cell {
	c := r.cells[i][row]
	if c == nil {
		c = &Cell{Dialect: r.dialects[i].Name, Variant: row}
		r.cells[i][row] = c
	}
	return c
}

// groupBudget caps the bytes the grouped run keeps: one line and one
// projection of each shape.
var groupBudget = 256 << 20

// judgeBatch is the number of groups checked before their results are
// judged and let go.
const judgeBatch = 256

// errTooManyShapes stops the grouped run's reading.
var errTooManyShapes = errors.New("too many shapes to group")

// group is the lines of one shape: the first one's place and text, and
// how many there are.
type group struct {
	file  string
	line  int
	text  []byte // nil for a line too long to keep
	n     int
	files []int32 // the inputs its lines are in, by index, each once (with MatrixOptions.Sessions)
}

// grouped runs the matrix in one read of the inputs. It reports false,
// having changed nothing, when the shapes are too many to keep.
func (r *matrixRun) grouped(ctx context.Context, inputs []validate.Input, proj *validate.Projector) (bool, error) {
	var (
		groups    []*group
		byKey     = map[string]int{}
		stored    int
		key       []byte
		inputErrs []validate.Finding
		lines     int
	)
	for fi, in := range inputs {
		err := validate.ReadLines(ctx, in, r.opts.MaxLineBytes, func(n int, line []byte) error {
			if line != nil && len(bytes.TrimSpace(line)) == 0 {
				return nil // blank
			}
			lines++
			if line != nil && validate.Projectable(line) {
				key = proj.Project(key[:0], line)
				if id, ok := byKey[string(key)]; ok {
					g := groups[id]
					g.n++
					if r.opts.Sessions && g.files[len(g.files)-1] != int32(fi) {
						g.files = append(g.files, int32(fi))
						stored += 4
					}
					return nil
				}
				byKey[string(key)] = len(groups)
				stored += len(key)
			}
			groups = append(groups, &group{file: in.Name, line: n, text: bytes.Clone(line), n: 1, files: []int32{int32(fi)}})
			stored += len(line) + 64
			if stored > groupBudget {
				return errTooManyShapes
			}
			return nil
		})
		var re *validate.ReadError
		var nt *validate.NotTranscriptError
		switch {
		case errors.Is(err, errTooManyShapes):
			return false, nil
		case errors.As(err, &nt):
			r.m.NotTranscripts = append(r.m.NotTranscripts, notTranscript(in.Name, nt))
		case errors.As(err, &re):
			inputErrs = append(inputErrs, validate.Finding{File: in.Name, Line: re.Line, Rule: validate.RuleIOError.ID,
				Severity: validate.RuleIOError.Severity, Message: re.Err.Error()})
		case err != nil:
			return false, err
		}
	}
	// One line of each group against each dialect, in parallel; the
	// results are taken in the groups' order, so the report is the same
	// whatever the scheduling. The groups go in batches, each judged
	// before the next is checked: the findings held at once are those of
	// one batch, not of every shape (lines whose members all have
	// distinct names have as many shapes as lines, and as many findings
	// as members).
	jobs := r.opts.Jobs
	if jobs <= 0 {
		jobs = runtime.GOMAXPROCS(0)
	}
	results := make([][]validate.LineResult, min(len(groups), judgeBatch))
	for lo := 0; lo < len(groups); lo += judgeBatch {
		batch := groups[lo:min(lo+judgeBatch, len(groups))]
		next := make(chan int)
		var wg sync.WaitGroup
		for range jobs {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for g := range next {
					results[g] = make([]validate.LineResult, len(r.vs))
					for i, v := range r.vs {
						results[g][i] = r.check(v, batch[g])
					}
				}
			}()
		}
		for g := range batch {
			if ctx.Err() != nil {
				break
			}
			next <- g
		}
		close(next)
		wg.Wait()
		if err := ctx.Err(); err != nil {
			return false, err
		}
		for g, gr := range batch {
			row := wireRow(results[g][0])
			if gr.text != nil {
				r.kinds.countN(gr.text, gr.n)
			}
			for i := range r.vs {
				c := r.cellOf(i, row)
				c.judge(r.dialects[i].Policy, results[g][i], gr.n, r.opts.Evidence, nil)
				if r.opts.Sessions {
					c.countSessions(gr.files)
				}
			}
			results[g] = nil
			groups[lo+g] = nil // its line is no longer needed
		}
	}
	r.m.Files, r.m.Lines, r.m.InputErrors = len(inputs), lines, inputErrs
	return true, nil
}

// check checks the first line of a group against one dialect.
func (r *matrixRun) check(v *validate.Validator, g *group) validate.LineResult {
	if g.text == nil {
		max := r.opts.MaxLineBytes
		if max <= 0 {
			max = validate.DefaultMaxLineBytes
		}
		return validate.LineResult{File: g.file, Line: g.line, Findings: []validate.Finding{{File: g.file, Line: g.line,
			Rule: validate.RuleLineTooLong.ID, Severity: validate.RuleLineTooLong.Severity,
			Message: fmt.Sprintf("the line has more than the %d bytes allowed (--max-line-bytes); not checked", max)}}}
	}
	return v.Check(g.file, g.line, g.text)
}

// streamed runs the matrix reading the inputs once per dialect, each
// dialect's validator remembering the shapes it met (Options.Memoize).
func (r *matrixRun) streamed(ctx context.Context, inputs []validate.Input) error {
	rows := map[string][]string{} // file -> row of each line, by line number
	fileIndex := map[string]int32{}
	for i, in := range inputs {
		if _, ok := fileIndex[in.Name]; !ok {
			fileIndex[in.Name] = int32(i)
		}
	}
	for i, v := range r.vs {
		var emit func(validate.Finding)
		if i == 0 {
			emit = func(f validate.Finding) {
				switch f.Rule {
				case validate.RuleIOError.ID:
					r.m.InputErrors = append(r.m.InputErrors, f)
				case validate.RuleNotTranscript.ID:
					r.m.NotTranscripts = append(r.m.NotTranscripts, f)
				}
			}
		}
		sum, err := v.RunEach(ctx, inputs, emit, func(lr validate.LineResult) {
			var row string
			if i == 0 {
				row = wireRow(lr)
				for len(rows[lr.File]) <= lr.Line {
					rows[lr.File] = append(rows[lr.File], "")
				}
				rows[lr.File][lr.Line] = row
				r.m.Lines++
				r.kinds.countN(lr.Text, 1)
			} else if rs := rows[lr.File]; lr.Line < len(rs) {
				row = rs[lr.Line]
			}
			c := r.cellOf(i, row)
			c.judge(r.dialects[i].Policy, lr, 1, r.opts.Evidence, func() []validate.Finding {
				return v.Check(lr.File, lr.Line, lr.Text).Findings
			})
			if r.opts.Sessions {
				c.countSessions([]int32{fileIndex[lr.File]})
			}
		})
		if err != nil {
			return err
		}
		if i == 0 {
			r.m.Files = sum.Files
		}
	}
	return nil
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
func (c *Cell) judge(p Policy, lr validate.LineResult, n, evidence int, recheck func() []validate.Finding) {
	c.Lines += n
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
				c.IgnoredMembers += n
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
		if act == Fail && !p.dropsInvalid(lr.Variant, lr.UnknownKind) {
			v = Rejected
		}
		if v == Rejected || verdict == Accepted {
			verdict = v
		}
		causes = append(causes, cause{v, f})
	}
	switch verdict {
	case Accepted:
		c.Accepted += n
	case Rejected:
		c.Rejected += n
	case Dropped:
		c.Dropped += n
	}
	var own []validate.Finding // the line's own findings, once rechecked
	c.touched = c.touched[:0]
	for _, k := range causes {
		if k.v != Ignored && k.v != verdict {
			continue // a drop on a line that is rejected anyway
		}
		raw := rawCause{k.v, k.f.Rule, k.f.Pointer}
		r := c.byRaw[raw]
		if r == nil {
			r = c.reason(&Reason{Verdict: k.v, Rule: k.f.Rule, Pointer: jsonptr.AnyIndex(k.f.Pointer), Message: k.f.Message})
			if c.byRaw == nil {
				c.byRaw = map[rawCause]*Reason{}
			}
			if r.Pointer != MorePointer && len(c.byRaw) < 4*MaxReasons {
				c.byRaw[raw] = r // past the cap, places are not remembered: memory does not grow with distinct names
			}
		}
		before := r.Count
		r.Count += n
		if !slices.Contains(c.touched, r) {
			c.touched = append(c.touched, r)
		}
		if before < evidence {
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
	idx, err := wire.SchemaIndex()
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
	idx, err := wire.SchemaIndex()
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

func (k *kindCounter) countN(line []byte, n int) {
	for i := bytes.Index(line, typeKey); i >= 0; {
		rest := bytes.TrimLeft(line[i+len(typeKey):], " \t")
		if len(rest) > 1 && rest[0] == '"' {
			if end := bytes.IndexByte(rest[1:], '"'); end >= 0 {
				for _, u := range k.unions[string(rest[1:1+end])] {
					k.counts[u][string(rest[1:1+end])] += n
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

// reason returns the cell's reason with r's key, adding r when the cell has
// none yet.
//
// A cell keeps at most MaxReasons reasons: past that, a new place counts
// under one reason per verdict and rule whose pointer is MorePointer, so
// that inputs whose members all have distinct names (each a reason of its
// own) hold memory bounded per cell; its message says how much it holds.
func (c *Cell) reason(r *Reason) *Reason {
	if old := c.reasonAt[r.Key()]; old != nil {
		return old
	}
	if len(c.reasonAt) >= MaxReasons && r.Pointer != MorePointer {
		return c.reason(&Reason{Verdict: r.Verdict, Rule: r.Rule, Pointer: MorePointer, Message: r.Message})
	}
	if c.reasonAt == nil {
		c.reasonAt = map[string]*Reason{}
	}
	c.reasonAt[r.Key()] = r
	c.Reasons = append(c.Reasons, r)
	return r
}

func notTranscript(name string, nt *validate.NotTranscriptError) validate.Finding {
	return validate.Finding{File: name, Line: 1, Rule: validate.RuleNotTranscript.ID, Severity: validate.RuleNotTranscript.Severity, Message: nt.Error()}
}
