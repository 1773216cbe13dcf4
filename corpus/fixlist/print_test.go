package fixlist

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/protocheck/protocheck/internal/report"
)

// TestPrintEscapesTerminalSequences: text taken from transcripts (a line's
// type, its text, a variant's name, a file name) reaches no text output
// with its control characters raw: ESC ]52 (set the clipboard) and ESC [2J
// (clear the screen) are written as \u escapes, as validate writes them,
// and the JSON form decodes to the original text.
func TestPrintEscapesTerminalSequences(t *testing.T) {
	const bad = "x\x1b]52;c;aGk=\x07\x1b[2J\u202e\u009b"
	fl := &FixList{Dialect: "d" + bad, Title: "t" + bad, Items: []*Item{{
		Rank: 1, Cause: "cause" + bad, Wire: "wire" + bad, Reason: "reason" + bad, Verified: "verified" + bad,
		Variants: []string{"v" + bad}, Writes: []string{"w" + bad}, Lines: 1,
		Evidence: Evidence{File: "f" + bad, Line: 3, Text: "text" + bad, Message: "msg" + bad},
	}, {
		Rank: 2, Cause: "c2", Evidence: Evidence{Probe: "p", Text: "sent" + bad, Answer: "answer" + bad},
	}}}
	for _, f := range Formats {
		var b bytes.Buffer
		if err := fl.Print(&b, f); err != nil {
			t.Fatal(err)
		}
		out := b.String()
		for _, c := range []string{"\x1b", "\x07", "\u202e", "\u009b"} {
			if strings.Contains(out, c) {
				t.Errorf("%s output holds %q raw:\n%s", f, c, out)
			}
		}
		if f == report.JSON {
			var got struct{ Dialect string }
			if err := json.Unmarshal(b.Bytes(), &got); err != nil || got.Dialect != fl.Dialect {
				t.Errorf("JSON output decodes to dialect %q (%v), want %q", got.Dialect, err, fl.Dialect)
			}
		}
	}
}
