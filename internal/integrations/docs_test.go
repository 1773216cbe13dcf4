package integrations

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"go.yaml.in/yaml/v4"
)

// fence matches a fenced code block of docs: its language and text.
var fence = regexp.MustCompile("(?ms)^```(\\w*)\\n(.*?)^```")

// TestCISnippets keeps docs/ci.md's snippets working: each YAML block
// parses; a step that uses this Action passes only inputs action.yml
// declares; a pre-commit block names a hook .pre-commit-hooks.yaml has; and
// every flag given to 'protocheck validate' is one validate has.
func TestCISnippets(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join(repoRoot, "docs", "ci.md"))
	if err != nil {
		t.Fatal(err)
	}
	a := loadAction(t)
	var hooks []hook
	if err := yaml.Unmarshal(mustRead(".pre-commit-hooks.yaml"), &hooks); err != nil {
		t.Fatal(err)
	}
	help, err := exec.Command(filepath.Join(binDir, "protocheck"), "validate", "--help").Output()
	if err != nil {
		t.Fatal(err)
	}
	flags := map[string]bool{}
	for _, m := range regexp.MustCompile(`(?m)^\s+(?:-\w, )?(--[\w-]+)`).FindAllStringSubmatch(string(help), -1) {
		flags[m[1]] = true
	}

	blocks := fence.FindAllStringSubmatch(string(doc), -1)
	usesAction, commands := 0, 0
	for _, b := range blocks {
		lang, text := b[1], b[2]
		for _, m := range regexp.MustCompile(`protocheck validate ([^\n]*)`).FindAllStringSubmatch(text, -1) {
			commands++
			for _, f := range regexp.MustCompile(`(?:^|\s)(--[\w-]+)`).FindAllStringSubmatch(m[1], -1) {
				if !flags[f[1]] {
					t.Errorf("docs/ci.md runs protocheck validate with %s, which validate --help does not list", f[1])
				}
			}
		}
		if lang != "yaml" {
			continue
		}
		var v any
		if err := yaml.Unmarshal([]byte(text), &v); err != nil {
			t.Errorf("docs/ci.md: a yaml block does not parse: %v\n%s", err, text)
			continue
		}
		walkMaps(v, func(m map[string]any) {
			if uses, _ := m["uses"].(string); strings.HasPrefix(uses, "protocheck/protocheck@") {
				usesAction++
				with, _ := m["with"].(map[string]any)
				for k := range with {
					if _, ok := a.Inputs[k]; !ok {
						t.Errorf("docs/ci.md passes input %q, which action.yml does not declare", k)
					}
				}
			}
			if id, _ := m["id"].(string); id != "" && m["entry"] == nil && strings.Contains(text, "repo: https://github.com/protocheck/protocheck") {
				found := false
				for _, h := range hooks {
					found = found || h.ID == id
				}
				if !found {
					t.Errorf("docs/ci.md uses hook %q, which .pre-commit-hooks.yaml does not define", id)
				}
			}
		})
	}
	// Each validate command of a snippet runs, as written, on a folder of
	// clean transcripts, and writes the files its FORMAT=PATH values name.
	for _, b := range blocks {
		for _, m := range regexp.MustCompile(`(?m)(?:^|run: |- )(protocheck validate [^\n]*)`).FindAllStringSubmatch(b[2], -1) {
			runSnippet(t, m[1])
		}
	}
	if usesAction == 0 || commands < 3 {
		t.Errorf("docs/ci.md: %d steps use the Action and %d commands run validate; want the snippets the page promises", usesAction, commands)
	}
}

// walkMaps calls fn with every mapping in v, depth first.
func walkMaps(v any, fn func(map[string]any)) {
	switch v := v.(type) {
	case map[string]any:
		fn(v)
		for _, x := range v {
			walkMaps(x, fn)
		}
	case []any:
		for _, x := range v {
			walkMaps(x, fn)
		}
	}
}

// runSnippet runs one documented validate command in bash, in a folder
// whose transcripts/ holds a clean capture, with the test's protocheck on
// PATH; it must exit 0 and write every file a FORMAT=PATH names.
func runSnippet(t *testing.T, command string) {
	t.Helper()
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "transcripts"), 0o755)
	os.WriteFile(filepath.Join(dir, "transcripts", "clean.jsonl"), cleanTranscript, 0o644)
	summary := filepath.Join(dir, "step-summary.md")
	cmd := exec.Command("bash", "-c", command)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "PATH="+binDir+string(os.PathListSeparator)+os.Getenv("PATH"), "GITHUB_STEP_SUMMARY="+summary)
	out, err := cmd.CombinedOutput()
	if code := exitCode(t, err); code != 0 {
		t.Errorf("docs/ci.md: %s: exit %d on clean transcripts\n%s", command, code, out)
		return
	}
	for _, m := range regexp.MustCompile(`--format "?\w+=([^"\s]+)`).FindAllStringSubmatch(command, -1) {
		path := os.Expand(m[1], func(k string) string {
			if k == "GITHUB_STEP_SUMMARY" {
				return summary
			}
			return ""
		})
		if !filepath.IsAbs(path) {
			path = filepath.Join(dir, path)
		}
		if fi, err := os.Stat(path); err != nil || fi.Size() == 0 {
			t.Errorf("docs/ci.md: %s wrote nothing to %s", command, m[1])
		}
	}
}
