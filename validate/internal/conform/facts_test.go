package conform

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// TestExtractMatchesJSON: on every line of every committed capture, the
// facts read by the raw walker are those encoding/json decodes.
func TestExtractMatchesJSON(t *testing.T) {
	files, _ := filepath.Glob("../../../corpus/captures/*/*.jsonl")
	if len(files) == 0 {
		t.Fatal("no captures under corpus/captures")
	}
	var f Facts
	n := 0
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range bytes.Split(data, []byte("\n")) {
			if len(bytes.TrimSpace(line)) == 0 {
				continue
			}
			n++
			f.Extract(line)
			var m map[string]any
			if err := json.Unmarshal(line, &m); err != nil {
				t.Fatalf("%s:%d: %v", file, i+1, err)
			}
			check := func(what string, raw []byte, want any) {
				t.Helper()
				w, _ := want.(string)
				if got := text(raw); got != w || (raw == nil) != (want == nil || w == "" && raw == nil) {
					t.Errorf("%s:%d: %s = %q, want %q", file, i+1, what, got, w)
				}
			}
			check("type", f.B(f.Type), m["type"])
			check("session_id", f.B(f.Session), m["session_id"])
			check("uuid", f.B(f.UUID), m["uuid"])
			check("parent_tool_use_id", f.B(f.Parent), m["parent_tool_use_id"])
			if msg, ok := m["message"].(map[string]any); ok {
				check("message.id", f.B(f.MsgID), msg["id"])
				if content, ok := msg["content"].([]any); ok {
					if len(content) != len(f.Blocks) {
						t.Fatalf("%s:%d: %d blocks, want %d", file, i+1, len(f.Blocks), len(content))
					}
					for k, c := range content {
						b := c.(map[string]any)
						check("block type", f.B(f.Blocks[k].Type), b["type"])
						check("block id", f.B(f.Blocks[k].ID), b["id"])
						check("block tool_use_id", f.B(f.Blocks[k].ToolUseID), b["tool_use_id"])
						if txt, ok := b["text"].(string); ok {
							check("block text", f.B(f.Blocks[k].Text), txt)
						}
						if in, ok := b["input"]; ok {
							want, _ := json.Marshal(in)
							var got any
							if json.Unmarshal(f.B(f.Blocks[k].Input), &got) != nil {
								t.Errorf("%s:%d: block input %q is not JSON", file, i+1, f.B(f.Blocks[k].Input))
							} else if g, _ := json.Marshal(got); !bytes.Equal(g, want) {
								t.Errorf("%s:%d: block input %s, want %s", file, i+1, g, want)
							}
						}
					}
				}
			}
			if ev, ok := m["event"].(map[string]any); ok {
				check("event type", f.B(f.Event.Type), ev["type"])
				if d, ok := ev["delta"].(map[string]any); ok {
					for _, k := range []string{"text", "thinking", "partial_json"} {
						if s, ok := d[k].(string); ok {
							check("delta "+k, f.B(f.Event.Delta.Text), s)
						}
					}
				}
			}
		}
	}
	if n == 0 {
		t.Fatal("no lines")
	}
}

// TestExtractNeverPanics: every prefix of a real line, and lines of
// garbage, leave the walker in one piece.
func TestExtractNeverPanics(t *testing.T) {
	line := []byte(`{"type":"assistant","message":{"id":"m\"1","content":[{"type":"text","text":"a\\\"b{["},{"type":"tool_use","id":"t","input":{"x":[1,{"y":"]"}]}}]},"session_id":"s","uuid":"u"}`)
	var f Facts
	for i := range line {
		f.Extract(line[:i])
	}
	for _, g := range []string{"", "{", `{"`, `{"a"`, `{"a":`, `{"message":{"content":[{`, `]]]}}}`, `{"type":"x"}}`, "\x00", `"\`} {
		f.Extract([]byte(g))
	}
	f.Extract(line)
	if text(f.B(f.MsgID)) != `m"1` || len(f.Blocks) != 2 || text(f.B(f.Blocks[0].Text)) != `a\"b{[` || string(f.B(f.Blocks[1].Input)) != `{"x":[1,{"y":"]"}]}` || text(f.B(f.Session)) != "s" {
		t.Errorf("the whole line: %+v", f)
	}
}
