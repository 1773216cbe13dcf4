package conform

// Facts are the members of one line that the rules look at, as raw slices
// of the line (strings without their quotes, escapes kept): valid until the
// line's buffer is reused, which is after Checker.Line returns. A Facts is
// reused from line to line; Extract resets it.
type Facts struct {
	Type, Subtype []byte
	Session       []byte // session_id; HasSession tells an empty one from none
	HasSession    bool
	UUID          []byte
	Replay        bool   // isReplay: true
	Parent        []byte // parent_tool_use_id; nil when null or absent

	// assistant and user lines: message.id and the content blocks.
	MsgID  []byte
	Blocks []Block

	// stream_event lines.
	Event    Event
	APIMsgID []byte // api_message_id (2.1 and later)

	// result lines.
	IsError    bool
	HasIsError bool
	Denials    [][]byte // permission_denials[].tool_use_id

	// system lines and conversation_reset.
	HookID, TaskID, Version []byte

	// control_request, control_response, control_cancel_request.
	RequestID     []byte // request_id of a request or cancel
	ReqSubtype    []byte // request.subtype
	ReqToolUseID  []byte // request.tool_use_id (can_use_tool)
	RespRequestID []byte // response.request_id
	RespSubtype   []byte // response.subtype
	AnsToolUseID  []byte // response.response.toolUseID
}

// A Block is a content block: of an assistant message, of a user message
// (tool_result), or the content_block of a content_block_start event.
type Block struct {
	Type      []byte
	ID        []byte // tool_use id
	ToolUseID []byte // tool_result's tool_use_id
	Text      []byte // text, or thinking: raw string contents
	HasText   bool
	Input     []byte // tool_use input: raw JSON
}

// Event is the event of a stream_event line.
type Event struct {
	Type     []byte
	Index    int
	HasIndex bool
	MsgID    []byte // message_start: message.id
	Block    Block  // content_block_start: content_block
	Delta    Delta  // content_block_delta: delta
}

// Delta is the delta of a content_block_delta event.
type Delta struct {
	Type []byte
	Text []byte // text, thinking or partial_json: raw string contents
}

// toolUseTypes are the block types that call a tool and get a tool_result.
func isToolUse(t []byte) bool {
	switch string(t) {
	case "tool_use", "server_tool_use", "mcp_tool_use":
		return true
	}
	return false
}

func (f *Facts) reset() {
	blocks := f.Blocks[:0]
	denials := f.Denials[:0]
	*f = Facts{Blocks: blocks, Denials: denials}
}

// Extract fills f from one line, a JSON object the validator has read. It
// reads only what the rules use and never panics; on malformed input the
// facts read so far are kept.
func (f *Facts) Extract(line []byte) {
	f.reset()
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
				f.Blocks = append(f.Blocks, Block{})
				readBlock(r, &f.Blocks[len(f.Blocks)-1])
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
			n, ok := smallInt(r.skip())
			e.Index, e.HasIndex = n, ok
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

// smallInt parses a non-negative integer of up to 9 digits.
func smallInt(b []byte) (int, bool) {
	if len(b) == 0 || len(b) > 9 {
		return 0, false
	}
	n := 0
	for _, c := range b {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	return n, true
}
