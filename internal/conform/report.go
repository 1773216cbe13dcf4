package conform

import (
	"bufio"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"html"
	"io"
	"os"
	"slices"
	"strings"
	"time"
)

// A Format is a way to print a Report.
type Format string

// The formats.
const (
	Text     Format = "text"
	Markdown Format = "markdown"
	JSON     Format = "json"
	JUnit    Format = "junit"
	HTML     Format = "html"
)

// AllFormats lists the formats, for help text.
var AllFormats = []Format{Text, Markdown, JSON, JUnit, HTML}

// ParseFormat reads a format's name.
func ParseFormat(s string) (Format, error) {
	for _, f := range AllFormats {
		if string(f) == s {
			return f, nil
		}
	}
	var names []string
	for _, f := range AllFormats {
		names = append(names, string(f))
	}
	return "", fmt.Errorf("unknown format %q: want %s", s, strings.Join(names, ", "))
}

// An Expected is one line of an expected-failures file: a failure that
// does not fail the run, until it no longer happens (then it is stale, and
// fails the run).
type Expected struct {
	// Release is the release's version, or * for every release.
	Release string `json:"release"`
	// Mutation is a mutation's ID, or "baseline" for the unmutated run.
	Mutation string `json:"mutation"`
	// Outcome is the failing outcome expected: crashed, hung,
	// mis-answered, or failed (the baseline).
	Outcome Outcome `json:"outcome"`
	// File and Line locate the entry.
	File string `json:"file"`
	Line int    `json:"line"`
}

// Baseline names the unmutated run in an expected-failures file.
const Baseline = "baseline"

// ReadExpected reads an expected-failures file: one failure a line,
// "RELEASE MUTATION OUTCOME" ("* type crashed", "2.1.330 baseline failed"),
// # starting a comment.
func ReadExpected(path string) ([]Expected, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []Expected
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line, _, _ := strings.Cut(sc.Text(), "#")
		fields := strings.Fields(line)
		if len(fields) == 0 {
			continue
		}
		if len(fields) != 3 {
			return nil, fmt.Errorf("%s:%d: want RELEASE MUTATION OUTCOME, got %q", path, n, strings.TrimSpace(line))
		}
		e := Expected{Release: fields[0], Mutation: fields[1], Outcome: Outcome(fields[2]), File: path, Line: n}
		if !e.Outcome.Failing() {
			return nil, fmt.Errorf("%s:%d: outcome %q: want crashed, hung, mis-answered or failed", path, n, fields[2])
		}
		if e.Release != "*" && !validVersion(e.Release) {
			return nil, fmt.Errorf("%s:%d: release %q: want a version such as 2.1.330, or *", path, n, e.Release)
		}
		out = append(out, e)
	}
	return out, sc.Err()
}

// WriteExpected writes the failures of rep as an expected-failures file.
func WriteExpected(w io.Writer, rep *Report) error {
	fmt.Fprintln(w, "# protocheck conform: expected failures (RELEASE MUTATION OUTCOME); an entry that no longer fails fails the run")
	for _, r := range rep.Releases {
		if r.Outcome.Failing() {
			fmt.Fprintf(w, "%s %s %s\n", r.Version, Baseline, r.Outcome)
		}
		for _, m := range r.Mutations {
			if m.Outcome.Failing() {
				fmt.Fprintf(w, "%s %s %s\n", r.Version, m.Mutation.ID, m.Outcome)
			}
		}
	}
	return nil
}

// ApplyExpected marks the failures the entries excuse, and lists in
// rep.Stale the entries whose release and mutation ran without failing
// that way.
func ApplyExpected(rep *Report, entries []Expected) {
	used := make([]bool, len(entries))
	ran := make([]bool, len(entries))
	match := func(version, mutation string, oc Outcome) bool {
		hit := false
		for i, e := range entries {
			if (e.Release == "*" || e.Release == version) && e.Mutation == mutation {
				ran[i] = true
				if e.Outcome == oc {
					used[i], hit = true, true
				}
			}
		}
		return hit
	}
	for i := range rep.Releases {
		r := &rep.Releases[i]
		if r.Error == "" && match(r.Version, Baseline, r.Outcome) && r.Outcome.Failing() {
			r.Expected = true
			rep.Expected++
		}
		for j := range r.Mutations {
			m := &r.Mutations[j]
			if m.Outcome == NotApplied {
				continue
			}
			if match(r.Version, m.Mutation.ID, m.Outcome) && m.Outcome.Failing() {
				m.Expected = true
				rep.Expected++
			}
		}
	}
	for i, e := range entries {
		if ran[i] && !used[i] {
			rep.Stale = append(rep.Stale, e)
		}
	}
}

// Failed reports whether the run fails: a failure no entry excuses, or a
// stale entry.
func (rep *Report) Failed() bool {
	if len(rep.Stale) > 0 {
		return true
	}
	for _, r := range rep.Releases {
		if (r.Outcome.Failing() || r.Error != "") && !r.Expected {
			return true
		}
		for _, m := range r.Mutations {
			if m.Outcome.Failing() && !m.Expected {
				return true
			}
		}
	}
	return false
}

// counts counts a release's mutation outcomes.
func (r ReleaseResult) counts() map[Outcome]int {
	c := map[Outcome]int{}
	for _, m := range r.Mutations {
		c[m.Outcome]++
	}
	return c
}

// mutationIDs lists the mutations of the report, in the order run.
func (rep *Report) mutationIDs() []string {
	var ids []string
	for _, r := range rep.Releases {
		for _, m := range r.Mutations {
			if !slices.Contains(ids, m.Mutation.ID) {
				ids = append(ids, m.Mutation.ID)
			}
		}
	}
	return ids
}

// cell is the outcome of mutation id against r, as a table shows it.
func (r ReleaseResult) cell(id string) string {
	for _, m := range r.Mutations {
		if m.Mutation.ID == id {
			s := string(m.Outcome)
			if m.Outcome == NotApplied {
				s = "n/a"
			}
			if m.Expected {
				s += " (expected)"
			}
			return s
		}
	}
	return "-"
}

// rows returns the two tables: releases × outcome, and mutations ×
// release.
func (rep *Report) rows() (relHead []string, rel [][]string, mutHead []string, mut [][]string) {
	relHead = []string{"release", "baseline", "errors", "warnings", "sessions", "survived", "crashed", "hung", "mis-answered", "n/a", "time"}
	for _, r := range rep.Releases {
		c := r.counts()
		base := string(r.Outcome)
		if r.Expected {
			base += " (expected)"
		}
		rel = append(rel, []string{r.Version, base, fmt.Sprint(r.Errors), fmt.Sprint(r.Warnings), fmt.Sprint(len(r.Baseline.Sessions)),
			fmt.Sprint(c[Survived]), fmt.Sprint(c[Crashed]), fmt.Sprint(c[Hung]), fmt.Sprint(c[MisAnswered]), fmt.Sprint(c[NotApplied]),
			r.Duration.Round(100 * time.Millisecond).String()})
	}
	ids := rep.mutationIDs()
	if len(ids) == 0 {
		return relHead, rel, nil, nil
	}
	mutHead = []string{"mutation"}
	for _, r := range rep.Releases {
		mutHead = append(mutHead, r.Version)
	}
	for _, id := range ids {
		row := []string{id}
		for _, r := range rep.Releases {
			row = append(row, r.cell(id))
		}
		mut = append(mut, row)
	}
	return relHead, rel, mutHead, mut
}

// failure is one failure, for the lists under the tables.
type failure struct {
	release, what, outcome, reason, frame, reproduce, output string
	expected                                                 bool
}

// label names what frame holds: a mutation's frame, or a baseline's
// findings.
func (f failure) label() string {
	if f.what == Baseline {
		return "findings"
	}
	return "frame"
}

// maxOutputLines bounds the lines of a failed baseline's output a report
// quotes.
const maxOutputLines = 8

// outputTail returns the last lines of a run's output.
func outputTail(s string) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > maxOutputLines {
		lines = lines[len(lines)-maxOutputLines:]
	}
	return strings.Join(lines, "\n")
}

func (rep *Report) failures() []failure {
	var out []failure
	for _, r := range rep.Releases {
		if r.Error != "" {
			out = append(out, failure{release: r.Version, what: Baseline, outcome: string(Failed), reason: r.Error})
		} else if r.Outcome.Failing() {
			out = append(out, failure{release: r.Version, what: Baseline, outcome: string(r.Outcome), reason: r.Reason, expected: r.Expected,
				frame: strings.Join(firstFindings(r), "\n"), output: outputTail(r.Baseline.Output)})
		}
		for _, m := range r.Mutations {
			if m.Outcome.Failing() {
				out = append(out, failure{release: r.Version, what: m.Mutation.Name(), outcome: string(m.Outcome), reason: m.Reason,
					frame: m.Frame, reproduce: m.Reproduce, expected: m.Expected})
			}
		}
	}
	return out
}

func firstFindings(r ReleaseResult) []string {
	var out []string
	for _, s := range r.Baseline.Sessions {
		out = append(out, s.Findings...)
	}
	if len(out) > 5 {
		out = out[:5]
	}
	return out
}

// Print writes rep in format f.
func Print(w io.Writer, rep *Report, f Format) error {
	switch f {
	case JSON:
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		enc.SetEscapeHTML(false)
		return enc.Encode(rep)
	case JUnit:
		return printJUnit(w, rep)
	case HTML:
		return printHTML(w, rep)
	case Markdown:
		return printMarkdown(w, rep)
	}
	return printText(w, rep)
}

func printText(w io.Writer, rep *Report) error {
	relHead, rel, mutHead, mut := rep.rows()
	writeAligned(w, relHead, rel)
	if mut != nil {
		fmt.Fprintln(w)
		writeAligned(w, mutHead, mut)
	}
	for _, f := range rep.failures() {
		exp := ""
		if f.expected {
			exp = " (expected)"
		}
		fmt.Fprintf(w, "\n%s %s: %s%s: %s\n", f.release, f.what, f.outcome, exp, f.reason)
		if f.frame != "" {
			fmt.Fprintf(w, "  %s: %s\n", f.label(), clip(f.frame))
		}
		if f.reproduce != "" {
			fmt.Fprintf(w, "  reproduce: %s\n", f.reproduce)
		}
		if f.output != "" {
			fmt.Fprintf(w, "  output:\n    %s\n", strings.ReplaceAll(f.output, "\n", "\n    "))
		}
	}
	for _, e := range rep.Stale {
		fmt.Fprintf(w, "\n%s:%d: stale: %s %s no longer %s: delete the entry\n", e.File, e.Line, e.Release, e.Mutation, e.Outcome)
	}
	verdict := "ok"
	if rep.Failed() {
		verdict = "FAIL"
	}
	_, err := fmt.Fprintf(w, "\nconform: %d releases, %d mutations, %d expected failures, %d stale; %s in %s\n",
		len(rep.Releases), len(rep.mutationIDs()), rep.Expected, len(rep.Stale), verdict, rep.Duration.Round(100*time.Millisecond))
	return err
}

// clip shortens a frame for the text table.
func clip(s string) string {
	if len(s) > 400 {
		return s[:400] + "…"
	}
	return s
}

func writeAligned(w io.Writer, head []string, rows [][]string) {
	width := make([]int, len(head))
	for i, h := range head {
		width[i] = len(h)
	}
	for _, r := range rows {
		for i, c := range r {
			width[i] = max(width[i], len(c))
		}
	}
	line := func(cells []string) {
		var b strings.Builder
		for i, c := range cells {
			if i > 0 {
				b.WriteString("  ")
			}
			b.WriteString(c + strings.Repeat(" ", width[i]-len(c)))
		}
		fmt.Fprintln(w, strings.TrimRight(b.String(), " "))
	}
	line(head)
	for _, r := range rows {
		line(r)
	}
}

func printMarkdown(w io.Writer, rep *Report) error {
	relHead, rel, mutHead, mut := rep.rows()
	table := func(head []string, rows [][]string) {
		fmt.Fprintf(w, "| %s |\n|%s\n", strings.Join(head, " | "), strings.Repeat(" --- |", len(head)))
		for _, r := range rows {
			fmt.Fprintf(w, "| %s |\n", strings.Join(r, " | "))
		}
	}
	fmt.Fprintf(w, "Releases × outcome (`%s`, scenario %s):\n\n", strings.Join(rep.Command, " "), baseName(rep.Scenario))
	table(relHead, rel)
	if mut != nil {
		fmt.Fprint(w, "\nMutations × release:\n\n")
		table(mutHead, mut)
	}
	if fs := rep.failures(); len(fs) > 0 {
		fmt.Fprint(w, "\nFailures, each shrunk to one injected frame:\n\n")
		for _, f := range fs {
			exp := ""
			if f.expected {
				exp = " (expected)"
			}
			fmt.Fprintf(w, "- **%s %s**: %s%s: %s\n", f.release, f.what, f.outcome, exp, f.reason)
			if f.frame != "" {
				fmt.Fprintf(w, "  - %s: `%s`\n", f.label(), strings.ReplaceAll(clip(f.frame), "`", "'"))
			}
			if f.reproduce != "" {
				fmt.Fprintf(w, "  - reproduce: `%s`\n", f.reproduce)
			}
			if f.output != "" { // an indented code block
				fmt.Fprintf(w, "  - output:\n\n        %s\n\n", strings.ReplaceAll(f.output, "\n", "\n        "))
			}
		}
	}
	for _, e := range rep.Stale {
		fmt.Fprintf(w, "\n- stale: %s:%d: %s %s no longer %s\n", e.File, e.Line, e.Release, e.Mutation, e.Outcome)
	}
	return nil
}

func baseName(p string) string {
	if i := strings.LastIndexAny(p, `/\`); i >= 0 {
		return p[i+1:]
	}
	return p
}

func printHTML(w io.Writer, rep *Report) error {
	relHead, rel, mutHead, mut := rep.rows()
	fmt.Fprint(w, "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>protocheck conform</title>\n<style>table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:2px 6px}.crashed,.hung,.mis-answered,.failed{background:#fdd}.survived,.passed{background:#dfd}</style></head><body>\n")
	fmt.Fprintf(w, "<h1>protocheck conform</h1>\n<p><code>%s</code>, scenario %s</p>\n", html.EscapeString(strings.Join(rep.Command, " ")), html.EscapeString(baseName(rep.Scenario)))
	table := func(head []string, rows [][]string) {
		fmt.Fprint(w, "<table>\n<tr>")
		for _, h := range head {
			fmt.Fprintf(w, "<th>%s</th>", html.EscapeString(h))
		}
		fmt.Fprint(w, "</tr>\n")
		for _, r := range rows {
			fmt.Fprint(w, "<tr>")
			for _, c := range r {
				class, _, _ := strings.Cut(c, " ")
				fmt.Fprintf(w, "<td class=\"%s\">%s</td>", html.EscapeString(class), html.EscapeString(c))
			}
			fmt.Fprint(w, "</tr>\n")
		}
		fmt.Fprint(w, "</table>\n")
	}
	fmt.Fprint(w, "<h2>Releases</h2>\n")
	table(relHead, rel)
	if mut != nil {
		fmt.Fprint(w, "<h2>Mutations</h2>\n")
		table(mutHead, mut)
	}
	if fs := rep.failures(); len(fs) > 0 {
		fmt.Fprint(w, "<h2>Failures</h2>\n<ul>\n")
		for _, f := range fs {
			fmt.Fprintf(w, "<li><b>%s %s</b>: %s: %s", html.EscapeString(f.release), html.EscapeString(f.what), html.EscapeString(f.outcome), html.EscapeString(f.reason))
			if f.frame != "" {
				fmt.Fprintf(w, "<br>%s: <code>%s</code>", f.label(), html.EscapeString(clip(f.frame)))
			}
			if f.reproduce != "" {
				fmt.Fprintf(w, "<br>reproduce: <code>%s</code>", html.EscapeString(f.reproduce))
			}
			if f.output != "" {
				fmt.Fprintf(w, "<pre>%s</pre>", html.EscapeString(f.output))
			}
			fmt.Fprint(w, "</li>\n")
		}
		fmt.Fprint(w, "</ul>\n")
	}
	_, err := fmt.Fprint(w, "</body></html>\n")
	return err
}

// JUnit: one test suite per release, one test case for its baseline and
// one for each mutation.
type junitSuites struct {
	XMLName xml.Name     `xml:"testsuites"`
	Suites  []junitSuite `xml:"testsuite"`
}

type junitSuite struct {
	Name     string      `xml:"name,attr"`
	Tests    int         `xml:"tests,attr"`
	Failures int         `xml:"failures,attr"`
	Skipped  int         `xml:"skipped,attr"`
	Time     string      `xml:"time,attr"`
	Cases    []junitCase `xml:"testcase"`
}

type junitCase struct {
	Name      string        `xml:"name,attr"`
	Classname string        `xml:"classname,attr"`
	Time      string        `xml:"time,attr"`
	Failure   *junitFailure `xml:"failure,omitempty"`
	Skipped   *struct{}     `xml:"skipped,omitempty"`
}

type junitFailure struct {
	Message string `xml:"message,attr"`
	Type    string `xml:"type,attr"`
	Text    string `xml:",chardata"`
}

func printJUnit(w io.Writer, rep *Report) error {
	var out junitSuites
	secs := func(d time.Duration) string { return fmt.Sprintf("%.3f", d.Seconds()) }
	for _, r := range rep.Releases {
		s := junitSuite{Name: "conform/" + r.Version, Time: secs(r.Duration)}
		add := func(name string, oc Outcome, expected bool, reason, detail string, d time.Duration) {
			c := junitCase{Name: name, Classname: "conform." + r.Version, Time: secs(d)}
			switch {
			case oc == NotApplied:
				c.Skipped = &struct{}{}
				s.Skipped++
			case oc.Failing() && !expected:
				c.Failure = &junitFailure{Message: reason, Type: string(oc), Text: detail}
				s.Failures++
			}
			s.Tests++
			s.Cases = append(s.Cases, c)
		}
		reason := r.Reason
		if r.Error != "" {
			reason = r.Error
		}
		add(Baseline, r.Outcome, r.Expected, reason, strings.Join(append(firstFindings(r), outputTail(r.Baseline.Output)), "\n"), r.Baseline.Duration)
		for _, m := range r.Mutations {
			detail := m.Frame
			if m.Reproduce != "" {
				detail += "\nreproduce: " + m.Reproduce
			}
			add(m.Mutation.ID, m.Outcome, m.Expected, m.Reason, detail, m.Duration)
		}
		out.Suites = append(out.Suites, s)
	}
	for _, e := range rep.Stale {
		out.Suites = append(out.Suites, junitSuite{Name: "conform/stale", Tests: 1, Failures: 1, Cases: []junitCase{{
			Name: e.Release + " " + e.Mutation, Classname: "conform.stale",
			Failure: &junitFailure{Message: fmt.Sprintf("%s:%d: no longer %s: delete the entry", e.File, e.Line, e.Outcome), Type: "stale"}}}})
	}
	fmt.Fprint(w, xml.Header)
	enc := xml.NewEncoder(w)
	enc.Indent("", "  ")
	if err := enc.Encode(out); err != nil {
		return err
	}
	_, err := fmt.Fprintln(w)
	return err
}
