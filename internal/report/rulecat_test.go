package report

import "testing"

func TestVisible(t *testing.T) {
	for in, want := range map[string]string{
		`{"a":1}`:      `{"a":1}`,
		"caf\xe9":      `caf\xe9`,
		"x\x00":        `x\u0000`,
		"a\n\ufeffb":   "a\n\\uFEFFb",
		"caf\u00e9 ok": "caf\u00e9 ok",
	} {
		if got := visible(in); got != want {
			t.Errorf("visible(%q) = %q, want %q", in, got, want)
		}
	}
}
