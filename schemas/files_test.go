package schemas

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestExport: a profile's export is the index and that profile's folder,
// byte for byte; the whole export is every file of FS.
func TestExport(t *testing.T) {
	var all, strict int
	fs.WalkDir(FS, ".", func(p string, d fs.DirEntry, err error) error { //nolint:errcheck // FS is embedded
		if !d.IsDir() {
			all++
			if p == IndexFile || strings.HasPrefix(p, "strict/") {
				strict++
			}
		}
		return nil
	})
	dir := t.TempDir()
	n, err := Export(dir, "strict")
	if err != nil || n != strict {
		t.Fatalf("Export(strict) = %d, %v; want %d files", n, err, strict)
	}
	want, _ := fs.ReadFile(FS, "strict/protocol.schema.json")
	if got, err := os.ReadFile(filepath.Join(dir, "strict", "protocol.schema.json")); err != nil || string(got) != string(want) {
		t.Errorf("strict/protocol.schema.json not exported as it is: %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "tolerant")); err == nil {
		t.Error("Export(strict) wrote the tolerant folder")
	}
	if n, err := Export(t.TempDir(), ""); err != nil || n != all {
		t.Errorf("Export(all) = %d, %v; want %d files", n, err, all)
	}
}

// TestSchemaFile: a variant is found by its name with . or /, the union by
// UnionName, and an unknown name is not.
func TestSchemaFile(t *testing.T) {
	idx, err := LoadIndex()
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]string{"result/success": "tolerant/result.success.schema.json", "result.success": "tolerant/result.success.schema.json", UnionName: idx.Union["tolerant"]} {
		if got, ok := idx.SchemaFile(name, "tolerant"); !ok || got != want {
			t.Errorf("SchemaFile(%q) = %q, %v; want %q", name, got, ok, want)
		}
	}
	if _, ok := idx.SchemaFile("nope", "tolerant"); ok {
		t.Error("SchemaFile(nope) found a file")
	}
	if names := idx.ShowNames(); len(names) != len(idx.Variants)+1 || names[0] != UnionName {
		t.Errorf("ShowNames: %d names starting %q, want %d starting %q", len(names), names[0], len(idx.Variants)+1, UnionName)
	}
	if !idx.HasProfile("strict") || idx.HasProfile("lax") {
		t.Error("HasProfile: want strict and not lax")
	}
	var b strings.Builder
	if err := PrintVariants(&b, idx.Variants); err != nil || strings.Count(b.String(), "\n") != len(idx.Variants)+1 || !strings.Contains(b.String(), "result.success  ") {
		t.Errorf("PrintVariants: %v\n%s", err, b.String())
	}
}
