package fixlist

import (
	"bytes"
	"encoding/json"
	"fmt"
	"html/template"
	"io"
	"strings"

	"github.com/protocheck/protocheck/internal/report"
	"github.com/protocheck/protocheck/validate"
)

// Formats lists the forms of a fix list: text, markdown, json and html.
var Formats = []report.Format{report.Text, report.Markdown, report.JSON, report.HTML}

// FixListVersion numbers the JSON shape of a fix list: a field may be added
// within a version, none is renamed or removed.
const FixListVersion = 1

// Print writes the fix list in format f.
func (fl *FixList) Print(w io.Writer, f report.Format) error {
	switch f {
	case report.JSON:
		var b bytes.Buffer
		enc := json.NewEncoder(&b)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(struct {
			ReportVersion int `json:"report_version"`
			*FixList
		}{FixListVersion, fl}); err != nil {
			return err
		}
		// Text from transcripts (a type, a line) may hold terminal
		// control characters: \u escapes, as validate's JSON has them.
		var out bytes.Buffer
		if err := json.Indent(&out, validate.SafeJSON(bytes.TrimSuffix(b.Bytes(), []byte("\n"))), "", "  "); err != nil {
			return err
		}
		out.WriteByte('\n')
		_, err := w.Write(out.Bytes())
		return err
	case report.Markdown:
		return fl.printMarkdown(w)
	case report.HTML:
		return htmlPage.Execute(w, fl)
	}
	return fl.printText(w)
}

func (fl *FixList) header() string {
	s := fmt.Sprintf("Fix list for %s (%s): %d root causes, from %d lines in %d files", fl.Dialect, fl.Title, len(fl.Items), fl.Lines, fl.Files)
	if len(fl.Probes) > 0 {
		s += " and the probes of CLI " + strings.Join(fl.Probes, ", ")
	} else {
		s += "; no probe results: write-side claims are inferred from types"
	}
	return s
}

func (it *Item) accounts() string {
	var parts []string
	if len(it.Variants) > 0 {
		parts = append(parts, fmt.Sprintf("%d %s of %s", it.Lines, plural(it.Lines, unit(it), unit(it)+"s"), strings.Join(it.Variants, ", ")))
	}
	if len(it.Writes) > 0 {
		parts = append(parts, fmt.Sprintf("%d %s: %s", len(it.Writes), plural(len(it.Writes), "message written", "messages written"), strings.Join(it.Writes, "; ")))
	}
	return strings.Join(parts, "; ")
}

func unit(it *Item) string {
	if it.Consequence == MemberLost {
		return "member"
	}
	return "line"
}

// evidenceText is the evidence of an item in lines, its parts escaped.
func (it *Item) evidenceText() safe {
	e := it.Evidence
	esc := validate.Escape
	var b strings.Builder
	switch {
	case e.Probe != "":
		fmt.Fprintf(&b, "sent: %s\n  CLI: %s", esc(e.Text), esc(e.Answer))
	case e.File != "":
		fmt.Fprintf(&b, "%s:%d: %s", validate.EscapeFile(e.File), e.Line, esc(e.Text))
	default:
		b.WriteString(esc(e.Text))
	}
	if e.Message != "" {
		fmt.Fprintf(&b, "\n  finding: %s", esc(e.Message))
	}
	return safe(b.String())
}

func (fl *FixList) printText(w io.Writer) error {
	bw := &errWriter{w: w}
	bw.printf("%s\n", fl.header())
	for _, it := range fl.Items {
		bw.printf("\n%d. [%s] %s\n", it.Rank, it.Consequence, it.Cause)
		bw.printf("   wire:      %s\n", it.Wire)
		bw.printf("   evidence:  %s\n", indent(it.evidenceText(), "              "))
		bw.printf("   accounts:  %s\n", it.accounts())
		if it.Reason != "" {
			bw.printf("   ledger:    %s\n", it.Reason)
		}
		bw.printf("   how known: %s\n", it.Verified)
	}
	return bw.err
}

func indent(s safe, pad string) safe { return safe(strings.ReplaceAll(string(s), "\n", "\n"+pad)) }

func (fl *FixList) printMarkdown(w io.Writer) error {
	bw := &errWriter{w: w}
	bw.printf("## %s\n\n", fl.header())
	for _, it := range fl.Items {
		bw.printf("%d. **%s** (%s, %s)\n", it.Rank, it.Cause, it.Consequence, it.Side)
		bw.printf("   - wire: `%s`\n", it.Wire)
		e := it.Evidence
		switch {
		case e.Probe != "":
			bw.printf("   - evidence: sent `%s`; the CLI: %s\n", e.Text, e.Answer)
		case e.File != "":
			bw.printf("   - evidence: %s:%d `%s`\n", e.File, e.Line, e.Text)
		}
		if e.Message != "" {
			bw.printf("   - finding: %s\n", e.Message)
		}
		bw.printf("   - accounts for: %s\n", it.accounts())
		if it.Reason != "" {
			bw.printf("   - ledger: %s\n", it.Reason)
		}
		bw.printf("   - how known: %s\n", it.Verified)
	}
	return bw.err
}

// safe is text already escaped for a terminal (see errWriter.printf).
type safe string

// errWriter writes the text forms, which a terminal may show: every
// string argument of printf is escaped as validate escapes text taken
// from transcripts (an ESC in a member name or a line's type must not
// clear the screen or set the clipboard of whoever reads the report);
// a safe one is written as it is.
type errWriter struct {
	w   io.Writer
	err error
}

func (e *errWriter) printf(format string, args ...any) {
	if e.err != nil {
		return
	}
	for i, a := range args {
		switch v := a.(type) {
		case string:
			args[i] = validate.Escape(v)
		case safe:
			args[i] = string(v)
		}
	}
	_, e.err = fmt.Fprintf(e.w, format, args...)
}

// htmlPage is the HTML form; text from transcripts is escaped for a
// terminal too (esc), as a page may be read with cat.
var htmlPage = template.Must(template.New("fixlist").Funcs(template.FuncMap{"accounts": func(it *Item) string { return validate.Escape(it.accounts()) }, "esc": validate.Escape}).Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Fix list: {{esc .Dialect}}</title>
<style>
body{font:14px/1.45 system-ui,sans-serif;margin:1rem auto;max-width:72rem;padding:0 1rem;color:#222}
ol{padding-left:1.5rem} li{margin:0 0 1.2rem}
.c{display:inline-block;padding:0 .4rem;border-radius:3px;font-size:12px;background:#eee}
.c1,.c2{background:#fdd}.c3,.c4{background:#fed}.c5{background:#ffd}.c6{background:#def}
code,pre{font:12px ui-monospace,monospace;background:#f6f6f6}
pre{white-space:pre-wrap;word-break:break-all;padding:.4rem;margin:.3rem 0}
dt{font-weight:600;float:left;width:7rem;clear:left} dd{margin:0 0 .2rem 7.5rem}
</style></head><body>
<h1>Fix list for {{esc .Dialect}}</h1>
<p>{{esc .Title}}: {{len .Items}} root causes, from {{.Lines}} lines in {{.Files}} files{{if .Probes}} and the probes of CLI {{range $i, $v := .Probes}}{{if $i}}, {{end}}{{esc $v}}{{end}}{{end}}.</p>
<ol>{{range .Items}}
<li><span class="c c{{printf "%d" .Consequence}}">{{.Consequence}}</span> <b>{{esc .Cause}}</b>
<dl><dt>wire</dt><dd><code>{{esc .Wire}}</code></dd>
<dt>evidence</dt><dd>{{if .Evidence.Probe}}sent<pre>{{esc .Evidence.Text}}</pre>the CLI: {{esc .Evidence.Answer}}{{else}}{{esc .Evidence.File}}:{{.Evidence.Line}}<pre>{{esc .Evidence.Text}}</pre>{{end}}{{if .Evidence.Message}}<br>finding: {{esc .Evidence.Message}}{{end}}</dd>
<dt>accounts for</dt><dd>{{accounts .}}</dd>
{{if .Reason}}<dt>ledger</dt><dd>{{esc .Reason}}</dd>{{end}}
<dt>how known</dt><dd>{{esc .Verified}}</dd></dl></li>{{end}}
</ol></body></html>
`))
