package captures

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestWalk: every non-blank line of every *.jsonl under a version's folder,
// with its number in the file; folders not named as versions and other
// files are left out; fn's error stops the walk.
func TestWalk(t *testing.T) {
	root := t.TempDir()
	write := func(rel, text string) {
		p := filepath.Join(root, "corpus", "captures", rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("2.1.0/a.jsonl", "{\"a\":1}\n\n  \n{\"a\":2}\n")
	write("2.1.0/notes.txt", "{\"skip\":1}\n")
	write("scratch/b.jsonl", "{\"skip\":2}\n")
	write("1.0.0/c.jsonl", "{\"c\":1}")
	var got []string
	versions, err := Walk(root, func(version, file string, n int, line []byte) error {
		got = append(got, version+" "+filepath.Base(file)+" "+string(rune('0'+n))+" "+string(line))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{`1.0.0 c.jsonl 1 {"c":1}`, `2.1.0 a.jsonl 1 {"a":1}`, `2.1.0 a.jsonl 4 {"a":2}`}
	if !slices.Equal(got, want) || !slices.Equal(versions, []string{"1.0.0", "2.1.0"}) {
		t.Errorf("walked %q, versions %q; want %q, [1.0.0 2.1.0]", got, versions, want)
	}
	stop := errors.New("stop")
	if _, err := Walk(root, func(string, string, int, []byte) error { return stop }); !errors.Is(err, stop) {
		t.Errorf("fn's error: got %v", err)
	}
}
