package conform

import (
	"bytes"
	"encoding/xml"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

var update = flag.Bool("update", false, "rewrite the goldens in testdata")

// sample is a report of two releases: one whose SDK survives everything,
// one where an unknown type crashes it and an injected control request
// goes unanswered.
func sample() *Report {
	mut := func(id string, oc Outcome, at int) MutationResult {
		m := MutationResult{Mutation: Mutation{ID: id, At: at}, Outcome: oc, Injected: 2, Duration: 4 * time.Second}
		if oc.Failing() {
			m.Reason = "the command exited 1; unmutated, 0"
			m.Frame = `{"type":"protocheck_next"}`
			m.Reproduce = "protocheck conform --cli 2.1.330 --mutate " + m.Mutation.Name() + " -- sdk-test"
		}
		return m
	}
	return &Report{
		Command:  []string{"sdk-test"},
		Scenario: "/x/corpus/scenarios/hello_text.json",
		Duration: 30 * time.Second,
		Releases: []ReleaseResult{
			{Version: "2.1.300", Outcome: Passed, Baseline: Run{Sessions: []SessionReport{{}}, Duration: 5 * time.Second}, Duration: 13 * time.Second,
				Mutations: []MutationResult{mut("type", Survived, 0), mut("subtype:control_request", Survived, 0), mut("union:Delta@stream_event/event/delta", NotApplied, 0)}},
			{Version: "2.1.330", Outcome: Passed, Warnings: 1, Baseline: Run{Sessions: []SessionReport{{}, {}}, Duration: 5 * time.Second}, Duration: 17 * time.Second,
				Mutations: []MutationResult{mut("type", Crashed, 1), mut("subtype:control_request", MisAnswered, 2), mut("union:Delta@stream_event/event/delta", NotApplied, 0)}},
		},
	}
}

func TestExpected(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "expected.txt")
	os.WriteFile(file, []byte("# known\n2.1.330 type crashed\n* subtype:control_request mis-answered\n2.1.300 baseline failed  # fixed since\n2.1.200 type crashed # not run\n"), 0o644)
	entries, err := ReadExpected(file)
	if err != nil {
		t.Fatal(err)
	}
	rep := sample()
	ApplyExpected(rep, entries)
	if rep.Expected != 2 || !rep.Releases[1].Mutations[0].Expected || !rep.Releases[1].Mutations[1].Expected {
		t.Errorf("excused %d: %+v", rep.Expected, rep.Releases[1].Mutations)
	}
	// The * entry matched 2.1.300 too, where it survived: stale there
	// only if no release failed that way; 2.1.330 did, so it is used.
	var stale []string
	for _, e := range rep.Stale {
		stale = append(stale, e.Release+" "+e.Mutation)
	}
	if diff := cmp.Diff([]string{"2.1.300 baseline"}, stale); diff != "" {
		t.Errorf("stale mismatch (-want +got):\n%s", diff)
	}
	if !rep.Failed() {
		t.Error("a stale entry must fail the run")
	}
	rep = sample()
	ApplyExpected(rep, entries[:2])
	if rep.Failed() {
		t.Errorf("every failure is expected and nothing is stale, yet the run fails: %+v", rep.Stale)
	}
	rep = sample()
	if ApplyExpected(rep, nil); !rep.Failed() {
		t.Error("unexpected failures must fail the run")
	}

	for _, c := range []struct{ text, want string }{
		{"2.1.330 type", "want RELEASE MUTATION OUTCOME"},
		{"2.1.330 type survived", `outcome "survived"`},
		{"latest type crashed", `release "latest"`},
	} {
		os.WriteFile(file, []byte("\n"+c.text+"\n"), 0o644)
		_, err := ReadExpected(file)
		if err == nil || !strings.Contains(err.Error(), file+":2:") || !strings.Contains(err.Error(), c.want) {
			t.Errorf("ReadExpected(%q) = %v, want %s at line 2", c.text, err, c.want)
		}
	}
}

// TestWriteExpectedRoundTrip: the file --write-expected writes excuses
// exactly the run's failures.
func TestWriteExpectedRoundTrip(t *testing.T) {
	var b bytes.Buffer
	WriteExpected(&b, sample())
	file := filepath.Join(t.TempDir(), "e.txt")
	os.WriteFile(file, b.Bytes(), 0o644)
	entries, err := ReadExpected(file)
	if err != nil {
		t.Fatal(err)
	}
	rep := sample()
	ApplyExpected(rep, entries)
	if rep.Failed() || rep.Expected != 2 {
		t.Errorf("written:\n%s\nexpected %d, stale %v", b.String(), rep.Expected, rep.Stale)
	}
}

func TestPrintGoldens(t *testing.T) {
	for _, f := range AllFormats {
		var b bytes.Buffer
		rep := sample()
		// A release whose baseline failed: its findings and the end of
		// the command's output are quoted.
		rep.Releases = append([]ReleaseResult{{Version: "2.1.299", Outcome: Failed, Reason: "the command exited 2", Errors: 1,
			Baseline: Run{ExitCode: 2, Output: "a\nb\nc\nd\ne\nf\ng\nh\nTraceback: the last line\n",
				Sessions: []SessionReport{{Errors: 1, Findings: []string{"s.jsonl:3: error schema/type: a finding"}}}}}}, rep.Releases...)
		if err := Print(&b, rep, f); err != nil {
			t.Fatal(err)
		}
		if f == JUnit {
			var s junitSuites
			if err := xml.Unmarshal(b.Bytes(), &s); err != nil || len(s.Suites) != 3 || s.Suites[0].Failures != 1 || s.Suites[2].Failures != 2 || s.Suites[2].Skipped != 1 {
				t.Errorf("junit: %v %+v", err, s)
			}
		}
		golden := filepath.Join("testdata", "report."+string(f))
		if *update {
			os.MkdirAll("testdata", 0o755)
			os.WriteFile(golden, b.Bytes(), 0o644)
			continue
		}
		want, err := os.ReadFile(golden)
		if err != nil {
			t.Fatalf("%v (run: go test ./internal/conform -update)", err)
		}
		if !bytes.Equal(want, b.Bytes()) {
			t.Errorf("Print(%s) differs from %s (run: go test ./internal/conform -update, and review):\n%s", f, golden, b.String())
		}
	}
}

func TestParseFormat(t *testing.T) {
	for _, f := range AllFormats {
		if got, err := ParseFormat(string(f)); err != nil || got != f {
			t.Errorf("ParseFormat(%s) = %v, %v", f, got, err)
		}
	}
	if _, err := ParseFormat("sarif"); err == nil {
		t.Error("ParseFormat(sarif) accepted")
	}
}
