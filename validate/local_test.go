package validate

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/protocheck/protocheck/validate/internal/conform"
	"github.com/protocheck/protocheck/validate/internal/fastpath"
)

// localMutations give a capture line faults the scan judges itself
// (fastpath.Failure.Local) beside faults santhosh-tekuri judges: members
// undeclared (some with escaped names, or white space about them), members
// deleted, and both at once with a value of the wrong type below; values
// outside their enum (some with escapes, or of the wrong type).
var localMutations = []struct {
	re   *regexp.Regexp
	with string
	all  bool
}{
	{regexp.MustCompile(`^\{`), `{"zz_unknown":1,`, false},
	{regexp.MustCompile(`^\{`), `{ "z\u007a" : [1,{"a":2}] , `, false},
	{regexp.MustCompile(`:\{`), `:{"zz":{"type":7},`, true},
	{regexp.MustCompile(`,"[A-Za-z_]+":("(?:[^"\\]|\\.)*"|[0-9]+|true|false|null)`), ``, false},
	{regexp.MustCompile(`,"[A-Za-z_]+":("(?:[^"\\]|\\.)*"|[0-9]+|true|false|null)`), ``, true},
	{regexp.MustCompile(`\{"type":"text","text":"(?:[^"\\]|\\.)*"`), `{"type":"text","zz":1`, true},
	{regexp.MustCompile(`("(?:role|type|stop_reason|service_tier)":)"[a-z_]+"`), `${1}7`, true},
	{regexp.MustCompile(`("(?:stop_reason|service_tier|permissionMode|costBasis|status|level|role|speed|scope|behavior)":)"[a-z_]+"`), `${1}"zz_not_in_enum"`, true},
	{regexp.MustCompile(`("(?:stop_reason|service_tier|permissionMode|status)":)"[a-z_]+"`), `${1}"z_"q "`, false},
	{regexp.MustCompile(`("(?:stop_reason|service_tier|role)":)"[a-z_]+"`), `${1}true`, false},
}

// localMutants returns the mutants of a line: each mutation applied at its
// first match, at every match (all), and at each match alone.
func localMutants(line []byte) [][]byte {
	var out [][]byte
	for _, m := range localMutations {
		locs := m.re.FindAllSubmatchIndex(line, -1)
		for i, loc := range locs {
			if i >= 8 {
				break
			}
			var b []byte
			b = append(b, line[:loc[0]]...)
			b = m.re.Expand(b, []byte(m.with), line, loc)
			out = append(out, append(b, line[loc[1]:]...))
		}
		if m.all && len(locs) > 1 {
			out = append(out, m.re.ReplaceAll(line, []byte(m.with)))
		}
	}
	return out
}

// TestLocalFailuresDifferential: the findings of the failures the scan
// judges itself (missing and forbidden members), beside those
// santhosh-tekuri judges, are the ones validating the whole line gives:
// rule, pointer, column, message, keyword, severity and order, in every
// option set of the differential test, on mutants of every line of the
// captures of 2.1.330 and 2.1.331.
func TestLocalFailuresDifferential(t *testing.T) {
	files, _ := filepath.Glob("../corpus/captures/2.1.33[01]/*.jsonl")
	if len(files) == 0 {
		t.Fatal("no captures")
	}
	var lines [][]byte
	for _, l := range nonBlankLines(t, files) {
		lines = append(lines, localMutants(l)...)
	}
	t.Logf("%d mutants", len(lines))
	for _, opts := range diffOptions {
		check := differential(t, opts)
		for _, l := range lines {
			check(l)
		}
	}
}

// TestLocalFailuresNotWhole: a line that lacks a required member at the
// top, or has a member the strict profile forbids, is not handed whole to
// the full validator: the scan reports the fault as a local failure, and
// the only failure the full validator judges is the member of the wrong
// type below.
func TestLocalFailuresNotWhole(t *testing.T) {
	line := []byte(`{"type":"assistant","message":{"id":"m","type":"message","role":"assistant","model":"x","content":[{"type":"text","text":7}],"stop_reason":null,"stop_sequence":null,"usage":{"input_tokens":1,"output_tokens":1}},"parent_tool_use_id":null,"zz":1}`)
	for _, profile := range []Profile{ProfileTolerant, ProfileStrict} {
		v, err := New(Options{Profile: profile})
		if err != nil {
			t.Fatal(err)
		}
		vs := v.variants["assistant"]
		var s scanner
		res := s.Check(line, vs.fast, fastpath.Limits{MaxDepth: 64, Failures: true})
		if !res.Bad {
			t.Fatalf("%s: the line passes the scan", profile)
		}
		var local, whole int
		for _, f := range res.Failures {
			switch {
			case f.Local != 0:
				local++
			case f.Start == 0:
				whole++
			}
		}
		want := 2 // session_id and uuid are missing
		if profile == ProfileStrict {
			want++ // and zz is forbidden
		}
		if local < want || whole != 0 {
			t.Fatalf("%s: %d local failures (want %d), %d of the whole line (want 0): %+v", profile, local, want, whole, res.Failures)
		}
		var r lineResult
		v.checkLine(&s, "l", 1, line, &r)
		var rules []string
		for _, f := range r.findings {
			rules = append(rules, f.Rule+" "+f.Pointer)
		}
		if !bytes.Contains([]byte(fmtList(rules)), []byte("schema/required /uuid")) || !bytes.Contains([]byte(fmtList(rules)), []byte("schema/type /message/content/0/text")) {
			t.Fatalf("%s: findings %v", profile, rules)
		}
	}
}

func fmtList(s []string) string {
	var b bytes.Buffer
	for _, x := range s {
		b.WriteString(x)
		b.WriteByte('\n')
	}
	return b.String()
}

// TestCapturesOnlyMissing: a line that only lacks members, or has a
// string outside its enum, is read by the cross-line rules from the
// scan's captures, and they hold what conform's own walk of the line
// reads; an init line's version read from them is the line's.
func TestCapturesOnlyMissing(t *testing.T) {
	files, _ := filepath.Glob("../corpus/captures/2.1.33[01]/*.jsonl")
	if len(files) == 0 {
		t.Fatal("no captures")
	}
	v, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	del := localMutations[3].re
	enum := regexp.MustCompile(`("(?:stop_reason|service_tier|permissionMode|costBasis|status|level|role|speed|subtype)":)"[a-z_]+"`)
	var s scanner
	var r lineResult
	lines, read, enums, inits := 0, 0, 0, 0
	for _, l := range nonBlankLines(t, files) {
		var muts [][]byte
		for _, loc := range del.FindAllIndex(l, 12) {
			muts = append(muts, append(append([]byte(nil), l[:loc[0]]...), l[loc[1]:]...))
		}
		for _, loc := range enum.FindAllSubmatchIndex(l, 12) {
			m := append([]byte(nil), l[:loc[3]]...)
			m = append(append(m, `"zz_not_in_enum"`...), l[loc[1]:]...)
			muts = append(muts, m)
		}
		for _, m := range muts {
			v.checkLine(&s, "t", 1, m, &r)
			lines++
			if r.variant != nil && r.variant.name == "system.init" {
				inits++
				if want := fastpath.TopString(m, "claude_code_version"); r.cliVersion != want {
					t.Fatalf("%s:\n version %q, the line's %q", m, r.cliVersion, want)
				}
			}
			if r.caps == nil {
				continue
			}
			read++
			if bytes.Contains(m, []byte("zz_not_in_enum")) && len(r.findings) > 0 && r.findings[0].Rule == RuleEnum.ID {
				enums++
			}
			var want, got conform.Facts
			want.Extract(m)
			got.FromCaptures(m, r.caps, true)
			if !reflect.DeepEqual(want, got) {
				t.Fatalf("%s:\n walk     %+v\n captures %+v", m, want, got)
			}
		}
	}
	t.Logf("%d of %d lines with a member deleted or a value outside its enum read from captures (%d of the latter)", read, lines, enums)
	if read == 0 || enums == 0 || inits == 0 {
		t.Fatal("no line that lacks a member, or no line with a value outside its enum, is read from captures")
	}
}

// TestDisplayPlain: display writes a plain string as json.Marshal does,
// and quotes the others through it.
func TestDisplayPlain(t *testing.T) {
	for _, s := range []string{"", "a b", "x<y", "a&b", "q\"", "b\\", "\u2028", "é", "\x7f", strings.Repeat("z", 100), "tab\t"} {
		b, _ := json.Marshal(s)
		if got, want := display(s), cut(string(b), 60); got != want {
			t.Errorf("display(%q) = %s, want %s", s, got, want)
		}
	}
	list := []any{"a", "b", "c", "d", "e", "f", "g", "h", "i", "j"}
	if got, want := displayList(list), `["a", "b", "c", "d", "e", "f", "g", "h", ... (10 values)]`; got != want {
		t.Errorf("displayList = %s, want %s", got, want)
	}
}
