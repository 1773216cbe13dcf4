package report

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

// baselineFile writes a baseline file of n entries, one a line, each
// with its own pointer and hash, count 2; and returns its path.
func baselineFile(t *testing.T, n int) string {
	t.Helper()
	var b strings.Builder
	b.WriteString(`{"version": 1, "entries": [`)
	for i := range n {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, "\n  {\"file\":\"transcripts/f%03d.jsonl\",\"rule\":\"schema/unknown-property\",\"variant\":\"assistant\",\"pointer\":\"/message/content/%d/extra\",\"hash\":\"%s\",\"count\":2}",
			i/1000, i, hashOf(i))
	}
	b.WriteString("\n]}\n")
	path := filepath.Join(t.TempDir(), "base.json")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// liveHeap is the heap in use after a collection.
func liveHeap() uint64 {
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.HeapAlloc
}

// TestBaselineHeldCompactly: a baseline file read for matching keeps a
// fixed few bytes a distinct entry, not the entries (the file was held
// whole and every entry kept as strings: 361 bytes an entry of 168 in
// the file). The measure is the live heap after a collection, which the
// machine's load does not move; 32 bytes is twice the 16 the digests take.
func TestBaselineHeldCompactly(t *testing.T) {
	const n = 20000
	path := baselineFile(t, n)
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	before := liveHeap()
	m, err := OpenBaseline(path)
	if err != nil {
		t.Fatal(err)
	}
	held := int64(liveHeap()) - int64(before)
	runtime.KeepAlive(m)
	t.Logf("%d entries in %d bytes: %d bytes held, %.1f an entry", n, fi.Size(), held, float64(held)/n)
	if held > 32*n {
		t.Errorf("the matcher of %d entries holds %d bytes (%.0f an entry), want at most 32 an entry", n, held, float64(held)/n)
	}
	// It still matches: the last entry, twice, and not a third time.
	f := finding(fmt.Sprintf("transcripts/f%03d.jsonl", (n-1)/1000), 1, "schema/unknown-property", fmt.Sprintf("/message/content/%d/extra", n-1), hashOf(n-1))
	f.Variant = "assistant"
	if !m.Match(f) || !m.Match(f) || m.Match(f) {
		t.Error("the last entry (count 2) does not accept exactly two findings")
	}
	m.Close()
}

// TestStaleListedBounded: a baseline whose entries are all stale lists
// the first MaxStaleListed in the file's order and counts the rest (all
// of them were listed, and held, before); an entry listed twice in the
// file is one stale entry, listed once with both counts.
func TestStaleListedBounded(t *testing.T) {
	const n = 3000
	path := baselineFile(t, n)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	// The first entry again, at the end.
	first := strings.SplitN(string(data), "\n", 3)[1]
	data = []byte(strings.Replace(string(data), "\n]}", ",\n"+strings.TrimSuffix(first, ",")+"\n]}", 1))
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	m, err := OpenBaseline(path)
	if err != nil {
		t.Fatal(err)
	}
	fl := &Filter{Baseline: m}
	var s Summary
	fl.Adjust(&s)
	if len(s.Stale) != MaxStaleListed || s.StaleEntries != n || s.StaleFindings != 2*n+2 || len(s.Notes) != 0 {
		t.Fatalf("%d stale entries listed, counted %d entries and %d findings, notes %q; want %d listed, %d entries, %d findings",
			len(s.Stale), s.StaleEntries, s.StaleFindings, s.Notes, MaxStaleListed, n, 2*n+2)
	}
	if s.Stale[0].Count != 4 || s.Stale[1].Pointer != "/message/content/1/extra" || s.Stale[MaxStaleListed-1].Pointer != fmt.Sprintf("/message/content/%d/extra", MaxStaleListed-1) {
		t.Errorf("listed: first %+v, second %+v, last %+v", s.Stale[0], s.Stale[1], s.Stale[MaxStaleListed-1])
	}
	text := strings.Join(adoptionLines(s), "\n")
	for _, want := range []string{
		fmt.Sprintf("baseline: %d findings no longer found, in %d entries;", 2*n+2, n),
		fmt.Sprintf("\n  and %d more stale entries (the first %d are listed)", n-MaxStaleListed, MaxStaleListed),
	} {
		if !strings.Contains(text, want) {
			t.Errorf("the text report lacks %q", want)
		}
	}
}

// TestBaselineChangedDuringRun: the stale entries are read again from the
// file opened at the start; a file changed meanwhile is not listed from,
// but the counts stay whole and a note says why.
func TestBaselineChangedDuringRun(t *testing.T) {
	path := baselineFile(t, 3)
	m, err := OpenBaseline(path)
	if err != nil {
		t.Fatal(err)
	}
	later := time.Now().Add(time.Hour)
	if err := os.Chtimes(path, later, later); err != nil {
		t.Fatal(err)
	}
	fl := &Filter{Baseline: m}
	var s Summary
	fl.Adjust(&s)
	if len(s.Stale) != 0 || s.StaleEntries != 3 || s.StaleFindings != 6 || len(s.Notes) != 1 || !strings.Contains(s.Notes[0], "changed during the run") {
		t.Errorf("summary after the baseline changed: %d listed, %d entries, %d findings, notes %q", len(s.Stale), s.StaleEntries, s.StaleFindings, s.Notes)
	}
}

// TestBaselineFileErrors: errors from the streamed reader name the file
// and the line; an entry longer than the cap is refused at its line
// rather than held.
func TestBaselineFileErrors(t *testing.T) {
	defer func(old int64) { maxEntryBytes = old }(maxEntryBytes)
	maxEntryBytes = 1000
	long := `{"file":"a","rule":"r","pointer":"/` + strings.Repeat("x", 5000) + `","hash":"","count":1}`
	for _, tc := range []struct{ name, in, want string }{
		{"an entry over the cap", "{\"version\": 1, \"entries\": [\n" + `{"file":"a","rule":"r","pointer":"","hash":"","count":1},` + "\n" + long + "]}", "x.json:3: an entry longer than 1000 bytes"},
		{"cut short", "{\"version\": 1, \"entries\": [\n{\"file\":\"a\",", "x.json:2: not a baseline file: unexpected EOF"},
		{"a bad value", "{\"version\": 1, \"entries\": [\n\n {\"file\":\"a\", \"count\": \"1\"}]}", "x.json:3: not a baseline file"},
		{"a syntax error", "{\"version\": 1, \"entries\": [\n{\"rule\":\"a\",\"count\":1},\n{\"file\" \"a\"}]}", "x.json:3: not a baseline file"},
		{"an unknown member of an entry", "{\"version\": 1, \"entries\": [\n{\"file\":\"a\",\n\"fiel\":\"a\"}]}", "unknown field"},
		{"entries twice", "{\"version\": 1, \"entries\": [],\n\"entries\": []}", `x.json:2: not a baseline file: "entries" twice`},
		{"no entry of a rule", "{\"version\": 1, \"entries\": [\n{\"file\":\"a\",\"count\":1}]}", "x.json:2: entry 1: needs a rule"},
		{"version last", "{\"entries\": [], \"version\": 3}", "baseline version 3"},
	} {
		_, err := ParseBaseline("x.json", []byte(tc.in))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: ParseBaseline = %v, want an error with %q", tc.name, err, tc.want)
		}
	}
	if b, err := ParseBaseline("x.json", []byte(`{"entries": null, "version": 1}`)); err != nil || len(b.Entries) != 0 {
		t.Errorf("null entries: %v, %v", b, err)
	}
}

// hashOf is entry i's hash in baselineFile's files.
func hashOf(i int) string { return fmt.Sprintf("%016x", uint64(i)*0x9e3779b97f4a7c15) }

// TestBaselineNotRegular: a baseline path that is not a regular file (a
// link to a device; a named pipe would block the open) is refused by
// name before it is opened.
func TestBaselineNotRegular(t *testing.T) {
	dev := filepath.Join(t.TempDir(), "base.json")
	if err := os.Symlink(os.DevNull, dev); err != nil {
		t.Fatal(err)
	}
	if _, err := OpenBaseline(dev); err == nil || !strings.Contains(err.Error(), dev+": not a regular file") {
		t.Errorf("OpenBaseline(a link to %s) = %v, want not a regular file", os.DevNull, err)
	}
}

// TestBaselineCounterEncode: what --update-baseline writes, entry by
// entry from the counter, is the bytes of the baseline built whole,
// whatever the hashes look like.
func TestBaselineCounterEncode(t *testing.T) {
	var fs []Finding
	for i, h := range []string{hashOf(1), hashOf(2), "", "h1", "ABCDEF0123456789", hashOf(1), "0123456789abcdeg", hashOf(3)} {
		fs = append(fs, finding([]string{"b.jsonl", "a.jsonl"}[i%2], i, "schema/type", "/n", h), finding("a.jsonl", i, "schema/enum", "/e", h))
	}
	c := NewBaselineCounter()
	for _, f := range fs {
		c.Add(f)
	}
	var b strings.Builder
	n, err := c.Encode(&b)
	want := NewBaseline(fs)
	if err != nil || n != len(want.Entries) || b.String() != string(want.Marshal()) {
		t.Errorf("Encode = %d entries, %v:\n%s\nwant %d entries:\n%s", n, err, b.String(), len(want.Entries), want.Marshal())
	}
}

// TestBaselineCounterCompact: a counter of distinct findings holds some
// 62 bytes each (it held the whole key, its hash as a string: 141); the
// live heap after a collection, which the machine's load does not move.
func TestBaselineCounterCompact(t *testing.T) {
	const n = 50000
	before := liveHeap()
	c := NewBaselineCounter()
	for i := range n { // each finding made as a run makes it, then dropped
		c.Add(finding("transcripts/a.jsonl", i, "schema/type", "/num_turns", hashOf(i)))
	}
	held := int64(liveHeap()) - int64(before)
	runtime.KeepAlive(c)
	t.Logf("%d distinct findings: %d bytes held, %.1f a finding", n, held, float64(held)/n)
	if held > 100*n {
		t.Errorf("the counter of %d distinct findings holds %d bytes (%.0f each), want at most 100 each", n, held, float64(held)/n)
	}
}
