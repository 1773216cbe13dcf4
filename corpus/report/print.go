package report

import (
	"encoding/json"
	"fmt"
	"html/template"
	"io"
	"strings"
)

// A Format is a way to print a fix list.
type Format string

// The formats.
const (
	Text     Format = "text"
	Markdown Format = "markdown"
	JSON     Format = "json"
	HTML     Format = "html"
)

// Formats lists the formats.
var Formats = []Format{Text, Markdown, JSON, HTML}

// ParseFormat reads a format name.
func ParseFormat(s string) (Format, error) {
	for _, f := range Formats {
		if string(f) == s {
			return f, nil
		}
	}
	return "", fmt.Errorf("unknown format %q (text, markdown, json, html)", s)
}

// FixListVersion numbers the JSON shape of a fix list: a field may be added
// within a version, none is renamed or removed.
const FixListVersion = 1

// Print writes the fix list in format f.
func (fl *FixList) Print(w io.Writer, f Format) error {
	switch f {
	case JSON:
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		enc.SetEscapeHTML(false)
		return enc.Encode(struct {
			ReportVersion int `json:"report_version"`
			*FixList
		}{FixListVersion, fl})
	case Markdown:
		return fl.printMarkdown(w)
	case HTML:
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

func (it *Item) evidenceText() string {
	e := it.Evidence
	var b strings.Builder
	switch {
	case e.Probe != "":
		fmt.Fprintf(&b, "sent: %s\n  CLI: %s", e.Text, e.Answer)
	case e.File != "":
		fmt.Fprintf(&b, "%s:%d: %s", e.File, e.Line, e.Text)
	default:
		b.WriteString(e.Text)
	}
	if e.Message != "" {
		fmt.Fprintf(&b, "\n  finding: %s", e.Message)
	}
	return b.String()
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

func indent(s, pad string) string { return strings.ReplaceAll(s, "\n", "\n"+pad) }

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

type errWriter struct {
	w   io.Writer
	err error
}

func (e *errWriter) printf(format string, args ...any) {
	if e.err == nil {
		_, e.err = fmt.Fprintf(e.w, format, args...)
	}
}

var htmlPage = template.Must(template.New("fixlist").Funcs(template.FuncMap{"accounts": (*Item).accounts}).Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Fix list: {{.Dialect}}</title>
<style>
body{font:14px/1.45 system-ui,sans-serif;margin:1rem auto;max-width:72rem;padding:0 1rem;color:#222}
ol{padding-left:1.5rem} li{margin:0 0 1.2rem}
.c{display:inline-block;padding:0 .4rem;border-radius:3px;font-size:12px;background:#eee}
.c1,.c2{background:#fdd}.c3,.c4{background:#fed}.c5{background:#ffd}.c6{background:#def}
code,pre{font:12px ui-monospace,monospace;background:#f6f6f6}
pre{white-space:pre-wrap;word-break:break-all;padding:.4rem;margin:.3rem 0}
dt{font-weight:600;float:left;width:7rem;clear:left} dd{margin:0 0 .2rem 7.5rem}
</style></head><body>
<h1>Fix list for {{.Dialect}}</h1>
<p>{{.Title}}: {{len .Items}} root causes, from {{.Lines}} lines in {{.Files}} files{{if .Probes}} and the probes of CLI {{range $i, $v := .Probes}}{{if $i}}, {{end}}{{$v}}{{end}}{{end}}.</p>
<ol>{{range .Items}}
<li><span class="c c{{printf "%d" .Consequence}}">{{.Consequence}}</span> <b>{{.Cause}}</b>
<dl><dt>wire</dt><dd><code>{{.Wire}}</code></dd>
<dt>evidence</dt><dd>{{if .Evidence.Probe}}sent<pre>{{.Evidence.Text}}</pre>the CLI: {{.Evidence.Answer}}{{else}}{{.Evidence.File}}:{{.Evidence.Line}}<pre>{{.Evidence.Text}}</pre>{{end}}{{if .Evidence.Message}}<br>finding: {{.Evidence.Message}}{{end}}</dd>
<dt>accounts for</dt><dd>{{accounts .}}</dd>
{{if .Reason}}<dt>ledger</dt><dd>{{.Reason}}</dd>{{end}}
<dt>how known</dt><dd>{{.Verified}}</dd></dl></li>{{end}}
</ol></body></html>
`))
