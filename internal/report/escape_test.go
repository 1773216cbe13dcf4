package report

import (
	"strings"
	"testing"

	"github.com/protocheck/protocheck/validate"
)

// TestFileNamesUnambiguous: a file name holding a backslash and one
// holding the control character it would spell print differently in
// every human form (text, github, junit, markdown): the backslash is
// escaped too, so a name cannot pose as another.
func TestFileNamesUnambiguous(t *testing.T) {
	for _, pair := range [][2]string{
		{`x\u001b.jsonl`, "x\x1b.jsonl"}, // a backslash and five characters; ESC
		{`x\xff.jsonl`, "x\xff.jsonl"},   // a backslash and three; a byte that is not UTF-8
	} {
		testUnambiguous(t, pair[0], pair[1])
	}
}

func testUnambiguous(t *testing.T, literal, control string) {
	for _, f := range []Format{Text, GitHub, JUnit, Markdown} {
		out := map[string]string{}
		for _, name := range []string{literal, control} {
			fs := []Finding{{Finding: validate.Finding{File: name, Line: 1, Column: 1, Rule: "schema/required", Severity: validate.Error, Message: "m"}}}
			s := render(t, f, fs, Summary{Summary: validate.Summary{Files: 1, Lines: 1, Errors: 1}})
			noRawControls(t, f, s)
			out[name] = string(s)
		}
		if out[literal] == out[control] {
			t.Errorf("%s: the name %q and the name %q print the same:\n%s", f, literal, control, out[literal])
		}
	}
}

// TestLineSeparatorsEscaped: U+2028 and U+2029, which some readers take for
// a line break, are escaped in text, github, junit and markdown, as the
// other invisible characters are.
func TestLineSeparatorsEscaped(t *testing.T) {
	for _, f := range []Format{Text, GitHub, JUnit, Markdown, JSON, SARIF, GitLab} {
		fs := []Finding{{Finding: validate.Finding{File: "a\u2028b.jsonl", Line: 1, Column: 1, Pointer: "/x\u2029",
			Rule: "variant/unknown-type", Severity: validate.Warning, Message: "unknown message type \"p\u2028q\u2029\""}}}
		out := string(render(t, f, fs, Summary{Summary: validate.Summary{Files: 1, Lines: 1, Warnings: 1}}))
		if strings.ContainsAny(out, "\u2028\u2029") {
			t.Errorf("%s: raw U+2028 or U+2029 in the output:\n%q", f, out)
		}
	}
}

// TestBaselineNonUTF8FileName: a finding in a file whose name is not
// UTF-8 matches the baseline entry written for it, after the baseline went
// through its JSON file.
func TestBaselineNonUTF8FileName(t *testing.T) {
	fs := []Finding{
		finding("bad\xff\xfe.jsonl", 1, "schema/type", "/n", "h1"),
		finding("bad\xfd.jsonl", 1, "schema/type", "/n", "h1"),
	}
	b, err := ParseBaseline("x.json", NewBaseline(fs).Marshal())
	if err != nil {
		t.Fatal(err)
	}
	if len(b.Entries) != 2 {
		t.Fatalf("two files whose names differ in bytes that are not UTF-8 make %d entries, want 2", len(b.Entries))
	}
	m := b.Matcher()
	for _, f := range fs {
		if !m.Match(f) {
			t.Errorf("the finding in %q does not match its baseline entry", f.File)
		}
	}
}
