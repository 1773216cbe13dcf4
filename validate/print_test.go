package validate

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestSafeJSON: every character Escape escapes leaves safeJSON as a \u
// escape, and the JSON decodes to the same value.
func TestSafeJSON(t *testing.T) {
	for _, s := range []string{"plain", "\x1b[0m", "\u009b", "\x7f", "\u202e", "\U000e0001", "é and \u200b", "\ufffd"} {
		b, err := json.Marshal(Finding{Message: s, File: s, Severity: Error})
		if err != nil {
			t.Fatal(err)
		}
		safe := safeJSON(b)
		if i := strings.IndexFunc(string(safe), needsEscape); i >= 0 {
			t.Errorf("safeJSON(%q) holds %q raw", s, string(safe)[i:])
		}
		var f Finding
		if err := json.Unmarshal(safe, &f); err != nil || f.Message != s || f.File != s {
			t.Errorf("safeJSON(%q) decodes to %q, %v", s, f.Message, err)
		}
	}
}

// TestCut: a value cut short for a message keeps whole UTF-8 characters.
func TestCut(t *testing.T) {
	for _, s := range []string{strings.Repeat("é", 40), strings.Repeat("x", 56) + "€€", strings.Repeat("😀", 20)} {
		got := cut(s, 60)
		if !utf8.ValidString(got) || len(got) > 60 || !strings.HasSuffix(got, "...") {
			t.Errorf("cut(%q, 60) = %q", s, got)
		}
	}
	if got := cut("short", 60); got != "short" {
		t.Errorf("cut(short) = %q", got)
	}
}
