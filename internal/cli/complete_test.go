package cli

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/spf13/cobra"

	"github.com/protocheck/protocheck/corpus/matrix"
	"github.com/protocheck/protocheck/internal/report"
	"github.com/protocheck/protocheck/schemas"
	"github.com/protocheck/protocheck/validate"
)

// complete runs cobra's hidden __complete command, as the shell scripts of
// 'protocheck completion' do, and returns the candidates and the directive.
func complete(t *testing.T, args ...string) ([]string, cobra.ShellCompDirective) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	if code := run(context.Background(), append([]string{cobra.ShellCompRequestCmd}, args...), nil, &stdout, &stderr); code != 0 {
		t.Fatalf("__complete %q: exit %d\n%s", args, code, stderr.String())
	}
	lines := strings.Split(strings.TrimSuffix(stdout.String(), "\n"), "\n")
	last := lines[len(lines)-1]
	d, err := strconv.Atoi(strings.TrimPrefix(last, ":"))
	if !strings.HasPrefix(last, ":") || err != nil {
		t.Fatalf("__complete %q: no directive line in %q", args, stdout.String())
	}
	var values []string
	for _, l := range lines[:len(lines)-1] {
		v, _, _ := strings.Cut(l, "\t") // a description may follow a tab
		values = append(values, v)
	}
	return values, cobra.ShellCompDirective(d)
}

func TestCompleteValues(t *testing.T) {
	idx, err := schemas.LoadIndex()
	if err != nil {
		t.Fatal(err)
	}
	variants := []string{"protocol"}
	for _, v := range idx.Variants {
		variants = append(variants, v.Name)
	}
	dialects, err := matrix.BuiltinDialects()
	if err != nil {
		t.Fatal(err)
	}
	var dialectNames []string
	for _, d := range dialects {
		dialectNames = append(dialectNames, d.Name)
	}
	noFiles := cobra.ShellCompDirectiveNoFileComp
	tests := []struct {
		name string
		args []string
		want []string
		dir  cobra.ShellCompDirective
	}{
		{name: "validate formats", args: []string{"validate", "--format", ""}, want: names(report.Formats), dir: noFiles},
		{name: "format prefix", args: []string{"corpus", "run", "--format", "h"}, want: []string{"html"}, dir: noFiles},
		{name: "profiles", args: []string{"validate", "--profile", ""}, want: []string{"tolerant", "strict"}, dir: noFiles},
		{name: "export profiles", args: []string{"schemas", "export", "out", "--profile", ""}, want: []string{"tolerant", "strict"}, dir: noFiles},
		{name: "directions", args: []string{"validate", "--direction", ""}, want: []string{"cli", "sdk", "auto"}, dir: noFiles},
		{name: "validate fail-on", args: []string{"validate", "--fail-on", ""}, want: []string{"error", "warning"}, dir: noFiles},
		{name: "drift fail-on", args: []string{"drift", "--fail-on", ""}, want: []string{"error", "warning", "info"}, dir: noFiles},
		{name: "colours", args: []string{"validate", "--color", "a"}, want: []string{"auto", "always"}, dir: noFiles},
		{name: "variants", args: []string{"schemas", "show", ""}, want: variants, dir: noFiles},
		{name: "variant prefix", args: []string{"schemas", "show", "control_request.can_"}, want: []string{"control_request.can_use_tool"}, dir: noFiles},
		{name: "one variant only", args: []string{"schemas", "show", "protocol", ""}, dir: noFiles},
		{name: "dialects", args: []string{"corpus", "run", "--dialect", ""}, want: dialectNames, dir: noFiles},
		{name: "drift from", args: []string{"drift", "--from", ""}, want: dialectNames, dir: noFiles},
		{name: "drift to", args: []string{"drift", "--from", "wire", "--to", "ts-"}, want: withPrefix(dialectNames, "ts-"), dir: noFiles},
		{name: "schemas folder", args: []string{"validate", "--schemas", ""}, dir: cobra.ShellCompDirectiveFilterDirs},
		{name: "capture scenario file", args: []string{"capture", "--scenario", ""}, want: []string{"json"}, dir: cobra.ShellCompDirectiveFilterFileExt},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, dir := complete(t, tt.args...)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("complete(%q) mismatch (-want +got):\n%s", tt.args, diff)
			}
			if dir != tt.dir {
				t.Errorf("complete(%q): directive %d, want %d", tt.args, dir, tt.dir)
			}
		})
	}
}

// TestCompleteCorpusNames completes scenario names and CLI versions from
// the folders the flags name.
func TestCompleteCorpusNames(t *testing.T) {
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "scenarios"), 0o755)
	for _, f := range []string{"b.json", "a.json", "a.meta.json", "notes.txt"} {
		os.WriteFile(filepath.Join(dir, "scenarios", f), nil, 0o644)
	}
	cli := t.TempDir()
	os.MkdirAll(filepath.Join(cli, "2.1.330"), 0o755)
	os.WriteFile(filepath.Join(cli, "stray-file"), nil, 0o644)
	got, _ := complete(t, "corpus", "regress", "--dir", dir, "--scenario", "")
	if diff := cmp.Diff([]string{"a", "b"}, got); diff != "" {
		t.Errorf("scenarios mismatch (-want +got):\n%s", diff)
	}
	got, _ = complete(t, "corpus", "regress", "--cli-dir", cli, "--cli-version", "")
	if diff := cmp.Diff([]string{"2.1.330"}, got); diff != "" {
		t.Errorf("CLI versions mismatch (-want +got):\n%s", diff)
	}
}

// TestCompleteIgnoreRules completes --ignore with the rule IDs 'protocheck
// rules' prints, on every command that has the flag.
func TestCompleteIgnoreRules(t *testing.T) {
	var withIgnore []*cobra.Command
	eachCommand(newRootCmd(), func(c *cobra.Command) {
		if c.Flags().Lookup("ignore") != nil {
			withIgnore = append(withIgnore, c)
		}
	})
	if len(withIgnore) == 0 {
		t.Fatal("no command has --ignore")
	}
	for _, c := range withIgnore {
		args := append(strings.Fields(strings.TrimPrefix(c.CommandPath(), "protocheck ")), "--ignore", "schema/")
		got, dir := complete(t, args...)
		want := withPrefix(ruleIDs(), "schema/")
		if diff := cmp.Diff(want, got); diff != "" || dir&cobra.ShellCompDirectiveNoSpace == 0 {
			t.Errorf("complete(%q): directive %d, mismatch (-want +got):\n%s", args, dir, diff)
		}
	}
}

// formatRuns gives, for each command with --format, arguments with which
// it runs quickly; "FILE" stands for a one-line transcript, "OUT" for a
// file to write.
var formatRuns = map[string][]string{
	"protocheck validate":           {"FILE"},
	"protocheck rules":              nil,
	"protocheck version":            nil,
	"protocheck schemas list":       nil,
	"protocheck corpus dialects":    nil,
	"protocheck corpus run":         {"-o", "OUT", "FILE"},
	"protocheck corpus report":      {"--dialect", "rust", "-o", "OUT", "FILE"},
	"protocheck corpus regress":     {"--cli-dir", "NONE"},
	"protocheck drift":              {"--from", "wire", "--to", "wire"},
	"protocheck normalize":          {"FILE"},
	"protocheck schemas show":       {"protocol"},
	"protocheck schemas window":     {"assistant"},
	"protocheck schemas options":    nil,
	"protocheck schemas export":     {"OUT"},
	"protocheck capture":            {"--scenario", "NONE"},
	"protocheck tap":                {"--findings", "OUT", "--", "true"},
	"protocheck conform":            {"--list-mutations"},
	"protocheck completion":         nil,
	"protocheck corpus":             nil,
	"protocheck schemas":            nil,
	"protocheck help":               nil,
	"protocheck __complete":         nil,
	"protocheck __completeNoDesc":   nil,
	"protocheck corpus add-release": {"2.1.331", "--capture", "none", "--dir", "NONE"},
}

// TestCompleteFormatsAccepted holds the --format candidates of every
// command to the formats the command accepts: each candidate runs without
// a usage error, and each other format name known anywhere is refused.
func TestCompleteFormatsAccepted(t *testing.T) {
	known := []string{"text", "json", "github", "sarif", "junit", "gitlab", "markdown", "html", "csv", "xml"}
	known = append(known, names(report.Formats)...)
	known = append(known, names(validate.AllFormats)...)
	known = append(known, names(matrix.Formats)...)
	slices.Sort(known)
	known = slices.Compact(known)

	dir := t.TempDir()
	file := filepath.Join(dir, "t.jsonl")
	os.WriteFile(file, []byte(okLine+"\n"), 0o644)
	eachCommand(newRootCmd(), func(c *cobra.Command) {
		if c.Flags().Lookup(flagFormat) == nil {
			return
		}
		path := c.CommandPath()
		extra, ok := formatRuns[path]
		if !ok {
			t.Errorf("%s has --format: add it to formatRuns", path)
			return
		}
		cmdArgs := strings.Fields(strings.TrimPrefix(path, "protocheck "))
		candidates, _ := complete(t, append(cmdArgs, "--format", "")...)
		var accepted []string
		for _, name := range known {
			args := append(slices.Clone(cmdArgs), "--format", name)
			for _, a := range extra {
				switch a {
				case "FILE":
					a = file
				case "OUT":
					a = filepath.Join(dir, "out-"+name)
				case "NONE":
					a = filepath.Join(dir, "none")
				}
				args = append(args, a)
			}
			var stdout, stderr bytes.Buffer
			run(context.Background(), args, strings.NewReader(""), &stdout, &stderr)
			if !strings.Contains(stderr.String(), "Run 'protocheck help' for usage.") {
				accepted = append(accepted, name)
			}
		}
		slices.Sort(candidates)
		if diff := cmp.Diff(accepted, candidates); diff != "" {
			t.Errorf("%s --format: completions differ from the formats it accepts (-accepted +completed):\n%s", path, diff)
		}
	})
}

func withPrefix(list []string, prefix string) []string {
	var out []string
	for _, s := range list {
		if strings.HasPrefix(s, prefix) {
			out = append(out, s)
		}
	}
	return out
}

func eachCommand(c *cobra.Command, fn func(*cobra.Command)) {
	fn(c)
	for _, sub := range c.Commands() {
		eachCommand(sub, fn)
	}
}
