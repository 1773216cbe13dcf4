package config

import (
	"strings"
	"testing"
)

// TestAliasesRefused: YAML aliases and merge keys are refused with the
// file and line, before anything is decoded: 2,000 aliases of a 50 KB
// string (a 110 KB config) decoded to 100 MB of ignore globs.
func TestAliasesRefused(t *testing.T) {
	big := "schema/required:" + strings.Repeat("x", 50<<10)
	cases := []struct{ name, data, want string }{
		{"alias bomb", "format: [&s " + big + "]\nignore:\n" + strings.Repeat("  - *s\n", 2000), "x.yaml:3: a YAML alias (*s)"},
		{"merge key", "format: &r [text]\nrules:\n  <<: *r\n", "x.yaml:3: a YAML merge key"},
	}
	for _, c := range cases {
		_, err := Parse("x.yaml", []byte(c.data))
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "not allowed") {
			t.Errorf("%s: Parse = %.200v, want an error with %q", c.name, err, c.want)
		}
	}
	// An anchor alone is harmless and allowed.
	if _, err := Parse("x.yaml", []byte("ignore: &i\n  - schema/type\n")); err != nil {
		t.Errorf("an anchor: %v", err)
	}
}
