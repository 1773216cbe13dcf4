package fastpath

import "testing"

// TestUnquote: unquote decodes what JSON allows, and rejects, without
// panicking, the malformed literals the light pass can hand it before the
// full pass has seen the line.
func TestUnquote(t *testing.T) {
	tests := []struct {
		in     string
		want   string
		wantOK bool
	}{
		{`"plain"`, "plain", true},
		{`"a\"b\\c\/d"`, `a"b\c/d`, true},
		{`"\b\f\n\r\t"`, "\b\f\n\r\t", true},
		{`"\u0074ype"`, "type", true},
		{`"\u00E9"`, "é", true},
		{`"\ud83d\ude00"`, "😀", true},
		{`"\ud83d"`, "\uFFFD", true},        // a lone surrogate
		{`"\ud83dx"`, "\uFFFDx", true},      // a high surrogate followed by text
		{`"\ud83d\u0041"`, "\uFFFDA", true}, // a high surrogate followed by a non-surrogate
		{`"\u"`, "", false},                 // the crasher fuzzing found: no digits
		{`"\u7"`, "", false},                // too few digits
		{`"\u00"`, "", false},               // too few digits
		{`"\u00zz"`, "", false},             // not hex
		{`"\ud83d\u12"`, "", false},         // a second escape cut short
		{`"\ud83d\uzzzz"`, "", false},       // a second escape not hex
		{`"\x"`, "", false},                 // an unknown escape
		{`"\"`, "", false},                  // a backslash before the closing quote
		{`"a\`, "", false},                  // cut short
	}
	for _, tt := range tests {
		got, ok := unquote([]byte(tt.in))
		if ok != tt.wantOK || (ok && got != tt.want) {
			t.Errorf("unquote(%s) = %q, %v; want %q, %v", tt.in, got, ok, tt.want, tt.wantOK)
		}
	}
}
