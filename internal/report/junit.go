package report

import (
	"encoding/xml"
	"fmt"

	"github.com/protocheck/protocheck/validate"
)

// The JUnit XML this form writes: the shape Jenkins, GitLab and most test
// dashboards read.
type (
	junitSuites struct {
		XMLName  xml.Name     `xml:"testsuites"`
		Name     string       `xml:"name,attr"`
		Tests    int          `xml:"tests,attr"`
		Failures int          `xml:"failures,attr"`
		Errors   int          `xml:"errors,attr"`
		Suites   []junitSuite `xml:"testsuite"`
	}
	junitSuite struct {
		Name     string      `xml:"name,attr"`
		Tests    int         `xml:"tests,attr"`
		Failures int         `xml:"failures,attr"`
		Errors   int         `xml:"errors,attr"`
		Cases    []junitCase `xml:"testcase"`
	}
	junitCase struct {
		Name      string        `xml:"name,attr"`
		Classname string        `xml:"classname,attr"`
		Failure   *junitFailure `xml:"failure,omitempty"`
		SystemOut string        `xml:"system-out,omitempty"`
	}
	junitFailure struct {
		Message string `xml:"message,attr"`
		Type    string `xml:"type,attr"`
		Text    string `xml:",chardata"`
	}
)

// junitWriter writes one testsuite per input file and one testcase per
// finding: a failure when the finding is at or above --fail-on, a passing
// case with the finding in system-out otherwise. An input without findings
// gets one passing case, so that dashboards count it. Findings without a
// file (drift's) share one suite named after the command.
type junitWriter struct {
	*out
	meta   *Meta
	files  []string
	byFile map[string][]Finding
}

func (j *junitWriter) Finding(f Finding) {
	if _, ok := j.byFile[f.File]; !ok {
		j.files = append(j.files, f.File)
	}
	j.byFile[f.File] = append(j.byFile[f.File], f)
}

// Flush writes nothing before the end: the report is one document.
func (j *junitWriter) Flush() error { return j.err }

func (j *junitWriter) End(s Summary) error {
	failOn := validate.Error
	command := "protocheck"
	files := j.files
	if j.meta != nil {
		if j.meta.FailOn != 0 {
			failOn = j.meta.FailOn
		}
		if j.meta.Command != "" {
			command += " " + j.meta.Command
		}
		// Inputs first, in their order, then files only findings name.
		seen := map[string]bool{}
		files = nil
		for _, f := range append(append([]string(nil), j.meta.Inputs...), j.files...) {
			if !seen[f] {
				seen[f] = true
				files = append(files, f)
			}
		}
	}
	all := junitSuites{Name: command}
	for _, file := range files {
		name := file
		if name == "" {
			name = command
		}
		name = validate.EscapeFile(name)
		suite := junitSuite{Name: name}
		for _, f := range j.byFile[file] {
			c := junitCase{Classname: name, Name: junitCaseName(f)}
			text := f.String()
			if f.Severity >= failOn {
				c.Failure = &junitFailure{Message: message(f.Finding), Type: f.Rule, Text: text}
				suite.Failures++
			} else {
				c.SystemOut = text
			}
			suite.Cases = append(suite.Cases, c)
		}
		if len(suite.Cases) == 0 {
			suite.Cases = []junitCase{{Classname: name, Name: "every line valid"}}
		}
		suite.Tests = len(suite.Cases)
		all.Tests += suite.Tests
		all.Failures += suite.Failures
		all.Suites = append(all.Suites, suite)
	}
	b, err := xml.MarshalIndent(all, "", "  ")
	if err != nil {
		return err
	}
	j.write(xml.Header + string(b) + "\n")
	return j.out.Flush()
}

func junitCaseName(f Finding) string {
	where := ""
	if f.Line > 0 {
		where = fmt.Sprintf("line %d: ", f.Line)
	} else if f.Variant != "" {
		where = validate.Escape(f.Variant) + ": "
	}
	name := where + f.Rule
	if f.Pointer != "" {
		name += " at " + validate.Escape(f.Pointer)
	}
	return name
}
