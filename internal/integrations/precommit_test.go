package integrations

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"go.yaml.in/yaml/v4"
)

// hook is the part of a .pre-commit-hooks.yaml entry the test reads.
type hook struct {
	ID            string   `yaml:"id"`
	Name          string   `yaml:"name"`
	Entry         string   `yaml:"entry"`
	Language      string   `yaml:"language"`
	Files         string   `yaml:"files"`
	Exclude       string   `yaml:"exclude"`
	Types         []string `yaml:"types"`
	Args          []string `yaml:"args"`
	PassFilenames *bool    `yaml:"pass_filenames"`
}

// TestPreCommitHook runs the hook as pre-commit would (pre-commit itself is
// not installed here): the files of the commit that match the hook's files
// pattern, appended to its entry and args, with the protocheck that
// language golang installs on PATH. A clean transcript passes, a faulty one
// fails with its findings, and files the pattern leaves out are not given.
func TestPreCommitHook(t *testing.T) {
	b, err := os.ReadFile(filepath.Join(repoRoot, ".pre-commit-hooks.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var hooks []hook
	if err := yaml.Unmarshal(b, &hooks); err != nil {
		t.Fatalf(".pre-commit-hooks.yaml: %v", err)
	}
	i := slices.IndexFunc(hooks, func(h hook) bool { return h.ID == "protocheck-validate" })
	if i < 0 {
		t.Fatalf("no hook protocheck-validate in %+v", hooks)
	}
	h := hooks[i]
	if h.Language != "golang" && h.Language != "system" {
		t.Errorf("language %q, want golang or system", h.Language)
	}
	if h.PassFilenames != nil && !*h.PassFilenames {
		t.Fatalf("pass_filenames is false: the hook would check nothing")
	}
	// pre-commit matches with Python's re.search; the pattern uses only
	// syntax that Go's regexp reads the same way.
	files := regexp.MustCompile(h.Files)
	var exclude *regexp.Regexp
	if h.Exclude != "" {
		exclude = regexp.MustCompile(h.Exclude)
	}

	tests := []struct {
		name    string
		staged  map[string][]byte
		code    int
		checked []string // the files the hook must be given
		finding string   // a line of its output, when it fails
	}{
		{name: "clean", staged: map[string][]byte{"t/clean.jsonl": cleanTranscript, "notes.txt": []byte("not a transcript")},
			checked: []string{"t/clean.jsonl"}},
		{name: "faulty", staged: map[string][]byte{"t/clean.jsonl": cleanTranscript, "broken.jsonl": faultyTranscript, "data.json": []byte("{")},
			code: 1, checked: []string{"broken.jsonl", "t/clean.jsonl"}, finding: "broken.jsonl:1:"},
		{name: "nothing matched", staged: map[string][]byte{"README.md": []byte("# hi"), "x.jsonl.bak": faultyTranscript}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			var names []string
			for name, data := range tt.staged {
				p := filepath.Join(dir, name)
				os.MkdirAll(filepath.Dir(p), 0o755)
				os.WriteFile(p, data, 0o644)
				if files.MatchString(name) && (exclude == nil || !exclude.MatchString(name)) {
					names = append(names, name)
				}
			}
			slices.Sort(names)
			if !slices.Equal(names, tt.checked) {
				t.Fatalf("the files pattern %q picks %q, want %q", h.Files, names, tt.checked)
			}
			if len(names) == 0 {
				return // pre-commit skips a hook with no files
			}
			argv := append(append(strings.Fields(h.Entry), h.Args...), names...)
			path, err := lookPathIn(binDir, argv[0])
			if err != nil {
				t.Fatalf("entry %q: %v", h.Entry, err)
			}
			cmd := exec.Command(path, argv[1:]...)
			cmd.Dir = dir
			var out bytes.Buffer
			cmd.Stdout, cmd.Stderr = &out, &out
			code := exitCode(t, cmd.Run())
			if code != tt.code {
				t.Fatalf("%q exited %d, want %d\n%s", argv, code, tt.code, out.String())
			}
			if tt.finding != "" && !strings.Contains(out.String(), tt.finding) {
				t.Errorf("output lacks %q:\n%s", tt.finding, out.String())
			}
		})
	}
}

// lookPathIn finds the entry's program in dir, where the test's build of
// protocheck stands for the one pre-commit's go install makes.
func lookPathIn(dir, prog string) (string, error) {
	p := filepath.Join(dir, prog)
	if _, err := os.Stat(p); err != nil {
		return "", err
	}
	return p, nil
}
