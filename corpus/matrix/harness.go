package matrix

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/protocheck/protocheck/corpus/harness"
	"github.com/protocheck/protocheck/corpus/internal/jsonptr"
	"github.com/protocheck/protocheck/schemas"
	"github.com/protocheck/protocheck/validate"
)

// HarnessInfo describes a dialect that is a real SDK behind a harness
// (package corpus/harness): its command, what its hello said, and every
// problem the harness had.
type HarnessInfo struct {
	Command    string `json:"command"`
	SDK        string `json:"sdk,omitempty"`
	SDKVersion string `json:"sdk_version,omitempty"`
	Language   string `json:"language,omitempty"`
	Protocol   int    `json:"protocol,omitempty"`
	// Model names the hand-written dialect that models this SDK, if any.
	Model string `json:"model,omitempty"`
	// Lines counts the lines the harness judged (each distinct line is
	// sent once); Failed those it gave no valid answer for.
	Lines  int `json:"lines"`
	Failed int `json:"failed"`
	// Rejections groups the lines the SDK's own code rejected by the
	// error it raised, most lines first: what R means in this row.
	Rejections []*Rejection `json:"rejections,omitempty"`
	// Starts counts how often the harness was started.
	Starts   int               `json:"starts"`
	Problems []harness.Problem `json:"problems,omitempty"`
	// Elapsed is the wall time of the harness's part of the run.
	Elapsed time.Duration `json:"elapsed_ns"`
}

// A Rejection is one error an SDK's code raised on lines: its name (the
// exception or error kind), the lines and variants, the first line and
// its full message.
type Rejection struct {
	Error    string   `json:"error"`
	Lines    int      `json:"lines"`
	Variants []string `json:"variants"`
	First    string   `json:"first"`
	Message  string   `json:"message"`
}

// ErrorName returns the name of an SDK's error: the exception or error
// kind before the first colon ("MessageParseError: Unknown message type:
// x" is MessageParseError), or the message's first words when it names
// none.
func ErrorName(msg string) string {
	msg = oneLine(msg)
	if name, _, ok := strings.Cut(msg, ": "); ok && name != "" && len(name) <= 60 {
		return name
	}
	if len(msg) > 60 {
		return strings.ToValidUTF8(msg[:60], "") + "…"
	}
	return msg
}

// addRejection counts one rejected line under its error.
func (h *HarnessInfo) addRejection(errMsg, variant, where string) {
	name := ErrorName(errMsg)
	i := slices.IndexFunc(h.Rejections, func(r *Rejection) bool { return r.Error == name })
	if i < 0 {
		h.Rejections = append(h.Rejections, &Rejection{Error: name, First: where, Message: oneLine(errMsg)})
		i = len(h.Rejections) - 1
	}
	r := h.Rejections[i]
	r.Lines++
	if !slices.Contains(r.Variants, variant) {
		r.Variants = append(r.Variants, variant)
	}
}

// Rules of the reasons in a harness's cells: the SDK's own verdicts.
const (
	RuleSDKRejected = "sdk/rejected"
	RuleSDKDropped  = "sdk/dropped"
	RuleSDKLost     = "sdk/lost-member"
)

// A HarnessRun is what AddHarness found, line by line.
type HarnessRun struct {
	Dialect *Dialect
	// Verdicts gives each line's verdict, by "file:line"; a line the
	// harness failed on has none.
	Verdicts map[string]Verdict
	// Answers gives the harness's answer for each line, by "file:line".
	Answers map[string]*harness.Answer
}

// AddHarness asks a harness about every line of the inputs and adds its
// row to the matrix (a column of m.Dialects, with HarnessInfo set), and
// its writes to m.Writes. Lines that are equal are sent once. The harness
// is never trusted: a line it crashes, hangs or answers nonsense on counts
// in the cell's HarnessErrors and in the problems, and the run goes on.
// model names the hand-written dialect of this SDK ("" for none).
func (m *Matrix) AddHarness(ctx context.Context, inputs []validate.Input, r *harness.Runner, model string, opts MatrixOptions) (*HarnessRun, error) {
	spec := r.Spec()
	if slices.Contains(m.Dialects, spec.Name) {
		return nil, fmt.Errorf("a dialect named %q exists already", spec.Name)
	}
	start := time.Now()
	info := &HarnessInfo{Command: strings.Join(spec.Command, " "), Model: model}
	defer func() { info.Elapsed = time.Since(start) }()
	d := &Dialect{Name: spec.Name, Harness: info, Policy: Policy{Type: Skip, Subtype: Skip, Block: Skip, Member: Skip}}
	run := &HarnessRun{Dialect: d, Verdicts: map[string]Verdict{}, Answers: map[string]*harness.Answer{}}
	wire, err := wireChecker(opts)
	if err != nil {
		return nil, err
	}
	type seen struct {
		a  *harness.Answer
		ok bool
	}
	cache := map[string]seen{}
	cells := map[string]*Cell{}
	evidence := opts.Evidence
	if evidence <= 0 {
		evidence = 2
	}
	for _, in := range inputs {
		err := validate.ReadLines(ctx, in, opts.MaxLineBytes, func(n int, line []byte) error {
			if line == nil || len(bytes.TrimSpace(line)) == 0 {
				return nil
			}
			row := wireRow(wire.Check(in.Name, n, line))
			c := cells[row]
			if c == nil {
				c = &Cell{Dialect: d.Name, Variant: row}
				cells[row] = c
			}
			where := fmt.Sprintf("%s:%d", in.Name, n)
			s, ok := cache[string(line)]
			if !ok {
				a, good := r.Read(ctx, where, line)
				s = seen{a, good}
				cache[string(line)] = s
				info.Lines++
				if !good {
					info.Failed++
				}
			}
			c.judgeAnswer(s.a, s.ok, where, in.Name, n, evidence)
			if s.ok && s.a.Verdict == harness.Rejected {
				info.addRejection(s.a.Error, row, where)
			}
			if s.ok {
				run.Verdicts[where] = answerVerdict(s.a.Verdict)
				run.Answers[where] = s.a
			}
			return nil
		})
		var re *validate.ReadError
		if errors.As(err, &re) {
			continue // the wire's run reports it among the input errors
		}
		if err != nil {
			return nil, err
		}
	}
	// The writing side: each message the protocol asks for, when the
	// harness can write.
	if h := r.Hello(); h != nil && slices.Contains(h.Capabilities, "write") {
		for _, name := range harness.WriteNames {
			a, ok := r.Write(ctx, name, writeParams[name])
			if !ok || a.Unsupported {
				continue
			}
			for i, l := range a.Lines {
				var buf bytes.Buffer
				if json.Compact(&buf, l) != nil {
					continue
				}
				w := Write{Name: name, Source: "written by " + spec.Name, Message: buf.Bytes()}
				if i > 0 {
					w.Name = fmt.Sprintf("%s (line %d)", name, i+1)
				}
				if strings.HasPrefix(name, "permission_") {
					w.Answers = "can_use_tool"
				} else if name == "hook_answer" {
					w.Answers = "hook_callback"
				}
				d.Writes = append(d.Writes, w)
			}
		}
	}
	if h := r.Hello(); h != nil {
		info.SDK, info.SDKVersion, info.Language, info.Protocol = h.SDK, h.SDKVersion, h.Language, h.Protocol
		d.Title = fmt.Sprintf("%s %s (%s, the real SDK behind a harness)", h.SDK, h.SDKVersion, h.Language)
	} else {
		d.Title = "a harness that never said hello"
	}
	d.Doc = "The SDK's own code judges each line, through the harness " + info.Command + " (docs/harness.md)."
	info.Problems, info.Starts = r.Problems(), r.Starts()
	slices.SortStableFunc(info.Rejections, func(a, b *Rejection) int { return b.Lines - a.Lines })
	m.Dialects = append(m.Dialects, d.Name)
	m.DialectInfo = append(m.DialectInfo, d)
	for _, v := range m.Variants {
		if c := cells[v]; c != nil {
			m.Cells = append(m.Cells, c)
		}
	}
	for _, v := range slices.Sorted(maps.Keys(cells)) {
		if !slices.Contains(m.Variants, v) {
			m.Variants = append(m.Variants, v) // only when the harness saw lines the matrix did not
			m.Cells = append(m.Cells, cells[v])
		}
	}
	if len(d.Writes) > 0 {
		ws, err := CheckWrites(ctx, []*Dialect{d})
		if err != nil {
			return nil, err
		}
		m.Writes = append(m.Writes, ws...)
	}
	return run, nil
}

// writeParams are the inputs of each write request.
var writeParams = map[string]any{
	"initialize":       map[string]any{},
	"interrupt":        map[string]any{},
	"user_message":     map[string]any{"text": "hello"},
	"permission_allow": map[string]any{"request_id": "req_1", "tool_name": "Bash", "input": map[string]any{"command": "ls"}, "tool_use_id": "toolu_1"},
	"permission_deny":  map[string]any{"request_id": "req_2", "tool_name": "Bash", "input": map[string]any{"command": "ls"}, "tool_use_id": "toolu_1", "message": "not allowed"},
	"hook_answer":      map[string]any{"request_id": "req_3", "callback_id": "hook_0", "input": map[string]any{"hook_event_name": "PreToolUse", "tool_name": "Bash", "tool_input": map[string]any{"command": "ls"}}},
}

// answerVerdict maps a harness's verdict to the matrix's: a line the SDK's
// runtime handles itself is read, so accepted.
func answerVerdict(v harness.Verdict) Verdict {
	switch v {
	case harness.Rejected:
		return Rejected
	case harness.Dropped:
		return Dropped
	}
	return Accepted
}

// wireChecker returns a validator of the wire, as RunMatrix makes it, to
// name each line's row.
func wireChecker(opts MatrixOptions) (*validate.Validator, error) {
	set, err := schemas.AllVersionsFS()
	if err != nil {
		return nil, err
	}
	return validate.New(validate.Options{Schemas: set, ShowUnknown: true, Jobs: 1, MaxLineBytes: opts.MaxLineBytes,
		MaxDepth: opts.MaxDepth, Memoize: true, NoCrossLine: true})
}

// judgeAnswer adds one line's answer to the cell.
func (c *Cell) judgeAnswer(a *harness.Answer, ok bool, where, file string, line, evidence int) {
	c.Lines++
	if !ok {
		c.HarnessErrors++
		return
	}
	v := answerVerdict(a.Verdict)
	switch v {
	case Accepted:
		c.Accepted++
	case Rejected:
		c.Rejected++
		c.addReason(v, RuleSDKRejected, "", a.Error, file, line, evidence)
	case Dropped:
		c.Dropped++
		msg := "the SDK drops the line"
		if a.As != "" {
			msg += " (" + a.As + ")"
		}
		c.addReason(v, RuleSDKDropped, "", msg, file, line, evidence)
	}
	for _, k := range a.Lost {
		c.IgnoredMembers++
		c.addReason(Ignored, RuleSDKLost, "/"+jsonptr.Escape(k), "the SDK's types lose the member", file, line, evidence)
	}
}

func (c *Cell) addReason(v Verdict, rule, pointer, msg, file string, line, evidence int) {
	r := c.reason(&Reason{Verdict: v, Rule: rule, Pointer: pointer, Message: msg})
	r.Count++
	if r.Count <= evidence {
		c.Evidence = append(c.Evidence, Evidence{File: file, Line: line, Verdict: v, Rule: rule, Pointer: pointer, Message: msg})
	}
}

// An Agreement compares a hand-written model with its real SDK, line by
// line: where their verdicts differ, the model is wrong (or the harness
// is; the evidence says which line to look at).
type Agreement struct {
	Model string `json:"model"`
	SDK   string `json:"sdk"`
	// Rows holds one entry per wire variant, in the matrix's order.
	Rows []*AgreementRow `json:"rows"`
	// Outcomes says, for each reason of the model's cells, what the SDK
	// did with the same lines (see OutcomeKey): the fix list's claims are
	// held to it.
	Outcomes map[string]*SDKOutcome `json:"-"`
}

// OutcomeKey names a reason of a model's cell in Agreement.Outcomes: its
// row and Reason.Key.
func OutcomeKey(variant string, r *Reason) string { return variant + " " + r.Key() }

// An SDKOutcome is what an SDK's own code did with the lines a model's
// reason covers.
type SDKOutcome struct {
	// Variant and Reason name the model's reason (its Rule, Pointer and
	// Verdict).
	Variant string  `json:"variant"`
	Reason  *Reason `json:"reason"`
	// Lines counts the lines; Verdicts the SDK's verdict on them
	// (accepted, handled, rejected, dropped).
	Lines    int                     `json:"lines"`
	Verdicts map[harness.Verdict]int `json:"verdicts"`
	// Member says, for a reason that names an undeclared member at the
	// top of the line, what the SDK did with it on each line: "kept",
	// "raw" or "lost"; "unsaid" when the harness did not tell.
	Member map[string]int `json:"member,omitempty"`
	// First is the first line; Error and As what the SDK said of it.
	First string `json:"first"`
	Error string `json:"error,omitempty"`
	As    string `json:"as,omitempty"`
}

// memberFate says what the SDK did with the top-level member of pointer
// p: kept, raw, lost, or "" when p is nested or the harness did not say.
func memberFate(a *harness.Answer, p string) string {
	tok := strings.TrimPrefix(p, "/")
	if tok == "" || strings.Contains(tok, "/") {
		return ""
	}
	tok = strings.NewReplacer("~1", "/", "~0", "~").Replace(tok)
	switch {
	case slices.Contains(a.Lost, tok):
		return "lost"
	case slices.Contains(a.Raw, tok):
		return "raw"
	case slices.Contains(a.Kept, tok):
		return "kept"
	}
	return ""
}

// An AgreementRow counts the lines of one variant both judged, and those
// where they agree.
type AgreementRow struct {
	Variant string `json:"variant"`
	Lines   int    `json:"lines"`
	Agree   int    `json:"agree"`
	// Diffs lists the disagreements by "model=<verdict> sdk=<verdict>".
	Diffs map[string]*AgreementDiff `json:"diffs,omitempty"`
}

// An AgreementDiff is one kind of disagreement on one variant.
type AgreementDiff struct {
	Count int    `json:"count"`
	First string `json:"first"` // file:line
	// SDK says what the SDK made of the first line (its type or error).
	SDK string `json:"sdk,omitempty"`
}

// CompareModel judges every line of the inputs with the model dialect (as
// RunMatrix does) and compares its verdict with the SDK's in run.
func CompareModel(ctx context.Context, inputs []validate.Input, model *Dialect, run *HarnessRun, order []string, opts MatrixOptions) (*Agreement, error) {
	wire, err := wireChecker(opts)
	if err != nil {
		return nil, err
	}
	v, err := validate.New(validate.Options{Schemas: model.Schemas, ShowUnknown: true, Jobs: 1, MaxLineBytes: opts.MaxLineBytes,
		MaxDepth: opts.MaxDepth, Memoize: true, AssertFormats: model.AssertFormats, NoCrossLine: true})
	if err != nil {
		return nil, err
	}
	ag := &Agreement{Model: model.Name, SDK: run.Dialect.Name, Outcomes: map[string]*SDKOutcome{}}
	rows := map[string]*AgreementRow{}
	for _, in := range inputs {
		err := validate.ReadLines(ctx, in, opts.MaxLineBytes, func(n int, line []byte) error {
			if line == nil || len(bytes.TrimSpace(line)) == 0 {
				return nil
			}
			where := fmt.Sprintf("%s:%d", in.Name, n)
			sdkV, ok := run.Verdicts[where]
			if !ok {
				return nil // the harness gave no answer
			}
			row := wireRow(wire.Check(in.Name, n, line))
			var scratch Cell
			scratch.judge(model.Policy, v.Check(in.Name, n, line), 1, 0, nil)
			modelV := Accepted
			switch {
			case scratch.Rejected > 0 && model.TypesOnly():
				// only the types do not describe it: the runtime reads it
			case scratch.Rejected > 0:
				modelV = Rejected
			case scratch.Dropped > 0:
				modelV = Dropped
			}
			a := run.Answers[where]
			for _, reason := range scratch.Reasons {
				k := OutcomeKey(row, reason)
				o := ag.Outcomes[k]
				if o == nil {
					o = &SDKOutcome{Variant: row, Reason: &Reason{Verdict: reason.Verdict, Rule: reason.Rule, Pointer: reason.Pointer},
						Verdicts: map[harness.Verdict]int{}, First: where, Error: oneLine(a.Error), As: a.As}
					ag.Outcomes[k] = o
				}
				o.Lines++
				o.Verdicts[a.Verdict]++
				if reason.Verdict == Ignored {
					if fate := memberFate(a, reason.Pointer); fate != "" {
						if o.Member == nil {
							o.Member = map[string]int{}
						}
						o.Member[fate]++
					} else if !strings.Contains(strings.TrimPrefix(reason.Pointer, "/"), "/") {
						if o.Member == nil {
							o.Member = map[string]int{}
						}
						o.Member["unsaid"]++
					}
				}
			}
			r := rows[row]
			if r == nil {
				r = &AgreementRow{Variant: row}
				rows[row] = r
			}
			r.Lines++
			if modelV == sdkV {
				r.Agree++
				return nil
			}
			key := "model=" + string(modelV) + " sdk=" + string(sdkV)
			if r.Diffs == nil {
				r.Diffs = map[string]*AgreementDiff{}
			}
			d := r.Diffs[key]
			if d == nil {
				d = &AgreementDiff{First: where}
				if a := run.Answers[where]; a != nil {
					d.SDK = a.As
					if a.Error != "" {
						d.SDK = a.Error
					}
				}
				r.Diffs[key] = d
			}
			d.Count++
			return nil
		})
		var re *validate.ReadError
		if err != nil && !errors.As(err, &re) {
			return nil, err
		}
	}
	for _, v := range order {
		if r := rows[v]; r != nil {
			ag.Rows = append(ag.Rows, r)
			delete(rows, v)
		}
	}
	for _, r := range rows {
		ag.Rows = append(ag.Rows, r)
	}
	return ag, nil
}

// Totals returns the lines both judged and those they agree on.
func (a *Agreement) Totals() (lines, agree int) {
	for _, r := range a.Rows {
		lines += r.Lines
		agree += r.Agree
	}
	return
}

// Divergences returns the disagreements as ledger entries:
// "<model> <variant> model-<verdict> <sdk row> sdk-<verdict>".
func (a *Agreement) Divergences() []Divergence {
	var out []Divergence
	for _, r := range a.Rows {
		for key, d := range r.Diffs {
			mv, sv, _ := strings.Cut(key, " ")
			out = append(out, Divergence{
				Key:    strings.Join([]string{a.Model, r.Variant, strings.Replace(mv, "=", "-", 1), a.SDK, strings.Replace(sv, "=", "-", 1)}, " "),
				Reason: fmt.Sprintf("%d lines, first %s; the SDK: %s", d.Count, d.First, oneLine(d.SDK)),
			})
		}
	}
	slices.SortFunc(out, func(x, y Divergence) int { return strings.Compare(x.Key, y.Key) })
	return out
}

// Print writes the agreement per variant row, as text.
func (a *Agreement) Print(w io.Writer) {
	lines, agree := a.Totals()
	fmt.Fprintf(w, "model %s against the SDK %s: %d of %d lines agree (%s)\n", a.Model, a.SDK, agree, lines, percent(agree, lines))
	for _, r := range a.Rows {
		mark := "ok"
		if r.Agree < r.Lines {
			var parts []string
			for _, k := range slices.Sorted(maps.Keys(r.Diffs)) {
				parts = append(parts, fmt.Sprintf("%s: %d (%s)", k, r.Diffs[k].Count, r.Diffs[k].First))
			}
			mark = strings.Join(parts, "; ")
		}
		fmt.Fprintf(w, "  %-40s %4d/%-4d %s\n", validate.Escape(r.Variant), r.Agree, r.Lines, validate.Escape(mark))
	}
}

// AgreementHeader heads the ledger of a model's disagreements with its SDK.
const AgreementHeader = `# Where a hand-written model (corpus/dialects) and its real SDK (a harness) judge a line
# differently, one a line: "<model> <variant> model-<verdict> <sdk row> sdk-<verdict>  # reason".
# Each is a defect of the model (or of the harness), listed until fixed.
# protocheck corpus run --check fails on one not listed here and on a listed one that no longer happens;
# protocheck corpus run --update rewrites it (keeping the reasons written by hand).
`

// AgreementLedger is the ledger of the models' disagreements with their
// SDKs at path.
func AgreementLedger(path string) Ledger { return Ledger{Path: path, Header: AgreementHeader} }
