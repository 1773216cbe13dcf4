package conform

import (
	"bytes"
	"encoding/json"
	"fmt"
	"hash/maphash"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"unsafe"
)

// The rules' IDs. validate gives each its severity and documentation.
const (
	SessionIDChanged      = "session/id-changed"
	SessionUUIDRepeated   = "session/uuid-repeated"
	ToolResultUnknown     = "tools/result-unknown-use"
	ToolUseUnanswered     = "tools/use-unanswered"
	ToolParentUnknown     = "tools/parent-unknown"
	TurnUnclosed          = "turns/unclosed"
	TurnErrorFlag         = "turns/error-flag"
	StreamAssembly        = "stream/assembly"
	ControlNoResponse     = "control/no-response"
	ControlUnknownRequest = "control/unknown-request"
	ControlDuplicate      = "control/duplicate-response"
	ControlWrongToolUse   = "control/wrong-tool-use"
	HookNoResponse        = "hooks/no-response"
	TaskNotStarted        = "tasks/not-started"
)

// IDs lists the rules in a stable order.
var IDs = []string{
	SessionIDChanged, SessionUUIDRepeated,
	ToolResultUnknown, ToolUseUnanswered, ToolParentUnknown,
	TurnUnclosed, TurnErrorFlag,
	StreamAssembly,
	ControlNoResponse, ControlUnknownRequest, ControlDuplicate, ControlWrongToolUse,
	HookNoResponse, TaskNotStarted,
}

// NeedsBoth reports whether a rule needs both directions of the session
// (a duplex transcript): it is skipped on a transcript of one side.
func NeedsBoth(id string) bool { return strings.HasPrefix(id, "control/") }

// needsHistory reports whether a rule needs the session from its start.
func needsHistory(id string) bool {
	return strings.HasPrefix(id, "tools/") || strings.HasPrefix(id, "turns/") || strings.HasPrefix(id, "tasks/")
}

// Dir is the direction a line travelled.
type Dir uint8

const (
	// Stdout is a line the CLI printed.
	Stdout Dir = iota + 1
	// Stdin is a line written to the CLI's stdin (by the SDK).
	Stdin
)

// An Issue is one rule broken at one line.
type Issue struct {
	Rule    string
	Line    int
	Pointer string
	Message string
}

// A Checker holds the state of one transcript. Reset starts the next one.
type Checker struct {
	enabled map[string]bool
	both    bool
	emit    func(Issue)

	version version // claude_code_version of the last system/init
	// started is set at the first system/init: the rules that need the
	// session's history (tools, turns, tasks) run from there, so that a
	// fragment cut from the middle of a session does not break them.
	started bool

	sid        string
	sidLine    int
	oldSid     string // the previous session id, while a change between turns is unconfirmed
	oldSidLine int
	newSidLine int
	resetSeen  bool
	strayIDs   map[string]bool
	uuids      uuidSet
	uses       map[string]*toolUse
	pending    []string              // the main agent's tool uses since the last result
	turnOpen   int                   // the line that opened the current turn, or 0
	streams    map[string]*streamMsg // by parent_tool_use_id
	hooks      map[string]int
	tasks      map[string]bool
	requests   map[string]*request
	cancelled  map[string]bool

	// The budget of the state each group of rules keeps (budget.go).
	limit    int
	tracking [nGroups]bool // some enabled rule reads the group's state
	used     [nGroups]int  // bytes the group holds, estimated
	over     [nGroups]bool // the group passed the budget: its rules stopped
	seed     maphash.Seed
}

type toolUse struct {
	line     int
	main     bool
	answered bool
}

type streamMsg struct {
	id     string               // message.id
	blocks []*streamBlock       // by index, below denseBlocks
	far    map[int]*streamBlock // by index, from denseBlocks on
	next   int                  // the block the next assistant content block is compared with
	cost   int                  // the bytes its blocks hold (budget)
}

// denseBlocks bounds the block indexes kept in a slice; an index past it
// (no real message has that many blocks) goes to a map.
const denseBlocks = 256

func (m *streamMsg) block(i int) *streamBlock {
	if i < len(m.blocks) {
		return m.blocks[i]
	}
	return m.far[i]
}

func (m *streamMsg) setBlock(i int, b *streamBlock) {
	switch {
	case i < len(m.blocks):
		m.blocks[i] = b
	case i < denseBlocks:
		for len(m.blocks) <= i {
			m.blocks = append(m.blocks, nil)
		}
		m.blocks[i] = b
	default:
		if m.far == nil {
			m.far = map[int]*streamBlock{}
		}
		m.far[i] = b
	}
}

// A streamBlock is what the deltas of one content block assembled. Text
// and thinking are kept as a textSum (length, digest, first bytes), so
// that a long stream costs no more than a short one; the input JSON of
// input_json_delta is kept whole (counted against the budget), since two
// spellings of one value are the same input.
type streamBlock struct {
	typ       string
	text      textSum
	json      []byte
	partial   bool // input_json_delta seen: json holds the input
	startLine int
}

// blockCost is what a streamBlock costs beyond its JSON, estimated.
const blockCost = 256

// assembled returns what the block's deltas assembled when it is kept
// whole (input JSON), and whether it is.
func (b *streamBlock) whole() (string, bool) { return string(b.json), b.partial }

// add appends a delta's text (the contents of a JSON string, as str
// returned them).
func (b *streamBlock) add(raw []byte) int {
	if !b.partial {
		b.text.add(raw)
		return 0
	}
	n := len(b.json)
	if hasEscape(raw) {
		b.json = append(b.json, text(raw)...)
	} else {
		b.json = append(b.json, raw...)
	}
	return len(b.json) - n
}

// same reports whether the contents of a JSON string, as str returned
// them, are the text the deltas assembled.
func (b *streamBlock) same(raw []byte) bool {
	if s, ok := b.whole(); ok {
		return sameText(raw, s)
	}
	return b.text.same(raw)
}

// clipped is the assembled text shortened to n bytes for a message.
func (b *streamBlock) clipped(n int) string {
	if s, ok := b.whole(); ok {
		return clip(s, n)
	}
	if b.text.n <= n {
		return string(b.text.head)
	}
	return clip(string(b.text.head), n)
}

type request struct {
	line      int
	dir       Dir
	subtype   string
	toolUseID string
	answered  int // the line of its response, or 0
}

// New returns a checker running the rules whose IDs enabled holds (nil: all).
func New(enabled []string) *Checker {
	c := &Checker{enabled: map[string]bool{}}
	if enabled == nil {
		enabled = IDs
	}
	for _, id := range enabled {
		c.enabled[id] = true
	}
	for g := range nGroups {
		c.tracking[g] = c.tracks(g)
	}
	c.limit, c.seed = DefaultBudget, maphash.MakeSeed()
	c.Reset(false, nil)
	return c
}

// Enabled reports whether a rule runs.
func (c *Checker) Enabled(id string) bool { return c.enabled[id] }

// Reset starts a new transcript. both says it holds both directions
// (duplex): only then do the rules of NeedsBoth run. emit gets the issues.
func (c *Checker) Reset(both bool, emit func(Issue)) {
	*c = Checker{enabled: c.enabled, both: both, emit: emit, limit: c.limit, tracking: c.tracking, seed: c.seed,
		strayIDs: map[string]bool{}, uuids: newUUIDSet(), uses: map[string]*toolUse{},
		streams: map[string]*streamMsg{}, hooks: map[string]int{},
		tasks: map[string]bool{}, requests: map[string]*request{}, cancelled: map[string]bool{}}
}

func (c *Checker) report(id string, line int, pointer, format string, args ...any) {
	if !c.enabled[id] || c.emit == nil || (NeedsBoth(id) && !c.both) || (needsHistory(id) && !c.started) || c.stopped(id) {
		return
	}
	c.emit(Issue{Rule: id, Line: line, Pointer: pointer, Message: fmt.Sprintf(format, args...)})
}

// stopped reports whether a rule stopped at its budget.
func (c *Checker) stopped(id string) bool {
	g := groupOf(id)
	return g < nGroups && c.over[g]
}

// Line checks line n, which travelled in direction dir, with its facts.
func (c *Checker) Line(n int, dir Dir, f *Facts) {
	if dir == Stdout {
		c.session(n, f)
		c.turn(n, f)
	}
	switch string(f.B(f.Type)) {
	case "assistant":
		if dir == Stdout {
			c.assistant(n, f)
		}
	case "user":
		c.user(n, f)
	case "stream_event":
		if dir == Stdout {
			c.stream(n, f)
		}
	case "result":
		if dir == Stdout {
			c.result(n, f.B(f.Subtype), f)
		}
	case "system":
		if dir == Stdout {
			c.system(n, f)
		}
	case "control_request":
		// The control rules need both sides (NeedsBoth): on a transcript
		// of one, their bookkeeping is skipped with them.
		if c.both && f.B(f.RequestID) != nil {
			id := string(f.B(f.RequestID))
			if old := c.requests[id]; old != nil {
				c.refund(gControl, mapEntry+len(id)+len(old.subtype)+len(old.toolUseID)+48)
			}
			r := &request{line: n, dir: dir, subtype: string(f.B(f.ReqSubtype)), toolUseID: string(f.B(f.ReqToolUseID))}
			if c.charge(gControl, mapEntry+len(id)+len(r.subtype)+len(r.toolUseID)+48, n) {
				c.requests[id] = r
			}
		}
	case "control_cancel_request":
		if id := string(f.B(f.RequestID)); c.both && !c.cancelled[id] && c.charge(gControl, mapEntry+len(id), n) {
			c.cancelled[id] = true
		}
	case "control_response":
		if c.both && c.live(gControl) {
			c.response(n, dir, f)
		}
	}
	if dir == Stdout && f.B(f.Parent) != nil && string(f.B(f.Type)) != "stream_event" && c.live(gTools) {
		if _, ok := c.uses[string(f.B(f.Parent))]; !ok {
			c.report(ToolParentUnknown, n, "/parent_tool_use_id",
				"parent_tool_use_id %s names no tool_use printed before", quote(f.B(f.Parent)))
		}
	}
}

func (c *Checker) session(n int, f *Facts) {
	init := string(f.B(f.Type)) == "system" && string(f.B(f.Subtype)) == "init"
	if init {
		// Each init tells its CLI's version: a file may hold several
		// sessions, of several CLIs, one after the other.
		c.started = true
		c.version = parseVersion(f.B(f.Version))
	}
	reset := string(f.B(f.Type)) == "conversation_reset"
	if reset {
		c.resetSeen = true
	}
	if init || reset {
		// A new session (or conversation) streams its own messages, whose
		// ids may repeat those of the one before.
		c.endStreams()
	}
	if f.HasSession && len(f.B(f.Session)) > 0 && string(f.B(f.Session)) != c.sid {
		sid := string(f.B(f.Session))
		switch {
		case c.sid == "":
			c.sid, c.sidLine = sid, n
		case init, c.resetSeen:
			// A new session: after /clear (conversation_reset), a
			// resume or a fork, the CLI announces it with an init.
			c.sid, c.sidLine, c.resetSeen = sid, n, false
			if c.live(gUUID) {
				c.uuids.reset()
				c.used[gUUID] = c.uuids.size()
			}
		case c.oldSid != "" && sid == c.oldSid:
			// The previous session's id is back: the change was a
			// stray line, not a new session.
			c.report(SessionIDChanged, c.newSidLine, "/session_id",
				"session_id %s differs from the session's %s (line %d), with no system/init or conversation_reset announcing a new session",
				strconv.Quote(c.sid), strconv.Quote(c.oldSid), c.oldSidLine)
			c.sid, c.sidLine, c.oldSid = c.oldSid, c.oldSidLine, ""
		case c.turnOpen == 0 && c.oldSid == "":
			// Between turns a new session may begin, and its first
			// lines (hooks, auth_status, session state) come before its
			// init: held as new unless the old id comes back.
			c.oldSid, c.oldSidLine, c.newSidLine = c.sid, c.sidLine, n
			c.sid, c.sidLine = sid, n
		case c.live(gSession) && !c.strayIDs[sid] && c.charge(gSession, mapEntry+len(sid), n):
			c.strayIDs[sid] = true
			c.report(SessionIDChanged, n, "/session_id",
				"session_id %s differs from the session's %s (line %d), with no system/init or conversation_reset announcing a new session",
				quote(f.B(f.Session)), strconv.Quote(c.sid), c.sidLine)
		}
	}
	if init {
		c.oldSid = ""
	}
	if len(f.B(f.UUID)) > 0 && !f.Replay && c.live(gUUID) && c.charge(gUUID, c.uuids.cost(f.B(f.UUID)), n) {
		if first, seen := c.uuids.add(f.B(f.UUID), n); seen {
			c.report(SessionUUIDRepeated, n, "/uuid", "uuid %s repeats the uuid of line %d; only a replayed user message (isReplay) may", quote(f.B(f.UUID)), first)
		}
	}
}

func (c *Checker) turn(n int, f *Facts) {
	switch string(f.B(f.Type)) {
	case "assistant", "stream_event":
	case "user":
		if f.Replay {
			return
		}
	default:
		return
	}
	if c.turnOpen == 0 {
		c.turnOpen = n
	}
}

func (c *Checker) assistant(n int, f *Facts) {
	main := f.B(f.Parent) == nil
	for i := range f.Blocks {
		b := &f.Blocks[i]
		if isToolUse(f.B(b.Type)) && len(f.B(b.ID)) > 0 && c.charge(gTools, mapEntry+len(f.B(b.ID))+48, n) {
			id := string(f.B(b.ID))
			c.uses[id] = &toolUse{line: n, main: main}
			if main {
				c.pending = append(c.pending, id)
			}
		}
	}
	c.assembled(n, f)
}

func (c *Checker) user(n int, f *Facts) {
	if !c.live(gTools) {
		return
	}
	for i := range f.Blocks {
		b := &f.Blocks[i]
		if string(f.B(b.Type)) != "tool_result" || f.B(b.ToolUseID) == nil {
			continue
		}
		u := c.uses[string(f.B(b.ToolUseID))]
		if u == nil {
			c.report(ToolResultUnknown, n, fmt.Sprintf("/message/content/%d/tool_use_id", b.At),
				"tool_result for %s, but no tool_use with that id came before", quote(f.B(b.ToolUseID)))
			continue
		}
		u.answered = true
	}
}

// errorFlagSince is the first rung of the release ladder whose captures
// set is_error true on every error subtype; the rung below it still
// printed false, and between the two nothing is known, so nothing is
// reported there.
var errorFlagSince = version{major: 2, minor: 1, patch: 112, ok: true}

func (c *Checker) result(n int, sub []byte, f *Facts) {
	c.turnOpen = 0
	if string(sub) == "success" && !f.IsError && c.live(gTools) {
		for _, id := range c.pending {
			u := c.uses[id]
			if u.answered || slices.ContainsFunc(f.Denials, func(d Raw) bool { return string(f.B(d)) == id }) {
				continue
			}
			c.report(ToolUseUnanswered, n, "",
				"the turn ends in success, but tool_use %s (line %d) got no tool_result and no permission denial", strconv.Quote(id), u.line)
		}
	}
	c.pending = c.pending[:0]
	// From errorFlagSince every error subtype comes with is_error: true;
	// 2.0 and 2.1.0 printed false for some (the ladder's captures of
	// max_turns and interrupt_tool).
	if bytes.HasPrefix(sub, []byte("error_")) && f.HasIsError && !f.IsError && versionAtLeastPatch(c.version, errorFlagSince.major, errorFlagSince.minor, errorFlagSince.patch) {
		c.report(TurnErrorFlag, n, "/is_error", "subtype %s with is_error false; CLI %d.%d.%d and later always set is_error true on an error subtype", sub, errorFlagSince.major, errorFlagSince.minor, errorFlagSince.patch)
	}
}

func (c *Checker) system(n int, f *Facts) {
	switch string(f.B(f.Subtype)) {
	case "hook_started":
		id := string(f.B(f.HookID))
		if _, ok := c.hooks[id]; ok {
			c.hooks[id] = n
		} else if c.charge(gHooks, mapEntry+len(id), n) {
			c.hooks[id] = n
		}
	case "hook_response":
		id := string(f.B(f.HookID))
		if _, ok := c.hooks[id]; ok {
			delete(c.hooks, id)
			c.refund(gHooks, mapEntry+len(id))
		}
	case "task_started":
		if id := string(f.B(f.TaskID)); !c.tasks[id] && c.charge(gTasks, mapEntry+len(id), n) {
			c.tasks[id] = true
		}
	case "task_notification":
		// 2.1.26 printed task_notification with no task_started; from
		// taskStartedSince on, a task is announced first.
		if f.B(f.TaskID) != nil && !c.tasks[string(f.B(f.TaskID))] && versionAtLeastPatch(c.version, taskStartedSince.major, taskStartedSince.minor, taskStartedSince.patch) {
			c.report(TaskNotStarted, n, "/task_id", "task_notification for task %s, which no task_started announced before", quote(f.B(f.TaskID)))
		}
	}
}

func (c *Checker) response(n int, dir Dir, f *Facts) {
	if f.B(f.RespRequestID) == nil {
		return
	}
	req := c.requests[string(f.B(f.RespRequestID))]
	switch {
	case req == nil || req.dir == dir:
		c.report(ControlUnknownRequest, n, "/response/request_id",
			"control_response to request_id %s, but the other side sent no control_request with that id before", quote(f.B(f.RespRequestID)))
	case req.answered != 0:
		if req.dir == Stdin && !c.cliAnswersOnce() {
			return
		}
		c.report(ControlDuplicate, n, "/response/request_id",
			"a second control_response to request_id %s (the first: line %d)", quote(f.B(f.RespRequestID)), req.answered)
	default:
		req.answered = n
		if req.subtype == "can_use_tool" && f.B(f.AnsToolUseID) != nil && string(f.B(f.AnsToolUseID)) != req.toolUseID {
			c.report(ControlWrongToolUse, n, "/response/response/toolUseID",
				"the answer names tool use %s, but the can_use_tool request (line %d) asked about %s", quote(f.B(f.AnsToolUseID)), req.line, strconv.Quote(req.toolUseID))
		}
	}
}

// Asked returns the subtype of the control request that a
// control_response travelling in direction dir, with facts f, answers: a
// request the other side sent before and nobody answered yet. It returns
// "" when that is not known (a transcript of one side, the control rules
// off or past their budget, no such request).
func (c *Checker) Asked(dir Dir, f *Facts) string {
	if !c.both || f.B(f.RespRequestID) == nil {
		return ""
	}
	req := c.requests[string(f.B(f.RespRequestID))]
	if req == nil || req.dir == dir || req.answered != 0 {
		return ""
	}
	return req.subtype
}

// End checks what only the end of the transcript decides.
func (c *Checker) End() {
	if c.oldSid != "" {
		c.report(SessionIDChanged, c.newSidLine, "/session_id",
			"session_id %s differs from the session's %s (line %d), and no system/init ever announces it as a new session",
			strconv.Quote(c.sid), strconv.Quote(c.oldSid), c.oldSidLine)
	}
	if c.turnOpen != 0 {
		c.report(TurnUnclosed, c.turnOpen, "", "the transcript ends inside the turn that began here: no result closes it")
	}
	for _, h := range sortedByLine(c.hooks) {
		c.report(HookNoResponse, h.line, "/hook_id", "hook_started %s gets no hook_response", strconv.Quote(h.key))
	}
	reqs := map[string]int{}
	for id, r := range c.requests {
		if r.answered == 0 && !c.cancelled[id] && (r.dir == Stdout || c.cliAnswersOnce()) {
			reqs[id] = r.line
		}
	}
	for _, r := range sortedByLine(reqs) {
		c.report(ControlNoResponse, r.line, "/request_id", "control_request %s (%s) gets no control_response, and no control_cancel_request withdraws it",
			strconv.Quote(r.key), c.requests[r.key].subtype)
	}
}

type keyLine struct {
	key  string
	line int
}

func sortedByLine(m map[string]int) []keyLine {
	out := make([]keyLine, 0, len(m))
	for k, l := range m {
		out = append(out, keyLine{k, l})
	}
	slices.SortFunc(out, func(a, b keyLine) int { return a.line - b.line })
	return out
}

// stream follows the events of streamed messages (partial messages on):
// the last message each agent (parent_tool_use_id) started, whose
// assistant lines come before its next message starts.
func (c *Checker) stream(n int, f *Facts) {
	e := &f.Event
	if !c.live(gStream) {
		return
	}
	if id, from, ok := f.Abandoned(); ok {
		defer c.abandon(string(f.B(f.Parent)), string(id), int(from))
	}
	if string(f.B(e.Type)) == "message_start" {
		m := c.streams[string(f.B(f.Parent))]
		if m == nil {
			if !c.charge(gStream, mapEntry+len(f.B(f.Parent))+96, n) {
				return
			}
			m = &streamMsg{}
			c.streams[string(f.B(f.Parent))] = m
		}
		c.refund(gStream, m.cost)
		m.id, m.next, m.cost = string(f.B(e.MsgID)), 0, len(f.B(e.MsgID))
		if !c.charge(gStream, m.cost, n) {
			return
		}
		clear(m.blocks)
		m.blocks, m.far = m.blocks[:0], nil
		return
	}
	m := c.streams[string(f.B(f.Parent))]
	if m == nil || !e.HasIndex || (f.B(f.APIMsgID) != nil && string(f.B(f.APIMsgID)) != m.id) {
		return
	}
	switch string(f.B(e.Type)) {
	case "content_block_start":
		if !c.charge(gStream, blockCost, n) {
			return
		}
		m.cost += blockCost
		b := &streamBlock{typ: string(f.B(e.Block.Type)), startLine: n}
		b.text.init(c.seed)
		if e.Block.HasText {
			b.add(f.B(e.Block.Text))
		}
		m.setBlock(int(e.Index), b)
	case "content_block_delta":
		b := m.block(int(e.Index))
		if b == nil {
			c.report(StreamAssembly, n, "/event/index", "content_block_delta for index %d, which no content_block_start opened", e.Index)
			return
		}
		if string(f.B(e.Delta.Type)) == "input_json_delta" && !b.partial {
			b.partial = true
			b.text.reset()
		}
		if f.B(e.Delta.Text) != nil {
			if k := b.add(f.B(e.Delta.Text)); k > 0 {
				m.cost += k
				c.charge(gStream, k, n)
			}
		}
	}
}

// endStreams forgets every stream: a new session starts them afresh.
func (c *Checker) endStreams() {
	if len(c.streams) == 0 || !c.live(gStream) {
		return
	}
	clear(c.streams)
	c.used[gStream] = 0
}

// abandon forgets the blocks of the streamed message id (of the stream of
// parent) from index from on: the CLI abandoned them (an interrupt cut
// them off), and no line will print what their deltas assembled.
func (c *Checker) abandon(parent, id string, from int) {
	m := c.streams[parent]
	if m == nil || m.id != id {
		return
	}
	drop := func(b *streamBlock) {
		if b != nil {
			k := blockCost + len(b.json)
			m.cost -= k
			c.refund(gStream, k)
		}
	}
	for i := max(from, 0); i < len(m.blocks); i++ {
		drop(m.blocks[i])
		m.blocks[i] = nil
	}
	for i, b := range m.far {
		if i >= from {
			drop(b)
			delete(m.far, i)
		}
	}
}

// assembled compares the content of an assistant line with what the
// stream events of its message built.
func (c *Checker) assembled(n int, f *Facts) {
	if !c.live(gStream) {
		return
	}
	m := c.streams[string(f.B(f.Parent))]
	if m == nil || m.id != string(f.B(f.MsgID)) {
		return
	}
	var blank Block
	for i, k := 0, 0; i < f.NBlocks; i++ {
		blk := &blank // a block that gives no fact (Facts.block)
		if k < len(f.Blocks) && int(f.Blocks[k].At) == i {
			blk = &f.Blocks[k]
			k++
		}
		j := m.next
		m.next++
		sb := m.block(j)
		if sb == nil {
			continue
		}
		typ := string(f.B(blk.Type))
		if typ != sb.typ {
			c.report(StreamAssembly, n, fmt.Sprintf("/message/content/%d/type", i),
				"a %s block, but the stream's block %d of message %s (line %d) is a %s block", typ, j, quote(f.B(f.MsgID)), sb.startLine, sb.typ)
			continue
		}
		switch {
		case blk.HasText && (typ == "text" || typ == "thinking"):
			if raw := f.B(blk.Text); !sb.same(raw) {
				got := text(raw)
				member := "text"
				if typ == "thinking" {
					member = "thinking"
				}
				c.report(StreamAssembly, n, fmt.Sprintf("/message/content/%d/%s", i, member),
					"the %s differs from what the deltas of block %d assembled (from line %d): %q, the deltas give %q", member, j, sb.startLine, clip(got, 60), sb.clipped(60))
			}
		case f.B(blk.Input) != nil && sb.partial:
			if !sameJSON(f.B(blk.Input), string(sb.json)) {
				c.report(StreamAssembly, n, fmt.Sprintf("/message/content/%d/input", i),
					"the input differs from the JSON the input_json_delta events of block %d assembled (from line %d): %s", j, sb.startLine, clip(string(sb.json), 80))
			}
		}
	}
}

// sameJSON reports whether two JSON texts hold the same value.
func sameJSON(a []byte, b string) bool {
	if string(a) == b {
		return true // the usual case: the deltas spell the input as the message does
	}
	var x, y any
	if json.Unmarshal(a, &x) != nil || json.Unmarshal([]byte(b), &y) != nil {
		return false
	}
	return reflect.DeepEqual(x, y)
}

func quote(raw []byte) string { return strconv.Quote(text(raw)) }

// version is the major and minor number of a CLI version; ok is false for
// a version that does not start with both.
type version struct {
	major, minor int
	ok           bool
	// patch is the third number, 0 when the version has none.
	patch int
}

// parseVersion reads the major and minor numbers of a version such as
// 2.1.330, and the patch number when one follows, without allocating (it
// runs at every system/init).
func parseVersion(b []byte) version {
	var parts [2]int
	i := 0
	for k := range parts {
		j := i
		for i < len(b) && b[i] >= '0' && b[i] <= '9' && i-j < 9 {
			parts[k] = parts[k]*10 + int(b[i]-'0')
			i++
		}
		if i == j || (k == 0 && (i >= len(b) || b[i] != '.')) {
			return version{}
		}
		i++ // the dot
	}
	v := version{major: parts[0], minor: parts[1], ok: true}
	for j := i; i < len(b) && b[i] >= '0' && b[i] <= '9' && i-j < 9; i++ {
		v.patch = v.patch*10 + int(b[i]-'0')
	}
	return v
}

// cliAnswersOnce reports whether the CLI answers each of the SDK's control
// requests exactly once: 2.0 and 2.1.0 did not (they answered
// set_permission_mode twice and an unknown subtype never: the ladder's
// captures of stream_input_control), so a transcript older than
// answersOnceSince, the first rung seen to, is not held to it. A
// transcript without a system/init is.
func (c *Checker) cliAnswersOnce() bool {
	if !c.started {
		return true
	}
	// An init without claude_code_version is 1.0's.
	return versionAtLeastPatch(c.version, answersOnceSince.major, answersOnceSince.minor, answersOnceSince.patch)
}

// answersOnceSince is the first rung of the release ladder whose captures
// answer every control request once; nothing is known between it and the
// rung below (2.1.0), so nothing is reported there.
var answersOnceSince = version{major: 2, minor: 1, patch: 112, ok: true}

// taskStartedSince is the first rung of the release ladder whose captures
// announce a background task with task_started before its
// task_notification; the rung below (2.1.26) printed the notification
// alone, and between the two nothing is known.
var taskStartedSince = version{major: 2, minor: 1, patch: 112, ok: true}

func versionAtLeast(v version, major, minor int) bool {
	return v.ok && (v.major > major || (v.major == major && v.minor >= minor))
}

// versionAtLeastPatch is versionAtLeast down to the patch number.
func versionAtLeastPatch(v version, major, minor, patch int) bool {
	return versionAtLeast(v, major, minor) && (v.major > major || v.minor > minor || v.patch >= patch)
}

// uuidSet holds the uuids of a session with the line of each. Uuids of
// the canonical length live in an open-addressing table whose entries carry
// the number of the session that made them: a new session empties it by
// counting one more, without clearing or allocating, so that a transcript
// of many short sessions costs nothing per session. Other uuids go to a
// map.
type uuidSet struct {
	slots []uuidSlot // a power of two long
	gen   uint32     // the live entries' session number (from 1)
	n     int        // live entries
	seed  maphash.Seed
	other map[string]int
}

type uuidSlot struct {
	key  [36]byte
	gen  uint32
	line int
}

func newUUIDSet() uuidSet {
	return uuidSet{slots: make([]uuidSlot, 64), gen: 1, seed: maphash.MakeSeed()}
}

// reset empties the set for a new session. A table much larger than the
// session that ends needed is given back: memory follows the sessions at
// hand, not the largest of the transcript.
func (s *uuidSet) reset() {
	if len(s.slots) > 1024 && 8*s.n < len(s.slots) {
		size := 64
		for size < 2*s.n {
			size *= 2
		}
		s.slots, s.gen = make([]uuidSlot, size), 0
	}
	s.gen++
	if s.gen == 0 { // wrapped: entries of long ago would look live
		clear(s.slots)
		s.gen = 1
	}
	s.n, s.other = 0, nil
}

// slotSize is what one slot of the table costs.
const slotSize = int(unsafe.Sizeof(uuidSlot{}))

// cost is what adding u costs: the table's growth when it is due, an
// entry of the map for a new uuid of another length.
func (s *uuidSet) cost(u []byte) int {
	if len(u) != 36 {
		if _, ok := s.other[string(u)]; ok {
			return 0
		}
		return mapEntry + len(u)
	}
	if 4*(s.n+1) > 3*len(s.slots) {
		return len(s.slots) * slotSize
	}
	return 0
}

// size is what the set holds beyond its first table, as cost counts it.
func (s *uuidSet) size() int {
	n := (len(s.slots) - 64) * slotSize
	for k := range s.other {
		n += mapEntry + len(k)
	}
	return max(n, 0)
}

// add records u at line n, or returns the line that had it first.
func (s *uuidSet) add(u []byte, n int) (int, bool) {
	if len(u) != 36 {
		if first, ok := s.other[string(u)]; ok {
			return first, true
		}
		if s.other == nil {
			s.other = map[string]int{}
		}
		s.other[string(u)] = n
		return 0, false
	}
	if 4*(s.n+1) > 3*len(s.slots) {
		s.grow()
	}
	k := [36]byte(u)
	mask := len(s.slots) - 1
	for i := int(maphash.Bytes(s.seed, u)) & mask; ; i = (i + 1) & mask {
		sl := &s.slots[i]
		if sl.gen != s.gen {
			*sl = uuidSlot{key: k, gen: s.gen, line: n}
			s.n++
			return 0, false
		}
		if sl.key == k {
			return sl.line, true
		}
	}
}

// grow doubles the table, keeping the live entries.
func (s *uuidSet) grow() {
	old := s.slots
	s.slots = make([]uuidSlot, 2*len(old))
	mask := len(s.slots) - 1
	for _, sl := range old {
		if sl.gen != s.gen {
			continue
		}
		i := int(maphash.Bytes(s.seed, sl.key[:])) & mask
		for s.slots[i].gen == s.gen {
			i = (i + 1) & mask
		}
		s.slots[i] = sl
	}
}
