package jsonptr

import "testing"

func TestEscape(t *testing.T) {
	for in, want := range map[string]string{"a": "a", "a/b": "a~1b", "~x": "~0x", "~/": "~0~1"} {
		if got := Escape(in); got != want {
			t.Errorf("Escape(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestAnyIndex(t *testing.T) {
	for in, want := range map[string]string{
		"":                    "",
		"/message/content/0":  "/message/content/*",
		"/a/12/b/3/c":         "/a/*/b/*/c",
		"/tool_use_id/x2":     "/tool_use_id/x2",
		"/usage/input_tokens": "/usage/input_tokens",
	} {
		if got := AnyIndex(in); got != want {
			t.Errorf("AnyIndex(%q) = %q, want %q", in, got, want)
		}
	}
}
