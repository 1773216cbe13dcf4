package validate

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/protocheck/protocheck/validate/internal/fastpath"
)

// TestMutantsBestFit: wrong-type mutants of the 1.0.x line's real output
// (the committed captures of every 1.0.x rung, whose init names no
// claude_code_version), each put in its file in place of the line it
// mutates, are caught at the right line and pointer by a run that finds
// the version itself, at least 99% of the time: the set that fits the
// file best knows the member. (Accepting a line when any set of the line
// accepts it, as the search once did, caught 65.7%: the oldest set accepts
// a wrong type on every member added after it.)
func TestMutantsBestFit(t *testing.T) {
	if testing.Short() {
		t.Skip("runs some ten thousand files")
	}
	v, err := New(Options{NoCrossLine: true, Jobs: 1})
	if err != nil {
		t.Fatal(err)
	}
	// Every mutant is an input of one run, named after what it tests.
	type want struct {
		line         int
		pointer, why string
	}
	var inputs []Input
	wants := map[string]want{}
	for _, version := range []string{"1.0.0", "1.0.38", "1.0.67", "1.0.96", "1.0.128"} {
		files, _ := filepath.Glob(filepath.Join("..", "corpus", "captures", version, "*.jsonl"))
		if len(files) == 0 {
			t.Fatalf("no captures of %s", version)
		}
		for _, f := range files {
			lines := nonBlankLines(t, []string{f})
			for i, line := range lines {
				for _, mu := range someMutants(t, line, func(what string) bool { return strings.Contains(what, ": wrong type at ") }) {
					mutated := slices.Clone(lines)
					mutated[i] = mu.line
					text := bytes.Join(mutated, []byte("\n"))
					name := fmt.Sprintf("%s/%s#%d", version, filepath.Base(f), len(inputs))
					wants[name] = want{i + 1, mu.pointer, mu.what}
					inputs = append(inputs, Input{Name: name, Open: func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(text)), nil }})
				}
			}
		}
	}
	hits := map[string]bool{}
	sum, err := v.Run(context.Background(), inputs, func(f Finding) {
		if w := wants[f.File]; f.Line == w.line && f.Pointer == w.pointer && f.Rule == RuleType.ID {
			hits[f.File] = true
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	set := map[string]string{}
	for _, fs := range sum.FileSets {
		if fs.By != "init-shape" {
			t.Fatalf("%s: chosen by %q, want init-shape", fs.File, fs.By)
		}
		set[fs.File] = fs.Set
	}
	total, caught := len(inputs), len(hits)
	var misses []string
	for _, in := range inputs {
		if !hits[in.Name] && len(misses) < 10 {
			misses = append(misses, in.Name+": "+wants[in.Name].why+" (set "+set[in.Name]+")")
		}
	}
	rate := float64(caught) / float64(total)
	t.Logf("%d wrong-type mutants of the 1.0.x captures: %d caught (%.2f%%)", total, caught, 100*rate)
	if rate < 0.99 {
		t.Errorf("caught %.2f%% of the mutants, want at least 99%%; first misses:\n%s", 100*rate, strings.Join(misses, "\n"))
	}
}

// TestFitProgramsSameVerdicts: the scan programs best fit makes of a
// set's definitions alone give, on every line of the committed captures
// and on their wrong-type mutants, the verdict of the set's own
// validator, for every set and both profiles.
func TestFitProgramsSameVerdicts(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("..", "corpus", "captures", "*", "*.jsonl"))
	var lines [][]byte
	for i, l := range nonBlankLines(t, files) {
		if i%8 != 0 {
			continue // an eighth of them: every variant the captures have
		}
		lines = append(lines, l)
		if i%16 == 0 {
			// Some faults too: a wrong type, an undeclared member.
			lines = append(lines, bytes.Replace(l, []byte(`"session_id":"`), []byte(`"session_id":1,"zz":"`), 1))
		}
	}
	for _, profile := range []Profile{ProfileTolerant, ProfileStrict} {
		root, err := New(Options{Profile: profile, NoCrossLine: true})
		if err != nil {
			t.Fatal(err)
		}
		lim := fastpathLimits(root)
		checked := 0
		for _, c := range root.sets.ranged() {
			if c.Index == "index.json" {
				continue // the root's own programs
			}
			v, err := root.sets.validator(c.Set)
			if err != nil {
				t.Fatal(err)
			}
			var s scanner
			for _, l := range lines {
				p, ok := peekTop(l)
				if !ok {
					continue
				}
				vs := v.pick(v.byType[p.typ], p.top)
				if vs == nil || v.ready(vs) != nil {
					continue
				}
				_, node, err := root.sets.fitProgram(c, vs.entry.Definition())
				if err != nil || node == nil {
					t.Fatalf("%s %s %s: no program (%v)", profile, c.Set, vs.name, err)
				}
				want := s.Check(l, vs.fast, lim)
				wb, wu, wk := want.Bad, want.UnknownCount, len(want.Kinds)
				got := s.Check(l, node, lim)
				if got.Bad != wb || got.UnknownCount != wu || len(got.Kinds) != wk {
					t.Fatalf("%s set %s, %s: fit program: bad %v, %d undeclared, %d kinds; the set's: %v, %d, %d\n%s",
						profile, c.Set, vs.name, got.Bad, got.UnknownCount, len(got.Kinds), wb, wu, wk, l)
				}
				checked++
			}
		}
		t.Logf("%s: %d verdicts alike", profile, checked)
	}
}

func fastpathLimits(v *Validator) fastpath.Limits { return fastpath.Limits{MaxDepth: v.opts.MaxDepth} }

type peeked struct {
	typ string
	top fastpath.Top
}

func peekTop(l []byte) (peeked, bool) {
	top, ok := fastpath.Peek(l)
	if !ok || !top.HasType {
		return peeked{}, false
	}
	return peeked{string(top.Type), top}, true
}

// TestBestFitCleanOnCaptures: the real output of every rung of the
// release ladder, its init dropped, gets no error from the set that fits
// it best, in either profile; nor does that of the 1.0.x line with its
// init (which names no version).
func TestBestFitCleanOnCaptures(t *testing.T) {
	dirs, _ := filepath.Glob(filepath.Join("..", "corpus", "captures", "*"))
	var inputs []Input
	for _, dir := range dirs {
		version := filepath.Base(dir)
		if !ValidCLIVersion(version) {
			continue
		}
		for _, in := range relabel(t, version, func(l string) string {
			if isInit([]byte(l)) {
				return ""
			}
			return l
		}) {
			in.Name = version + " no init/" + in.Name
			inputs = append(inputs, in)
		}
		if strings.HasPrefix(version, "1.0.") {
			for _, in := range relabel(t, version, func(l string) string { return l }) {
				in.Name = version + " init-shape/" + in.Name
				inputs = append(inputs, in)
			}
		}
	}
	for _, profile := range []Profile{ProfileTolerant, ProfileStrict} {
		fs, _ := runOn(t, Options{Profile: profile, Jobs: 2}, inputs)
		for _, f := range fs {
			if f.Severity == Error {
				t.Errorf("%s %s:%d: %s: %s", profile, f.File, f.Line, f.Rule, f.Message)
			}
		}
	}
}

// TestRangeUnevidencedSet: a set that ends before any release is seen to
// print a variant fits no line of it. A control_response with no
// request_id is accepted by the oldest sets only because nothing was known
// of the control protocol there; it stays an error, and no set accepts
// every line.
func TestRangeUnevidencedSet(t *testing.T) {
	line := `{"type":"control_response","response":{"subtype":"success"}}`
	fs, sum := runOn(t, Options{NoCrossLine: true}, []Input{{Name: "r.jsonl", Open: func() (io.ReadCloser, error) { return io.NopCloser(strings.NewReader(line + "\n")), nil }}})
	rules := map[string]bool{}
	for _, f := range fs {
		rules[f.Rule] = true
	}
	if sum.Errors == 0 || !rules[RuleRequired.ID] || !rules[RuleVersionNoInit.ID] {
		t.Errorf("control_response without request_id: findings %v, want schema/required and version/no-init", rules)
	}
}

// TestRawDefs: the splitter finds each definition whole, whatever its
// strings hold, and refuses what it cannot split.
func TestRawDefs(t *testing.T) {
	doc := `{"$schema":"x", "$defs" : {"A":{"description":"a } ] \" {","type":"string"},
	"B":{"items":[{"$ref":"#/$defs/A"},true]} ,"C":7},"oneOf":[]}`
	defs, ok := rawDefs([]byte(doc))
	want := map[string]string{"A": `{"description":"a } ] \" {","type":"string"}`, "B": `{"items":[{"$ref":"#/$defs/A"},true]}`, "C": "7"}
	if !ok || len(defs) != len(want) {
		t.Fatalf("rawDefs: %d defs, ok %v", len(defs), ok)
	}
	for k, w := range want {
		if string(defs[k]) != w {
			t.Errorf("def %s: %s, want %s", k, defs[k], w)
		}
	}
	if got := rawRefs(defs["B"]); len(got) != 1 || got[0] != "A" {
		t.Errorf("refs of B: %v", got)
	}
	for _, bad := range []string{``, `[]`, `{"$defs":[]}`, `{"$defs":{"A":{"x":"unclosed}}}`, `{"$defs":{"A\u0041":{}}}`, `{"a":1}`} {
		if _, ok := rawDefs([]byte(bad)); ok {
			t.Errorf("rawDefs(%s) split it", bad)
		}
	}
}
