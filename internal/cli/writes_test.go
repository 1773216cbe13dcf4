package cli

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// pc runs protocheck and returns its exit code, stdout and stderr.
func pc(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(context.Background(), args, strings.NewReader(""), &out, &errb)
	return code, out.String(), errb.String()
}

func isLink(t *testing.T, p string) bool {
	t.Helper()
	fi, err := os.Lstat(p)
	return err == nil && fi.Mode()&os.ModeSymlink != 0
}

// TestWriteThroughSymlink: --format json=LINK and normalize -w on a link
// write the file the link names and leave the link; a link to a stream of
// this process (/dev/stdout) is refused with exit 2.
func TestWriteThroughSymlink(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in.jsonl")
	write(t, in, lines(okLine))
	target := filepath.Join(dir, "report.json")
	write(t, target, []byte("old"))
	link := filepath.Join(dir, "link.json")
	os.Symlink("report.json", link)
	if code, _, stderr := pc(t, "validate", "--cli-version", "2.1.330", "--format", "json="+link, in); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !isLink(t, link) {
		t.Errorf("--format json=%s replaced the link with a file", link)
	}
	if got, _ := os.ReadFile(target); !bytes.Contains(got, []byte(`"report_version"`)) {
		t.Errorf("the link's target holds %q, want the JSON report", got)
	}

	stdoutLink := filepath.Join(dir, "stdout.json")
	os.Symlink("/proc/self/fd/1", stdoutLink)
	if code, _, stderr := pc(t, "validate", "--cli-version", "2.1.330", "--format", "json="+stdoutLink, in); code != 2 || !strings.Contains(stderr, "stream of this process") {
		t.Errorf("json=link to /proc/self/fd/1: exit %d, stderr %q; want 2, refused", code, stderr)
	}
	if !isLink(t, stdoutLink) {
		t.Errorf("the link to /proc/self/fd/1 was replaced")
	}

	// normalize -w through a link.
	raw := filepath.Join(dir, "raw.jsonl")
	write(t, raw, lines(`{"type":"keep_alive","uuid":"4541d1c6-9aa6-4505-81c0-7336c30be556"}`))
	nlink := filepath.Join(dir, "nlink.jsonl")
	os.Symlink(raw, nlink)
	if code, _, stderr := pc(t, "normalize", "-w", nlink); code != 0 {
		t.Fatalf("normalize -w: exit %d: %s", code, stderr)
	}
	if !isLink(t, nlink) {
		t.Errorf("normalize -w replaced the link with a file")
	}
	if got, _ := os.ReadFile(raw); !bytes.Contains(got, []byte("00000000-0000-4000-8000-000000000001")) {
		t.Errorf("normalize -w through the link did not normalise its target: %q", got)
	}
}

// TestRefuseWritingAnInput: a report or an updated baseline whose path is
// one of the run's inputs (named, through a glob, a walked folder or a
// link) is a usage error, and the input is untouched.
func TestRefuseWritingAnInput(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "a.jsonl")
	data := lines(badLine)
	write(t, in, data)
	link := filepath.Join(dir, "alias.json")
	os.Symlink(in, link)
	for _, args := range [][]string{
		{"--format", "json=" + in, in},
		{"--format", "text", "--format", "sarif=" + in, filepath.Join(dir, "*.jsonl")},
		{"--format", "json=" + in, dir},
		{"--format", "json=" + link, in},
		{"--update-baseline", "--baseline", in, in},
	} {
		code, _, stderr := pc(t, append([]string{"validate", "--cli-version", "2.1.330"}, args...)...)
		if code != 2 || !strings.Contains(stderr, "is also an input of this run") {
			t.Errorf("%q: exit %d, stderr %q; want exit 2, an input of this run", args, code, stderr)
		}
		if got, _ := os.ReadFile(in); !bytes.Equal(got, data) {
			t.Fatalf("%q replaced the input with %q", args, got)
		}
	}
}

// TestConfigPathsStayInside: a config file may not name a report or a
// baseline outside its repository ("../x", an absolute path, $GITHUB_ENV,
// a link that leads out); the same path on the command line is allowed.
func TestConfigPathsStayInside(t *testing.T) {
	top := t.TempDir()
	repo := filepath.Join(top, "repo")
	os.MkdirAll(filepath.Join(repo, ".git"), 0o755)
	os.MkdirAll(filepath.Join(repo, "sub"), 0o755)
	in := filepath.Join(repo, "a.jsonl")
	write(t, in, lines(okLine))
	outside := filepath.Join(top, "outside.json")
	env := filepath.Join(top, "github_env")
	write(t, env, []byte("KEEP=1\n"))
	t.Setenv("GITHUB_ENV", env)
	os.Symlink(top, filepath.Join(repo, "out"))
	cfg := filepath.Join(repo, "sub", ".protocheck.yaml")
	for _, body := range []string{
		"format:\n  - json=../../outside.json\n",
		"format:\n  - json=" + outside + "\n",
		"format:\n  - text=$GITHUB_ENV\n",
		"format:\n  - json=../out/outside.json\n",
		"baseline: ../../outside.json\n",
	} {
		write(t, cfg, []byte(body))
		code, _, stderr := pc(t, "validate", "--cli-version", "2.1.330", "--config", cfg, in)
		if code != 2 || !strings.Contains(stderr, "outside the repository") {
			t.Errorf("config %q: exit %d, stderr %q; want 2, outside the repository", body, code, stderr)
		}
	}
	if _, err := os.Stat(outside); err == nil {
		t.Errorf("a config file wrote %s, outside its repository", outside)
	}
	if got, _ := os.ReadFile(env); string(got) != "KEEP=1\n" {
		t.Errorf("a config file wrote $GITHUB_ENV: %q", got)
	}
	// Inside the repository, and on the command line, it is fine.
	write(t, cfg, []byte("format:\n  - json=../report.json\n"))
	if code, _, stderr := pc(t, "validate", "--cli-version", "2.1.330", "--config", cfg, in); code != 0 {
		t.Errorf("config json=../report.json (inside): exit %d: %s", code, stderr)
	}
	if code, _, stderr := pc(t, "validate", "--cli-version", "2.1.330", "--config", cfg, "--format", "json="+outside, in); code != 0 {
		t.Errorf("--format json=%s on the command line: exit %d: %s", outside, code, stderr)
	}
}

// TestAppendOnlyCIFiles: a report written to $GITHUB_STEP_SUMMARY,
// $GITHUB_ENV, $GITHUB_OUTPUT or $GITHUB_PATH is appended, never replaces
// what earlier steps wrote there.
func TestAppendOnlyCIFiles(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "a.jsonl")
	write(t, in, lines(okLine))
	for _, name := range []string{"GITHUB_STEP_SUMMARY", "GITHUB_ENV", "GITHUB_OUTPUT", "GITHUB_PATH"} {
		p := filepath.Join(dir, strings.ToLower(name))
		write(t, p, []byte("earlier=1\n"))
		t.Setenv(name, p)
		if code, _, stderr := pc(t, "validate", "--cli-version", "2.1.330", "--format", "markdown="+p, in); code != 0 {
			t.Fatalf("%s: exit %d: %s", name, code, stderr)
		}
		got, _ := os.ReadFile(p)
		if !strings.HasPrefix(string(got), "earlier=1\n") || len(got) <= len("earlier=1\n") {
			t.Errorf("$%s holds %q, want the report appended after earlier=1", name, got)
		}
	}
}
