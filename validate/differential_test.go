package validate

import (
	"bufio"
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/protocheck/protocheck/protocol"
)

// diffOptions are the option sets the differential test runs under: the
// strict profile makes most lines of older CLIs fail, --strict with
// --show-unknown adds the findings of the scan to those of the full pass,
// and a cap on findings makes the full pass keep the first ones by place
// (the CLI's default cap, and one of two that most failing lines pass).
var diffOptions = []Options{
	{},
	{Profile: "strict"},
	{ShowUnknown: true, Strict: true},
	{Profile: "strict", MaxFindingsPerLine: 1000},
	{Profile: "strict", MaxFindingsPerLine: 2},
}

// differential returns a check of one line by the full pass as it is and
// as it once was (the whole line decoded again and validated against its
// variant's schema): it fails t when their findings differ in any way.
func differential(t testing.TB, opts Options) func(line []byte) {
	t.Helper()
	opts.MaxDepth = 64
	now, err := New(opts)
	if err != nil {
		t.Fatal(err)
	}
	old, err := New(opts)
	if err != nil {
		t.Fatal(err)
	}
	old.wholeLine = true
	// rel keeps no failure's pointer: its findings are placed relative to
	// their values and made absolute at the end, as on a line that fails
	// in more than fastpath.DefaultFailurePaths places.
	rel, err := New(opts)
	if err != nil {
		t.Fatal(err)
	}
	rel.failurePaths = -1
	var s1, s2, s3 scanner
	var r1, r2, r3 lineResult
	return func(line []byte) {
		t.Helper()
		now.checkLineSafe(&s1, "d", 1, line, &r1)
		old.checkLineSafe(&s2, "d", 1, line, &r2)
		rel.checkLineSafe(&s3, "d", 1, line, &r3)
		for _, r := range []*lineResult{&r1, &r3} {
			if diff := cmp.Diff(r2.findings, r.findings); diff != "" {
				t.Fatalf("profile %q, cap %d, relative %v: the full pass's findings differ from the whole line's (-whole +now):\n%s\nline: %.2000s", opts.Profile, opts.MaxFindingsPerLine, r == &r3, diff, line)
			}
			if r.omitted != r2.omitted {
				t.Fatalf("profile %q, cap %d, relative %v: %v findings left out, the whole line %v\nline: %.2000s", opts.Profile, opts.MaxFindingsPerLine, r == &r3, r.omitted, r2.omitted, line)
			}
		}
	}
}

// diffLines returns the lines the differential test checks: every
// committed capture, the mutants of every line of them (and of the
// protocol's samples) that protocol.Decode reads, and the committed fuzz
// corpus and seeds.
func diffLines(t *testing.T) (lines [][]byte, counts map[string]int) {
	t.Helper()
	counts = map[string]int{}
	files, _ := filepath.Glob("../corpus/captures/*/*.jsonl")
	if len(files) == 0 {
		t.Fatal("no captures")
	}
	var valid [][]byte
	for _, l := range nonBlankLines(t, files) {
		lines = append(lines, l)
		counts["captures"]++
		if m, err := protocol.Decode(l); err == nil && protocol.VariantOf(m) != nil {
			valid = append(valid, l)
		}
	}
	for _, l := range append(valid, validLines(t)...) {
		for _, mu := range mutants(t, l) {
			lines = append(lines, mu.line)
			counts["mutants"]++
		}
	}
	fuzz, _ := filepath.Glob("testdata/fuzz/*/*")
	for _, f := range fuzz {
		for _, in := range readFuzzFile(t, f) {
			for l := range bytes.SplitSeq(in, []byte("\n")) {
				lines = append(lines, l)
				counts["fuzz corpus"]++
			}
		}
	}
	for _, l := range fuzzSeeds {
		lines = append(lines, []byte(l))
		counts["fuzz seeds"]++
	}
	return lines, counts
}

// readFuzzFile reads the []byte values of a file of the fuzz corpus.
func readFuzzFile(t *testing.T, path string) [][]byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out [][]byte
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		lit, ok := strings.CutPrefix(sc.Text(), "[]byte(")
		if !ok {
			continue
		}
		s, err := strconv.Unquote(strings.TrimSuffix(lit, ")"))
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		out = append(out, []byte(s))
	}
	return out
}

// TestFullPassDifferential: the full pass, which hands santhosh-tekuri
// only the failing values, each with its own schema, finds exactly what
// validating the whole line finds (rule, pointer, column, message,
// keyword, severity, order), on every line of the captures, their
// mutants and the fuzz corpus, in each profile.
func TestFullPassDifferential(t *testing.T) {
	lines, counts := diffLines(t)
	t.Logf("%d lines: %v", len(lines), counts)
	for _, opts := range diffOptions {
		check := differential(t, opts)
		for _, l := range lines {
			check(l)
		}
	}
}
