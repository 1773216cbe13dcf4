package integrations

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"go.yaml.in/yaml/v4"

	"github.com/protocheck/protocheck/internal/testutil/optional"
)

const sentinelWorkflow = ".github/workflows/sentinel.yml"

// workflow is the part of a GitHub workflow file the sentinel's test reads.
type workflow struct {
	On          map[string]any    `yaml:"on"`
	Permissions map[string]string `yaml:"permissions"`
	Jobs        map[string]struct {
		RunsOn string `yaml:"runs-on"`
		Steps  []step `yaml:"steps"`
	} `yaml:"jobs"`
}

// TestSentinelWorkflowShape checks what GitHub would refuse or what would
// make the sentinel unsafe or idle: it runs on a schedule (and by hand),
// may push and open pull requests, takes nothing into a script but
// through env, runs the driver after listing, and pins its actions.
func TestSentinelWorkflowShape(t *testing.T) {
	b, err := os.ReadFile(filepath.Join(repoRoot, sentinelWorkflow))
	if err != nil {
		t.Fatal(err)
	}
	var w workflow
	if err := yaml.Unmarshal(b, &w); err != nil {
		t.Fatalf("%s: %v", sentinelWorkflow, err)
	}
	sched, _ := w.On["schedule"].([]any)
	if cron, _ := first(sched)["cron"].(string); len(strings.Fields(cron)) != 5 {
		t.Errorf("on.schedule = %v, want a cron of five fields", w.On["schedule"])
	}
	if _, ok := w.On["workflow_dispatch"]; !ok {
		t.Error("no workflow_dispatch: the sentinel cannot be started by hand")
	}
	if w.Permissions["contents"] != "write" || w.Permissions["pull-requests"] != "write" {
		t.Errorf("permissions = %v, want contents and pull-requests write", w.Permissions)
	}
	job, ok := w.Jobs["sentinel"]
	if !ok || len(job.Steps) == 0 {
		t.Fatalf("jobs = %v, want a job sentinel with steps", w.Jobs)
	}
	ids := map[string]bool{}
	var driver, list bool
	for i, s := range job.Steps {
		if s.ID != "" {
			ids[s.ID] = true
		}
		switch {
		case s.Uses != "":
			if !regexp.MustCompile(`^[\w.-]+/[\w.-]+@(v\d+|[0-9a-f]{40})$`).MatchString(s.Uses) {
				t.Errorf("step %d (%s): uses %q, want owner/repo@vN or a commit SHA", i, s.Name, s.Uses)
			}
		case s.Run != "":
			if s.Shell != "bash" {
				t.Errorf("step %d (%s): shell %q, want bash", i, s.Name, s.Shell)
			}
			if m := expr.FindString(s.Run); m != "" {
				t.Errorf("step %d (%s): the script holds %s; pass it through env instead", i, s.Name, m)
			}
			if strings.Contains(s.Run, ".github/scripts/sentinel.sh --list") {
				list = s.ID == "list"
			} else if strings.Contains(s.Run, ".github/scripts/sentinel.sh") {
				driver = true
				if s.Env["GH_TOKEN"] == "" {
					t.Errorf("step %d (%s) runs the driver without GH_TOKEN: gh cannot open pull requests", i, s.Name)
				}
			}
		}
		if s.If != "" {
			for _, m := range regexp.MustCompile(`steps\.([\w-]+)\.outputs`).FindAllStringSubmatch(s.If, -1) {
				if !ids[m[1]] {
					t.Errorf("step %d (%s): if %q names step %s, which does not run before it", i, s.Name, s.If, m[1])
				}
			}
		}
	}
	if !list || !driver {
		t.Errorf("listing step (id list) %v, driver step %v: want both", list, driver)
	}
}

// first returns the first element of a YAML list as a map, or nil.
func first(l []any) map[string]any {
	if len(l) == 0 {
		return nil
	}
	m, _ := l[0].(map[string]any)
	return m
}

// fakeSentinelGo is go as the sentinel runs it: "go run ./cmd/protocheck
// corpus add-release V ..." adds the rung's pin and writes its report, and
// exits with FAKE_RC_<V with _ for .> (0 by default).
const fakeSentinelGo = `#!/bin/sh
echo "go $*" >> "$FAKE_LOG"
v=$5
mkdir -p corpus/cli/$v docs/releases
echo '{}' > corpus/cli/$v/package.json
printf '# CLI %s\n\nthe report\n' "$v" > docs/releases/$v.md
eval "rc=\${FAKE_RC_$(echo $v | tr . _):-0}"
exit $rc
`

// fakeGh logs each call and the first line of the body file.
const fakeGh = `#!/bin/sh
body=""
prev=""
for a in "$@"; do
  if [ "$prev" = "--body-file" ]; then body=$(head -n 1 "$a"); fi
  prev=$a
done
echo "gh $* body=$body" >> "$FAKE_LOG"
`

// TestSentinel runs the sentinel's driver in a clone of a small repository
// whose ladder ends at 2.1.331, with npm, go and gh replaced by fakes on
// PATH and a bare repository as the remote: it adds the stable releases
// newer than the ladder oldest first, each on a branch that starts from
// the one before, opens a pull request per release with its report as the
// body (a draft for one that needs decisions, and stops there), and waits
// while its branches are on the remote.
func TestSentinel(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the driver is a bash script")
	}
	for _, tool := range []string{"bash", "git"} {
		if _, err := exec.LookPath(tool); err != nil {
			optional.Skip(t, "the sentinel's test needs %s", tool)
		}
	}
	dir := t.TempDir()
	origin, work, bin := filepath.Join(dir, "origin.git"), filepath.Join(dir, "work"), filepath.Join(dir, "bin")
	log := filepath.Join(dir, "log")
	for name, data := range map[string]string{"go": fakeSentinelGo, "gh": fakeGh,
		"npm": "#!/bin/sh\necho \"npm $*\" >> \"$FAKE_LOG\"\ncat \"$FAKE_LISTING\"\n"} {
		os.MkdirAll(bin, 0o755)
		if err := os.WriteFile(filepath.Join(bin, name), []byte(data), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	listing := filepath.Join(dir, "listing.json")
	os.WriteFile(listing, []byte("[\n  \"1.0.0\",\n  \"2.1.99\",\n  \"2.1.331\",\n  \"2.1.332-beta.1\",\n  \"2.1.332\",\n  \"2.1.334\",\n  \"2.1.333\"\n]\n"), 0o644)
	env := append(os.Environ(), "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"), "FAKE_LOG="+log, "FAKE_LISTING="+listing,
		"GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.com",
		"GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1", "SENTINEL_MAX=5")
	run := func(t *testing.T, dir string, extra []string, name string, args ...string) (string, error) {
		t.Helper()
		cmd := exec.Command(name, args...)
		cmd.Dir, cmd.Env = dir, append(slices.Clone(env), extra...)
		out, err := cmd.CombinedOutput()
		return string(out), err
	}
	git := func(dir string, args ...string) string {
		t.Helper()
		out, err := run(t, dir, nil, "git", args...)
		if err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
		return strings.TrimSpace(out)
	}
	git(dir, "init", "--quiet", "--bare", "--initial-branch=main", origin)
	git(dir, "init", "--quiet", "--initial-branch=main", work)
	script, err := os.ReadFile(filepath.Join(repoRoot, ".github", "scripts", "sentinel.sh"))
	if err != nil {
		t.Fatal(err)
	}
	for name, data := range map[string]string{".github/scripts/sentinel.sh": string(script),
		"corpus/cli/2.1.330/package.json": "{}", "corpus/cli/2.1.331/package.json": "{}", "corpus/cli/README": "not a rung"} {
		p := filepath.Join(work, filepath.FromSlash(name))
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(data), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	git(work, "add", "-A")
	git(work, "commit", "--quiet", "-m", "the ladder")
	git(work, "remote", "add", "origin", origin)
	git(work, "push", "--quiet", "origin", "main")
	sentinel := filepath.Join(".github", "scripts", "sentinel.sh")

	out, err := run(t, work, nil, "bash", sentinel, "--list")
	if err != nil || out != "2.1.332\n2.1.333\n2.1.334\n" {
		t.Fatalf("--list: %v, %q; want 2.1.332, 2.1.333 and 2.1.334, oldest first (no pre-release, nothing older)", err, out)
	}

	// 2.1.333 needs decisions: a draft, and 2.1.334 waits.
	os.Remove(log)
	if out, err := run(t, work, []string{"FAKE_RC_2_1_333=1"}, "bash", sentinel); err != nil {
		t.Fatalf("sentinel: %v\n%s", err, out)
	}
	calls, _ := os.ReadFile(log)
	var got []string
	for _, l := range strings.Split(strings.TrimSpace(string(calls)), "\n") {
		if !strings.HasPrefix(l, "npm ") {
			got = append(got, l)
		}
	}
	want := []string{
		"go run ./cmd/protocheck corpus add-release 2.1.332 --cli-dir .cache/cli --report docs/releases/2.1.332.md",
		"gh pr create --base main --head sentinel/cli-2.1.332 --title CLI 2.1.332: a new rung of the ladder --body-file docs/releases/2.1.332.md body=# CLI 2.1.332",
		"go run ./cmd/protocheck corpus add-release 2.1.333 --cli-dir .cache/cli --report docs/releases/2.1.333.md",
		"gh pr create --base sentinel/cli-2.1.332 --head sentinel/cli-2.1.333 --title CLI 2.1.333: a new rung of the ladder (decisions needed) --body-file docs/releases/2.1.333.md --draft body=# CLI 2.1.333",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("the sentinel's calls mismatch (-want +got):\n%s", diff)
	}
	// The second branch holds the first release's rung: stacked.
	if files := git(origin, "ls-tree", "-r", "--name-only", "sentinel/cli-2.1.333"); !strings.Contains(files, "corpus/cli/2.1.332/package.json") ||
		!strings.Contains(files, "docs/releases/2.1.333.md") {
		t.Errorf("sentinel/cli-2.1.333 holds:\n%s\nwant 2.1.332's rung and 2.1.333's report", files)
	}

	// Its branches are on the remote: the next run waits.
	os.Remove(log)
	out, err = run(t, work, nil, "bash", sentinel)
	if calls, _ := os.ReadFile(log); err != nil || !strings.Contains(out, "waiting for its pull request") || strings.Contains(string(calls), "gh ") {
		t.Errorf("second run: %v\n%s\ncalls:\n%s\nwant it to wait, opening nothing", err, out, calls)
	}

	// Merged: the ladder ends at 2.1.333, and add-release failing (exit 2)
	// fails the run before any pull request.
	git(work, "checkout", "--quiet", "main")
	git(work, "merge", "--quiet", "--ff-only", "sentinel/cli-2.1.333")
	git(work, "push", "--quiet", "origin", "main", ":sentinel/cli-2.1.332", ":sentinel/cli-2.1.333")
	os.Remove(log)
	out, err = run(t, work, []string{"FAKE_RC_2_1_334=2"}, "bash", sentinel)
	if code := exitCode(t, err); code != 1 || !strings.Contains(out, "add-release 2.1.334 failed (exit 2)") {
		t.Errorf("add-release failing: exit %d\n%s\nwant 1 and a message", code, out)
	}
	if calls, _ := os.ReadFile(log); strings.Contains(string(calls), "gh ") {
		t.Errorf("a pull request was opened for a failed add-release:\n%s", calls)
	}
}
