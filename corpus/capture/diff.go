package capture

import (
	"bufio"
	"bytes"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/protocheck/protocheck/corpus/internal/jsonptr"
	"github.com/protocheck/protocheck/protocol"
	"github.com/protocheck/protocheck/validate"
)

// A VolatileVariant is a variant whose lines the CLI prints a varying
// number of times, at varying places, from one run of the same scenario to
// the next. Diff does not align such lines with the rest of the transcript:
// it checks that the variant is present in both transcripts or in neither,
// and compares the merged structure of all its lines (see Diff).
type VolatileVariant struct {
	// Variant is the variant's name as Kind.String gives it ("system/status").
	Variant string
	// Why says what makes its count or place vary.
	Why string
}

// VolatileVariants lists the variants that are volatile in every scenario.
// A scenario adds its own with Scenario.Volatile.
var VolatileVariants = []*VolatileVariant{
	{"system/thinking_tokens", "printed on a timer while thinking streams, so the count depends on how the stream's chunks fall in time"},
	{"system/status", "printed when the CLI's status changes; some changes (requesting) are only seen when a request is slow enough"},
	{"system/hook_progress", "printed on a timer while a hook runs, so the count depends on the hook's speed"},
	{"keep_alive", "printed on a timer to keep the pipe busy"},
	{"rate_limit_event", "printed when rate-limit headers change, which depends on timing"},
}

// A MapMember is an object member whose keys are data (model names, agent
// types), not protocol members. Diff merges the shapes of its values
// instead of comparing its keys.
type MapMember struct {
	// Pointer is the member's JSON Pointer, with "*" for any array index.
	Pointer string
	// Why says what its keys are.
	Why string
}

// MapMembers lists the members whose keys are data.
var MapMembers = []*MapMember{
	{"/modelUsage", "keyed by model name; side requests may add a small model"},
	{"/model_usage_since_last_result", "keyed by model name, like modelUsage"},
	{"/subagent_stats/by_type", "keyed by subagent type"},
}

// A RacyMember is a member that the CLI prints either null or with a value
// depending on a race inside the CLI, not on the scenario. Diff compares its
// type with null left out on both sides.
type RacyMember struct {
	// Variant is the variant of the lines ("assistant").
	Variant string
	// Pointer is the member's JSON Pointer, with "*" for any array index.
	Pointer string
	// Why says what the race is.
	Why string
}

// RacyMembers lists the members whose nullness is a race.
var RacyMembers = []*RacyMember{
	{"assistant", "/message/stop_reason", "the CLI prints an assistant line when a content block ends; whether it has already read " +
		"message_delta, which carries the stop reason, depends on how the stream's events fall into reads (seen with 2.0.20)"},
}

// A RacyVariant is a variant that the CLI prints or not depending on a race
// inside the CLI, not on the scenario. Diff treats it as volatile, and its
// absence from either transcript is not drift.
type RacyVariant struct {
	// Variant is the variant's name as Kind.String gives it.
	Variant string
	// Why says what the race is.
	Why string
}

// RacyVariants lists the variants whose presence is a race.
var RacyVariants = []*RacyVariant{
	{"system/ui_invalidate", "printed (not in sdk.d.ts) when installing plugins asks for a UI render; whether it comes depends " +
		"on timing: 2 runs in 12 of plugin_install with 2.1.330, four at a time, none in 10 alone"},
}

// DiffOptions say how to compare a fresh capture with its golden.
type DiffOptions struct {
	// Golden and Fresh name the two transcripts in findings.
	Golden, Fresh string
	// Volatile adds variants to VolatileVariants.
	Volatile []string
	// Concurrent compares the lines of each thread and kind as their own
	// sequence, ignoring how the sequences interleave (Scenario.Concurrent).
	Concurrent bool
}

// Diff compares a fresh transcript with its golden structurally: the
// sequence of variants, the members of each line and their JSON types, not
// their values.
//
// Lines are aligned on their variant, refined by the kind of what they carry
// (the stream event and delta type of a stream_event, the first content
// block's type of an assistant or user line), with a longest common
// subsequence. A fresh line that aligns with nothing is drift/variant-added
// (File is opts.Fresh, Line its line); a golden line that aligns with
// nothing is drift/variant-removed. Aligned lines are compared member by
// member: drift/key-added, drift/key-removed (only the outermost member of
// an added or removed subtree is reported) and drift/type-changed (null is
// a type of its own). These findings carry the golden's file and line and
// the member's JSON Pointer in the golden line.
//
// The items of an array are merged into one shape, so that a longer or
// shorter list (more tools, more content blocks) is not drift, while a new
// member in any item is; an array empty on one side is compared by type
// only. Members listed in MapMembers are compared the same way, by their
// values only. Members listed in RacyMembers may be null on one side.
// Volatile variants (VolatileVariants and opts.Volatile) are taken out of
// the alignment: each must be present in both transcripts or in neither
// (else variant-added or -removed at its first line), and the merged shape
// of all its lines is compared as above. Variants in RacyVariants are
// volatile too, and may be missing from either transcript.
//
// The error reports a line that is not a JSON object.
func Diff(golden, fresh []byte, opts DiffOptions) (validate.Findings, error) {
	gl, err := diffLines(golden, opts.Golden)
	if err != nil {
		return nil, err
	}
	fl, err := diffLines(fresh, opts.Fresh)
	if err != nil {
		return nil, err
	}
	volatile, racy := map[string]bool{}, map[string]bool{}
	for _, v := range VolatileVariants {
		volatile[v.Variant] = true
	}
	for _, v := range RacyVariants {
		volatile[v.Variant], racy[v.Variant] = true, true
	}
	for _, v := range opts.Volatile {
		volatile[v] = true
	}
	var fs validate.Findings
	split := func(ls []*dline) (seq []*dline, vol map[string][]*dline) {
		vol = map[string][]*dline{}
		for _, l := range ls {
			if volatile[l.variant] {
				vol[l.variant] = append(vol[l.variant], l)
			} else {
				seq = append(seq, l)
			}
		}
		return seq, vol
	}
	gseq, gvol := split(gl)
	fseq, fvol := split(fl)

	var ops []alignOp
	if opts.Concurrent {
		ops = alignGroups(gseq, fseq)
	} else {
		ops = align(gseq, fseq)
	}
	for _, op := range ops {
		switch {
		case op.g == nil:
			fs = append(fs, lineFinding(validate.RuleDriftVariantAdded, opts.Fresh, op.f, "a %s line the golden does not have here", op.f.key))
		case op.f == nil:
			fs = append(fs, lineFinding(validate.RuleDriftVariantRemoved, opts.Golden, op.g, "the golden's %s line is missing", op.g.key))
		default:
			fs = append(fs, compareShapes(opts.Golden, op.g, shapeOf(op.g.val), shapeOf(op.f.val))...)
		}
	}
	for _, name := range slices.Sorted(keysOf(gvol, fvol)) {
		g, f := gvol[name], fvol[name]
		switch {
		case racy[name] && (len(g) == 0 || len(f) == 0):
			// Present on one side only: the race went the other way.
		case len(f) == 0:
			fs = append(fs, lineFinding(validate.RuleDriftVariantRemoved, opts.Golden, g[0], "the golden has %d %s line(s) (volatile: count and place not compared) and the fresh capture none", len(g), name))
		case len(g) == 0:
			fs = append(fs, lineFinding(validate.RuleDriftVariantAdded, opts.Fresh, f[0], "%d %s line(s) (volatile: count and place not compared) and the golden none", len(f), name))
		default:
			gs, fsh := shapeOf(g[0].val), shapeOf(f[0].val)
			for _, l := range g[1:] {
				gs.merge(shapeOf(l.val))
			}
			for _, l := range f[1:] {
				fsh.merge(shapeOf(l.val))
			}
			fs = append(fs, compareShapes(opts.Golden, g[0], gs, fsh)...)
		}
	}
	sort.SliceStable(fs, func(i, j int) bool {
		if fs[i].File != fs[j].File {
			return fs[i].File == opts.Golden
		}
		return fs[i].Line < fs[j].Line
	})
	return fs, nil
}

func keysOf(ms ...map[string][]*dline) func(func(string) bool) {
	seen := map[string]bool{}
	for _, m := range ms {
		for k := range m {
			seen[k] = true
		}
	}
	return func(yield func(string) bool) {
		for k := range seen {
			if !yield(k) {
				return
			}
		}
	}
}

// A dline is one line of a transcript being compared.
type dline struct {
	n       int    // 1-based line number
	variant string // Kind.String()
	key     string // variant refined by what the line carries
	val     *value
}

func diffLines(data []byte, file string) ([]*dline, error) {
	var out []*dline
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 64<<20)
	for n := 1; sc.Scan(); n++ {
		if len(bytes.TrimSpace(sc.Bytes())) == 0 {
			continue
		}
		v, err := parseValue(sc.Bytes())
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %w", file, n, err)
		}
		if v.kind != kindObject {
			return nil, fmt.Errorf("%s:%d: the line is not a JSON object", file, n)
		}
		k, replay, _ := protocol.Peek(sc.Bytes())
		if replay {
			k.Subtype = "replay"
		}
		out = append(out, &dline{n: n, variant: k.String(), key: alignKey(k, v), val: v})
	}
	return out, sc.Err()
}

// alignKey refines a line's variant by what it carries.
func alignKey(k protocol.Kind, v *value) string {
	key := k.String()
	switch k.Type {
	case "stream_event":
		ev := v.get("event")
		if t := ev.getString("type"); t != "" {
			key += ":" + t
		}
		if d := ev.get("delta").getString("type"); d != "" {
			key += ":" + d
		}
		if cb := ev.get("content_block").getString("type"); cb != "" {
			key += ":" + cb
		}
	case "assistant", "user":
		c := v.get("message").get("content")
		switch {
		case c != nil && c.kind == kindArray && len(c.items) > 0:
			key += ":" + c.items[0].getString("type")
		case c != nil && c.kind == kindString:
			key += ":string"
		}
	}
	return key
}

func lineFinding(rule *validate.Rule, file string, l *dline, format string, args ...any) validate.Finding {
	return validate.Finding{
		File: file, Line: l.n, Variant: strings.ReplaceAll(l.variant, "/", "."),
		Rule: rule.ID, Severity: rule.Severity, Message: fmt.Sprintf(format, args...),
	}
}

// alignGroups aligns two transcripts of a concurrent scenario: the lines of
// each thread (the agent that wrote them, from parent_tool_use_id; "main"
// when it is null or absent) and each key are aligned in order, and the
// groups are not ordered against each other.
func alignGroups(g, f []*dline) []alignOp {
	group := func(ls []*dline) map[string][]*dline {
		m := map[string][]*dline{}
		for _, l := range ls {
			thread := l.val.getString("parent_tool_use_id")
			if thread == "" {
				thread = "main"
			}
			k := thread + "\x00" + l.key
			m[k] = append(m[k], l)
		}
		return m
	}
	gg, fg := group(g), group(f)
	var ops []alignOp
	for _, k := range slices.Sorted(keysOf(gg, fg)) {
		ops = append(ops, align(gg[k], fg[k])...)
	}
	return ops
}

// alignOp is one step of an alignment: both lines (matched), or one.
type alignOp struct{ g, f *dline }

// align aligns two line sequences on their keys with a longest common
// subsequence, keeping both orders.
func align(g, f []*dline) []alignOp {
	m, n := len(g), len(f)
	lcs := make([][]int32, m+1)
	for i := range lcs {
		lcs[i] = make([]int32, n+1)
	}
	for i := m - 1; i >= 0; i-- {
		for j := n - 1; j >= 0; j-- {
			if g[i].key == f[j].key {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	var ops []alignOp
	i, j := 0, 0
	for i < m && j < n {
		switch {
		case g[i].key == f[j].key:
			ops = append(ops, alignOp{g[i], f[j]})
			i, j = i+1, j+1
		case lcs[i+1][j] >= lcs[i][j+1]:
			ops = append(ops, alignOp{g: g[i]})
			i++
		default:
			ops = append(ops, alignOp{f: f[j]})
			j++
		}
	}
	for ; i < m; i++ {
		ops = append(ops, alignOp{g: g[i]})
	}
	for ; j < n; j++ {
		ops = append(ops, alignOp{f: f[j]})
	}
	return ops
}

// A shape is the structure of a JSON value: its types and, for objects
// and arrays, the shapes of its members and items.
type shape struct {
	types   map[kind]bool
	ptr     string            // JSON Pointer of the first value merged in
	pattern string            // ptr with array indexes written as "*"
	members map[string]*shape // object members (merged over all objects)
	order   []string          // member names in first-seen order
	items   *shape            // array items, merged; nil for empty arrays
}

func shapeOf(v *value) *shape { return shapeAt(v, "", "") }

// shapeAt builds the shape of v at pointer ptr; pattern is ptr with array
// indexes written as "*", to look up MapMembers.
func shapeAt(v *value, ptr, pattern string) *shape {
	s := &shape{types: map[kind]bool{v.kind: true}, ptr: ptr, pattern: pattern}
	switch v.kind {
	case kindObject:
		if isMapMember(pattern) {
			for _, m := range v.members {
				s.mergeItem(shapeAt(m.val, ptr+"/"+jsonptr.Escape(m.key), pattern+"/*"))
			}
			break
		}
		s.members = map[string]*shape{}
		for _, m := range v.members {
			if _, dup := s.members[m.key]; !dup {
				s.order = append(s.order, m.key)
			}
			s.members[m.key] = shapeAt(m.val, ptr+"/"+jsonptr.Escape(m.key), pattern+"/"+jsonptr.Escape(m.key))
		}
	case kindArray:
		for i, it := range v.items {
			s.mergeItem(shapeAt(it, fmt.Sprintf("%s/%d", ptr, i), pattern+"/*"))
		}
	}
	return s
}

func isRacy(variant, pattern string) bool {
	for _, m := range RacyMembers {
		if m.Variant == variant && m.Pointer == pattern {
			return true
		}
	}
	return false
}

func isMapMember(pattern string) bool {
	for _, m := range MapMembers {
		if m.Pointer == pattern {
			return true
		}
	}
	return false
}

func (s *shape) mergeItem(it *shape) {
	if s.items == nil {
		s.items = it
	} else {
		s.items.merge(it)
	}
}

// merge adds o's structure to s.
func (s *shape) merge(o *shape) {
	for k := range o.types {
		s.types[k] = true
	}
	if o.members != nil {
		if s.members == nil {
			s.members = map[string]*shape{}
		}
		for _, k := range o.order {
			if m, ok := s.members[k]; ok {
				m.merge(o.members[k])
			} else {
				s.members[k] = o.members[k]
				s.order = append(s.order, k)
			}
		}
	}
	if o.items != nil {
		s.mergeItem(o.items)
	}
}

func (s *shape) typeList(racy bool) string {
	var names []string
	for k := range s.types {
		if racy && k == kindNull && len(s.types) > 1 {
			continue
		}
		names = append(names, k.String())
	}
	sort.Strings(names)
	return strings.Join(names, "|")
}

// compareShapes reports how fresh's structure differs from golden's. The
// findings point at golden line l.
func compareShapes(file string, l *dline, g, f *shape) validate.Findings {
	var fs validate.Findings
	add := func(rule *validate.Rule, ptr, format string, args ...any) {
		fd := lineFinding(rule, file, l, format, args...)
		fd.Pointer = ptr
		fs = append(fs, fd)
	}
	var walk func(g, f *shape)
	walk = func(g, f *shape) {
		racy := isRacy(l.variant, g.pattern)
		gt, ft := g.typeList(racy), f.typeList(racy)
		if racy && (gt == "null" || ft == "null") {
			gt, ft = "", ""
		}
		if gt != ft {
			add(validate.RuleDriftTypeChanged, g.ptr, "the type is %s; the golden's is %s", f.typeList(false), g.typeList(false))
			return
		}
		if g.members != nil || f.members != nil {
			for _, k := range f.order {
				if _, ok := g.members[k]; !ok {
					add(validate.RuleDriftKeyAdded, joinPtr(g.ptr, k), "member %q is new", k)
				}
			}
			for _, k := range g.order {
				fm, ok := f.members[k]
				if !ok {
					add(validate.RuleDriftKeyRemoved, g.members[k].ptr, "member %q is missing", k)
					continue
				}
				walk(g.members[k], fm)
			}
		}
		if g.items != nil && f.items != nil {
			walk(g.items, f.items)
		}
	}
	walk(g, f)
	return fs
}

// joinPtr returns the pointer of member k of the value at ptr. Inside
// merged array items ptr is the first item's pointer.
func joinPtr(ptr, k string) string { return ptr + "/" + jsonptr.Escape(k) }
