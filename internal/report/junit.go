package report

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"strings"

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
//
// The counts come first in the document, so nothing can be written before
// the end; the cases are written as they come to a spool (memory up to
// spoolMemory, then an unnamed temporary file: see spool), and only each
// file's counts and where its cases lie stay in memory: a report of
// millions of findings (--max-findings 0) costs disk, not memory.
type junitWriter struct {
	*out
	meta   *Meta
	files  []string
	byFile map[string]*junitFile
	spool  spool
}

// junitFile is what the writer keeps of one file's findings.
type junitFile struct {
	tests, failures int
	spans           []span // where its cases lie in the spool
}

type span struct{ from, to int64 }

func (j *junitWriter) failOn() validate.Severity {
	if j.meta != nil && j.meta.FailOn != 0 {
		return j.meta.FailOn
	}
	return validate.Error
}

func (j *junitWriter) command() string {
	if j.meta != nil && j.meta.Command != "" {
		return "protocheck " + j.meta.Command
	}
	return "protocheck"
}

// suiteName is the name of the suite of file.
func (j *junitWriter) suiteName(file string) string {
	if file == "" {
		file = j.command()
	}
	return validate.EscapeFile(file)
}

func (j *junitWriter) Finding(f Finding) {
	jf := j.byFile[f.File]
	if jf == nil {
		jf = &junitFile{}
		j.byFile[f.File] = jf
		j.files = append(j.files, f.File)
	}
	name := j.suiteName(f.File)
	c := junitCase{Classname: name, Name: junitCaseName(f)}
	text := f.String()
	if f.Severity >= j.failOn() {
		c.Failure = &junitFailure{Message: message(f.Finding), Type: f.Rule, Text: text}
		jf.failures++
	} else {
		c.SystemOut = text
	}
	jf.tests++
	b, err := marshalAs(c, "testcase", "    ", "  ")
	if err != nil {
		if j.err == nil {
			j.err = err
		}
		return
	}
	from := j.spool.size()
	if err := j.spool.write(append(append([]byte{}, b...), '\n')); err != nil && j.err == nil {
		j.err = err
	}
	if k := len(jf.spans); k > 0 && jf.spans[k-1].to == from {
		jf.spans[k-1].to = j.spool.size()
	} else {
		jf.spans = append(jf.spans, span{from, j.spool.size()})
	}
}

// Flush writes nothing before the end: the report is one document.
func (j *junitWriter) Flush() error { return j.err }

// marshalAs writes v as the element name, indented as MarshalIndent does.
func marshalAs(v any, name, prefix, indent string) ([]byte, error) {
	var b bytes.Buffer
	e := xml.NewEncoder(&b)
	e.Indent(prefix, indent)
	if err := e.EncodeElement(v, xml.StartElement{Name: xml.Name{Local: name}}); err != nil {
		return nil, err
	}
	return b.Bytes(), e.Close()
}

// openTag is the start tag of v, an element name with attributes only.
func openTag(v any, name string) (string, error) {
	b, err := marshalAs(v, name, "", "")
	if err != nil {
		return "", err
	}
	return strings.TrimSuffix(string(b), "</"+name+">"), nil
}

func (j *junitWriter) End(s Summary) error {
	defer j.spool.close()
	command := j.command()
	files := j.files
	if j.meta != nil {
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
		tests, failures := 1, 0 // "every line valid"
		if jf := j.byFile[file]; jf != nil {
			tests, failures = jf.tests, jf.failures
		}
		all.Tests += tests
		all.Failures += failures
	}
	head, err := openTag(all, "testsuites")
	if err != nil {
		return err
	}
	j.write(xml.Header + head + "\n")
	for _, file := range files {
		name := j.suiteName(file)
		jf := j.byFile[file]
		if jf == nil {
			jf = &junitFile{tests: 1}
		}
		tag, err := openTag(junitSuite{Name: name, Tests: jf.tests, Failures: jf.failures}, "testsuite")
		if err != nil {
			return err
		}
		j.write("  " + tag + "\n")
		if len(jf.spans) == 0 {
			b, _ := marshalAs(junitCase{Classname: name, Name: "every line valid"}, "testcase", "    ", "  ")
			j.write(string(b) + "\n")
		}
		for _, sp := range jf.spans {
			if err := j.spool.copy(j.w, sp); err != nil && j.err == nil {
				j.err = err
			}
		}
		j.write("  </testsuite>\n")
	}
	j.write("</testsuites>\n")
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
