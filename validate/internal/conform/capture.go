package conform

import (
	"github.com/protocheck/protocheck/validate/internal/fastpath"
)

// The rules read a few members of each line. Rather than walk a valid line
// a second time to find them, validate marks them in its compiled schemas
// (Marks) and the scan that checks the line notes where they lie
// (fastpath.Capture); FromCaptures reads the facts from those notes. A line
// the scan does not accept, or whose union members it does not know, is
// read with Extract instead.

// The slots of the captured members: one per member name, so that a schema
// shared by several places never needs two.
const (
	slotType uint8 = iota + 1
	slotSubtype
	slotSession
	slotUUID
	slotReplay
	slotParent
	slotMessage
	slotEvent
	slotAPIMsgID
	slotIsError
	slotDenials
	slotHookID
	slotTaskID
	slotVersion
	slotRequestID
	slotRequest
	slotResponse
	slotID
	slotContent
	slotItem // an item of an array
	slotToolUseID
	slotText
	slotThinking
	slotInput
	slotIndex
	slotContentBlock
	slotDelta
	slotPartialJSON
)

// A Mark is a member to capture: its path from a line's root (member names,
// "*" for the items of an array) and its slot.
type Mark struct {
	Path []string
	Slot uint8
}

// blockMarks are the members of a content block the rules read.
var blockMarks = []Mark{
	{[]string{"type"}, slotType},
	{[]string{"id"}, slotID},
	{[]string{"tool_use_id"}, slotToolUseID},
	{[]string{"text"}, slotText},
	{[]string{"thinking"}, slotThinking},
	{[]string{"input"}, slotInput},
}

// Marks lists every member FromCaptures reads. VersionMark alone is what
// validate needs when the rules are off.
var Marks = func() []Mark {
	m := []Mark{
		{[]string{"type"}, slotType},
		{[]string{"subtype"}, slotSubtype},
		{[]string{"session_id"}, slotSession},
		{[]string{"uuid"}, slotUUID},
		{[]string{"isReplay"}, slotReplay},
		{[]string{"parent_tool_use_id"}, slotParent},
		{[]string{"api_message_id"}, slotAPIMsgID},
		{[]string{"is_error"}, slotIsError},
		{[]string{"hook_id"}, slotHookID},
		{[]string{"task_id"}, slotTaskID},
		VersionMark,
		{[]string{"request_id"}, slotRequestID},

		{[]string{"message"}, slotMessage},
		{[]string{"message", "id"}, slotID},
		{[]string{"message", "content"}, slotContent},
		{[]string{"message", "content", "*"}, slotItem},

		{[]string{"event"}, slotEvent},
		{[]string{"event", "type"}, slotType},
		{[]string{"event", "index"}, slotIndex},
		{[]string{"event", "message"}, slotMessage},
		{[]string{"event", "message", "id"}, slotID},
		{[]string{"event", "content_block"}, slotContentBlock},
		{[]string{"event", "delta"}, slotDelta},
		{[]string{"event", "delta", "type"}, slotType},
		{[]string{"event", "delta", "text"}, slotText},
		{[]string{"event", "delta", "thinking"}, slotThinking},
		{[]string{"event", "delta", "partial_json"}, slotPartialJSON},

		{[]string{"permission_denials"}, slotDenials},
		{[]string{"permission_denials", "*"}, slotItem},
		{[]string{"permission_denials", "*", "tool_use_id"}, slotToolUseID},

		{[]string{"request"}, slotRequest},
		{[]string{"request", "subtype"}, slotSubtype},
		{[]string{"request", "tool_use_id"}, slotToolUseID},

		{[]string{"response"}, slotResponse},
		{[]string{"response", "request_id"}, slotRequestID},
		{[]string{"response", "subtype"}, slotSubtype},
		{[]string{"response", "response"}, slotResponse},
	}
	for _, b := range blockMarks {
		m = append(m, Mark{append([]string{"message", "content", "*"}, b.Path...), b.Slot})
		m = append(m, Mark{append([]string{"event", "content_block"}, b.Path...), b.Slot})
	}
	return m
}()

// VersionMark marks a line's claude_code_version (see Version).
var VersionMark = Mark{[]string{"claude_code_version"}, slotVersion}

// Version returns the claude_code_version the captures of a line hold
// (the last, as encoding/json reads a member given twice; escapes kept),
// or nil when they hold no string there.
func Version(line []byte, caps []fastpath.Capture) []byte {
	t := capTree{line, caps}
	var v Raw
	for j, c := range caps {
		if c.Slot == slotVersion && c.Depth == 1 {
			v = t.str(j)
		}
	}
	return v.in(line)
}

// capTree reads the captures of one line as the tree of values they are:
// the children of a capture are the captures of depth one more among those
// just before it that lie in its range (they end before it, and come after
// any value that ends before it starts).
type capTree struct {
	line []byte
	caps []fastpath.Capture
}

// kids yields the children of capture i, in the order of the line; i ==
// len(caps) stands for the line itself.
func (t capTree) kids(i int, yield func(j int)) {
	depth, lo := uint16(0), 0
	if i < len(t.caps) {
		depth, lo = t.caps[i].Depth, i
		for lo > 0 && t.caps[lo-1].Start >= t.caps[i].Start {
			lo--
		}
	}
	for j := lo; j < i; j++ {
		if t.caps[j].Depth == depth+1 {
			yield(j)
		}
	}
}

// str returns where the contents of the string captured at j lie, or the
// zero Raw when the value is not a string (as reader.strOrNull).
func (t capTree) str(j int) Raw {
	c := t.caps[j]
	if c.End-c.Start < 2 || t.line[c.Start] != '"' {
		return Raw{}
	}
	return raw(c.Start+1, c.End-1)
}

// raw returns where the value captured at j lies.
func (t capTree) raw(j int) Raw { return raw(t.caps[j].Start, t.caps[j].End) }

// bytes returns the bytes of the value captured at j.
func (t capTree) bytes(j int) []byte { return t.line[t.caps[j].Start:t.caps[j].End] }

// FromCaptures fills f from the captures of the members of Marks on a
// line the scan accepted. It reads what Extract reads (a test holds the
// two equal on every captured line), except that the payload of a
// control_response's answer is walked only with answer (for its toolUseID).
func (f *Facts) FromCaptures(line []byte, caps []fastpath.Capture, answer bool) {
	if !f.reset(line) {
		return
	}
	t := capTree{line, caps}
	t.kids(len(caps), func(j int) {
		switch caps[j].Slot {
		case slotType:
			f.Type = t.str(j)
		case slotSubtype:
			f.Subtype = t.str(j)
		case slotSession:
			if line[caps[j].Start] == '"' {
				f.Session, f.HasSession = t.str(j), true
			}
		case slotUUID:
			f.UUID = t.str(j)
		case slotReplay:
			f.Replay = string(t.bytes(j)) == "true"
		case slotParent:
			f.Parent = t.str(j)
		case slotAPIMsgID:
			f.APIMsgID = t.str(j)
		case slotIsError:
			f.IsError, f.HasIsError = string(t.bytes(j)) == "true", true
		case slotHookID:
			f.HookID = t.str(j)
		case slotTaskID:
			f.TaskID = t.str(j)
		case slotVersion:
			f.Version = t.str(j)
		case slotRequestID:
			f.RequestID = t.str(j)
		case slotMessage:
			t.kids(j, func(k int) {
				switch caps[k].Slot {
				case slotID:
					f.MsgID = t.str(k)
				case slotContent:
					t.kids(k, func(b int) {
						f.block(func(blk *Block) { t.block(b, blk) })
					})
				}
			})
		case slotEvent:
			t.event(j, &f.Event)
		case slotDenials:
			t.kids(j, func(d int) {
				t.kids(d, func(k int) {
					if caps[k].Slot == slotToolUseID {
						f.Denials = append(f.Denials, t.str(k))
					}
				})
			})
		case slotRequest:
			t.kids(j, func(k int) {
				switch caps[k].Slot {
				case slotSubtype:
					f.ReqSubtype = t.str(k)
				case slotToolUseID:
					f.ReqToolUseID = t.str(k)
				}
			})
		case slotResponse:
			t.kids(j, func(k int) {
				switch caps[k].Slot {
				case slotRequestID:
					f.RespRequestID = t.str(k)
				case slotSubtype:
					f.RespSubtype = t.str(k)
				case slotResponse:
					if answer {
						// An "any" payload: its members are not marked.
						r := &reader{b: line[:caps[k].End], i: caps[k].Start, ok: true}
						f.answer(r)
					}
				}
			})
		}
	})
}

// block reads the content block captured at j (as readBlock).
func (t capTree) block(j int, b *Block) {
	t.kids(j, func(k int) {
		switch t.caps[k].Slot {
		case slotType:
			b.Type = t.str(k)
		case slotID:
			b.ID = t.str(k)
		case slotToolUseID:
			b.ToolUseID = t.str(k)
		case slotText, slotThinking:
			if t.line[t.caps[k].Start] == '"' {
				b.Text, b.HasText = t.str(k), true
			}
		case slotInput:
			b.Input = t.raw(k)
		}
	})
}

// event reads the event captured at j (as Facts.event).
func (t capTree) event(j int, e *Event) {
	t.kids(j, func(k int) {
		switch t.caps[k].Slot {
		case slotType:
			e.Type = t.str(k)
		case slotIndex:
			e.Index, e.HasIndex = smallInt(t.bytes(k))
		case slotMessage:
			t.kids(k, func(m int) {
				if t.caps[m].Slot == slotID {
					e.MsgID = t.str(m)
				}
			})
		case slotContentBlock:
			t.block(k, &e.Block)
		case slotDelta:
			t.kids(k, func(m int) {
				switch t.caps[m].Slot {
				case slotType:
					e.Delta.Type = t.str(m)
				case slotText, slotThinking, slotPartialJSON:
					e.Delta.Text = t.str(m)
				}
			})
		}
	})
}
