package validate

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"time"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"
)

// Format is an output form of findings.
type Format string

const (
	// FormatText prints one finding per line, then a summary line.
	FormatText Format = "text"
	// FormatJSON prints one JSON document (see JSONReport).
	FormatJSON Format = "json"
)

// AllFormats lists the output forms.
var AllFormats = []Format{FormatText, FormatJSON}

// ParseFormat parses the name of a format.
func ParseFormat(s string) (Format, error) {
	for _, f := range AllFormats {
		if string(f) == s {
			return f, nil
		}
	}
	names := make([]string, len(AllFormats))
	for i, f := range AllFormats {
		names[i] = string(f)
	}
	return "", fmt.Errorf("unknown format %q (want %s)", s, strings.Join(names, " or "))
}

// ReportVersion numbers the shape of the JSON report.
const ReportVersion = 1

// JSONReport is the shape of --format json, stable within a ReportVersion:
//
//	{"report_version": 1, "findings": [Finding...], "summary": Summary}
//
// Findings come in input order. Summary.Elapsed is in nanoseconds.
type JSONReport struct {
	ReportVersion int      `json:"report_version"`
	Findings      Findings `json:"findings"`
	Summary       Summary  `json:"summary"`
}

// A Printer writes findings as they come and the summary at the end. It
// buffers what it writes: Flush writes it out, and Summary does at the end.
// After a write error it writes nothing more, and Err reports the error.
type Printer struct {
	w      *bufio.Writer
	format Format
	color  bool
	n      int
	err    error
}

// NewPrinter returns a printer of the format. With color set, the text form
// colours severities with ANSI escapes.
func NewPrinter(w io.Writer, format Format, color bool) *Printer {
	return &Printer{w: bufio.NewWriterSize(w, 64<<10), format: format, color: color}
}

func (p *Printer) write(s string) {
	if p.err == nil {
		_, p.err = p.w.WriteString(s)
	}
}

// Flush writes out what the printer holds.
func (p *Printer) Flush() error {
	if p.err == nil {
		p.err = p.w.Flush()
	}
	return p.err
}

// Err returns the first write error, or nil.
func (p *Printer) Err() error { return p.err }

// Finding writes one finding. Both forms make what they take from
// transcripts safe for a terminal: the text form escapes it (see Escape);
// the JSON form writes every character Escape would escape as a \u
// escape, so the values are exact once decoded.
func (p *Printer) Finding(f Finding) {
	switch p.format {
	case FormatJSON:
		if p.n == 0 {
			p.write(fmt.Sprintf("{\"report_version\":%d,\"findings\":[\n", ReportVersion))
		} else {
			p.write(",\n")
		}
		b, err := json.Marshal(f)
		if err != nil {
			p.err = err
			return
		}
		p.write(string(safeJSON(b)))
	default:
		s := f.String()
		if p.color {
			sev := f.Severity.String()
			s = strings.Replace(s, ": "+sev+" ", ": "+colorOf(f.Severity)+sev+"\x1b[0m ", 1)
		}
		p.write(s + "\n")
	}
	p.n++
}

// Summary writes the summary and ends the output. It returns the first
// write error.
func (p *Printer) Summary(s Summary) error {
	switch p.format {
	case FormatJSON:
		if p.n == 0 {
			p.write(fmt.Sprintf("{\"report_version\":%d,\"findings\":[", ReportVersion))
		}
		b, err := json.Marshal(s)
		if err != nil {
			return err
		}
		p.write("\n],\"summary\":" + string(safeJSON(b)) + "}\n")
	default:
		p.write(SummaryLine(s) + "\n")
		if l := SetsLine(s); l != "" {
			p.write(Escape(l) + "\n")
		}
		for _, n := range s.Notes {
			p.write("note: " + Escape(n) + "\n")
		}
	}
	return p.Flush()
}

// SummaryLine renders the summary as one line of text.
func SummaryLine(s Summary) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d %s", s.Lines, plural(s.Lines, "line", "lines"))
	if s.Blank > 0 {
		fmt.Fprintf(&b, " (%d blank)", s.Blank)
	}
	fmt.Fprintf(&b, " in %d %s, %d %s", s.Files, plural(s.Files, "file", "files"), len(s.Variants), plural(len(s.Variants), "variant", "variants"))
	fmt.Fprintf(&b, ": %d %s, %d %s", s.Errors, plural(s.Errors, "error", "errors"), s.Warnings, plural(s.Warnings, "warning", "warnings"))
	if s.UnknownProperties > 0 {
		fmt.Fprintf(&b, ", %d unknown %s", s.UnknownProperties, plural(s.UnknownProperties, "property", "properties"))
	}
	if s.Omitted > 0 {
		fmt.Fprintf(&b, ", %d %s not shown", s.Omitted, plural(s.Omitted, "finding", "findings"))
	}
	if s.IOErrors > 0 {
		fmt.Fprintf(&b, ", %d unreadable %s", s.IOErrors, plural(s.IOErrors, "input", "inputs"))
	}
	fmt.Fprintf(&b, " (%s)", s.Elapsed.Round(100*time.Microsecond))
	if cl := s.CrossLine; cl != nil && len(cl.Skipped) > 0 {
		n := cl.Transcripts - cl.Duplex
		fmt.Fprintf(&b, "; %d cross-line %s skipped on %d one-sided %s (they need a duplex transcript)",
			len(cl.Skipped), plural(len(cl.Skipped), "rule", "rules"), n, plural(n, "file", "files"))
	}
	return b.String()
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

func colorOf(s Severity) string {
	switch s {
	case Error:
		return "\x1b[31m"
	case Warning:
		return "\x1b[33m"
	}
	return "\x1b[36m"
}

// Escape makes text taken from a transcript safe to print on a terminal:
// control characters (ESC among them), invisible format characters such as
// bidirectional overrides, and invalid UTF-8 are written as escapes.
func Escape(s string) string {
	clean := true
	for _, r := range s {
		if needsEscape(r) {
			clean = false
			break
		}
	}
	if clean {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case needsEscape(r):
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}

func needsEscape(r rune) bool {
	return r == utf8.RuneError || unicode.IsControl(r) || unicode.Is(unicode.Cf, r) ||
		r == '\u2028' || r == '\u2029' // line and paragraph separators: a line break to some readers
}

// EscapeFile is Escape for a file name, made unambiguous: a backslash in
// the name is written \\, so that a name holding the four characters \x1b
// never reads as one holding ESC. Where the backslash separates folders
// (Windows) it is left alone.
func EscapeFile(name string) string {
	if filepath.Separator != '\\' && strings.Contains(name, `\`) {
		name = strings.ReplaceAll(name, `\`, `\\`)
	}
	return Escape(name)
}

// SafeJSON returns encoded JSON with every character Escape would escape
// written as a \u escape, so that the document is safe to print on a
// terminal and decodes to the same values. Other output formats use it.
// b must be compact, as json.Marshal writes it: white space between
// tokens would be escaped too (indent after, with json.Indent).
func SafeJSON(b []byte) []byte { return safeJSON(b) }

// safeJSON rewrites encoded JSON so that it holds no character Escape
// would escape (C0 and C1 controls, DEL, bidirectional and other format
// characters) raw: each becomes a \u escape, which JSON allows anywhere in
// a string, and only strings can hold them.
func safeJSON(b []byte) []byte {
	i := 0
	for i < len(b) {
		r, size := utf8.DecodeRune(b[i:])
		if needsEscape(r) && !(r == utf8.RuneError && size != 3) {
			break
		}
		i += size
	}
	if i == len(b) {
		return b
	}
	out := append([]byte(nil), b[:i]...)
	for i < len(b) {
		r, size := utf8.DecodeRune(b[i:])
		switch {
		case needsEscape(r) && r > 0xffff:
			r1, r2 := utf16.EncodeRune(r)
			out = fmt.Appendf(out, `\u%04x\u%04x`, r1, r2)
		case needsEscape(r) && !(r == utf8.RuneError && size != 3):
			out = fmt.Appendf(out, `\u%04x`, r)
		default:
			out = append(out, b[i:i+size]...)
		}
		i += size
	}
	return out
}
