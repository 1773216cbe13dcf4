package integrations

import (
	"bufio"
	"bytes"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/protocheck/protocheck/internal/testutil/optional"
	"go.yaml.in/yaml/v4"
)

// action is the part of action.yml's schema the test reads.
type action struct {
	Name   string `yaml:"name"`
	Inputs map[string]struct {
		Description string `yaml:"description"`
		Default     string `yaml:"default"`
	} `yaml:"inputs"`
	Outputs map[string]struct {
		Value string `yaml:"value"`
	} `yaml:"outputs"`
	Runs struct {
		Using string `yaml:"using"`
		Steps []step `yaml:"steps"`
	} `yaml:"runs"`
}

type step struct {
	Name  string            `yaml:"name"`
	ID    string            `yaml:"id"`
	If    string            `yaml:"if"`
	Uses  string            `yaml:"uses"`
	With  map[string]string `yaml:"with"`
	Shell string            `yaml:"shell"`
	Env   map[string]string `yaml:"env"`
	Run   string            `yaml:"run"`
}

func loadAction(t *testing.T) *action { return loadActionAt(t, "action.yml") }

// loadActionAt reads the action.yml at rel, a path in the repository.
func loadActionAt(t *testing.T, rel string) *action {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(repoRoot, rel))
	if err != nil {
		t.Fatal(err)
	}
	var a action
	if err := yaml.Unmarshal(b, &a); err != nil {
		t.Fatalf("%s: %v", rel, err)
	}
	return &a
}

// expr matches a GitHub expression, ${{ ... }}.
var expr = regexp.MustCompile(`\$\{\{\s*(.*?)\s*\}\}`)

// TestActionShape checks what GitHub itself would refuse or what would make
// the Action unsafe: a composite action whose run steps name their shell,
// take inputs only through env (an input pasted into a script is a script
// injection), and whose outputs and expressions refer to what exists.
func TestActionShape(t *testing.T) {
	for _, rel := range []string{"action.yml", conformAction} {
		t.Run(rel, func(t *testing.T) { checkActionShape(t, loadActionAt(t, rel)) })
	}
}

func checkActionShape(t *testing.T, a *action) {
	if a.Runs.Using != "composite" {
		t.Fatalf("runs.using = %q, want composite", a.Runs.Using)
	}
	ids := map[string]bool{}
	for i, s := range a.Runs.Steps {
		if s.ID != "" {
			ids[s.ID] = true
		}
		switch {
		case s.Uses != "" && s.Run != "":
			t.Errorf("step %d (%s) has both uses and run", i, s.Name)
		case s.Uses != "":
			if !regexp.MustCompile(`^[\w.-]+/[\w.-]+@(v\d+|[0-9a-f]{40})$`).MatchString(s.Uses) {
				t.Errorf("step %d (%s): uses %q, want owner/repo@vN or a commit SHA", i, s.Name, s.Uses)
			}
		case s.Run != "":
			if s.Shell != "bash" {
				t.Errorf("step %d (%s): shell %q, want bash (composite run steps must name one)", i, s.Name, s.Shell)
			}
			if m := expr.FindString(s.Run); m != "" {
				t.Errorf("step %d (%s): the script holds %s; pass it through env instead", i, s.Name, m)
			}
		default:
			t.Errorf("step %d (%s) has neither uses nor run", i, s.Name)
		}
	}
	for name, o := range a.Outputs {
		m := regexp.MustCompile(`^\$\{\{ steps\.([\w-]+)\.outputs\.[\w-]+ \}\}$`).FindStringSubmatch(o.Value)
		if m == nil || !ids[m[1]] {
			t.Errorf("output %s = %q: want ${{ steps.<id>.outputs.<name> }} of a step that exists", name, o.Value)
		}
	}
	for name, in := range a.Inputs {
		if in.Description == "" {
			t.Errorf("input %s has no description", name)
		}
	}
}

// actionRun is one run of the Action's steps, as GitHub runs a composite
// action: each run step's script in bash --noprofile --norc -eo pipefail,
// with the runner's files (GITHUB_PATH, GITHUB_OUTPUT, GITHUB_STEP_SUMMARY)
// and the PATH entries earlier steps added.
type actionRun struct {
	t         *testing.T
	a         *action
	dir       string // the action's folder (github.action_path)
	inputs    map[string]string
	workspace string // the job's working folder
	temp      string // RUNNER_TEMP
	tmpdir    string // TMPDIR, which must be empty after the run
	path      []string
	env       []string // more variables, for every step

	stdout    bytes.Buffer
	summary   string            // every step's summary, in order
	outputs   map[string]string // of the last step run
	failed    string            // the step that failed, if any
	code      int               // its exit code
	installed string            // the protocheck the install step put on PATH
}

// newActionRun makes a run; when the test ends, the steps must have left
// nothing in TMPDIR, whether they passed or failed (a download folder left
// behind on a failed checksum is 5.5 MB a run).
func newActionRun(t *testing.T, inputs map[string]string) *actionRun {
	return newActionRunAt(t, "action.yml", inputs)
}

// newActionRunAt is newActionRun of the action.yml at rel.
func newActionRunAt(t *testing.T, rel string, inputs map[string]string) *actionRun {
	r := &actionRun{t: t, a: loadActionAt(t, rel), dir: filepath.Join(repoRoot, filepath.Dir(rel)), inputs: inputs, workspace: t.TempDir(), temp: t.TempDir(), tmpdir: t.TempDir()}
	t.Cleanup(func() {
		left, _ := os.ReadDir(r.tmpdir)
		for _, e := range left {
			t.Errorf("the Action's steps left %s in TMPDIR (step %q, exit %d)", e.Name(), r.failed, r.code)
		}
	})
	return r
}

// eval evaluates the tiny part of GitHub's expression language the Action
// uses in env and with: inputs.<name> and github.action_path. Anything else
// fails the test, so the evaluator cannot silently get it wrong.
func (r *actionRun) eval(s string) string {
	return expr.ReplaceAllStringFunc(s, func(m string) string {
		e := expr.FindStringSubmatch(m)[1]
		if name, ok := strings.CutPrefix(e, "inputs."); ok {
			in, declared := r.a.Inputs[name]
			if !declared {
				r.t.Fatalf("%s: no such input", m)
			}
			if v, given := r.inputs[name]; given {
				return v
			}
			return in.Default
		}
		if e == "github.action_path" {
			return r.dir
		}
		r.t.Fatalf("%s: the test's evaluator knows only inputs.* and github.action_path", m)
		return ""
	})
}

// runSteps runs the steps until one fails. uses steps are GitHub's (set up
// Go): they are not run; the test's own Go stands in.
func (r *actionRun) runSteps() {
	t := r.t
	for i, s := range r.a.Runs.Steps {
		if s.Run == "" {
			continue
		}
		script := filepath.Join(r.temp, fmt.Sprintf("step%d.sh", i))
		os.WriteFile(script, []byte(s.Run), 0o644)
		files := map[string]string{}
		for _, f := range []string{"GITHUB_OUTPUT", "GITHUB_STEP_SUMMARY", "GITHUB_PATH"} {
			files[f] = filepath.Join(r.temp, fmt.Sprintf("%s.%d", strings.ToLower(f), i))
			os.WriteFile(files[f], nil, 0o644)
		}
		cmd := exec.Command("bash", "--noprofile", "--norc", "-eo", "pipefail", script)
		cmd.Dir = r.workspace
		// The PATH has no protocheck: the install step must provide it.
		goBin := filepath.Dir(must(exec.LookPath("go")))
		path := append(append([]string{}, r.path...), goBin, "/usr/local/bin", "/usr/bin", "/bin")
		cmd.Env = append([]string{
			"PATH=" + strings.Join(path, string(os.PathListSeparator)),
			"HOME=" + os.Getenv("HOME"),
			"GOPATH=" + os.Getenv("GOPATH"), "GOCACHE=" + goEnv(t, "GOCACHE"), "GOMODCACHE=" + goEnv(t, "GOMODCACHE"),
			"GOFLAGS=-mod=mod", "GOTOOLCHAIN=local",
			"GITHUB_ACTIONS=true",
			"GITHUB_ACTION_PATH=" + r.dir,
			"GITHUB_WORKSPACE=" + r.workspace,
			"RUNNER_TEMP=" + r.temp,
			"TMPDIR=" + r.tmpdir,
			"RUNNER_OS=" + map[string]string{"linux": "Linux", "darwin": "macOS", "windows": "Windows"}[runtime.GOOS],
			"RUNNER_ARCH=" + map[string]string{"amd64": "X64", "arm64": "ARM64"}[runtime.GOARCH],
		}, r.env...)
		for k, v := range files {
			cmd.Env = append(cmd.Env, k+"="+v)
		}
		for k, v := range s.Env {
			cmd.Env = append(cmd.Env, k+"="+r.eval(v))
		}
		var stderr bytes.Buffer
		cmd.Stdout = &r.stdout
		cmd.Stderr = &stderr
		err := cmd.Run()
		t.Logf("step %q: %v\nstderr:\n%s", s.Name, err, stderr.String())

		summary, _ := os.ReadFile(files["GITHUB_STEP_SUMMARY"])
		r.summary += string(summary)
		r.outputs = readOutputs(t, files["GITHUB_OUTPUT"])
		added, _ := os.ReadFile(files["GITHUB_PATH"])
		for p := range strings.Lines(string(added)) {
			r.path = append([]string{strings.TrimSpace(p)}, r.path...)
		}
		if s.ID == "install" && err == nil {
			r.installed = r.outputs["path"]
		}
		if code := exitCode(t, err); code != 0 {
			r.failed, r.code = s.Name, code
			return
		}
	}
}

func goEnv(t *testing.T, name string) string {
	out, err := exec.Command("go", "env", name).Output()
	if err != nil {
		t.Fatal(err)
	}
	return strings.TrimSpace(string(out))
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// readOutputs reads a GITHUB_OUTPUT file: name=value lines.
func readOutputs(t *testing.T, file string) map[string]string {
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[string]string{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		k, v, ok := strings.Cut(sc.Text(), "=")
		if !ok {
			t.Fatalf("%s: %q is not name=value", file, sc.Text())
		}
		out[k] = v
	}
	return out
}

// TestActionValidates runs the Action, built from source, on a clean and a
// faulty transcript: findings are ::error workflow commands at their file
// and line, the markdown report lands in the step summary, and the exit
// code passes through.
func TestActionValidates(t *testing.T) {
	if testing.Short() {
		t.Skip("builds protocheck")
	}
	tests := []struct {
		name     string
		files    map[string][]byte
		inputs   map[string]string
		code     int
		errors   []string // "file:line" of the ::error commands that must appear
		noErrors bool
	}{
		{name: "clean, built from source", files: map[string][]byte{"t/clean.jsonl": cleanTranscript}, inputs: map[string]string{"files": "t"}, noErrors: true},
		{name: "faulty", files: map[string][]byte{"t/clean.jsonl": cleanTranscript, "t/broken.jsonl": faultyTranscript},
			inputs: map[string]string{"files": "t/*.jsonl"}, code: 1,
			errors: []string{"t/broken.jsonl:1", "t/broken.jsonl:2", "t/broken.jsonl:3", "t/broken.jsonl:5"}},
		{name: "warnings fail with fail-on warning", files: map[string][]byte{"w.jsonl": []byte(`{"type":"no_such_type"}` + "\n")},
			inputs: map[string]string{"files": "w.jsonl", "fail-on": "warning"}, code: 1},
		{name: "warnings pass by default", files: map[string][]byte{"w.jsonl": []byte(`{"type":"no_such_type"}` + "\n")},
			inputs: map[string]string{"files": "w.jsonl"}, noErrors: true},
		{name: "extra args", files: map[string][]byte{"w.jsonl": []byte(`{"type":"no_such_type"}` + "\n")},
			inputs: map[string]string{"files": "w.jsonl", "args": "--strict"}, code: 1},
		{name: "missing input", inputs: map[string]string{"files": "nothing-here.jsonl"}, code: 2},
	}
	// The first case builds protocheck from source; the others install the
	// release of this checkout, which links it once for them all.
	release := releaseInputs(t)
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if i > 0 {
				maps.Copy(tt.inputs, release)
			}
			r := newActionRun(t, tt.inputs)
			for name, data := range tt.files {
				p := filepath.Join(r.workspace, name)
				os.MkdirAll(filepath.Dir(p), 0o755)
				os.WriteFile(p, data, 0o644)
			}
			r.runSteps()
			if r.installed == "" {
				t.Fatalf("the install step failed (%s, exit %d)", r.failed, r.code)
			}
			if r.code != tt.code || (tt.code != 0 && r.failed != "Validate transcripts") {
				t.Fatalf("step %q exited %d, want the validate step to exit %d\nstdout:\n%s", r.failed, r.code, tt.code, r.stdout.String())
			}
			if got := r.outputs["exit-code"]; got != fmt.Sprint(tt.code) {
				t.Errorf("output exit-code = %q, want %d", got, tt.code)
			}
			out := r.stdout.String()
			errs := workflowErrors(out)
			for _, at := range tt.errors {
				if !slices.Contains(errs, at) {
					t.Errorf("no ::error command at %s in stdout (found %q):\n%s", at, errs, out)
				}
			}
			if tt.noErrors && len(errs) > 0 {
				t.Errorf("a clean run printed ::error commands:\n%s", out)
			}
			if tt.code != 2 && strings.TrimSpace(r.summary) == "" {
				t.Errorf("nothing was written to GITHUB_STEP_SUMMARY")
			}
		})
	}
}

// releaseVersion names the release the tests make of this checkout.
const releaseVersion = "v0.0.0-actiontest"

var (
	releaseOnce sync.Once
	releaseDir  string
	releaseErr  error
)

// releaseInputs makes, once, a release of this checkout for the host's
// platform as make dist does (internal/dist), and returns the Action's
// inputs that install it from a file:// URL.
func releaseInputs(t *testing.T) map[string]string {
	t.Helper()
	if _, err := exec.LookPath("curl"); err != nil {
		optional.Skip(t, "no curl, which the Action downloads releases with")
	}
	releaseOnce.Do(func() {
		releaseDir = filepath.Join(binDir, "releases")
		cmd := exec.Command("go", "run", "./internal/dist", "-version", releaseVersion, "-date", "0",
			"-platforms", runtime.GOOS+"/"+runtime.GOARCH, "-out", filepath.Join(releaseDir, releaseVersion))
		cmd.Dir = repoRoot
		if out, err := cmd.CombinedOutput(); err != nil {
			releaseErr = fmt.Errorf("internal/dist: %v\n%s", err, out)
		}
	})
	if releaseErr != nil {
		t.Fatal(releaseErr)
	}
	return map[string]string{"version": releaseVersion, "release-url": "file://" + releaseDir}
}

// workflowCommand matches a GitHub workflow command with parameters:
// ::error file=F,line=L,col=C,title=T::message.
var workflowCommand = regexp.MustCompile(`^::error ([^:]*)::`)

// workflowErrors returns "file:line" of each ::error command of out, read
// as GitHub reads them: comma-separated name=value parameters in any order,
// with %2C, %3A, %0A and %25 escapes.
func workflowErrors(out string) []string {
	unescape := strings.NewReplacer("%2C", ",", "%3A", ":", "%0D", "\r", "%0A", "\n", "%25", "%")
	var at []string
	for l := range strings.Lines(out) {
		m := workflowCommand.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		params := map[string]string{}
		for p := range strings.SplitSeq(m[1], ",") {
			k, v, _ := strings.Cut(p, "=")
			params[k] = unescape.Replace(v)
		}
		at = append(at, params["file"]+":"+params["line"])
	}
	return at
}

// TestActionInstallsRelease installs protocheck from a release the way a
// pinned version does: the archive of make dist and its SHA256SUMS, served
// here from a file:// URL. A changed archive, or one SHA256SUMS does not
// list, must stop the install.
func TestActionInstallsRelease(t *testing.T) {
	if testing.Short() {
		t.Skip("builds protocheck")
	}
	inputs := releaseInputs(t)
	version, releases := inputs["version"], strings.TrimPrefix(inputs["release-url"], "file://")
	inputs["files"] = "clean.jsonl"

	t.Run("good", func(t *testing.T) {
		r := newActionRun(t, inputs)
		os.WriteFile(filepath.Join(r.workspace, "clean.jsonl"), cleanTranscript, 0o644)
		r.runSteps()
		if r.installed == "" {
			t.Fatalf("install failed: step %q exit %d\n%s", r.failed, r.code, r.stdout.String())
		}
		if !strings.HasPrefix(r.installed, r.temp) {
			t.Errorf("installed at %s, want under RUNNER_TEMP", r.installed)
		}
		if !strings.Contains(r.stdout.String(), version) {
			t.Errorf("the install step did not print the release's version %s:\n%s", version, r.stdout.String())
		}
	})

	sums := filepath.Join(releases, version, "SHA256SUMS")
	good := must(os.ReadFile(sums))
	for _, bad := range []struct {
		name, sums, message string
	}{
		{"changed archive", strings.Repeat("0", 64) + string(good[64:]), "checksum mismatch"},
		{"unlisted archive", "", "not listed"},
	} {
		t.Run(bad.name, func(t *testing.T) {
			os.WriteFile(sums, []byte(bad.sums), 0o644)
			defer os.WriteFile(sums, good, 0o644)
			r := newActionRun(t, inputs)
			r.runSteps()
			if r.installed != "" || r.failed != "Install protocheck" || r.code != 2 {
				t.Fatalf("install: step %q exit %d, installed %q; want the install step to fail with 2", r.failed, r.code, r.installed)
			}
			if !strings.Contains(r.stdout.String(), "::error title=protocheck::") || !strings.Contains(r.stdout.String(), bad.message) {
				t.Errorf("stdout = %q, want an ::error saying %q", r.stdout.String(), bad.message)
			}
		})
	}

	t.Run("bad version", func(t *testing.T) {
		r := newActionRun(t, map[string]string{"version": "../../etc"})
		r.runSteps()
		if r.installed != "" || r.code != 2 || !strings.Contains(r.stdout.String(), "not a release tag") {
			t.Errorf("install of version ../../etc: exit %d, stdout %q; want exit 2, not a release tag", r.code, r.stdout.String())
		}
	})
}

func TestWorkflowErrors(t *testing.T) {
	out := "::error file=a.jsonl,line=3,col=5,title=schema/type::bad\n" +
		"::warning file=a.jsonl,line=4::meh\n" +
		"::error title=x%2Cy,line=7,file=b%2C.jsonl::m::n\n" +
		"plain line\n"
	want := []string{"a.jsonl:3", "b,.jsonl:7"}
	if got := workflowErrors(out); !slices.Equal(got, want) {
		t.Errorf("workflowErrors = %q, want %q", got, want)
	}
}
