package matrix

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/protocheck/protocheck/corpus/harness"
)

// TestPinnedRows: auto picks the installed SDKs that are not slow, all
// picks the slow ones too, off none; those picked and not installed are
// named; a folder without the list has none under auto and fails under
// all. PinnedModelRow finds the SDK a model models, slow or not.
func TestPinnedRows(t *testing.T) {
	root := t.TempDir()
	list := `[{"name":"py-1","model":"python","command":["x"]},{"name":"rs-1","model":"rust","command":["x"],"slow":true},{"name":"ts-1","command":["x"]}]`
	write := func(path, data string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(root, harness.SDKsFile), list)
	write(filepath.Join(root, harness.CacheDir, "py-1", ".installed"), "")
	write(filepath.Join(root, harness.CacheDir, "rs-1", ".installed"), "")

	names := func(rows []HarnessRow) (out []string) {
		for _, r := range rows {
			out = append(out, r.Spec.Name+"/"+r.Model)
		}
		return out
	}
	for _, tt := range []struct {
		mode          string
		rows, missing []string
	}{
		{mode: PinnedAuto, rows: []string{"py-1/python"}, missing: []string{"ts-1"}},
		{mode: PinnedAll, rows: []string{"py-1/python", "rs-1/rust"}, missing: []string{"ts-1"}},
		{mode: PinnedOff},
	} {
		rows, missing, err := PinnedRows(root, tt.mode)
		if err != nil {
			t.Fatalf("%s: %v", tt.mode, err)
		}
		if d := cmp.Diff(tt.rows, names(rows)); d != "" {
			t.Errorf("PinnedRows(%s) rows mismatch (-want +got):\n%s", tt.mode, d)
		}
		if d := cmp.Diff(tt.missing, missing); d != "" {
			t.Errorf("PinnedRows(%s) missing mismatch (-want +got):\n%s", tt.mode, d)
		}
	}
	empty := t.TempDir()
	if rows, _, err := PinnedRows(empty, PinnedAuto); err != nil || rows != nil {
		t.Errorf("PinnedRows(auto) without the list = %v, %v; want none", rows, err)
	}
	if _, _, err := PinnedRows(empty, PinnedAll); err == nil {
		t.Errorf("PinnedRows(all) without the list: no error")
	}
	if row, _, ok, err := PinnedModelRow(root, "rust"); err != nil || !ok || row.Spec.Name != "rs-1" {
		t.Errorf("PinnedModelRow(rust) = %v, %v, %v; want the slow rs-1", row.Spec.Name, ok, err)
	}
	os.Remove(filepath.Join(root, harness.CacheDir, "py-1", ".installed"))
	if _, name, ok, err := PinnedModelRow(root, "python"); err != nil || ok || name != "py-1" {
		t.Errorf("PinnedModelRow(python) not installed = %q, %v, %v; want py-1 named", name, ok, err)
	}
}
