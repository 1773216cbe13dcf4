package fixlist

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"os"
	"reflect"
	"slices"
	"sort"
	"strings"

	"github.com/protocheck/protocheck/corpus/harness"
	"github.com/protocheck/protocheck/corpus/internal/jsonptr"
	"github.com/protocheck/protocheck/corpus/matrix"
	"github.com/protocheck/protocheck/corpus/probe"
	"github.com/protocheck/protocheck/protocol"
	"github.com/protocheck/protocheck/validate"
)

// A Consequence says what a root cause costs a session; lower is worse.
type Consequence int

// The consequences, worst first: what a session feels.
const (
	CannotStart Consequence = iota + 1
	TurnHangs
	FlowBroken
	TurnEndUnseen
	MessageLost
	BlockLost
	MemberLost
	TypesDisagree
)

var consequenceText = map[Consequence]string{
	CannotStart:   "the session cannot start",
	TurnHangs:     "the turn hangs (a control request is never answered)",
	FlowBroken:    "a permission or hook flow is broken",
	TurnEndUnseen: "the end of a turn is not seen",
	MessageLost:   "a message is lost",
	BlockLost:     "a block is lost",
	MemberLost:    "a member is lost",
	TypesDisagree: "the types disagree",
}

// String says the consequence in words.
func (c Consequence) String() string { return consequenceText[c] }

// MarshalText writes the consequence in words.
func (c Consequence) MarshalText() ([]byte, error) { return []byte(c.String()), nil }

// An Item is one root cause.
type Item struct {
	// Rank is the item's place in the list, from 1.
	Rank int `json:"rank"`
	// Consequence is what the cause costs a session.
	Consequence Consequence `json:"consequence"`
	// Side is "reads" (what the SDK does with the CLI's lines) or "writes"
	// (what the CLI does with the SDK's messages).
	Side string `json:"side"`
	// Cause says the root cause in a sentence.
	Cause string `json:"cause"`
	// Rule and Pointer are the finding's rule and place (array indexes as
	// *), shared by every variant the item accounts for.
	Rule    string `json:"rule"`
	Pointer string `json:"pointer"`
	// Pointers lists every place, when the cause folds several members
	// that fail together on the same lines.
	Pointers []string `json:"pointers,omitempty"`
	// Wire is the correct wire shape, as the CLI prints or reads it.
	Wire string `json:"wire"`
	// Evidence is one line that shows the cause: a captured line, or the
	// message a probe sent and the CLI's answer.
	Evidence Evidence `json:"evidence"`
	// Lines counts the input lines the cause rejects or drops (members,
	// for a member lost); Sessions the input files (sessions) with such a
	// line; Variants lists the variants; Writes the dialect's messages it
	// accounts for.
	Lines    int      `json:"lines"`
	Sessions int      `json:"sessions"`
	Variants []string `json:"variants,omitempty"`
	Writes   []string `json:"writes,omitempty"`
	// KeptRaw says the dialect keeps the members as untyped raw data (see
	// matrix.Dialect.KeptRaw): not lost, only not typed.
	KeptRaw bool `json:"kept_raw,omitempty"`
	// Reason is the ledger's hand-written reason, when it has one.
	Reason string `json:"reason,omitempty"`
	// Verified says how the claim is known: "verified on CLI <v>: ...",
	// "verified with the real SDK ...", or "inferred from types: ...".
	Verified string `json:"verified"`
	// SDK says what the real SDK's own code (behind a harness) did with
	// the same lines, when one ran; Disagrees says how that contradicts
	// the claim ("" when it does not).
	SDK       string `json:"sdk,omitempty"`
	Disagrees string `json:"disagrees,omitempty"`

	claim  claim              // what the item says the dialect does
	sdk    *matrix.SDKOutcome // the SDK's outcomes on its lines, summed
	reason []*matrix.Reason   // the cell reasons it stands for
	// The evidence line's text is read after the items are made (see
	// readEvidence): shown around the member clipName, and, when
	// checkCarries, looked at for the member at Pointer.
	clipName     string
	checkCarries bool
}

// A claim is what a read item says the dialect's reader does with its
// lines or members.
type claim int

const (
	claimNone     claim = iota
	claimRejected       // the reader fails on the lines
	claimDropped        // the reader drops the lines
	claimBlock          // the reader delivers the message without a block
	claimLost           // the reader loses the member
	claimRaw            // the reader keeps the member, untyped
	claimTypes          // the runtime keeps it all; only the types lack it
)

// Evidence is the line an item shows.
type Evidence struct {
	// File and Line locate a captured line; Probe names a probe.
	File  string `json:"file,omitempty"`
	Line  int    `json:"line,omitempty"`
	Probe string `json:"probe,omitempty"`
	// Text is the line itself (cut to a few hundred bytes).
	Text string `json:"text"`
	// Answer is, for a probe, what the CLI did with it.
	Answer string `json:"answer,omitempty"`
	// Message is the finding's message on that line.
	Message string `json:"message,omitempty"`
}

// A FixList is the fix list of one dialect.
type FixList struct {
	Dialect string `json:"dialect"`
	Title   string `json:"title"`
	// Lines and Files count the inputs of the matrix the list was made
	// from; Probes names the CLI versions whose probe results it used.
	Lines  int      `json:"lines"`
	Files  int      `json:"files"`
	Probes []string `json:"probes,omitempty"`
	Items  []*Item  `json:"items"`
}

// Build makes the fix list of dialect from a matrix (its cells and writes),
// the ledger's reasons (by divergence key) and the probe results of the
// CLI versions probed, newest last.
func Build(m *matrix.Matrix, dialect string, ledger map[string]string, probes []*probe.File) (*FixList, error) {
	return BuildWith(m, dialect, ledger, probes, nil)
}

// BuildWith is Build holding each read claim to what the dialect's real
// SDK did with the same lines (sdk: matrix.CompareModel's agreement, nil
// when no harness ran): each item says it, and Disagreements lists the
// claims it contradicts.
func BuildWith(m *matrix.Matrix, dialect string, ledger map[string]string, probes []*probe.File, sdk *matrix.Agreement) (*FixList, error) {
	var d *matrix.Dialect
	for _, x := range m.DialectInfo {
		if x.Name == dialect {
			d = x
		}
	}
	if d == nil {
		return nil, fmt.Errorf("dialect %q is not in the matrix", dialect)
	}
	fl := &FixList{Dialect: d.Name, Title: d.Title, Lines: m.Lines, Files: m.Files}
	for _, f := range probes {
		fl.Probes = append(fl.Probes, f.CLIVersion)
	}
	fl.Items = append(fl.Items, readItems(m, d, ledger, d.TypesOnly(), sdk)...)
	if sdk != nil {
		fl.Items = append(fl.Items, sdkItems(d, sdk)...)
	}
	readEvidence(fl.Items)
	fl.Items = append(fl.Items, writeItems(m, d, probes)...)
	fl.Items = append(fl.Items, argvItems(d.Name)...)
	sort.SliceStable(fl.Items, func(i, j int) bool {
		a, b := fl.Items[i], fl.Items[j]
		if a.Consequence != b.Consequence {
			return a.Consequence < b.Consequence
		}
		if (a.Side == SideArgv) != (b.Side == SideArgv) {
			return a.Side == SideArgv // argv is refused before any line
		}
		if (a.Side == "writes") != (b.Side == "writes") {
			return a.Side == "writes" // a verified write bug before a read one of the same weight
		}
		if a.Sessions != b.Sessions {
			return a.Sessions > b.Sessions // what touches more sessions first
		}
		return a.Lines+len(a.Writes) > b.Lines+len(b.Writes)
	})
	for i, it := range fl.Items {
		it.Rank = i + 1
	}
	return fl, nil
}

// readConsequence says what a session feels when the dialect rejects or
// drops lines of a variant: a control request the CLI sent waits for its
// answer forever; a lost answer to the SDK's initialize keeps the session
// from starting; a lost result hides the end of the turn, and so does any
// rejected line where the SDK's stream ends at its first bad line; a block
// kind skipped loses the block, not the message.
func readConsequence(d *matrix.Dialect, variant string, v matrix.Verdict, rule string) Consequence {
	switch {
	case variant == "system.init", strings.HasPrefix(variant, "control_response."):
		return CannotStart
	case strings.HasPrefix(variant, "control_request."), strings.HasPrefix(variant, "unknown:control_request"):
		return TurnHangs
	case strings.HasPrefix(variant, "result."):
		return TurnEndUnseen
	case v == matrix.Rejected && d.EndsOnError:
		return TurnEndUnseen
	case v == matrix.Dropped && rule == validate.RuleUnknownKind.ID:
		return BlockLost
	}
	return MessageLost
}

// readItems groups the dialect's cell reasons by rule and place.
func readItems(m *matrix.Matrix, d *matrix.Dialect, ledger map[string]string, typesOnly bool, sdk *matrix.Agreement) []*Item {
	byKey := map[string]*Item{}
	var order []string
	for _, c := range m.Cells {
		if c.Dialect != d.Name {
			continue
		}
		// The cell's first evidence line of each reason, looked up by key
		// rather than scanned for: linear in the reasons.
		evidence := map[string]*matrix.Evidence{}
		for i := range c.Evidence {
			e := &c.Evidence[i]
			k := string(e.Verdict) + " " + e.Rule + " " + jsonptr.AnyIndex(e.Pointer)
			if evidence[k] == nil {
				evidence[k] = e
			}
		}
		for _, r := range c.Reasons {
			key := string(r.Verdict) + " " + r.Rule + " " + r.Pointer
			raw := r.Verdict == matrix.Ignored && d.KeepsRaw(c.Variant, r.Pointer)
			if raw {
				key = "raw " + key
			}
			it, ok := byKey[key]
			if !ok {
				it = &Item{Side: "reads", Rule: r.Rule, Pointer: r.Pointer, Consequence: TypesDisagree + 1}
				byKey[key] = it
				order = append(order, key)
			}
			cons := readConsequence(d, c.Variant, r.Verdict, r.Rule)
			cl := claimDropped
			switch {
			case raw:
				cons, cl = TypesDisagree, claimRaw // kept raw: the user gets it, untyped
				it.KeptRaw = true
			case r.Verdict == matrix.Ignored && typesOnly:
				cons, cl = TypesDisagree, claimTypes // the runtime keeps every member
			case r.Verdict == matrix.Ignored && constantMember(c.Variant, r.Pointer):
				cons, cl = TypesDisagree, claimLost // a constant: nothing a user needs is lost
			case r.Verdict == matrix.Ignored:
				cons, cl = MemberLost, claimLost
			case typesOnly && r.Verdict == matrix.Rejected:
				cons, cl = TypesDisagree, claimTypes
			case cons == BlockLost:
				cl = claimBlock
			case r.Verdict == matrix.Rejected:
				cl = claimRejected
			}
			if cons < it.Consequence {
				it.Consequence = cons
			}
			it.claim = cl
			it.Lines += r.Count
			it.reason = append(it.reason, r)
			it.Variants = append(it.Variants, c.Variant)
			if sdk != nil {
				if o := sdk.Outcomes[matrix.OutcomeKey(c.Variant, r)]; o != nil {
					it.sdk = addOutcome(it.sdk, o)
				}
			}
			p := r.Pointer
			if p == "" {
				p = "/"
			}
			if reason := ledger[strings.Join([]string{d.Name, c.Variant, string(r.Verdict), r.Rule, p}, " ")]; reason != "" && (it.Reason == "" || !generic(reason)) {
				it.Reason = reason
			}
			if it.Evidence.File == "" {
				if e := evidence[string(r.Verdict)+" "+r.Rule+" "+r.Pointer]; e != nil {
					it.Evidence = Evidence{File: e.File, Line: e.Line, Message: e.Message}
					it.clipName = memberName(e.Pointer)
				}
				if it.Evidence.Message == "" {
					it.Evidence.Message = r.Message
				}
			}
		}
	}
	// Members of one variant that fail together on the same lines are one
	// cause (rusty_claw's hook_id, hook_event and hook_input): fold them.
	var kept []string
	folded := map[string]*Item{}
	for _, k := range order {
		it := byKey[k]
		if strings.HasPrefix(it.Rule, "schema/") {
			fk := strings.SplitN(k, " ", 2)[0] + " " + it.Rule + " " + strings.Join(it.Variants, ",") + fmt.Sprint(" ", it.Lines)
			if first, ok := folded[fk]; ok {
				first.Pointers = append(first.Pointers, it.Pointer)
				if first.Reason == "" || generic(first.Reason) && !generic(it.Reason) {
					first.Reason = it.Reason
				}
				continue
			}
			folded[fk] = it
		}
		kept = append(kept, k)
	}
	var out []*Item
	for _, k := range kept {
		it := byKey[k]
		v := strings.SplitN(strings.TrimPrefix(k, "raw "), " ", 2)[0]
		if len(it.Pointers) > 0 {
			it.Pointers = append([]string{it.Pointer}, it.Pointers...)
		}
		it.Sessions = matrix.SessionsOf(it.reason)
		it.Cause = readCause(d, matrix.Verdict(v), it)
		it.Wire = wireShape(it.Variants[0], it.Pointer)
		// When the evidence line shows the CLI sending it, protocheck's
		// wire model lacks the member, not the CLI (see readEvidence).
		it.checkCarries = strings.Contains(it.Wire, noSuchMember)
		if strings.HasPrefix(it.Rule, "variant/") {
			it.Verified = fmt.Sprintf("lines captured from the real CLI; what %s does with them is inferred from its policy (%s)", d.Name, policyFor(d, it.Rule))
		} else {
			it.Verified = fmt.Sprintf("lines captured from the real CLI; what %s does with them is inferred from its types (its schemas under corpus/dialects)", d.Name)
		}
		if v == string(matrix.Ignored) {
			it.Verified = fmt.Sprintf("members captured from the real CLI; inferred from %s's types that it does not declare them", d.Name)
			if it.KeptRaw {
				it.Verified += " and from its policy notes that it keeps them raw (" + d.PolicyNotes["member"] + ")"
			}
			if it.claim == claimTypes {
				it.Verified += " and from its policy notes that its runtime keeps them (" + d.PolicyNotes["member"] + ")"
			}
		}
		if sdk != nil {
			it.holdToSDK(sdk.SDK)
		}
		out = append(out, it)
	}
	return out
}

// sdkItems makes an item of each way the real SDK's own code loses lines
// its model reads (the agreement's model=accepted diffs): the model is
// wrong there, and the SDK's behaviour is what its users meet.
func sdkItems(d *matrix.Dialect, ag *matrix.Agreement) []*Item {
	var out []*Item
	for _, r := range ag.Rows {
		if r.Variant == "keep_alive" || strings.HasPrefix(r.Variant, "control_response.") {
			// Frames for the runtime, not its user: an answer to the SDK's
			// own request, a keep-alive receivers ignore. Not yielding
			// them is no loss (a harness may count them dropped).
			continue
		}
		for _, key := range slices.Sorted(maps.Keys(r.Diffs)) {
			diff := r.Diffs[key]
			var v matrix.Verdict
			switch key {
			case "model=accepted sdk=rejected":
				v = matrix.Rejected
			case "model=accepted sdk=dropped":
				v = matrix.Dropped
			default:
				continue
			}
			it := &Item{Side: "reads", Rule: "sdk/" + string(v), Lines: diff.Count, Variants: []string{r.Variant}}
			it.Consequence = readConsequence(d, r.Variant, v, "")
			verb := map[matrix.Verdict]string{matrix.Rejected: "rejects", matrix.Dropped: "drops"}[v]
			if v == matrix.Dropped && strings.Contains(diff.SDK, "blocks dropped") && it.Consequence == MessageLost {
				it.Consequence, verb = BlockLost, "drops a block from"
			}
			it.Cause = fmt.Sprintf("%s's own code %s %d %s of %s that the %s model reads in full: %s", ag.SDK, verb, diff.Count, plural(diff.Count, "line", "lines"), r.Variant, d.Name, oneLine(diff.SDK))
			it.Wire = wireShape(r.Variant, "")
			if file, line, ok := splitWhere(diff.First); ok {
				it.Evidence = Evidence{File: file, Line: line, Message: oneLine(diff.SDK)}
				it.Sessions = 1
			}
			it.SDK = fmt.Sprintf("%s's own code, on %d %s: %s (first %s: %s)", ag.SDK, diff.Count, plural(diff.Count, "line", "lines"), v, diff.First, oneLine(diff.SDK))
			it.Verified = "verified with the real SDK: " + it.SDK + "; the model " + d.Name + " misses it (corpus/harness/agreement.txt lists the disagreement)"
			out = append(out, it)
		}
	}
	return out
}

// splitWhere splits "file:line".
func splitWhere(where string) (string, int, bool) {
	i := strings.LastIndexByte(where, ':')
	if i < 0 {
		return "", 0, false
	}
	n := 0
	if _, err := fmt.Sscanf(where[i+1:], "%d", &n); err != nil {
		return "", 0, false
	}
	return where[:i], n, true
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// noSuchMember is what wireShape says of a member the wire's Go types lack.
const noSuchMember = "the CLI has no such member"

// addOutcome returns sum with o added.
func addOutcome(sum, o *matrix.SDKOutcome) *matrix.SDKOutcome {
	if sum == nil {
		c := *o
		c.Verdicts, c.Member = maps.Clone(o.Verdicts), maps.Clone(o.Member)
		return &c
	}
	sum.Lines += o.Lines
	for k, n := range o.Verdicts {
		sum.Verdicts[k] += n
	}
	for k, n := range o.Member {
		if sum.Member == nil {
			sum.Member = map[string]int{}
		}
		sum.Member[k] += n
	}
	return sum
}

// holdToSDK says what the real SDK (row) did with the item's lines, and
// whether that contradicts the item's claim: its words become the SDK's
// when they agree, so the item says how it is known.
func (it *Item) holdToSDK(row string) {
	o := it.sdk
	if o == nil || o.Lines == 0 {
		return
	}
	var parts []string
	for _, v := range []harness.Verdict{harness.Rejected, harness.Dropped, harness.Handled, harness.Accepted} {
		if n := o.Verdicts[v]; n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", n, v))
		}
	}
	said := fmt.Sprintf("%s's own code, on the same %d %s: %s", row, o.Lines, plural(o.Lines, "line", "lines"), strings.Join(parts, ", "))
	for _, f := range []string{"lost", "raw", "kept"} {
		if n := o.Member[f]; n > 0 {
			said += fmt.Sprintf("; the member %s on %d", map[string]string{"lost": "lost", "raw": "kept raw", "kept": "kept typed"}[f], n)
		}
	}
	if o.Error != "" {
		said += fmt.Sprintf(" (first %s: %s)", o.First, o.Error)
	} else if o.As != "" {
		said += fmt.Sprintf(" (first %s: %s)", o.First, o.As)
	}
	it.SDK = said
	rej, drop, other := o.Verdicts[harness.Rejected], o.Verdicts[harness.Dropped], o.Lines-o.Verdicts[harness.Rejected]-o.Verdicts[harness.Dropped]
	switch it.claim {
	case claimRejected:
		if rej != o.Lines {
			it.Disagrees = fmt.Sprintf("the item says rejected; the SDK rejected %d of %d", rej, o.Lines)
		}
	case claimDropped:
		if drop != o.Lines {
			it.Disagrees = fmt.Sprintf("the item says dropped; the SDK dropped %d of %d", drop, o.Lines)
		}
	case claimBlock:
		if rej > 0 || o.Verdicts[harness.Handled] > 0 {
			it.Disagrees = fmt.Sprintf("the item says the message is delivered without the block; the SDK rejected %d and handled %d of %d", rej, o.Verdicts[harness.Handled], o.Lines)
		}
	case claimLost:
		if n := o.Member["kept"] + o.Member["raw"]; n > 0 {
			it.Disagrees = fmt.Sprintf("the item says the member is lost; the SDK kept it on %d lines", n)
		}
	case claimRaw:
		if n := o.Member["lost"]; n > 0 {
			it.Disagrees = fmt.Sprintf("the item says the member is kept raw; the SDK lost it on %d lines", n)
		}
	case claimTypes:
		if n := o.Member["lost"]; n > 0 || rej > 0 {
			it.Disagrees = fmt.Sprintf("the item says the runtime keeps it; the SDK rejected %d lines and lost the member on %d", rej, n)
		}
	}
	_ = other
	if it.Disagrees == "" {
		it.Verified = "verified with the real SDK: " + said + "; " + it.Verified
	}
}

// Disagreements lists the items whose claim the real SDK's own code
// contradicts (BuildWith with an agreement): "<rank>. <cause>: <how>".
func (fl *FixList) Disagreements() []string {
	var out []string
	for _, it := range fl.Items {
		if it.Disagrees != "" {
			out = append(out, fmt.Sprintf("%s item %d (%s %s): %s", fl.Dialect, it.Rank, strings.Join(it.Variants, ","), it.Pointer, it.Disagrees))
		}
	}
	return out
}

// constantMember reports whether the wire model gives the member at
// pointer of variant one value only (message.role is always "assistant"):
// a reader that ignores it loses nothing.
func constantMember(variant, pointer string) bool {
	v := protocol.ByName(variant)
	if v == nil || pointer == "" {
		return false
	}
	f, ok := fieldAt(v, pointer)
	if !ok {
		return false
	}
	tag := f.Tag.Get("jsonschema")
	return strings.Contains(tag, "const=") || strings.Count(tag, "enum=") == 1
}

// fieldAt returns the Go struct field of the wire's variant at pointer,
// following struct fields, slices and maps.
func fieldAt(v *protocol.Variant, pointer string) (reflect.StructField, bool) {
	t := v.GoType()
	toks := strings.Split(strings.TrimPrefix(pointer, "/"), "/")
	if env := v.Envelope(); env != "" && len(toks) > 0 && toks[0] == env {
		toks = toks[1:]
	}
	var field reflect.StructField
	for _, tok := range toks {
		for t.Kind() == reflect.Pointer {
			t = t.Elem()
		}
		switch t.Kind() {
		case reflect.Slice, reflect.Array, reflect.Map:
			t = t.Elem()
			continue
		case reflect.Struct:
		default:
			return field, false
		}
		f, found := jsonField(t, tok)
		if !found {
			return field, false
		}
		field, t = f, f.Type
	}
	return field, field.Name != ""
}

// jsonField returns the field of struct type t that JSON names name,
// promoted fields of embedded structs included.
func jsonField(t reflect.Type, name string) (reflect.StructField, bool) {
	for _, f := range reflect.VisibleFields(t) {
		if f.Anonymous || !f.IsExported() {
			continue
		}
		n, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if n == name {
			return f, true
		}
	}
	return reflect.StructField{}, false
}

// generic reports a ledger reason written by the machine rather than a
// person (see corpus.reasonFor): a person's reason wins.
func generic(reason string) bool {
	for _, s := range []string{" and fails on unknown ", " and skips unknown ", " and keeps only raw ", " fails on undeclared members", "; the CLI leaves it out of these lines", " does not declare "} {
		if strings.Contains(reason, s) {
			return true
		}
	}
	return false
}

func policyFor(d *matrix.Dialect, rule string) string {
	kind := "member"
	switch rule {
	case "variant/unknown-type":
		kind = "type"
	case "variant/unknown-subtype":
		kind = "subtype"
	case "variant/unknown-kind":
		kind = "block"
	}
	var a matrix.Action
	switch kind {
	case "type":
		a = d.Policy.Type
	case "subtype":
		a = d.Policy.Subtype
	case "block":
		a = d.Policy.Block
	default:
		a = d.Policy.Member
	}
	note := d.PolicyNotes[kind]
	if note == "" {
		return fmt.Sprintf("unknown %s: %s", kind, a)
	}
	return fmt.Sprintf("unknown %s: %s, %s", kind, a, note)
}

func readCause(d *matrix.Dialect, v matrix.Verdict, it *Item) string {
	n := len(it.Variants)
	vs := fmt.Sprintf("%d %s", n, plural(n, "variant", "variants"))
	ends := ""
	if d.EndsOnError && v == matrix.Rejected {
		ends = "; the SDK's stream ends at the first such line, so the rest of the session, the turn's end included, is not seen"
	}
	switch {
	case it.claim == claimTypes && v == matrix.Ignored:
		return fmt.Sprintf("%s's types do not declare %s (the runtime keeps it): %d %s of %s", d.Name, it.Pointer, it.Lines, plural(it.Lines, "member", "members"), vs)
	case it.Consequence == TypesDisagree && v == matrix.Ignored && !it.KeptRaw:
		return fmt.Sprintf("%s does not declare %s, a constant: nothing is lost (%d %s of %s)", d.Name, it.Pointer, it.Lines, plural(it.Lines, "member", "members"), vs)
	case it.Consequence == TypesDisagree && !it.KeptRaw && it.Rule == "schema/required":
		return fmt.Sprintf("%s's types require %s, which %d real %s lack (%s): the runtime reads them, only the types are wrong", d.Name, it.Pointer, it.Lines, plural(it.Lines, "line", "lines"), vs)
	case it.Consequence == TypesDisagree && !it.KeptRaw:
		return fmt.Sprintf("%s's type declarations do not describe %s of %d real %s (%s): the runtime reads them, only the types are wrong", d.Name, it.Pointer, it.Lines, plural(it.Lines, "line", "lines"), vs)
	case it.claim == claimBlock:
		return fmt.Sprintf("one policy: %s %s a block kind it does not know at %s: %d %s of %s are delivered without the block", d.Name, verbOf(d.Policy.Block), it.Pointer, it.Lines, plural(it.Lines, "message", "messages"), vs)
	case it.Rule == "variant/unknown-subtype":
		return fmt.Sprintf("one policy: %s %s a subtype it does not know, so %d %s of %s are %s%s", d.Name, verbOf(d.Policy.Subtype), it.Lines, plural(it.Lines, "line", "lines"), vs, lostWord(v), ends)
	case it.Rule == "variant/unknown-type":
		return fmt.Sprintf("one policy: %s %s a type it does not know, so %d %s of %s are %s%s", d.Name, verbOf(d.Policy.Type), it.Lines, plural(it.Lines, "line", "lines"), vs, lostWord(v), ends)
	case it.Rule == "variant/unknown-kind":
		return fmt.Sprintf("one policy: %s %s a block kind it does not know at %s, so %d %s of %s are %s%s", d.Name, verbOf(d.Policy.Block), it.Pointer, it.Lines, plural(it.Lines, "line", "lines"), vs, lostWord(v), ends)
	case v == matrix.Ignored && it.KeptRaw:
		return fmt.Sprintf("%s does not type %s: kept raw (its reader keeps it as untyped data) in %d %s of %s", d.Name, it.Pointer, it.Lines, plural(it.Lines, "member", "members"), vs)
	case v == matrix.Ignored:
		return fmt.Sprintf("%s does not declare %s: %d %s of %s", d.Name, it.Pointer, it.Lines, plural(it.Lines, "member", "members"), vs)
	}
	at := it.Pointer
	if len(it.Pointers) > 0 {
		at = strings.Join(it.Pointers, ", ")
	}
	what := map[string]string{"schema/required": "requires", "schema/unknown-property": "does not declare", "schema/type": "expects another JSON type at", "schema/enum": "does not know the value at"}[it.Rule]
	if what == "" {
		what = it.Rule + " at"
	}
	return fmt.Sprintf("%s %s %s: %s %d %s of %s%s", d.Name, what, at, string(v), it.Lines, plural(it.Lines, "line", "lines"), vs, ends)
}

// lostWord says what happens to lines of a verdict: rejected lines fail
// the reader, dropped ones vanish.
func lostWord(v matrix.Verdict) string {
	if v == matrix.Rejected {
		return "rejected (the reader fails on them)"
	}
	return "dropped"
}

func verbOf(a matrix.Action) string {
	switch a {
	case matrix.Fail:
		return "fails on"
	case matrix.Skip:
		return "skips"
	}
	return "keeps only raw"
}

// writeItems groups the dialect's rejected writes, and the probes of its
// writes the CLI did not read, by what they answer or request and their
// first finding.
func writeItems(m *matrix.Matrix, d *matrix.Dialect, probes []*probe.File) []*Item {
	byKey := map[string]*Item{}
	var order []string
	for _, w := range m.Writes {
		if w.Dialect != d.Name {
			continue
		}
		res, version := probeOf(probes, d.Name, w.Name)
		read := res != nil && res.Read == probe.ReadYes
		if w.Verdict == matrix.Accepted && (res == nil || res.Read != probe.ReadNo) {
			continue
		}
		what := w.Variant
		answers := ""
		if res != nil {
			answers = res.Answers
		}
		if answers != "" {
			what = "answer to " + answers
		}
		rule, pointer, fmsg := "", "", ""
		if len(w.Findings) > 0 {
			f := w.Findings[0]
			rule, pointer, fmsg = f.Rule, jsonptr.AnyIndex(f.Pointer), f.Message
		}
		key := what + " " + rule + " " + pointer
		if res != nil && res.Read == probe.ReadNo {
			key = what + " " + res.Answer // one cause per answer of the CLI
		}
		it, ok := byKey[key]
		if !ok {
			it = &Item{Side: "writes", Rule: rule, Pointer: pointer}
			byKey[key] = it
			order = append(order, key)
			it.Consequence = writeConsequence(w.Variant, answers, read)
			it.Wire = wireShape(wireVariantOf(w.Variant, answers), pointer)
			var compact bytes.Buffer
			if json.Compact(&compact, w.Message) != nil {
				compact.Reset()
				compact.Write(w.Message)
			}
			it.Evidence = Evidence{Text: clip(compact.String()), Message: fmsg}
			switch {
			case res != nil:
				it.Evidence.Probe = res.ID
				it.Evidence.Answer = answerText(res)
				if read {
					it.Verified = fmt.Sprintf("verified on CLI %s: the CLI reads it (%s); only the types reject it", version, answerText(res))
				} else {
					it.Verified = fmt.Sprintf("verified on CLI %s: %s", version, answerText(res))
				}
			default:
				it.Verified = "inferred from types: no probe of this message has run (protocheck corpus probe)"
			}
			it.Cause = writeCause(d, w, res, read)
		}
		it.Writes = append(it.Writes, w.Name)
	}
	var out []*Item
	for _, k := range order {
		out = append(out, byKey[k])
	}
	return out
}

func writeConsequence(variant, answers string, read bool) Consequence {
	switch {
	case read:
		return TypesDisagree
	case variant == "control_request.initialize":
		return CannotStart
	case answers != "":
		return FlowBroken
	}
	return MessageLost
}

func wireVariantOf(variant, answers string) string {
	if answers != "" {
		return "answer:" + answers
	}
	return variant
}

func writeCause(d *matrix.Dialect, w *matrix.WriteResult, res *probe.Result, read bool) string {
	switch {
	case read:
		return fmt.Sprintf("%s writes %q in a shape sdk.d.ts does not declare, but the CLI reads it", d.Name, w.Name)
	case res != nil && res.Answers != "":
		return fmt.Sprintf("the CLI does not read %s's %s: %s", d.Name, w.Name, answerText(res))
	case res != nil:
		return fmt.Sprintf("the CLI refuses %s's %s: %s", d.Name, w.Name, answerText(res))
	}
	msg := ""
	if len(w.Findings) > 0 {
		msg = w.Findings[0].Message
	}
	return fmt.Sprintf("%s's %s does not match what the CLI reads: %s", d.Name, w.Name, msg)
}

func answerText(r *probe.Result) string {
	if r.Answer == "" {
		return string(r.Outcome)
	}
	return string(r.Outcome) + ": " + r.Answer
}

// probeOf returns the newest probe result of a dialect's write, and the CLI
// version it ran on.
func probeOf(files []*probe.File, dialect, write string) (*probe.Result, string) {
	id := probe.WriteID(dialect, write)
	for i := len(files) - 1; i >= 0; i-- {
		for j := range files[i].Results {
			if r := &files[i].Results[j]; r.ID == id {
				return r, files[i].CLIVersion
			}
		}
	}
	return nil, ""
}

// wireShape describes what the CLI prints or reads at pointer of variant,
// from the wire model's Go types.
func wireShape(variant, pointer string) string {
	switch variant {
	case "answer:can_use_tool":
		return `{"type":"control_response","response":{"subtype":"success","request_id":"<the request's>","response":{"behavior":"allow","updatedInput":{...}}}} or {... "response":{"behavior":"deny","message":"why"}}`
	case "answer:hook_callback":
		return `{"type":"control_response","response":{"subtype":"success","request_id":"<the request's>","response":{"continue":true, "decision":"approve"|"block", "hookSpecificOutput":{...}}}} (every member optional)`
	case "control_request.initialize":
		if strings.Contains(pointer, "/hooks") {
			return `"hooks": {"<HookEvent>": [{"matcher": "<tool name pattern>", "hookCallbackIds": ["<id>"], "timeout": <seconds>}]}`
		}
	}
	v := protocol.ByName(variant)
	if v == nil {
		if variant == "" {
			return "a line the wire model does not know"
		}
		return variant + " is not a variant of the wire"
	}
	desc := v.Name
	if s := v.Subtype; s != "" {
		desc = fmt.Sprintf("type %q, subtype %q", v.Type, s)
	} else {
		desc = fmt.Sprintf("type %q", v.Type)
	}
	if pointer == "" || pointer == "/type" || pointer == "/subtype" || pointer == "/request/subtype" {
		return fmt.Sprintf("%s (%s): %s", desc, v.Doc, memberList(v))
	}
	return fmt.Sprintf("%s, member %s: %s", desc, pointer, memberType(v, pointer))
}

func memberList(v *protocol.Variant) string {
	t := v.GoType()
	var req, opt []string
	for _, f := range reflect.VisibleFields(t) {
		if f.Anonymous || !f.IsExported() {
			continue
		}
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "" || name == "-" {
			continue
		}
		if slices.Contains(strings.Split(f.Tag.Get("jsonschema"), ","), "required") {
			req = append(req, name)
		} else {
			opt = append(opt, name)
		}
	}
	s := "required " + strings.Join(req, ", ")
	if len(opt) > 0 {
		s += fmt.Sprintf("; %d optional", len(opt))
	}
	return s
}

// memberType describes the Go type of the member at pointer, following
// struct fields; it says "see the schema" where it cannot follow.
func memberType(v *protocol.Variant, pointer string) string {
	t := v.GoType()
	toks := strings.Split(strings.TrimPrefix(pointer, "/"), "/")
	if env := v.Envelope(); env != "" && len(toks) > 0 && toks[0] == env {
		toks = toks[1:]
	}
	req := false
	for _, tok := range toks {
		for t.Kind() == reflect.Pointer {
			t = t.Elem()
		}
		switch t.Kind() {
		case reflect.Slice, reflect.Array:
			t = t.Elem()
			continue
		case reflect.Map:
			t = t.Elem()
			continue
		case reflect.Struct:
			f, found := jsonField(t, tok)
			if found {
				t = f.Type
				req = slices.Contains(strings.Split(f.Tag.Get("jsonschema"), ","), "required")
			}
			if !found {
				return noSuchMember + "; " + memberList(v)
			}
		default:
			return "see the schema: protocheck schemas show " + v.Name
		}
	}
	s := goTypeWords(t.String())
	if req {
		return s + ", required"
	}
	return s + ", optional"
}

func goTypeWords(s string) string {
	s = strings.ReplaceAll(s, "protocol.", "")
	s = strings.ReplaceAll(s, "json.RawMessage", "any JSON")
	s = strings.ReplaceAll(s, "[]", "array of ")
	s = strings.ReplaceAll(s, "map[string]", "object of ")
	s = strings.ReplaceAll(s, "*", "")
	return s
}

// openEvidence opens a file of evidence lines (tests count its reads).
var openEvidence = func(name string) (io.ReadCloser, error) { return os.Open(name) }

// readEvidence fills in the text of the items' evidence lines, cut to
// show the member (clipName), reading each file once, front to back, and
// holding one line at a time; an item whose wire shape says the CLI has
// no such member (checkCarries) and whose line carries it says so. A line
// that cannot be read leaves the text empty. (Each item used to read its
// file from the start to its line: items times the file's size.)
func readEvidence(items []*Item) {
	byFile := map[string][]*Item{}
	for _, it := range items {
		if it.Evidence.File != "" && it.Evidence.Line > 0 && it.Evidence.Text == "" {
			byFile[it.Evidence.File] = append(byFile[it.Evidence.File], it)
		}
	}
	for _, file := range slices.Sorted(maps.Keys(byFile)) {
		its := byFile[file]
		slices.SortStableFunc(its, func(a, b *Item) int { return a.Evidence.Line - b.Evidence.Line })
		f, err := openEvidence(file)
		if err != nil {
			continue
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(make([]byte, 0, 64*1024), 16<<20)
		k := 0
		for n := 1; k < len(its) && sc.Scan(); n++ {
			for ; k < len(its) && its[k].Evidence.Line == n; k++ {
				it := its[k]
				it.Evidence.Text = clipAround(sc.Text(), it.clipName)
				if it.checkCarries && it.Evidence.Text != "" && carriesLine(sc.Bytes(), it.Pointer) {
					it.Wire = strings.Replace(it.Wire, noSuchMember, "protocheck's wire model does not declare it, but the CLI sends it (the evidence line carries it)", 1)
				}
			}
		}
		f.Close()
	}
}

// memberName returns the last member name of a pointer ("" for none).
func memberName(pointer string) string {
	toks := strings.Split(pointer, "/")
	for i := len(toks) - 1; i > 0; i-- {
		if t := toks[i]; t != "*" && strings.Trim(t, "0123456789") != "" {
			return strings.NewReplacer("~1", "/", "~0", "~").Replace(t)
		}
	}
	return ""
}

// clipLen caps the evidence shown.
const clipLen = 300

func clip(s string) string { return clipAround(s, "") }

// clipAround cuts s to about clipLen bytes; when s names the member name
// beyond that, the cut keeps it in sight, with … where text is left out.
func clipAround(s, name string) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) <= clipLen {
		return s
	}
	at := -1
	if name != "" {
		at = strings.Index(s, `"`+name+`":`)
	}
	if at < clipLen-len(name)-40 {
		return strings.ToValidUTF8(s[:clipLen], "") + "…"
	}
	head := strings.ToValidUTF8(s[:clipLen/3], "")
	from := max(at-40, clipLen/3)
	to := min(from+clipLen*2/3, len(s))
	out := head + " … " + strings.ToValidUTF8(s[from:to], "")
	if to < len(s) {
		out += "…"
	}
	return out
}

// carriesLine reports whether line has a member at pointer (array
// indexes as * match any item).
func carriesLine(line []byte, pointer string) bool {
	var v any
	if json.Unmarshal(line, &v) != nil {
		return false
	}
	return has(v, strings.Split(strings.TrimPrefix(pointer, "/"), "/"))
}

func has(v any, toks []string) bool {
	if len(toks) == 0 {
		return true
	}
	tok := strings.NewReplacer("~1", "/", "~0", "~").Replace(toks[0])
	switch x := v.(type) {
	case map[string]any:
		c, ok := x[tok]
		return ok && has(c, toks[1:])
	case []any:
		for _, c := range x {
			if has(c, toks[1:]) {
				return true
			}
		}
	}
	return false
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
