package conform

import "bytes"

// Facts are the members of one line that the rules look at, each a Raw:
// where the value lies in the line (a string's contents between its
// quotes, escapes kept), which B returns. They are valid until the line's
// buffer is reused, which is after Checker.Line returns. A Facts is reused
// from line to line; Extract and FromCaptures reset it. It is kept small
// (offsets rather than slices): the workers write one for every line and
// the collector reads it on another core.
type Facts struct {
	line []byte

	Type, Subtype Raw
	Session       Raw // session_id; HasSession tells an empty one from none
	UUID          Raw
	Parent        Raw // parent_tool_use_id; absent when null
	HasSession    bool
	Replay        bool // isReplay: true

	// result lines.
	IsError    bool
	HasIsError bool
	Denials    []Raw // permission_denials[].tool_use_id

	// assistant and user lines: message.id and the content blocks. Blocks
	// holds those that give some fact, each with its place (At); NBlocks
	// counts them all, so that a line of a million empty blocks costs no
	// more than the line.
	MsgID   Raw
	Blocks  []Block
	NBlocks int

	// stream_event lines.
	Event    Event
	APIMsgID Raw // api_message_id (2.1 and later)

	// system lines and conversation_reset.
	HookID, TaskID, Version Raw

	// control_request, control_response, control_cancel_request.
	RequestID     Raw // request_id of a request or cancel
	ReqSubtype    Raw // request.subtype
	ReqToolUseID  Raw // request.tool_use_id (can_use_tool)
	RespRequestID Raw // response.request_id
	RespSubtype   Raw // response.subtype
	AnsToolUseID  Raw // response.response.toolUseID
}

// A Raw is where a value lies in the line of its Facts: a string's
// contents, between its quotes and with escapes kept, or a value of
// another kind whole. The zero Raw is a value the line does not give
// (absent, or null where a string is read).
type Raw struct{ start, end uint32 }

// maxLine bounds the lines whose facts are read (a Raw holds 32-bit
// offsets); a longer line gives none.
const maxLine = 1<<32 - 1

// raw returns the Raw of line[start:end]. A member's value never starts
// the line, so start is never 0 but for the zero Raw.
func raw(start, end int) Raw { return Raw{uint32(start), uint32(end)} }

// B returns the bytes of r, or nil when the line does not give it.
func (f *Facts) B(r Raw) []byte { return r.in(f.line) }

// in returns the bytes of r in line, or nil for the zero Raw.
func (r Raw) in(line []byte) []byte {
	if r.start == 0 {
		return nil
	}
	return line[r.start:r.end]
}

// A Block is a content block: of an assistant message, of a user message
// (tool_result), or the content_block of a content_block_start event.
type Block struct {
	Type      Raw
	ID        Raw // tool_use id
	ToolUseID Raw // tool_result's tool_use_id
	Text      Raw // text, or thinking: string contents
	Input     Raw // tool_use input: JSON
	HasText   bool
	At        int32 // the block's index in the content array
}

// block reads the next content block with fill, and keeps it when it
// gives a fact.
func (f *Facts) block(fill func(b *Block)) {
	at := int32(f.NBlocks)
	f.Blocks = append(f.Blocks, Block{At: at})
	fill(&f.Blocks[len(f.Blocks)-1])
	if f.Blocks[len(f.Blocks)-1] == (Block{At: at}) {
		f.Blocks = f.Blocks[:len(f.Blocks)-1]
	}
	f.NBlocks++
}

// Event is the event of a stream_event line.
type Event struct {
	Type     Raw
	MsgID    Raw   // message_start: message.id
	Block    Block // content_block_start: content_block
	Delta    Delta // content_block_delta: delta
	Index    int32
	HasIndex bool
}

// Delta is the delta of a content_block_delta event.
type Delta struct {
	Type Raw
	Text Raw // text, thinking or partial_json: string contents
}

// toolUseTypes are the block types that call a tool and get a tool_result.
func isToolUse(t []byte) bool {
	switch string(t) {
	case "tool_use", "server_tool_use", "mcp_tool_use":
		return true
	}
	return false
}

// reset empties f for line, and reports whether its facts can be read.
func (f *Facts) reset(line []byte) bool {
	blocks := f.Blocks[:0]
	denials := f.Denials[:0]
	*f = Facts{line: line, Blocks: blocks, Denials: denials}
	return len(line) <= maxLine
}

// Extract fills f from one line, a JSON object the validator has read. It
// reads only what the rules use and never panics; on malformed input the
// facts read so far are kept.
func (f *Facts) Extract(line []byte) {
	if !f.reset(line) {
		return
	}
	r := &reader{b: line, ok: true}
	r.object(func(k []byte) {
		switch string(k) {
		case "type":
			f.Type = r.str()
		case "subtype":
			f.Subtype = r.strOrNull()
		case "session_id":
			if r.peek() == '"' {
				f.Session, f.HasSession = r.str(), true
			} else {
				r.skip()
			}
		case "uuid":
			f.UUID = r.strOrNull()
		case "isReplay":
			f.Replay = r.boolean()
		case "parent_tool_use_id":
			f.Parent = r.strOrNull()
		case "message":
			f.message(r)
		case "event":
			f.event(r)
		case "api_message_id":
			f.APIMsgID = r.strOrNull()
		case "is_error":
			f.IsError, f.HasIsError = r.boolean(), true
		case "permission_denials":
			f.denials(r)
		case "hook_id":
			f.HookID = r.strOrNull()
		case "task_id":
			f.TaskID = r.strOrNull()
		case "claude_code_version":
			f.Version = r.strOrNull()
		case "request_id":
			f.RequestID = r.strOrNull()
		case "request":
			f.request(r)
		case "response":
			f.response(r)
		default:
			r.skip()
		}
	})
}

func (f *Facts) denials(r *reader) {
	r.array(func() {
		r.object(func(k []byte) {
			if string(k) == "tool_use_id" {
				f.Denials = append(f.Denials, r.strOrNull())
			} else {
				r.skip()
			}
		})
	})
}

func (f *Facts) request(r *reader) {
	r.object(func(k []byte) {
		switch string(k) {
		case "subtype":
			f.ReqSubtype = r.strOrNull()
		case "tool_use_id":
			f.ReqToolUseID = r.strOrNull()
		default:
			r.skip()
		}
	})
}

// response reads a control_response's body: its request_id, subtype, and
// the toolUseID of its payload.
func (f *Facts) response(r *reader) {
	r.object(func(k []byte) {
		switch string(k) {
		case "request_id":
			f.RespRequestID = r.strOrNull()
		case "subtype":
			f.RespSubtype = r.strOrNull()
		case "response":
			f.answer(r)
		default:
			r.skip()
		}
	})
}

// answer reads the payload of a control_response's answer, for the
// toolUseID of an answer to can_use_tool.
func (f *Facts) answer(r *reader) {
	r.object(func(k []byte) {
		if string(k) == "toolUseID" {
			f.AnsToolUseID = r.strOrNull()
		} else {
			r.skip()
		}
	})
}

// message reads an assistant or user message: its id and content blocks
// (a string content has none).
func (f *Facts) message(r *reader) {
	r.object(func(k []byte) {
		switch string(k) {
		case "id":
			f.MsgID = r.strOrNull()
		case "content":
			if r.peek() != '[' {
				r.skip()
				return
			}
			r.array(func() {
				f.block(func(b *Block) { readBlock(r, b) })
			})
		default:
			r.skip()
		}
	})
}

func readBlock(r *reader, b *Block) {
	r.object(func(k []byte) {
		switch string(k) {
		case "type":
			b.Type = r.strOrNull()
		case "id":
			b.ID = r.strOrNull()
		case "tool_use_id":
			b.ToolUseID = r.strOrNull()
		case "text", "thinking":
			if r.peek() == '"' {
				b.Text, b.HasText = r.str(), true
			} else {
				r.skip()
			}
		case "input":
			b.Input = r.skip()
		default:
			r.skip()
		}
	})
}

func (f *Facts) event(r *reader) {
	e := &f.Event
	r.object(func(k []byte) {
		switch string(k) {
		case "type":
			e.Type = r.strOrNull()
		case "index":
			e.Index, e.HasIndex = smallInt(r.bytes(r.skip()))
		case "message":
			r.object(func(k []byte) {
				if string(k) == "id" {
					e.MsgID = r.strOrNull()
				} else {
					r.skip()
				}
			})
		case "content_block":
			readBlock(r, &e.Block)
		case "delta":
			r.object(func(k []byte) {
				switch string(k) {
				case "type":
					e.Delta.Type = r.strOrNull()
				case "text", "thinking", "partial_json":
					e.Delta.Text = r.strOrNull()
				default:
					r.skip()
				}
			})
		default:
			r.skip()
		}
	})
}

// Abandoned returns what a stream_event's abandoned_blocks (2.1.304 and
// later) names: the message, and the index of the first block the CLI
// abandoned; ok is false when the line has none. It reads the line again,
// but only a line that mentions the member.
func (f *Facts) Abandoned() (msgID []byte, from int32, ok bool) {
	if !bytes.Contains(f.line, []byte(`"abandoned_blocks"`)) {
		return nil, 0, false
	}
	var id Raw
	r := &reader{b: f.line, ok: true}
	r.object(func(k []byte) {
		if string(k) != "abandoned_blocks" || r.peek() != '{' {
			r.skip()
			return
		}
		r.object(func(k []byte) {
			switch string(k) {
			case "api_message_id":
				id = r.strOrNull()
			case "from_block_index":
				from, ok = smallInt(r.bytes(r.skip()))
			default:
				r.skip()
			}
		})
	})
	if id.start == 0 {
		return nil, 0, false
	}
	return f.B(id), from, ok
}

// smallInt parses a non-negative integer of up to 9 digits.
func smallInt(b []byte) (int32, bool) {
	if len(b) == 0 || len(b) > 9 {
		return 0, false
	}
	var n int32
	for _, c := range b {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int32(c-'0')
	}
	return n, true
}
