// Package report turns what corpus run and the probe suite found about one
// dialect into a fix list its maintainer can act on: findings grouped by
// root cause rather than by variant, ranked by what they cost a session,
// each with the correct wire shape, one evidence line shown inline, the
// lines and variants it accounts for, the ledger's reason, and whether the
// claim was verified on a CLI or inferred from types.
package report

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"reflect"
	"slices"
	"sort"
	"strings"

	"github.com/protocheck/protocheck/corpus/internal/jsonptr"
	"github.com/protocheck/protocheck/corpus/matrix"
	"github.com/protocheck/protocheck/corpus/probe"
	"github.com/protocheck/protocheck/protocol"
)

// A Consequence says what a root cause costs a session; lower is worse.
type Consequence int

// The consequences, worst first.
const (
	CannotStart Consequence = iota + 1
	FlowBroken
	TurnEndUnseen
	MessageLost
	MemberLost
	TypesDisagree
)

var consequenceText = map[Consequence]string{
	CannotStart:   "the session cannot start",
	FlowBroken:    "a permission or hook flow is broken",
	TurnEndUnseen: "the end of a turn is not seen",
	MessageLost:   "a message is lost",
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
	// for a member lost); Variants lists the variants; Writes the
	// dialect's messages it accounts for.
	Lines    int      `json:"lines"`
	Variants []string `json:"variants,omitempty"`
	Writes   []string `json:"writes,omitempty"`
	// KeptRaw says the dialect keeps the members as untyped raw data (see
	// matrix.Dialect.KeptRaw): not lost, only not typed.
	KeptRaw bool `json:"kept_raw,omitempty"`
	// Reason is the ledger's hand-written reason, when it has one.
	Reason string `json:"reason,omitempty"`
	// Verified says how the claim is known: "verified on CLI <v>: ..."
	// or "inferred from types: ...".
	Verified string `json:"verified"`
}

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
	neverFails := d.Policy.Type != matrix.Fail && d.Policy.Subtype != matrix.Fail && d.Policy.Block != matrix.Fail && d.Policy.Member != matrix.Fail
	fl.Items = append(fl.Items, readItems(m, d, ledger, neverFails)...)
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
		return a.Lines+len(a.Writes) > b.Lines+len(b.Writes)
	})
	for i, it := range fl.Items {
		it.Rank = i + 1
	}
	return fl, nil
}

// readConsequence says what losing lines of a variant costs.
func readConsequence(variant string) Consequence {
	switch {
	case variant == "system.init", strings.HasPrefix(variant, "control_response."):
		return CannotStart
	case variant == "control_request.can_use_tool", variant == "control_request.hook_callback", variant == "control_cancel_request":
		return FlowBroken
	case strings.HasPrefix(variant, "result."):
		return TurnEndUnseen
	}
	return MessageLost
}

// readItems groups the dialect's cell reasons by rule and place.
func readItems(m *matrix.Matrix, d *matrix.Dialect, ledger map[string]string, neverFails bool) []*Item {
	byKey := map[string]*Item{}
	var order []string
	for _, c := range m.Cells {
		if c.Dialect != d.Name {
			continue
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
			cons := readConsequence(c.Variant)
			switch {
			case raw:
				cons = TypesDisagree // kept raw: the user gets it, untyped
				it.KeptRaw = true
			case r.Verdict == matrix.Ignored:
				cons = MemberLost
			case neverFails && r.Verdict == matrix.Rejected:
				cons = TypesDisagree
			}
			if cons < it.Consequence {
				it.Consequence = cons
			}
			it.Lines += r.Count
			it.Variants = append(it.Variants, c.Variant)
			p := r.Pointer
			if p == "" {
				p = "/"
			}
			if reason := ledger[strings.Join([]string{d.Name, c.Variant, string(r.Verdict), r.Rule, p}, " ")]; reason != "" && (it.Reason == "" || !generic(reason)) {
				it.Reason = reason
			}
			if it.Evidence.File == "" {
				for _, e := range c.Evidence {
					if e.Verdict == r.Verdict && e.Rule == r.Rule && jsonptr.AnyIndex(e.Pointer) == r.Pointer {
						it.Evidence = Evidence{File: e.File, Line: e.Line, Message: e.Message, Text: readLine(e.File, e.Line)}
						break
					}
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
		it.Cause = readCause(d, matrix.Verdict(v), it)
		it.Wire = wireShape(it.Variants[0], it.Pointer)
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
		}
		out = append(out, it)
	}
	return out
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
	switch {
	case it.Consequence == TypesDisagree:
		return fmt.Sprintf("%s's type declarations do not describe %s of %d real %s (%s): the runtime reads them, only the types are wrong", d.Name, it.Pointer, it.Lines, plural(it.Lines, "line", "lines"), vs)
	case it.Rule == "variant/unknown-subtype":
		return fmt.Sprintf("one policy: %s %s a subtype it does not know, so %d %s of %s are lost", d.Name, verbOf(d.Policy.Subtype), it.Lines, plural(it.Lines, "line", "lines"), vs)
	case it.Rule == "variant/unknown-type":
		return fmt.Sprintf("one policy: %s %s a type it does not know, so %d %s of %s are lost", d.Name, verbOf(d.Policy.Type), it.Lines, plural(it.Lines, "line", "lines"), vs)
	case it.Rule == "variant/unknown-kind":
		return fmt.Sprintf("one policy: %s %s a block kind it does not know at %s, so %d %s of %s are lost", d.Name, verbOf(d.Policy.Block), it.Pointer, it.Lines, plural(it.Lines, "line", "lines"), vs)
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
	return fmt.Sprintf("%s %s %s: %s %d %s of %s", d.Name, what, at, string(v), it.Lines, plural(it.Lines, "line", "lines"), vs)
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
	id := fmt.Sprintf("dialect %s: %s", dialect, write)
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
	for i := range t.NumField() {
		f := t.Field(i)
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
			found := false
			for i := range t.NumField() {
				f := t.Field(i)
				name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
				if name == tok {
					t, found = f.Type, true
					req = slices.Contains(strings.Split(f.Tag.Get("jsonschema"), ","), "required")
					break
				}
			}
			if !found {
				return "the CLI has no such member; " + memberList(v)
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

// readLine returns line n of file, cut, or "" when it cannot be read.
func readLine(file string, n int) string {
	f, err := os.Open(file)
	if err != nil {
		return ""
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 0, 64*1024), 16<<20)
	for i := 1; sc.Scan(); i++ {
		if i == n {
			return clip(sc.Text())
		}
	}
	return ""
}

func clip(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > 300 {
		return strings.ToValidUTF8(s[:300], "") + "…"
	}
	return s
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
