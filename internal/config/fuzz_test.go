package config

import (
	"strings"
	"testing"
)

// FuzzParse: no config makes Parse panic, and every error names the file.
func FuzzParse(f *testing.F) {
	f.Add([]byte(Starter))
	f.Add([]byte("ignore:\n  - schema/*:**/a/**/b.jsonl\nrules:\n  schema/type: off\n"))
	f.Add([]byte("format: &a [x]\nignore: *a\n"))
	f.Add([]byte("rules: {a: b, a: c}\n"))
	f.Add([]byte("profile: [\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := Parse("cfg.yaml", data)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "cfg.yaml") {
				t.Fatalf("error does not name the file: %v", err)
			}
			return
		}
		for i := range c.Ignore {
			c.Where("ignore." + string(rune('0'+i%10)))
		}
	})
}
