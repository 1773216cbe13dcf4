package config

import (
	"os"
	"path/filepath"
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

// TestLoadRefusesWhatIsNotAConfig: a config that is not a regular file (a
// link to a device: /dev/zero was read until memory ran out, a named pipe
// blocked the run) or is larger than MaxBytes (a 55 MB file of globs held
// 1 GB) is refused with the file's name, before it is read.
func TestLoadRefusesWhatIsNotAConfig(t *testing.T) {
	dir := t.TempDir()
	dev := filepath.Join(dir, "dev.yaml")
	if err := os.Symlink(os.DevNull, dev); err != nil {
		t.Fatal(err)
	}
	if _, err := Load(dev); err == nil || !strings.Contains(err.Error(), dev+": not a regular file") {
		t.Errorf("Load(a link to %s) = %v, want not a regular file", os.DevNull, err)
	}
	big := filepath.Join(dir, "big.yaml")
	if err := os.WriteFile(big, []byte("ignore:\n"+strings.Repeat("  - schema/type\n", MaxBytes/16+1)), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Load(big); err == nil || !strings.Contains(err.Error(), big+": larger than 4 MiB") {
		t.Errorf("Load(a config over %d bytes) = %v, want it refused", MaxBytes, err)
	}
	ok := filepath.Join(dir, "ok.yaml")
	if err := os.WriteFile(ok, []byte("ignore:\n"+strings.Repeat("  - schema/type\n", MaxBytes/32)), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Load(ok); err != nil {
		t.Errorf("Load(a config of 2 MiB) = %v", err)
	}
}
