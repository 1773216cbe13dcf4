package check

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/protocheck/protocheck/internal/usage"
	"github.com/protocheck/protocheck/validate"
)

const (
	okLine = `{"type":"keep_alive"}`
	// badLine is a known variant with one fault (schema/type at
	// /request_id).
	badLine = `{"type":"control_cancel_request","request_id":7}`
)

// defaults are check.Defaults, quiet, without colour and for one CLI
// version, in a folder without a config file.
func defaults(t *testing.T, inputs ...string) Options {
	t.Helper()
	t.Chdir(t.TempDir())
	opts := Defaults(inputs...)
	opts.Quiet, opts.Color, opts.CLIVersion = true, "never", "2.1.330"
	return opts
}

func write(t *testing.T, path string, lines ...string) string {
	t.Helper()
	if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestPlanRefuses: what is wrong with the options is a *usage.Error naming
// the option as its flag, before anything runs.
func TestPlanRefuses(t *testing.T) {
	tests := []struct {
		name  string
		edit  func(o *Options, dir string)
		given string
		want  string
	}{
		{name: "fail-on info", edit: func(o *Options, _ string) { o.FailOn = "info" }, want: `--fail-on "info": want error or warning`},
		{name: "negative jobs", edit: func(o *Options, _ string) { o.Jobs = -1 }, want: "--jobs, --max-line-bytes and --max-depth must be positive"},
		{name: "deep", edit: func(o *Options, _ string) { o.MaxDepth = validate.MaxMaxDepth + 1 }, want: "--max-depth"},
		{name: "negative cap", edit: func(o *Options, _ string) { o.MaxFindings = -1 }, want: "must be 0 (no cap) or positive"},
		{name: "colour", edit: func(o *Options, _ string) { o.Color = "sometimes" }, want: `--color "sometimes": want auto, always or never`},
		{name: "version", edit: func(o *Options, _ string) { o.CLIVersion = "latest" }, want: `--cli-version "latest"`},
		{name: "rules and no-rules", given: "rules", edit: func(o *Options, _ string) { o.NoRules = true }, want: "--rules and --no-rules contradict each other"},
		{name: "schemas not a folder", edit: func(o *Options, dir string) { o.Schemas = filepath.Join(dir, "none") }, want: "--schemas"},
		{name: "bad exclude", edit: func(o *Options, _ string) { o.Excludes = []string{"["} }, want: `--exclude "["`},
		{name: "all excluded", edit: func(o *Options, _ string) { o.Excludes = []string{"*.jsonl"} }, want: "--exclude left out all 1 inputs"},
		{name: "two to stdout", edit: func(o *Options, _ string) { o.Formats = []string{"text", "json"} }, want: "--format: only one format can go to standard output"},
		{name: "update without baseline", edit: func(o *Options, _ string) { o.UpdateBaseline = true }, want: "--update-baseline needs --baseline FILE"},
		{name: "missing baseline", edit: func(o *Options, dir string) { o.Baseline = filepath.Join(dir, "none.json") }, want: "no such file; write it with --update-baseline"},
		{name: "bad ignore", edit: func(o *Options, _ string) { o.Ignores = []string{"nosuch/rule"} }, want: "--ignore: "},
		{name: "report over an input", edit: func(o *Options, dir string) { o.Formats = []string{"json=" + filepath.Join(dir, "in.jsonl")} },
			want: "is also an input of this run"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			opts := defaults(t)
			dir, _ := os.Getwd()
			opts.Inputs = []string{write(t, filepath.Join(dir, "in.jsonl"), okLine)}
			tt.edit(&opts, dir)
			_, err := Plan(opts, Env{Given: func(flag string) bool { return flag == tt.given }})
			if err == nil || !usage.Is(err) || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Plan: err = %v (usage %v), want a *usage.Error containing %q", err, usage.Is(err), tt.want)
			}
		})
	}
}

// run plans and runs a job, returning its result and what it wrote to
// standard output.
func run(t *testing.T, opts Options, given ...string) (Result, string) {
	t.Helper()
	var stdout bytes.Buffer
	env := Env{Stdout: &stdout, Stderr: &bytes.Buffer{}, Version: "test", Given: func(flag string) bool {
		for _, g := range given {
			if g == flag {
				return true
			}
		}
		return false
	}}
	job, err := Plan(opts, env)
	if err != nil {
		t.Fatalf("Plan: %v", err)
	}
	res, err := job.Run(context.Background())
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	return res, stdout.String()
}

// TestRunVerdict: the exit decision follows the findings, the baseline
// and the input failures.
func TestRunVerdict(t *testing.T) {
	t.Run("clean", func(t *testing.T) {
		opts := defaults(t)
		opts.Inputs = []string{write(t, "ok.jsonl", okLine)}
		if res, out := run(t, opts); res.Verdict != Pass || res.Summary.Lines != 1 {
			t.Errorf("verdict %v, lines %d, output %q; want Pass after 1 line", res.Verdict, res.Summary.Lines, out)
		}
	})
	t.Run("an error", func(t *testing.T) {
		opts := defaults(t)
		opts.Inputs = []string{write(t, "bad.jsonl", okLine, badLine)}
		res, out := run(t, opts)
		if res.Verdict != Fail || res.Report.Errors != 1 || !strings.Contains(out, "bad.jsonl:2:") {
			t.Errorf("verdict %v, errors %d, output %q; want Fail with the finding of line 2", res.Verdict, res.Report.Errors, out)
		}
	})
	t.Run("an unreadable input", func(t *testing.T) {
		opts := defaults(t)
		opts.Inputs = []string{"missing.jsonl"}
		if res, _ := run(t, opts); res.Verdict != Broken {
			t.Errorf("verdict %v, want Broken", res.Verdict)
		}
	})
	t.Run("the baseline holds it back, then goes stale", func(t *testing.T) {
		opts := defaults(t)
		opts.Inputs = []string{write(t, "bad.jsonl", okLine, badLine)}
		opts.Baseline, opts.UpdateBaseline = "baseline.json", true
		res, _ := run(t, opts)
		if res.Verdict != Pass || res.Kept == nil || res.Kept.Findings() != 1 || res.Baseline != "baseline.json" {
			t.Fatalf("--update-baseline: verdict %v, kept %v; want Pass keeping 1 finding", res.Verdict, res.Kept)
		}
		f, _ := os.Create("baseline.json")
		res.Kept.Encode(f)
		f.Close()
		opts.UpdateBaseline = false
		if res, out := run(t, opts); res.Verdict != Pass || strings.Contains(out, "bad.jsonl:2:") {
			t.Errorf("with the baseline: verdict %v, output %q; want Pass, the finding held back", res.Verdict, out)
		}
		write(t, "bad.jsonl", okLine)
		opts.FailOnStale = true
		if res, _ := run(t, opts); res.Verdict != Fail || res.Report.StaleEntries != 1 {
			t.Errorf("--fail-on-stale, the finding fixed: verdict %v, stale %d; want Fail, 1 stale", res.Verdict, res.Report.StaleEntries)
		}
	})
}

// TestConfigFillsWhatIsNotGiven: the config file's settings apply to the
// options not given, and its errors name its file and line.
func TestConfigFillsWhatIsNotGiven(t *testing.T) {
	opts := defaults(t)
	opts.Inputs = []string{write(t, "bad.jsonl", badLine)}
	write(t, ".protocheck.yaml", "rules:", "  schema/type: warning", "format:", "  - json")
	res, out := run(t, opts)
	if res.Verdict != Pass || res.Report.Warnings != 1 || !strings.HasPrefix(out, "{") {
		t.Errorf("config: verdict %v, warnings %d, output %.20q; want Pass, 1 warning, json", res.Verdict, res.Report.Warnings, out)
	}
	if _, out := run(t, opts, "format"); strings.HasPrefix(out, "{") {
		t.Errorf("--format given: output %.20q, want the text the flag says", out)
	}
	write(t, ".protocheck.yaml", "profile: tolerant", "rules:", "  no/such: off")
	_, err := Plan(opts, Env{})
	if !usage.Is(err) || !strings.Contains(err.Error(), ".protocheck.yaml:3: rules: no rule is") {
		t.Errorf("a config naming no rule: err = %v, want a *usage.Error at .protocheck.yaml:3", err)
	}
}

// TestExclude: a glob leaves out a file by its path or base name, never
// standard input.
func TestExclude(t *testing.T) {
	in := []validate.Input{{Name: "-"}, {Name: "logs/api.log.jsonl"}, {Name: "runs/a.jsonl"}, {Name: "./runs/b.jsonl"}}
	var got []string
	for _, i := range Exclude(in, []string{"*.log.jsonl", "./runs/b.jsonl"}) {
		got = append(got, i.Name)
	}
	if strings.Join(got, " ") != "- runs/a.jsonl" {
		t.Errorf("Exclude = %v, want [- runs/a.jsonl]", got)
	}
}

// TestConfigPathsStayInside: a path a config file names (a report, the
// baseline) must stay in its repository; the same path as an option may
// go anywhere.
func TestConfigPathsStayInside(t *testing.T) {
	opts := defaults(t)
	os.MkdirAll(filepath.Join("repo", ".git"), 0o755)
	opts.Inputs = []string{write(t, filepath.Join("repo", "a.jsonl"), okLine)}
	opts.Config = write(t, filepath.Join("repo", ".protocheck.yaml"), "format:", "  - json=../outside.json")
	if _, err := Plan(opts, Env{}); !usage.Is(err) || !strings.Contains(err.Error(), "repo/.protocheck.yaml:2: format: json: outside.json is outside the repository") {
		t.Errorf("a config's report outside the repository: err = %v, want a *usage.Error at repo/.protocheck.yaml:2", err)
	}
	write(t, opts.Config, "baseline: ../b.json")
	if _, err := Plan(opts, Env{}); !usage.Is(err) || !strings.Contains(err.Error(), "repo/.protocheck.yaml: baseline: b.json is outside the repository") {
		t.Errorf("a config's baseline outside the repository: err = %v", err)
	}
	opts.Formats = []string{"json=outside.json"}
	if _, err := Plan(opts, Env{Given: func(flag string) bool { return flag == "format" }}); err == nil || !strings.Contains(err.Error(), "baseline") {
		t.Errorf("--format given: err = %v, want only the baseline refused", err)
	}
	write(t, opts.Config, "format:", "  - json=report.json")
	if _, err := Plan(opts, Env{}); err != nil {
		t.Errorf("a config's report inside the repository: %v", err)
	}
}
