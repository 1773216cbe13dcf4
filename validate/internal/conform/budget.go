package conform

import (
	"bytes"
	"fmt"
	"hash/maphash"
	"strings"
)

// Budget is the ID of the finding that says a rule stopped tracking: the
// state it keeps for one transcript (the ids it has seen, the text its
// streams assembled) passed the budget. It is not a rule of its own that
// --rules selects: it comes with the rules it speaks for.
const Budget = "rules/budget"

// DefaultBudget is the most state, in bytes, the rules of one group keep
// for one transcript unless the checker is told otherwise
// (Checker.SetBudget). The sizes are estimates: an id costs its length and
// the bookkeeping of a map entry (mapEntry), a uuid a slot of its table.
// Real transcripts stay far below it: the largest capture needs a few KiB.
const DefaultBudget = 16 << 20

// mapEntry is what one entry of a map keyed by a string costs beyond the
// key's bytes: the map's slot, the string's header, the value.
const mapEntry = 64

// A group is a piece of state and the rules that read it: past the
// budget, the state is dropped and all of its rules stop together.
type group uint8

const (
	gSession group = iota // session ids that strayed: session/id-changed
	gUUID                 // the session's uuids: session/uuid-repeated
	gTools                // tool uses: tools/*
	gStream               // the streamed messages: stream/assembly
	gControl              // control requests: control/*
	gHooks                // hooks started: hooks/no-response
	gTasks                // tasks started: tasks/not-started
	nGroups
)

// groupOf returns the group whose state a rule reads.
func groupOf(id string) group {
	switch {
	case id == SessionIDChanged:
		return gSession
	case id == SessionUUIDRepeated:
		return gUUID
	case strings.HasPrefix(id, "tools/"):
		return gTools
	case id == StreamAssembly:
		return gStream
	case strings.HasPrefix(id, "control/"):
		return gControl
	case id == HookNoResponse:
		return gHooks
	case id == TaskNotStarted:
		return gTasks
	}
	return nGroups // turns/*: a line number and a flag, nothing that grows
}

// SetBudget sets the most state, in bytes, each group of rules keeps for
// one transcript (0: DefaultBudget).
func (c *Checker) SetBudget(bytes int) {
	if bytes <= 0 {
		bytes = DefaultBudget
	}
	c.limit = bytes
}

// tracks reports whether some enabled rule reads the state of g.
func (c *Checker) tracks(g group) bool {
	for _, id := range IDs {
		if c.enabled[id] && groupOf(id) == g {
			return true
		}
	}
	return false
}

// live reports whether the state of g is kept: some rule reads it, and it
// has not passed the budget.
func (c *Checker) live(g group) bool { return c.tracking[g] && !c.over[g] }

// charge counts n more bytes of the state of g, added at line. Past the
// budget it drops the state, stops the group's rules for the rest of the
// transcript with one Budget issue, and returns false: the caller keeps
// nothing.
func (c *Checker) charge(g group, n, line int) bool {
	if !c.live(g) {
		return false
	}
	c.used[g] += n
	if c.used[g] <= c.limit {
		return true
	}
	c.over[g] = true
	c.drop(g)
	var names []string
	for _, id := range IDs {
		if c.enabled[id] && groupOf(id) == g && (!NeedsBoth(id) || c.both) {
			names = append(names, id)
		}
	}
	if c.emit != nil && len(names) > 0 {
		c.emit(Issue{Rule: Budget, Line: line, Message: fmt.Sprintf(
			"%s %s tracking here: the state %s keeps for this input passed its budget of %s (--rules-budget); from this line on %s nothing",
			strings.Join(names, ", "), plural(len(names), "stops", "stop"), plural(len(names), "it", "they"), byteSize(c.limit), plural(len(names), "it reports", "they report"))})
	}
	return false
}

// refund gives back n bytes of the state of g.
func (c *Checker) refund(g group, n int) {
	if c.live(g) {
		c.used[g] -= n
	}
}

// drop forgets the state of g.
func (c *Checker) drop(g group) {
	switch g {
	case gSession:
		c.strayIDs = nil
	case gUUID:
		c.uuids = uuidSet{}
	case gTools:
		c.uses, c.pending = nil, nil
	case gStream:
		c.streams = nil
	case gControl:
		c.requests, c.cancelled = nil, nil
	case gHooks:
		c.hooks = nil
	case gTasks:
		c.tasks = nil
	}
	c.used[g] = 0
}

func plural(n int, one, more string) string {
	if n == 1 {
		return one
	}
	return more
}

// byteSize writes a number of bytes the way the documentation does.
func byteSize(n int) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}

// textSum stands for the text a stream's deltas assembled, without the
// text: its length, a digest of it and its first bytes (what a finding
// quotes). A text of any length costs the same few bytes.
type textSum struct {
	n    int
	h    maphash.Hash
	head []byte
}

// headBytes is how much of an assembled text a textSum keeps: more than
// the 60 bytes a finding quotes, so that clip sees where the text goes on.
const headBytes = 64

func (t *textSum) init(seed maphash.Seed) { t.h.SetSeed(seed) }

// add appends the decoded contents of a JSON string, as str returned them.
func (t *textSum) add(raw []byte) {
	s := raw
	if hasEscape(raw) {
		s = []byte(text(raw))
	}
	t.n += len(s)
	t.h.Write(s)
	if k := headBytes - len(t.head); k > 0 {
		t.head = append(t.head, s[:min(k, len(s))]...)
	}
}

func (t *textSum) reset() {
	t.n, t.head = 0, t.head[:0]
	t.h.Reset()
}

// same reports whether the contents of a JSON string, as str returned
// them, decode to the assembled text (up to a 64-bit digest).
func (t *textSum) same(raw []byte) bool {
	s := raw
	if hasEscape(raw) {
		s = []byte(text(raw))
	}
	if len(s) != t.n || string(s[:min(len(s), headBytes)]) != string(t.head) {
		return false
	}
	return maphash.Bytes(t.h.Seed(), s) == t.h.Sum64()
}

func hasEscape(raw []byte) bool { return bytes.IndexByte(raw, '\\') >= 0 }
