package validate

import (
	"bufio"
	"bytes"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
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
	{Profile: ProfileStrict},
	{ShowUnknown: true, UnknownKindsAreErrors: true},
	{Profile: ProfileStrict, MaxFindingsPerLine: 1000},
	{Profile: ProfileStrict, MaxFindingsPerLine: 2},
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
// committed capture, mutants of every line of them (and of the protocol's
// samples) that protocol.Decode reads, and the committed fuzz corpus and
// seeds. Of the mutants, all when sample is nil; else sample picks them
// (see mutantSample).
func diffLines(t *testing.T, sample *mutantSample) (lines [][]byte, counts map[string]int) {
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
	valid = append(valid, validLines(t)...)
	var keep func(string) bool
	if sample != nil {
		sample.shuffle(valid)
		keep = sample.keep
	}
	for _, l := range valid {
		for _, mu := range someMutants(t, l, keep) {
			lines = append(lines, mu.line)
			counts["mutants"]++
		}
	}
	if sample != nil {
		counts["mutant kinds"] = len(sample.seen)
		counts["mutants in all"] = sample.all
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

// A mutantSample picks a seeded sample of the mutants that still holds
// every kind of mutant: its variant, its fault and the shape of its
// pointer (the mutant's description with each run of digits as N, such as
// "assistant: delete /message/content/N/text"). The lines are shuffled,
// the first mutant of each kind is kept, and every other one with
// probability rate.
type mutantSample struct {
	rng  *rand.Rand
	rate float64
	seen map[string]bool
	all  int // mutants offered
}

var digitRuns = regexp.MustCompile(`[0-9]+`)

func newMutantSample(seed uint64, rate float64) *mutantSample {
	return &mutantSample{rng: rand.New(rand.NewPCG(seed, seed)), rate: rate, seen: map[string]bool{}}
}

func (m *mutantSample) shuffle(lines [][]byte) {
	m.rng.Shuffle(len(lines), func(i, j int) { lines[i], lines[j] = lines[j], lines[i] })
}

func (m *mutantSample) keep(what string) bool {
	m.all++
	kind := digitRuns.ReplaceAllString(what, "N")
	if !m.seen[kind] {
		m.seen[kind] = true
		return true
	}
	return m.rng.Float64() < m.rate
}

// diffSample returns the sample of mutants the differential test checks,
// and logs how to run it again: nil (every mutant) when
// PROTOCHECK_DIFF_FULL=1; else a sample of diffSampleRate of them with the
// seed PROTOCHECK_DIFF_SEED, or by default a seed that hashes this
// package's Go files (sourceSeed). So a run's verdict does not depend on
// the run: the same tree checks the same mutants, a change to the
// validator draws new ones, and a seed set by hand covers others.
func diffSample(t *testing.T) *mutantSample {
	t.Helper()
	if os.Getenv("PROTOCHECK_DIFF_FULL") == "1" {
		t.Log("every mutant (PROTOCHECK_DIFF_FULL=1)")
		return nil
	}
	seed := sourceSeed(t)
	if s := os.Getenv("PROTOCHECK_DIFF_SEED"); s != "" {
		var err error
		if seed, err = strconv.ParseUint(s, 10, 64); err != nil {
			t.Fatalf("PROTOCHECK_DIFF_SEED=%q: %v", s, err)
		}
	}
	t.Logf("a sample of the mutants: PROTOCHECK_DIFF_SEED=%d checks the same ones again, PROTOCHECK_DIFF_FULL=1 checks all", seed)
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("to check these mutants again: PROTOCHECK_DIFF_SEED=%d go test ./validate -run '^%s$'", seed, t.Name())
		}
	})
	return newMutantSample(seed, diffSampleRate)
}

// sourceSeed hashes the names and contents of the package's Go files
// (FNV-1a, 64 bits): fixed for a tree, new when the validator changes.
func sourceSeed(t *testing.T) uint64 {
	t.Helper()
	files, err := filepath.Glob("*.go")
	if err != nil || len(files) == 0 {
		t.Fatalf("no Go files to seed the sample from: %v", err)
	}
	h := fnv.New64a()
	for _, f := range files { // Glob sorts them
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(h, "%s %d\n", f, len(data))
		h.Write(data)
	}
	return h.Sum64()
}

// diffSampleRate is the share of the mutants of each kind, past the first,
// that a sampled run of the differential test checks.
const diffSampleRate = 0.03

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
// mutants (a seeded sample holding every kind: diffSample) and the fuzz
// corpus, in each profile.
func TestFullPassDifferential(t *testing.T) {
	lines, counts := diffLines(t, diffSample(t))
	t.Logf("%d lines: %v", len(lines), counts)
	for _, opts := range diffOptions {
		check := differential(t, opts)
		for _, l := range lines {
			check(l)
		}
	}
}
