package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/protocheck/protocheck/corpus/argv"
)

func TestParseFlags(t *testing.T) {
	tests := []struct {
		flags string
		want  argv.Option
	}{
		{"-p, --print", argv.Option{Names: []string{"-p", "--print"}, Value: argv.NoValue}},
		{"--model <model>", argv.Option{Names: []string{"--model"}, Value: argv.Required}},
		{"-r, --resume [value]", argv.Option{Names: []string{"-r", "--resume"}, Value: argv.Optional}},
		{"--allowedTools, --allowed-tools <tools...>", argv.Option{Names: []string{"--allowedTools", "--allowed-tools"}, Value: argv.Required, Variadic: true}},
		{"--resume-session-at <message id>", argv.Option{Names: []string{"--resume-session-at"}, Value: argv.Required}},
		{"-d2e, --debug-to-stderr", argv.Option{Names: []string{"-d2e", "--debug-to-stderr"}, Value: argv.NoValue}},
	}
	for _, tt := range tests {
		got, err := parseFlags(tt.flags)
		tt.want.Flags = tt.flags
		if err != nil || !cmp.Equal(tt.want, got) {
			t.Errorf("parseFlags(%q) = %+v, %v; want %+v", tt.flags, got, err, tt.want)
		}
	}
	for _, bad := range []string{"<value>", "print"} {
		if _, err := parseFlags(bad); err == nil {
			t.Errorf("parseFlags(%q): no error", bad)
		}
	}
}

const help = `Usage: claude [options] [command] [prompt]

Options:
  -d, --debug [filter]                  Enable debug mode with a long text
                                        that wraps
  --model <model>                       Model for the current session
  -h, --help                            Display help for command

Commands:
  mcp                                   Configure MCP servers
`

func TestAgrees(t *testing.T) {
	if diff := cmp.Diff([]string{"-d, --debug [filter]", "--model <model>", "-h, --help"}, helpFlags(help)); diff != "" {
		t.Errorf("helpFlags mismatch (-want +got):\n%s", diff)
	}
	opt := func(flags string, hidden argv.Hidden) argv.Option {
		o, _ := parseFlags(flags)
		o.Hidden = hidden
		return o
	}
	r := argv.Release{Options: []argv.Option{opt("-d, --debug [filter]", ""), opt("--model <model>", ""), opt("-h, --help", ""), opt("--secret", argv.HiddenAlways)}}
	if err := agrees(r, help); err != nil {
		t.Errorf("agrees: %v", err)
	}
	r.Options[1].Hidden = argv.HiddenAlways // read as hidden, --help shows it
	if err := agrees(r, help); err == nil || !strings.Contains(err.Error(), "--model <model>") {
		t.Errorf("agrees with a shown option read as hidden: %v", err)
	}
	r.Options[1].Hidden = argv.HiddenSometimes // either is right
	if err := agrees(r, help); err != nil {
		t.Errorf("agrees with an option hidden on a condition: %v", err)
	}
}

// TestCheckFresh: -check fails on a hand edit and on a rung with no
// entry, and passes on what the generator writes.
func TestCheckFresh(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "options.json")
	f := &argv.FactsFile{Releases: []argv.Release{{CLI: "2.1.331", Options: []argv.Option{{Flags: "--verbose", Names: []string{"--verbose"}, Value: argv.NoValue}}}}}
	if err := writeFacts(p, f); err != nil {
		t.Fatal(err)
	}
	if err := checkFresh(p, []string{"2.1.331"}); err != nil {
		t.Errorf("checkFresh of a fresh file: %v", err)
	}
	if err := checkFresh(p, []string{"2.1.330", "2.1.331"}); err == nil || !strings.Contains(err.Error(), "2.1.330") {
		t.Errorf("checkFresh with a rung missing: %v", err)
	}
	data, _ := os.ReadFile(p)
	if err := os.WriteFile(p, append(data, '\n'), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := checkFresh(p, []string{"2.1.331"}); err == nil {
		t.Error("checkFresh of an edited file: no error")
	}
}

// TestCommittedFresh is make schemas-check's -check, as a test.
func TestCommittedFresh(t *testing.T) {
	root, _ := filepath.Abs(filepath.Join("..", "..", ".."))
	if err := checkFresh(filepath.Join(root, filepath.FromSlash(argv.File)), nil); err != nil {
		t.Error(err)
	}
}
