package validate

import (
	"encoding/json"
	"fmt"
	"strings"
)

// Severity orders findings: Info < Warning < Error.
type Severity uint8

const (
	// Info is a note that never fails a run.
	Info Severity = iota + 1
	// Warning fails a run only with --fail-on warning.
	Warning
	// Error fails a run.
	Error
)

var severityNames = []string{Info: "info", Warning: "warning", Error: "error"}

// String returns "info", "warning" or "error".
func (s Severity) String() string {
	if int(s) < len(severityNames) && severityNames[s] != "" {
		return severityNames[s]
	}
	return fmt.Sprintf("Severity(%d)", uint8(s))
}

// ParseSeverity parses "info", "warning" or "error".
func ParseSeverity(s string) (Severity, error) {
	for i, n := range severityNames {
		if n != "" && n == s {
			return Severity(i), nil
		}
	}
	return 0, fmt.Errorf("unknown severity %q (want info, warning or error)", s)
}

// MarshalText writes the severity's name.
func (s Severity) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// UnmarshalText reads a severity's name.
func (s *Severity) UnmarshalText(b []byte) error {
	v, err := ParseSeverity(string(b))
	*s = v
	return err
}

// A Finding is one problem found at one place in one input.
type Finding struct {
	// File names the input ("-" for standard input).
	File string `json:"file"`
	// Line is the 1-based line number, or 0 for a finding about a whole file.
	Line int `json:"line"`
	// Column is the 1-based byte column where known, else 0.
	Column int `json:"column,omitempty"`
	// Variant names the line's variant ("result.success"), when known.
	Variant string `json:"variant,omitempty"`
	// Pointer is the RFC 6901 JSON Pointer of the member at fault ("" is the
	// whole line).
	Pointer string `json:"pointer"`
	// Keyword is the schema location of the failing keyword, when a schema
	// made the finding.
	Keyword string `json:"keyword,omitempty"`
	// Rule is the stable ID of the rule (see Rules).
	Rule string `json:"rule"`
	// Severity is how bad the finding is.
	Severity Severity `json:"severity"`
	// Message says what is wrong, in plain words.
	Message string `json:"message"`
}

// String returns the text form: "file:line:col: severity rule: message (at
// /pointer)". Text taken from transcripts is escaped (see Escape), so the
// result is safe to print on a terminal.
func (f Finding) String() string {
	var b strings.Builder
	b.WriteString(EscapeFile(f.File))
	if f.Line > 0 {
		fmt.Fprintf(&b, ":%d", f.Line)
		if f.Column > 0 {
			fmt.Fprintf(&b, ":%d", f.Column)
		}
	}
	fmt.Fprintf(&b, ": %s %s: %s", f.Severity, f.Rule, Escape(f.Message))
	if f.Line > 0 && f.Pointer != "" {
		fmt.Fprintf(&b, " (at %s)", Escape(f.Pointer))
	}
	return b.String()
}

// Findings is a list of findings. A non-empty list is an error, so a caller
// can tell "found problems" from "could not run" with errors.As.
type Findings []Finding

func (fs Findings) Error() string {
	switch len(fs) {
	case 0:
		return "no findings"
	case 1:
		return fs[0].String()
	}
	return fmt.Sprintf("%s (and %d more findings)", fs[0], len(fs)-1)
}

// MarshalJSON writes an empty list as [] rather than null.
func (fs Findings) MarshalJSON() ([]byte, error) {
	if fs == nil {
		return []byte("[]"), nil
	}
	return json.Marshal([]Finding(fs))
}
