package capture

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestScenarioFilesContained runs scenarios whose files name paths out of
// the working directory and checks that Run refuses them with an
// *EscapeError naming the scenario and the path, before writing anything,
// and that nothing is written outside. The CLI never starts.
func TestScenarioFilesContained(t *testing.T) {
	tests := []struct {
		name string
		path string // in the scenario; OUT stands for a folder outside
		ok   bool
	}{
		{name: "dot-dot escape", path: "../../../../../../../../../../OUT/x"},
		{name: "dot-dot inside a path", path: "sub/../../x"},
		{name: "absolute", path: "OUT/x"},
		{name: "inside", path: "sub/dir/x", ok: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tmp := t.TempDir()
			t.Setenv("TMPDIR", tmp)
			out := t.TempDir()
			rel := strings.ReplaceAll(tt.path, "OUT", strings.TrimPrefix(out, "/"))
			if tt.name == "absolute" {
				rel = "/" + rel
			}
			sc := &Scenario{Name: "escape", File: "escape.json", Args: []string{"-p"}, Files: map[string]string{rel: "written"}}
			_, err := Run(context.Background(), CaptureOptions{CLI: "/bin/true", Scenario: sc, Version: "9.9.9"})
			var ee *EscapeError
			switch {
			case tt.ok && errors.As(err, &ee):
				t.Errorf("Run(files %q) = %v, want it accepted", rel, err)
			case !tt.ok && (!errors.As(err, &ee) || ee.Scenario != "escape.json" || ee.Path != rel):
				t.Errorf("Run(files %q) error = %v, want an *EscapeError naming escape.json and the path", rel, err)
			}
			if left, _ := os.ReadDir(out); len(left) != 0 {
				t.Errorf("Run(files %q) wrote %s outside the run's folder", rel, left[0].Name())
			}
			if left, _ := os.ReadDir(tmp); len(left) != 0 {
				t.Errorf("Run left %s in TMPDIR", left[0].Name())
			}
		})
	}
}

// TestWriteFilesRefusesSymlinkOut: a symbolic link in the working directory
// that points out of it does not lead a scenario's file out.
func TestWriteFilesRefusesSymlinkOut(t *testing.T) {
	work, out := t.TempDir(), t.TempDir()
	if err := os.Symlink(out, filepath.Join(work, "link")); err != nil {
		t.Fatal(err)
	}
	sc := &Scenario{File: "link.json", Files: map[string]string{"link/x": "written"}}
	var ee *EscapeError
	if err := writeFiles(sc, work); !errors.As(err, &ee) || ee.Path != "link/x" {
		t.Errorf("writeFiles(link/x through a link out) = %v, want an *EscapeError for link/x", err)
	}
	if _, err := os.Stat(filepath.Join(out, "x")); err == nil {
		t.Errorf("the file was written through the link, outside the working directory")
	}
}

func TestLoadScenarioRefusesEscapingFiles(t *testing.T) {
	path := filepath.Join(t.TempDir(), "bad.json")
	if err := os.WriteFile(path, []byte(`{"args":["-p"],"files":{"../x":"y"},"model":{"turns":[]}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := LoadScenario(path)
	if !errors.Is(err, errNotLocal) || !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), `"../x"`) {
		t.Errorf("LoadScenario(files ../x) = %v, want an error naming %s and \"../x\"", err, path)
	}
}

// TestCaptureBase: the folder for captures is the first candidate with no
// CLAUDE.md, CLAUDE.local.md, .claude or .git in it or above it; none is
// an error.
func TestCaptureBase(t *testing.T) {
	mk := func(marker string) string {
		parent := t.TempDir()
		if marker != "" {
			if err := os.Mkdir(filepath.Join(parent, marker), 0o755); err != nil {
				t.Fatal(err)
			}
		}
		dir := filepath.Join(parent, "a", "tmp")
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		return dir
	}
	clean, claudeMD, git, dotClaude := mk(""), mk("CLAUDE.md"), mk(".git"), mk(".claude")
	tests := []struct {
		name       string
		candidates []string
		want       string // "" means an error
	}{
		{name: "clean", candidates: []string{clean}, want: clean},
		{name: "CLAUDE.md above: the next one", candidates: []string{claudeMD, clean}, want: clean},
		{name: ".git above: the next one", candidates: []string{git, "/nonexistent", clean}, want: clean},
		{name: "all have configuration above", candidates: []string{claudeMD, git, dotClaude}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := captureBase(tt.candidates)
			want, _ := filepath.EvalSymlinks(tt.want)
			var ce *ConfigAboveError
			switch {
			case tt.want == "" && (!errors.As(err, &ce) || len(ce.Found) != len(tt.candidates)):
				t.Errorf("captureBase(%q) = %q, %v; want a *ConfigAboveError naming each", tt.candidates, got, err)
			case tt.want != "" && (err != nil || got != want):
				t.Errorf("captureBase(%q) = %q, %v; want %q", tt.candidates, got, err, want)
			}
		})
	}
}
