package validate

import (
	"bytes"
	"context"
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
	total, caught := 0, 0
	var misses []string
	for _, version := range []string{"1.0.0", "1.0.38", "1.0.67", "1.0.96", "1.0.128"} {
		files, _ := filepath.Glob(filepath.Join("..", "corpus", "captures", version, "*.jsonl"))
		if len(files) == 0 {
			t.Fatalf("no captures of %s", version)
		}
		for _, f := range files {
			lines := nonBlankLines(t, []string{f})
			for i, line := range lines {
				for _, mu := range someMutants(t, line, func(what string) bool { return strings.Contains(what, ": wrong type at ") }) {
					total++
					mutated := slices.Clone(lines)
					mutated[i] = mu.line
					text := bytes.Join(mutated, []byte("\n"))
					hit := false
					sum, err := v.Run(context.Background(), []Input{{Name: "m", Open: func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(text)), nil }}}, func(f Finding) {
						if f.Line == i+1 && f.Pointer == mu.pointer && f.Rule == RuleType.ID {
							hit = true
						}
					})
					if err != nil {
						t.Fatal(err)
					}
					if by := sum.FileSets[0].By; by != "init-shape" {
						t.Fatalf("%s: chosen by %q, want init-shape", f, by)
					}
					if hit {
						caught++
					} else if len(misses) < 10 {
						misses = append(misses, filepath.Join(version, filepath.Base(f))+": "+mu.what+" (set "+sum.FileSets[0].Set+")")
					}
				}
			}
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
		if i%4 != 0 {
			continue // a quarter of them: every variant the captures have
		}
		lines = append(lines, l)
		if i%8 == 0 {
			// Some faults too: a wrong type, an undeclared member.
			lines = append(lines, bytes.Replace(l, []byte(`"session_id":"`), []byte(`"session_id":1,"zz":"`), 1))
		}
	}
	for _, profile := range []string{"tolerant", "strict"} {
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
