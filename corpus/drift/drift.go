package drift

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"slices"
	"strings"

	"github.com/protocheck/protocheck/corpus/harness"
	"github.com/protocheck/protocheck/corpus/internal/jsonptr"
	"github.com/protocheck/protocheck/corpus/matrix"
	"github.com/protocheck/protocheck/schemas"
	"github.com/protocheck/protocheck/validate"
)

// This file compares two schema sets member by member: protocheck drift.
//
// --from is the reference, the side that writes the messages the CLI
// prints (the wire, or an older CLI); --to is the side whose types read
// them. For the messages an SDK writes to the CLI (direction sdk) the roles
// swap: --to writes and --from reads. A change's severity follows from who
// reads: a member the writer sends that the reader rejects breaks the
// reader (error); a member the reader ignores loses data (warning); what
// the reader accepts beyond what is sent costs nothing (info).

// DriftRule is one kind of change between two schema sets.
type DriftRule struct {
	// ID is the stable rule ID.
	ID string
	// Doc says what the change is.
	Doc string
	// Case says, for the rule catalogue (docs/rules.md), when drift
	// reports the rule, and Fix what to change so that it goes away.
	Case, Fix string
}

// The drift rules.
var (
	DriftVariantMissing = &DriftRule{ID: "compat/variant-missing", Doc: "A variant of --from has no counterpart in --to.",
		Case: "`protocheck drift --from wire --to DIALECT`: a variant the CLI prints that the dialect has no type for.",
		Fix:  "Add the variant to the SDK's types, or make sure its reader skips unknown variants; `protocheck corpus run` shows what it does with the real lines.",
	}
	DriftVariantExtra = &DriftRule{ID: "compat/variant-extra", Doc: "--to has a variant --from does not.",
		Case: "`protocheck drift`: the dialect has a type for a variant the reference does not have (often one an older or newer CLI prints).",
		Fix:  "Usually nothing: reading more than is sent costs nothing (info). Remove the type if the variant is gone for good.",
	}
	DriftMemberMissing = &DriftRule{ID: "compat/member-missing", Doc: "A member of --from is not declared in --to.",
		Case: "`protocheck drift`: a member the writer sends that the reader does not declare. Its severity says what the reader does: error when it rejects the line, warning when it drops the member.",
		Fix:  "Declare the member in the reader's types (optional if the writer sends it only sometimes).",
	}
	DriftMemberExtra = &DriftRule{ID: "compat/member-extra", Doc: "--to declares a member --from does not.",
		Case: "`protocheck drift`: the reader declares a member the writer never sends.",
		Fix:  "Nothing breaks (info); make the member optional in the reader, or remove it, so that its users do not wait for it.",
	}
	DriftRequiredAdded = &DriftRule{ID: "compat/required-added", Doc: "A member optional in --from is required in --to.",
		Case: "`protocheck drift`: a member the writer sends only sometimes is required by the reader, which fails on the lines that lack it.",
		Fix:  "Make the member optional in the reader's types.",
	}
	DriftRequiredRemoved = &DriftRule{ID: "compat/required-removed", Doc: "A member required in --from is optional in --to.",
		Case: "`protocheck drift`: a member the writer always sends is optional in the reader.",
		Fix:  "Usually nothing (info); make it required to simplify the reader's code if the writer guarantees it.",
	}
	DriftTypeChanged = &DriftRule{ID: "compat/type-changed", Doc: "A member's JSON types differ.",
		Case: "`protocheck drift`: the writer and the reader give a member different JSON types (a string against a number).",
		Fix:  "Give the reader's member the writer's types (a union if the writer sends several).",
	}
	DriftEnumNarrowed = &DriftRule{ID: "compat/enum-narrowed", Doc: "--to allows fewer values than --from.",
		Case: "`protocheck drift`: the reader accepts fewer values of a member than the writer sends, and fails on the others.",
		Fix:  "Add the missing values to the reader's enum, or read the member as a plain string.",
	}
	DriftEnumWidened = &DriftRule{ID: "compat/enum-widened", Doc: "--to allows values --from does not.",
		Case: "`protocheck drift`: the reader accepts values the writer never sends.",
		Fix:  "Usually nothing (info): often values of another CLI version.",
	}
	DriftNullableRemoved = &DriftRule{ID: "compat/nullable-removed", Doc: "A member --from allows to be null is not nullable in --to.",
		Case: "`protocheck drift`: the writer sends null for a member the reader does not allow to be null.",
		Fix:  "Make the reader's member nullable (`T | null`, `Option<T>`, a pointer).",
	}
	DriftNullableAdded = &DriftRule{ID: "compat/nullable-added", Doc: "--to allows null where --from does not.",
		Case: "`protocheck drift`: the reader allows null where the writer never sends it.",
		Fix:  "Usually nothing (info).",
	}
	DriftWriteRefused = &DriftRule{ID: "compat/write-refused", Doc: "A message --to writes (its writes.json: a control request, an answer to the CLI's can_use_tool or hook_callback, a user message) does not match what the CLI reads; the change says whether a probe of the real CLI verified it.",
		Case: "`protocheck drift --from wire --to rust`: rusty_claw answers can_use_tool with `{\"allowed\": true}`; the CLI reads `behavior`, and a probe of CLI 2.1.330 saw it refuse the tool call. The change says whether a probe verified it or it is inferred from types.",
		Fix:  "Write the message as the CLI reads it (the change names the member); where a probe shows the CLI reads it anyway (an info), only the types disagree.",
	}
)

// DriftRules lists the drift rules.
var DriftRules = []*DriftRule{DriftVariantMissing, DriftVariantExtra, DriftMemberMissing, DriftMemberExtra,
	DriftRequiredAdded, DriftRequiredRemoved, DriftTypeChanged, DriftEnumNarrowed, DriftEnumWidened,
	DriftNullableRemoved, DriftNullableAdded, DriftWriteRefused}

// A Change is one difference between two schema sets.
type Change struct {
	Rule     string            `json:"rule"`
	Severity validate.Severity `json:"severity"`
	// Side is "read" when the CLI writes the variant and --to reads it,
	// "write" when an SDK writes it and --from (the CLI) reads it.
	Side    string `json:"side"`
	Variant string `json:"variant"`
	// Pointer locates the member: a JSON Pointer, * for array items and
	// [key=value] for the member of a nested union.
	Pointer string `json:"pointer,omitempty"`
	Message string `json:"message"`
	// Also lists the other variants where the same change recurs (a
	// shared sub-schema: content blocks in assistant and user lines, the
	// pending_* arrays of every control answer); the change is one fact.
	Also []string `json:"also,omitempty"`
	// Under lists the other places (array members holding the same
	// sub-schema, such as every pending_* array) where the change recurs
	// below the same items path: the fact is at <under>/*<rest of Pointer>.
	Under []string `json:"under,omitempty"`
	// Write names, for compat/write-refused, the dialect's message.
	Write string `json:"write,omitempty"`
	// Kinds lists, for a change folded over the kinds of one nested union
	// (Pointer then ends in "[type=*]"), the kinds it concerns.
	Kinds []string `json:"kinds,omitempty"`
}

// DriftReport is the result of protocheck drift.
type DriftReport struct {
	ReportVersion int      `json:"report_version"`
	From          string   `json:"from"`
	To            string   `json:"to"`
	Changes       []Change `json:"changes"`
	// Counts counts the changes by severity name.
	Counts map[string]int `json:"counts"`
}

// WriteText writes the report one change a line, then a count.
func (r *DriftReport) WriteText(w io.Writer) error {
	bw := bufio.NewWriter(w)
	for _, c := range r.Changes {
		where := c.Variant
		if c.Pointer != "" {
			where += " " + c.Pointer
		}
		if len(c.Under) > 0 {
			where += fmt.Sprintf(" (also under %s)", strings.Join(c.Under, ", "))
		}
		if len(c.Also) > 0 {
			where += fmt.Sprintf(" (also in %s)", strings.Join(c.Also, ", "))
		}
		fmt.Fprintf(bw, "%s %s %s %s: %s\n", c.Severity, c.Rule, c.Side, validate.Escape(where), validate.Escape(c.Message))
	}
	fmt.Fprintf(bw, "%s -> %s: %d changes: %d errors, %d warnings, %d infos\n", r.From, r.To, len(r.Changes),
		r.Counts["error"], r.Counts["warning"], r.Counts["info"])
	return bw.Flush()
}

// schemaMember is what a schema says of one member path.
type schemaMember struct {
	types      map[string]bool
	required   bool
	nullable   bool
	enum       []string // string values, when the member is a closed set
	hasMembers bool     // the schema declares members or items below it
	mapValues  bool     // the schema takes members of any name (additionalProperties): a map
}

// Drift compares the schema sets of two dialects variant by variant and
// member by member.
func Drift(from, to *matrix.Dialect) (*DriftReport, error) {
	a, err := loadSet(from)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", from.Name, err)
	}
	b, err := loadSet(to)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", to.Name, err)
	}
	r := &DriftReport{ReportVersion: 1, From: from.Name, To: to.Name, Counts: map[string]int{}}
	add := func(rule *DriftRule, sev validate.Severity, side, variant, pointer, msg string) {
		r.Changes = append(r.Changes, Change{Rule: rule.ID, Severity: sev, Side: side, Variant: variant, Pointer: pointer, Message: msg})
	}
	used := map[string]bool{} // variants of --to that stand for one of --from
	for _, v := range a.order {
		side := a.side[v]
		w := b.counterpart(a.kind[v])
		if w == "" {
			act := to.Policy.Type
			if a.kind[v].subtype != "" && b.hasType(a.kind[v].typ) {
				act = to.Policy.Subtype
			}
			sev, what := consequence(act)
			msg := fmt.Sprintf("%s does not know %s: its reader %s these lines", to.Name, v, what)
			if side == "write" {
				sev = validate.Info
				msg = fmt.Sprintf("%s never writes %s", to.Name, v)
			}
			add(DriftVariantMissing, sev, side, v, "", msg)
			continue
		}
		used[w] = true
		am, bm := alignBranches(pruneBranches(a.members(v), b.members(w)), b.members(w))
		paths := slices.Sorted(maps.Keys(am))
		for p := range bm {
			if _, ok := am[p]; !ok {
				paths = append(paths, p)
			}
		}
		slices.Sort(paths)
		// A member one side lacks is one change: its own members follow
		// it in the sorted paths and are not listed again.
		skip := "\x00"
		for _, p := range paths {
			// Below skip, not beside it: /total_cost_usd is not inside
			// /total_cost.
			if p == skip || strings.HasPrefix(p, skip+"/") || strings.HasPrefix(p, skip+"[") {
				continue
			}
			x, y := am[p], bm[p]
			if x == nil || y == nil || y.opaque() {
				skip = p // an opaque member of --to keeps whatever --from puts inside
			}
			if y == nil && side == "read" && mapAt(bm, p) {
				continue // --to reads the object as a map: a member of any name is read (hook event names)
			}
			if x != nil && y != nil && p == "/subtype" && a.kind[v].subtype != "" {
				x = pinned(x, a.kind[v].subtype) // the variant's lines carry its own subtype only
			}
			compareMember(add, side, v, p, x, y, from.Name, to)
		}
	}
	for _, v := range b.order {
		if !used[v] {
			add(DriftVariantExtra, validate.Info, b.side[v], v, "", fmt.Sprintf("%s has %s, which %s does not", to.Name, v, from.Name))
		}
	}
	r.Changes = foldKinds(foldPlaces(foldVariants(r.Changes)))
	if from == matrix.Wire && len(to.Writes) > 0 {
		// What --to writes, checked against what the CLI reads: the
		// payloads of control answers included, which the schemas of the
		// variants cannot say (a control_response does not name what it
		// answers).
		ws, err := matrix.CheckWrites(context.Background(), []*matrix.Dialect{to})
		if err != nil {
			return nil, err
		}
		for _, w := range ws {
			if w.Verdict != matrix.Rejected {
				continue
			}
			f := w.Findings[0]
			var more []string
			for _, g := range w.Findings[1:] {
				more = append(more, g.Rule+" "+g.Pointer)
			}
			msg := fmt.Sprintf("%s writes %q: %s", to.Name, w.Name, f.Message)
			if len(more) > 0 {
				msg += " (and " + strings.Join(more, ", ") + ")"
			}
			variant := w.Variant
			if variant == "" {
				variant = "unknown"
			}
			r.Changes = append(r.Changes, Change{Rule: DriftWriteRefused.ID, Severity: validate.Error, Side: "write", Variant: variant,
				Pointer: f.Pointer, Message: msg + "; " + matrix.InferredFromTypes, Write: w.Name})
		}
	}
	for _, c := range r.Changes {
		r.Counts[c.Severity.String()]++
	}
	return r, nil
}

// pruneBranches returns m without the branches of a union whose key value
// the other side's member at that key does not allow: ts-sdk's user
// message is a MessageParam of any role, the wire's user line has role
// user or assistant, so the system branch describes no line the wire
// reads. m is not changed.
func pruneBranches(m, other map[string]*schemaMember) map[string]*schemaMember {
	var out map[string]*schemaMember
	for p := range m {
		for i := strings.IndexByte(p, '['); i >= 0; {
			end := strings.IndexByte(p[i:], ']')
			eq := strings.IndexByte(p[i:], '=')
			if end < 0 || eq < 0 || eq > end {
				break
			}
			key := other[stripQualifiers(p[:i])+"/"+p[i+1:i+eq]]
			if key != nil && key.enum != nil && !slices.Contains(key.enum, p[i+eq+1:i+end]) {
				if out == nil {
					out = maps.Clone(m)
				}
				delete(out, p)
				break
			}
			next := strings.IndexByte(p[i+1:], '[')
			if next < 0 {
				break
			}
			i += 1 + next
		}
	}
	if out == nil {
		return m
	}
	return out
}

// mapAt reports whether the parent object of path p is a map in m: a
// schema that reads members of any name (additionalProperties).
func mapAt(m map[string]*schemaMember, p string) bool {
	i := strings.LastIndexByte(p, '/')
	if i < 0 {
		return false
	}
	parent := m[p[:i]]
	return parent != nil && parent.mapValues
}

// pinned returns x with its values cut to v: a variant that stands for one
// subtype of a type whose schema lists them all (ts-sdk's SDKResultError)
// carries only its own.
func pinned(x *schemaMember, v string) *schemaMember {
	if !slices.Contains(x.enum, v) {
		return x
	}
	c := *x
	c.enum = []string{v}
	return &c
}

// foldVariants makes one fact of a change that recurs in several variants
// at the same place with the same words (but for the variant's name): the
// first keeps its place, the others are listed in Also.
func foldVariants(cs []Change) []Change {
	type key struct{ rule, side, sev, pointer, msg string }
	return foldBy(cs, func(c Change) (key, bool) {
		if c.Pointer == "" {
			return key{}, false
		}
		return key{c.Rule, c.Side, c.Severity.String(), c.Pointer, strings.ReplaceAll(c.Message, c.Variant, "\x00")}, true
	}, func(first *Change, c Change) {
		first.Also = append(first.Also, c.Variant)
	})
}

// foldPlaces makes one fact of a change that recurs below the items of
// several arrays of one variant with the same words: the items are one
// sub-schema used in several places (the pending_* arrays of a control
// answer). The first keeps its place; the others' array paths go in Under.
func foldPlaces(cs []Change) []Change {
	type key struct{ rule, side, sev, variants, tail, msg string }
	return foldBy(cs, func(c Change) (key, bool) {
		i := strings.Index(c.Pointer, "/*")
		if i <= 0 || len(c.Pointer) == i+2 {
			return key{}, false
		}
		prefix, tail := c.Pointer[:i], c.Pointer[i:]
		return key{c.Rule, c.Side, c.Severity.String(), c.Variant + " " + strings.Join(c.Also, " "), tail, strings.ReplaceAll(c.Message, prefix, "\x00")}, true
	}, func(first *Change, c Change) {
		first.Under = append(first.Under, c.Pointer[:strings.Index(c.Pointer, "/*")])
	})
}

// foldKinds makes one fact of the kinds of one nested union that a dialect
// lacks in the same way: "rust does not declare /message/content/*[type=X]"
// for 22 kinds X is one change listing them.
func foldKinds(cs []Change) []Change {
	type key struct{ rule, side, sev, variants, prefix, verb string }
	kindOf := func(c Change) (kind, prefix string, ok bool) {
		i := strings.LastIndex(c.Pointer, "[type=")
		if c.Rule != DriftMemberMissing.ID || i < 0 || !strings.HasSuffix(c.Pointer, "]") {
			return "", "", false
		}
		return c.Pointer[i+len("[type=") : len(c.Pointer)-1], c.Pointer[:i], true
	}
	out := foldBy(cs, func(c Change) (key, bool) {
		_, prefix, ok := kindOf(c)
		if !ok {
			return key{}, false
		}
		verb := strings.ReplaceAll(c.Message, c.Pointer, "\x00")
		return key{c.Rule, c.Side, c.Severity.String(), c.Variant + " " + strings.Join(c.Also, " "), prefix, verb}, true
	}, func(first *Change, c Change) {
		if first.Kinds == nil {
			k, _, _ := kindOf(*first)
			first.Kinds = []string{k}
		}
		k, _, _ := kindOf(c)
		first.Kinds = append(first.Kinds, k)
	})
	for i := range out {
		c := &out[i]
		if len(c.Kinds) < 2 {
			c.Kinds = nil
			continue
		}
		old := c.Pointer
		j := strings.LastIndex(old, "[type=")
		c.Pointer = old[:j] + "[type=*]"
		c.Message = strings.Replace(c.Message, old, fmt.Sprintf("%d kinds of %s (%s)", len(c.Kinds), old[:j], strings.Join(c.Kinds, ", ")), 1)
		if m, ok := strings.CutSuffix(c.Message, " it"); ok {
			c.Message = m + " them"
		}
	}
	return out
}

// foldBy keeps the changes in order and merges each change whose key it
// has met before into the first with that key; a change key declines
// (false) is kept as it is.
func foldBy[K comparable](cs []Change, key func(Change) (K, bool), merge func(first *Change, c Change)) []Change {
	at := map[K]int{}
	var out []Change
	for _, c := range cs {
		k, ok := key(c)
		if !ok {
			out = append(out, c)
			continue
		}
		if i, seen := at[k]; seen {
			merge(&out[i], c)
			continue
		}
		at[k] = len(out)
		out = append(out, c)
	}
	return out
}

// compareMember adds the changes of one member path; x (in --from) or y
// (in --to) is nil when the other set lacks the member. On the read side
// --to reads what --from writes; on the write side the other way round.
func compareMember(add func(*DriftRule, validate.Severity, string, string, string, string), side, v, p string, x, y *schemaMember, from string, toDialect *matrix.Dialect) {
	to := toDialect.Name
	// reader, writer are the severities of a change that breaks, or does
	// not break, the side that reads.
	brk, lose, fine := validate.Error, validate.Warning, validate.Info
	if side == "write" {
		brk, lose, fine = validate.Error, validate.Info, validate.Warning
	}
	switch {
	case y == nil:
		// What the reader does with it is its policy for a nested kind (a
		// union member) or for a member.
		act := toDialect.Policy.Member
		if strings.HasSuffix(p, "]") {
			act = toDialect.Policy.Block
		}
		sev, what := consequence(act)
		if act != matrix.Fail {
			sev = lose
		}
		msg := fmt.Sprintf("%s does not declare %s: its reader %s it", to, p, strings.TrimSuffix(what, " of"))
		if side == "read" && act != matrix.Fail && toDialect.KeepsRaw(v, p) {
			sev = validate.Info
			msg = fmt.Sprintf("%s does not declare %s: kept raw (its reader keeps undeclared members of %s as untyped data)", to, p, v)
		}
		if side == "write" {
			sev = fine
			msg = fmt.Sprintf("%s never writes %s", to, p)
			if x.required {
				sev = brk
				msg = fmt.Sprintf("%s never writes %s, which %s requires", to, p, from)
			}
		}
		add(DriftMemberMissing, sev, side, v, p, msg)
		return
	case x == nil:
		sev := validate.Info
		msg := fmt.Sprintf("%s declares %s, which %s does not have", to, p, from)
		if y.required && side == "read" {
			sev = brk
			msg = fmt.Sprintf("%s requires %s, which %s never sends", to, p, from)
		} else if side == "write" {
			sev = brk
			msg = fmt.Sprintf("%s writes %s, which %s does not read", to, p, from)
		}
		add(DriftMemberExtra, sev, side, v, p, msg)
		return
	}
	if !x.required && y.required {
		sev := brk
		if side == "write" {
			sev = validate.Info
		}
		add(DriftRequiredAdded, sev, side, v, p, fmt.Sprintf("%s requires %s, which %s may leave out", to, p, from))
	}
	if x.required && !y.required {
		sev := validate.Info
		if side == "write" {
			sev = brk
		}
		add(DriftRequiredRemoved, sev, side, v, p, fmt.Sprintf("%s requires %s; %s has it optional", from, p, to))
	}
	if x.opaque() && !y.opaque() {
		add(DriftTypeChanged, pick(side, validate.Warning, validate.Info), side, v, p, fmt.Sprintf("%s is free-form in %s but %s in %s", p, from, typeList(y.types), to))
	} else if y.opaque() {
		// --to takes any value here: nothing to compare.
	} else if x.types["number"] && !x.types["integer"] && y.types["integer"] && len(setMinus(x.types, withNumber(y.types))) == 0 {
		// Only number against integer: TypeScript has no integer type, so
		// this is a narrowing every TS-derived set shows.
		add(DriftTypeChanged, pick(side, validate.Warning, validate.Info), side, v, p, fmt.Sprintf("%s is any number in %s but an integer in %s", p, from, to))
	} else if missing := setMinus(x.types, y.types); len(missing) > 0 {
		sev := brk
		if side == "write" {
			sev = validate.Info
		}
		add(DriftTypeChanged, sev, side, v, p, fmt.Sprintf("%s is %s in %s but %s in %s", p, typeList(x.types), from, typeList(y.types), to))
	} else if extra := setMinus(y.types, x.types); len(extra) > 0 {
		sev := validate.Info
		if side == "write" {
			sev = brk
		}
		add(DriftTypeChanged, sev, side, v, p, fmt.Sprintf("%s is %s in %s but %s in %s", p, typeList(x.types), from, typeList(y.types), to))
	}
	if y.opaque() && side == "read" {
		return // --to reads any value here, null and every value included
	}
	if x.nullable && !y.nullable {
		add(DriftNullableRemoved, pick(side, brk, validate.Info), side, v, p, fmt.Sprintf("%s may be null in %s, not in %s", p, from, to))
	}
	if !x.nullable && y.nullable {
		add(DriftNullableAdded, pick(side, validate.Info, brk), side, v, p, fmt.Sprintf("%s may be null in %s, not in %s", p, to, from))
	}
	switch {
	case x.enum == nil || y.enum == nil:
		if x.enum == nil && y.enum != nil && x.types["string"] {
			add(DriftEnumNarrowed, pick(side, brk, validate.Info), side, v, p, fmt.Sprintf("%s allows only %s in %s; any string in %s", p, strings.Join(y.enum, ", "), to, from))
		}
	default:
		if gone := listMinus(x.enum, y.enum); len(gone) > 0 {
			add(DriftEnumNarrowed, pick(side, brk, validate.Info), side, v, p, fmt.Sprintf("%s lacks %s in %s", p, strings.Join(gone, ", "), to))
		}
		if more := listMinus(y.enum, x.enum); len(more) > 0 {
			add(DriftEnumWidened, pick(side, validate.Info, brk), side, v, p, fmt.Sprintf("%s allows %s in %s, not in %s", p, strings.Join(more, ", "), to, from))
		}
	}
}

// alignBranches makes two flattened variants comparable where one models a
// value as a union dispatched on a key (paths with [key=value]) and the
// other as one object (paths without): the union's branches are merged
// into one object, a member required only when every branch requires it.
func alignBranches(a, b map[string]*schemaMember) (map[string]*schemaMember, map[string]*schemaMember) {
	pa, pb := qualifierPlaces(a), qualifierPlaces(b)
	return mergeBranches(a, pb), mergeBranches(b, pa)
}

// qualifierPlaces returns the places "<path>[key=" where m dispatches, the
// path written without qualifiers, so that places compare whichever unions
// the other side dispatches on above them.
func qualifierPlaces(m map[string]*schemaMember) map[string]bool {
	out := map[string]bool{}
	for p := range m {
		for i := strings.IndexByte(p, '['); i >= 0; {
			if eq := strings.IndexByte(p[i:], '='); eq > 0 {
				out[stripQualifiers(p[:i+eq+1])] = true
			}
			next := strings.IndexByte(p[i+1:], '[')
			if next < 0 {
				break
			}
			i += 1 + next
		}
	}
	return out
}

// stripQualifiers returns p without its [key=value] qualifiers, keeping a
// last open "[key=".
func stripQualifiers(p string) string {
	var b strings.Builder
	for {
		i := strings.IndexByte(p, '[')
		if i < 0 {
			b.WriteString(p)
			return b.String()
		}
		end := strings.IndexByte(p[i:], ']')
		if end < 0 {
			b.WriteString(p)
			return b.String()
		}
		b.WriteString(p[:i])
		p = p[i+end+1:]
	}
}

// mergeBranches drops from the paths of m every qualifier whose place the
// other side does not dispatch on, merging the branches.
func mergeBranches(m map[string]*schemaMember, other map[string]bool) map[string]*schemaMember {
	out := map[string]*schemaMember{}
	branches := map[string]map[string]bool{} // merged path -> the branches it was seen in
	places := map[string]map[string]bool{}   // place -> its branch values
	for p, x := range m {
		q, branch, from := p, "", 0
		node := false // p is a branch itself, not a member of one: it says nothing of required
		for {
			i := strings.IndexByte(q[from:], '[')
			if i < 0 {
				break
			}
			i += from
			end := strings.IndexByte(q[i:], ']')
			eq := strings.IndexByte(q[i:], '=')
			if end < 0 || eq < 0 || eq > end {
				break
			}
			if other[stripQualifiers(q[:i+eq+1])] {
				from = i + end + 1 // both sides dispatch here: keep it
				continue
			}
			if places[q[:i]] == nil {
				places[q[:i]] = map[string]bool{}
			}
			places[q[:i]][q[i+eq+1:i+end]] = true
			branch += q[i : i+end+1]
			node = node || i+end+1 == len(q)
			q = q[:i] + q[i+end+1:]
			from = i
		}
		y := out[q]
		if y == nil {
			y = &schemaMember{types: map[string]bool{}, required: true}
			out[q] = y
			branches[q] = map[string]bool{}
		}
		for t := range x.types {
			y.types[t] = true
		}
		for _, e := range x.enum {
			if !slices.Contains(y.enum, e) {
				y.enum = append(y.enum, e)
			}
		}
		slices.Sort(y.enum)
		y.nullable = y.nullable || x.nullable
		y.hasMembers = y.hasMembers || x.hasMembers
		y.mapValues = y.mapValues || x.mapValues
		if node {
			continue
		}
		y.required = y.required && x.required
		branches[q][branch] = true
	}
	// A member seen in fewer branches than its union has is optional; so is
	// one seen only as a branch node, which says nothing of required.
	for q, seen := range branches {
		if len(seen) == 0 {
			out[q].required = false
			continue
		}
		for place, values := range places {
			// Only a member of the branch itself: below it, required
			// says what an object that is there must hold.
			rest, ok := strings.CutPrefix(q, place)
			direct := ok && strings.HasPrefix(rest, "/") && !strings.Contains(rest[1:], "/")
			if direct && len(seen) < len(values) && len(seen) > 0 && !seen[""] {
				out[q].required = false
			}
		}
	}
	return out
}

// consequence returns the severity and the words for what a reader does
// with what it does not know under an action.
func consequence(a matrix.Action) (validate.Severity, string) {
	switch a {
	case matrix.Fail:
		return validate.Error, "fails on"
	case matrix.Raw:
		return validate.Warning, "keeps only a raw copy of"
	}
	return validate.Warning, "drops"
}

// hasType reports whether the set has a variant of type typ.
func (s *schemaSet) hasType(typ string) bool {
	for _, k := range s.kind {
		if k.typ == typ {
			return true
		}
	}
	return false
}

// pick returns read on the read side and write on the write side.
func pick(side string, read, write validate.Severity) validate.Severity {
	if side == "write" {
		return write
	}
	return read
}

// withNumber returns t with "number" added where it has "integer".
func withNumber(t map[string]bool) map[string]bool {
	out := maps.Clone(t)
	if out["integer"] {
		out["number"] = true
	}
	return out
}

func setMinus(a, b map[string]bool) []string {
	var out []string
	for k := range a {
		if !b[k] {
			out = append(out, k)
		}
	}
	slices.Sort(out)
	return out
}

func listMinus(a, b []string) []string {
	var out []string
	for _, s := range a {
		if !slices.Contains(b, s) {
			out = append(out, s)
		}
	}
	return out
}

func typeList(t map[string]bool) string {
	if len(t) == 0 {
		return "any type"
	}
	return strings.Join(slices.Sorted(maps.Keys(t)), " or ")
}

// schemaSet is one schema set read for comparison.
type schemaSet struct {
	defs  map[string]any    // the union's $defs
	order []string          // variant names, in index order
	side  map[string]string // variant -> "read" or "write"
	kind  map[string]variantKind
	memo  map[string]map[string]*schemaMember
}

// variantKind is a variant's name and discriminators.
type variantKind struct {
	name, typ, subtype, marker string
}

// counterpart returns the variant of s that reads lines of kind k: the one
// of the same name, else the one of the same type and subtype, else the
// type's catch-all (no subtype, no marker); "" when there is none.
func (s *schemaSet) counterpart(k variantKind) string {
	if _, ok := s.kind[k.name]; ok {
		return k.name
	}
	var all string
	for _, name := range s.order {
		o := s.kind[name]
		switch {
		case o.typ != k.typ:
		case o.subtype == k.subtype && o.marker == k.marker:
			return name
		case o.subtype == "" && o.marker == "":
			all = name
		}
	}
	return all
}

func loadSet(d *matrix.Dialect) (*schemaSet, error) {
	idx, err := d.SchemaIndex()
	if err != nil {
		return nil, err
	}
	fsys := d.Schemas
	if fsys == nil {
		fsys = schemas.FS
	}
	file := idx.Union[string(validate.ProfileTolerant)]
	if file == "" {
		return nil, fmt.Errorf("the schema set has no tolerant profile")
	}
	data, err := fs.ReadFile(fsys, file)
	if err != nil {
		return nil, err
	}
	var doc map[string]any
	if err := json.Unmarshal(data, &doc); err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	// Compare unions as the validator reads them: branch by branch.
	schemas.Lower(doc)
	defs, _ := doc["$defs"].(map[string]any)
	s := &schemaSet{defs: defs, side: map[string]string{}, kind: map[string]variantKind{}, memo: map[string]map[string]*schemaMember{}}
	for _, v := range idx.Variants {
		if def := v.Definition(); def != v.Name && defs != nil {
			defs[v.Name] = defs[def] // members(v) looks a variant up by its name
		}
		s.order = append(s.order, v.Name)
		k := variantKind{name: v.Name, typ: v.Type}
		if v.Subtype != nil {
			k.subtype = *v.Subtype
		}
		if v.Marker != nil {
			k.marker = *v.Marker
		}
		s.kind[v.Name] = k
		s.side[v.Name] = "read"
		if v.Direction == "sdk" {
			s.side[v.Name] = "write"
		}
	}
	return s, nil
}

// members flattens the schema of variant v into member paths.
func (s *schemaSet) members(v string) map[string]*schemaMember {
	if m, ok := s.memo[v]; ok {
		return m
	}
	out := map[string]*schemaMember{}
	s.walk(s.defs[v], "", out, map[string]bool{}, 0)
	delete(out, "")
	// A union reached through an envelope (a control request's body) has
	// every branch; the variant pins its own: drop the others.
	for p := range out {
		for i := strings.IndexByte(p, '['); i >= 0; {
			end := strings.IndexByte(p[i:], ']')
			eq := strings.IndexByte(p[i:], '=')
			if end < 0 || eq < 0 || eq > end {
				break
			}
			key := out[p[:i]+"/"+p[i+1:i+eq]]
			if key != nil && key.enum != nil && !slices.Contains(key.enum, p[i+eq+1:i+end]) {
				delete(out, p)
				break
			}
			next := strings.IndexByte(p[i+1:], '[')
			if next < 0 {
				break
			}
			i += 1 + next
		}
	}
	s.memo[v] = out
	return out
}

// maxDriftDepth bounds the nesting the comparison follows.
const maxDriftDepth = 40

// walk records the members the schema sch declares under path at.
func (s *schemaSet) walk(sch any, at string, out map[string]*schemaMember, refs map[string]bool, depth int) {
	m, ok := sch.(map[string]any)
	if !ok || depth > maxDriftDepth {
		return
	}
	if ref, ok := m["$ref"].(string); ok {
		name := strings.TrimPrefix(ref, "#/$defs/")
		if !refs[name] {
			refs[name] = true
			s.walk(s.resolve(name), at, out, refs, depth+1)
			delete(refs, name)
		}
	}
	here := out[at]
	if here == nil {
		here = &schemaMember{types: map[string]bool{}}
		out[at] = here
	}
	switch t := m["type"].(type) {
	case string:
		addType(here, t)
	case []any:
		for _, x := range t {
			if ts, ok := x.(string); ok {
				addType(here, ts)
			}
		}
	}
	if c, ok := m["const"]; ok {
		switch c := c.(type) {
		case string:
			if !slices.Contains(here.enum, c) {
				here.enum = append(here.enum, c)
			}
			addType(here, "string")
		case bool:
			addType(here, "boolean")
		}
	}
	if e, ok := m["enum"].([]any); ok {
		for _, x := range e {
			switch x := x.(type) {
			case string:
				if !slices.Contains(here.enum, x) {
					here.enum = append(here.enum, x)
				}
			case nil:
				here.nullable = true
			}
		}
		slices.Sort(here.enum)
	}
	for _, key := range []string{"anyOf", "oneOf", "allOf"} {
		list, _ := m[key].([]any)
		var alts []map[string]*schemaMember // the branches of an anyOf or oneOf
		for _, c := range list {
			if cm, ok := c.(map[string]any); ok && cm["if"] != nil {
				s.walkBranch(cm, at, out, refs, depth)
				continue
			}
			if key == "allOf" || len(list) == 1 {
				s.walk(c, at, out, refs, depth+1)
				continue
			}
			alt := map[string]*schemaMember{}
			s.walk(c, at, alt, refs, depth+1)
			alts = append(alts, alt)
		}
		mergeAlternatives(out, at, alts)
	}
	// A schema-valued additionalProperties reads members of any name: a
	// map. A bare true is the tolerant profile saying it takes members it
	// does not list (reflect writes it on every open object, for
	// generators that read its absence as "closed"): it declares nothing,
	// so a member it does not list is still one its reader does not know.
	if ap, ok := m["additionalProperties"].(map[string]any); ok && ap != nil {
		here.mapValues, here.hasMembers = true, true
	}
	if pp, ok := m["patternProperties"].(map[string]any); ok && len(pp) > 0 {
		here.mapValues, here.hasMembers = true, true
	}
	required, _ := m["required"].([]any)
	if props, ok := m["properties"].(map[string]any); ok {
		here.hasMembers = here.hasMembers || len(props) > 0
		for name, p := range props {
			child := at + "/" + jsonptr.Escape(name)
			s.walk(p, child, out, refs, depth+1)
			if cm := out[child]; cm != nil && slices.Contains(required, any(name)) {
				cm.required = true
			}
		}
	}
	if items, ok := m["items"]; ok {
		here.hasMembers = true
		s.walk(items, at+"/*", out, refs, depth+1)
	}
}

// resolve returns the schema a $ref names below #/$defs/: a definition, or
// a place inside one ("ToolInfo/properties/name"), or nil.
func (s *schemaSet) resolve(name string) any {
	toks := strings.Split(name, "/")
	var cur any = s.defs[toks[0]]
	for _, t := range toks[1:] {
		m, ok := cur.(map[string]any)
		if !ok {
			return nil
		}
		cur = m[strings.ReplaceAll(strings.ReplaceAll(t, "~1", "/"), "~0", "~")]
	}
	return cur
}

// mergeAlternatives adds the members the branches of an anyOf or oneOf
// declare to out: their types, values and members joined, a member
// required only where every branch requires it (a tool given as a string
// or as an object with a required name: the name is not required).
func mergeAlternatives(out map[string]*schemaMember, at string, alts []map[string]*schemaMember) {
	for i, alt := range alts {
		for p, am := range alt {
			m := out[p]
			if m == nil {
				m = &schemaMember{types: map[string]bool{}}
				out[p] = m
				// Required where every other branch that has the object
				// holding it requires it too: a branch without that object
				// (a string where the others have an array) says nothing.
				m.required = am.required && p != at
				parent := p[:max(strings.LastIndexByte(p, '/'), 0)]
				for j, other := range alts {
					if j == i {
						continue
					}
					if o := other[p]; o != nil && !o.required || o == nil && other[parent] != nil {
						m.required = false
					}
				}
			}
			for t := range am.types {
				m.types[t] = true
			}
			m.nullable = m.nullable || am.nullable
			m.hasMembers = m.hasMembers || am.hasMembers
			m.mapValues = m.mapValues || am.mapValues
			for _, e := range am.enum {
				if !slices.Contains(m.enum, e) {
					m.enum = append(m.enum, e)
				}
			}
			slices.Sort(m.enum)
		}
	}
}

// walkBranch follows one if/then branch of a union dispatch: the members of
// the branch for value V of key K live under at[K=V].
func (s *schemaSet) walkBranch(b map[string]any, at string, out map[string]*schemaMember, refs map[string]bool, depth int) {
	cond, _ := b["if"].(map[string]any)
	props, _ := cond["properties"].(map[string]any)
	for key, p := range props {
		pm, _ := p.(map[string]any)
		if v, ok := pm["const"]; ok && len(props) == 1 {
			at = fmt.Sprintf("%s[%s=%v]", at, key, v)
		}
	}
	s.walk(b["then"], at, out, refs, depth+1)
}

// opaque reports whether the schema puts no constraint on the member's
// value: no type, no values, no members (a json.RawMessage, an "any").
func (m *schemaMember) opaque() bool {
	return len(m.types) == 0 && m.enum == nil && !m.nullable && !m.hasMembers
}

func addType(m *schemaMember, t string) {
	if t == "null" {
		m.nullable = true
		return
	}
	if t == "integer" && m.types["number"] {
		return
	}
	m.types[t] = true
}

// HoldToSDK checks the read-side claims of a report from the wire to a
// model ("its reader drops it", "fails on it", "does not know ... these
// lines") against what the model's real SDK did with the lines that carry
// them (ag, from matrix.CompareModel), and returns each claim the SDK's
// own code contradicts. A claim no captured line shows is not judged.
func (r *DriftReport) HoldToSDK(ag *matrix.Agreement) []string {
	type at struct{ variant, pointer string }
	members := map[at]*matrix.SDKOutcome{} // undeclared members, by variant and place
	lines := map[string]map[harness.Verdict]int{}
	for _, o := range ag.Outcomes {
		switch {
		case o.Reason.Verdict == matrix.Ignored:
			k := at{o.Variant, o.Reason.Pointer}
			if members[k] == nil {
				members[k] = &matrix.SDKOutcome{Member: map[string]int{}}
			}
			for f, n := range o.Member {
				members[k].Member[f] += n
			}
			members[k].Lines += o.Lines
		case o.Reason.Rule == validate.RuleUnknownType.ID || o.Reason.Rule == validate.RuleUnknownSubtype.ID:
			if lines[o.Variant] == nil {
				lines[o.Variant] = map[harness.Verdict]int{}
			}
			for v, n := range o.Verdicts {
				lines[o.Variant][v] += n
			}
		}
	}
	var out []string
	for _, c := range r.Changes {
		if c.Side != "read" || c.Severity == validate.Info {
			continue
		}
		for _, v := range append([]string{c.Variant}, c.Also...) {
			switch c.Rule {
			case DriftMemberMissing.ID:
				o := members[at{v, jsonptr.AnyIndex(stripQualifiers(c.Pointer))}]
				if o == nil {
					continue
				}
				if n := o.Member["kept"] + o.Member["raw"]; n > 0 && strings.Contains(c.Message, "drops it") {
					out = append(out, fmt.Sprintf("%s %s %s: %q, but %s kept it on %d lines", r.To, v, c.Pointer, c.Message, ag.SDK, n))
				}
			case DriftVariantMissing.ID:
				vs := lines[v]
				if vs == nil {
					continue
				}
				want := harness.Dropped
				if strings.Contains(c.Message, "fails on") {
					want = harness.Rejected
				}
				total := 0
				for _, n := range vs {
					total += n
				}
				if vs[want] != total {
					out = append(out, fmt.Sprintf("%s %s: %q, but %s %s %d of %d lines", r.To, v, c.Message, ag.SDK, want, vs[want], total))
				}
			}
		}
	}
	return out
}
