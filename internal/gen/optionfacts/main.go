package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/protocheck/protocheck/corpus/argv"
	"github.com/protocheck/protocheck/corpus/harness"
	"github.com/protocheck/protocheck/internal/gen/cliinstall"
	"github.com/protocheck/protocheck/protocol"
)

func main() {
	root := flag.String("root", ".", "the repository's root folder")
	cliDir := flag.String("cli-dir", ".cache/cli", "folder of installed CLIs, one per version (as make cli installs them); \"\" reads none")
	out := flag.String("out", "", "options.json to update (default: "+argv.File+" under -root)")
	check := flag.Bool("check", false, "read nothing installed: fail when options.json is stale (not as written, or a rung missing)")
	noHelp := flag.Bool("no-help", false, "do not run each release's --help to cross-check what was read")
	spawns := flag.Bool("spawns", false, "instead: record the argv each installed harness SDK spawns the CLI with ("+argv.SpawnsFile+")")
	harnessDir := flag.String("harness-dir", harness.CacheDir, "with -spawns: the folder the harnesses are installed in")
	table := flag.Bool("table", false, "instead: write the argv table "+argv.TableFile+" from the facts")
	flag.Usage = func() {
		fmt.Fprintf(flag.CommandLine.Output(), `usage: optionfacts [flags] [FOLDER...]

Reads the options of the root command of each installed Claude Code CLI
release (names, whether a value follows, choices, hidden) from its own
code, checks them against the release's --help, and updates options.json:
the entries of the releases read are replaced, the others kept. Each FOLDER
is an npm install of one release; every folder under -cli-dir is read too.
Needs node (and npm, to install the pinned acorn).

Exit codes: 0 done (or fresh, with -check), 1 a release could not be read
or disagrees with its --help (or stale, with -check), 2 bad usage.

Flags:
`)
		flag.PrintDefaults()
	}
	flag.Parse()
	if *out == "" {
		*out = filepath.Join(*root, filepath.FromSlash(argv.File))
	}
	if *spawns || *table {
		err := error(nil)
		if *spawns {
			err = recordSpawns(*root, *harnessDir, filepath.Join(*root, filepath.FromSlash(argv.SpawnsFile)))
		} else {
			err = writeTable(*root, *out)
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, "optionfacts:", err)
			os.Exit(1)
		}
		return
	}
	if *check {
		if err := checkFresh(*out, protocol.Rungs); err != nil {
			fmt.Fprintln(os.Stderr, "optionfacts:", err)
			os.Exit(1)
		}
		return
	}
	folders, err := cliinstall.Folders(*root, *cliDir, flag.Args())
	if err != nil {
		fmt.Fprintln(os.Stderr, "optionfacts:", err)
		os.Exit(1)
	}
	if len(folders) == 0 {
		fmt.Fprintln(os.Stderr, "optionfacts: no CLI installed: run make cli, or name install folders")
		os.Exit(2)
	}
	if err := run(*root, *out, folders, !*noHelp); err != nil {
		fmt.Fprintln(os.Stderr, "optionfacts:", err)
		os.Exit(1)
	}
}

func readFacts(path string) (*argv.FactsFile, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return &argv.FactsFile{}, nil
	}
	if err != nil {
		return nil, err
	}
	var f argv.FactsFile
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&f); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	for _, r := range f.Releases {
		if _, ok := protocol.ParseVersion(r.CLI); !ok {
			return nil, fmt.Errorf("%s: release %q: not a CLI version", path, r.CLI)
		}
	}
	return &f, nil
}

// encode is options.json as the generator writes it: releases oldest
// first, each release's options by name.
func encode(f *argv.FactsFile) ([]byte, error) {
	slices.SortFunc(f.Releases, func(a, b argv.Release) int { return protocol.CompareVersions(a.CLI, b.CLI) })
	for i := range f.Releases {
		sortOptions(f.Releases[i].Options)
	}
	data, err := json.MarshalIndent(f, "", " ")
	if err != nil {
		return nil, err
	}
	return append(data, '\n'), nil
}

func sortOptions(os []argv.Option) {
	slices.SortStableFunc(os, func(a, b argv.Option) int {
		return strings.Compare(strings.TrimLeft(a.Name(), "-"), strings.TrimLeft(b.Name(), "-"))
	})
}

func writeFacts(path string, f *argv.FactsFile) error {
	data, err := encode(f)
	if err != nil {
		return err
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

// checkFresh fails when the file at path is not as encode writes it, or
// lacks a rung.
func checkFresh(path string, rungs []string) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	f, err := readFacts(path)
	if err != nil {
		return err
	}
	want, err := encode(f)
	if err != nil {
		return err
	}
	if !bytes.Equal(data, want) {
		return fmt.Errorf("%s is not as optionfacts writes it (edited by hand?); run: make optionfacts", path)
	}
	var missing []string
	for _, v := range rungs {
		if !slices.ContainsFunc(f.Releases, func(r argv.Release) bool { return r.CLI == v }) {
			missing = append(missing, v)
		}
	}
	if len(missing) > 0 {
		return fmt.Errorf("%s has no options for the rung(s) %s; install them (make cli-ladder) and run: make optionfacts", path, strings.Join(missing, ", "))
	}
	return nil
}

func run(root, out string, folders []string, help bool) error {
	f, err := readFacts(out)
	if err != nil {
		return err
	}
	dir := filepath.Join(root, "internal", "gen", "optionfacts", "extract")
	if err := cliinstall.NpmCI(dir); err != nil {
		return err
	}
	failed := 0
	for _, folder := range folders {
		r, err := readRelease(dir, folder, help)
		if err != nil {
			fmt.Fprintln(os.Stderr, "optionfacts:", err)
			failed++
			continue
		}
		shown, hidden := r.Counts()
		fmt.Fprintf(os.Stderr, "optionfacts: CLI %s, %s: %d options (%d shown, %d hidden); --help %s\n", r.CLI, r.Source, len(r.Options), shown, hidden, r.Help)
		f.Releases = slices.DeleteFunc(f.Releases, func(x argv.Release) bool { return x.CLI == r.CLI })
		f.Releases = append(f.Releases, r)
	}
	if err := writeFacts(out, f); err != nil {
		return err
	}
	if err := writeTable(root, out); err != nil {
		return err
	}
	if failed > 0 {
		return fmt.Errorf("%d of %d releases not read", failed, len(folders))
	}
	return nil
}

func readRelease(dir, folder string, help bool) (argv.Release, error) {
	cli, file, source, err := cliinstall.Find(folder)
	if err != nil {
		return argv.Release{}, err
	}
	raw, err := extract(dir, file)
	if err != nil {
		return argv.Release{}, fmt.Errorf("%s: %w", file, err)
	}
	r, err := release(raw)
	if err != nil {
		return argv.Release{}, fmt.Errorf("%s: %w", file, err)
	}
	r.CLI, r.Source, r.Help = cli, source, "not run"
	if help {
		text, err := runHelp(file)
		if err != nil {
			return argv.Release{}, fmt.Errorf("CLI %s: %w", cli, err)
		}
		if err := agrees(r, text); err != nil {
			return argv.Release{}, fmt.Errorf("CLI %s (%s): %w", cli, file, err)
		}
		shown, _ := r.Counts()
		r.Help = fmt.Sprintf("agrees: %d shown", shown)
	}
	return r, nil
}

// rawRelease is what options.mjs prints.
type rawRelease struct {
	Modules      int         `json:"modules"`
	ParseErrors  int         `json:"parse_errors"`
	Roots        int         `json:"roots"`
	AllowUnknown bool        `json:"allow_unknown"`
	Unresolved   int         `json:"unresolved"`
	Options      []rawOption `json:"options"`
}

type rawOption struct {
	Flags       string   `json:"flags"`
	Via         string   `json:"via"`
	Hidden      string   `json:"hidden"`
	Choices     []string `json:"choices"`
	Required    bool     `json:"required"`
	Deprecated  bool     `json:"deprecated"`
	Replacement string   `json:"replacement"`
	Conditional bool     `json:"conditional"`
}

func extract(dir, file string) (rawRelease, error) {
	var r rawRelease
	abs, err := filepath.Abs(file)
	if err != nil {
		return r, err
	}
	cmd := exec.Command("node", "--max-old-space-size=4096", "options.mjs", abs)
	cmd.Dir = dir
	var stdout bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, os.Stderr
	if err := cmd.Run(); err != nil {
		return r, fmt.Errorf("node options.mjs: %w", err)
	}
	dec := json.NewDecoder(&stdout)
	dec.DisallowUnknownFields()
	if err := dec.Decode(&r); err != nil {
		return r, fmt.Errorf("node options.mjs: output: %w", err)
	}
	return r, nil
}

// release turns what options.mjs read into the facts of one release.
func release(raw rawRelease) (argv.Release, error) {
	r := argv.Release{Modules: raw.Modules, ParseErrors: raw.ParseErrors, AllowUnknown: raw.AllowUnknown}
	switch {
	case raw.Roots == 0:
		return r, errors.New(`no root command (a commander chain with .name("claude")) found`)
	case raw.Unresolved > 0:
		return r, fmt.Errorf("%d option declarations whose flags are not a string literal", raw.Unresolved)
	}
	byFlags := map[string]int{}
	for _, o := range raw.Options {
		opt, err := parseFlags(o.Flags)
		if err != nil {
			return r, err
		}
		opt.Hidden = argv.Hidden(o.Hidden)
		opt.Choices, opt.Mandatory = o.Choices, o.Required
		opt.Deprecated, opt.Replacement, opt.Conditional = o.Deprecated, o.Replacement, o.Conditional
		i, dup := byFlags[o.Flags]
		if !dup {
			byFlags[o.Flags] = len(r.Options)
			r.Options = append(r.Options, opt)
			continue
		}
		// Declared twice (once per branch of a condition): one option,
		// conditional only when both are, hidden sometimes when they
		// differ.
		old := &r.Options[i]
		old.Conditional = old.Conditional && opt.Conditional
		if old.Hidden != opt.Hidden {
			old.Hidden = argv.HiddenSometimes
		}
		old.Deprecated = old.Deprecated || opt.Deprecated
		if old.Replacement == "" {
			old.Replacement = opt.Replacement
		}
	}
	sortOptions(r.Options)
	return r, nil
}

// parseFlags reads commander's flags: names separated by commas, spaces or
// bars, then "<value>" (required) or "[value]" (optional), "..." inside
// for variadic.
func parseFlags(flags string) (argv.Option, error) {
	o := argv.Option{Flags: flags, Value: argv.NoValue}
	for _, tok := range strings.FieldsFunc(flags, func(r rune) bool { return r == ',' || r == ' ' || r == '|' }) {
		switch {
		case strings.HasPrefix(tok, "<"), strings.HasPrefix(tok, "["):
			if o.Value != argv.NoValue {
				continue // "<message id>": one placeholder in words
			}
			o.Value = argv.Required
			if tok[0] == '[' {
				o.Value = argv.Optional
			}
			o.Variadic = strings.Contains(flags, "...>") || strings.Contains(flags, "...]")
		case strings.HasPrefix(tok, "-") && o.Value == argv.NoValue:
			o.Names = append(o.Names, tok)
		case o.Value != argv.NoValue:
			// The rest of a placeholder of several words.
		default:
			return o, fmt.Errorf("flags %q: %q is neither a name nor a value", flags, tok)
		}
	}
	if len(o.Names) == 0 {
		return o, fmt.Errorf("flags %q: no name", flags)
	}
	return o, nil
}

// runHelp runs the release's --help offline, in a temporary HOME.
func runHelp(file string) (string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	home, err := os.MkdirTemp("", "optionfacts-home-")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(home)
	if file, err = filepath.Abs(file); err != nil {
		return "", err
	}
	args := []string{file, "--help"}
	if filepath.Base(file) == "cli.js" {
		args = []string{"node", file, "--help"}
	}
	cmd := exec.CommandContext(ctx, args[0], args[1:]...)
	cmd.Dir = home
	cmd.Env = []string{
		"PATH=" + os.Getenv("PATH"), "HOME=" + home, "TMPDIR=" + home, "LANG=C.UTF-8",
		"COLUMNS=400", "NO_COLOR=1",
		"DISABLE_AUTOUPDATER=1", "DISABLE_TELEMETRY=1", "DISABLE_ERROR_REPORTING=1",
		"CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1",
	}
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	cmd.WaitDelay = time.Second
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("%s --help: %w: %s", file, err, strings.TrimSpace(stderr.String()))
	}
	return stdout.String(), nil
}

// helpLine is an option's line in --help: two spaces, the flags (single
// spaces inside), then two or more spaces or the end of the line.
var helpLine = regexp.MustCompile(`^  (-\S*(?: \S+)*?)(?:  |$)`)

// helpFlags lists the flags of the Options section of --help.
func helpFlags(text string) []string {
	var out []string
	in := false
	for _, line := range strings.Split(text, "\n") {
		switch {
		case strings.HasPrefix(line, "Options:"):
			in = true
			continue
		case line != "" && !strings.HasPrefix(line, " "):
			in = false
		}
		if m := helpLine.FindStringSubmatch(line); in && m != nil {
			out = append(out, m[1])
		}
	}
	return out
}

// agrees says how --help differs from the options read: each shown option
// must be listed and each listed one read (an option hidden on a
// condition may be either).
func agrees(r argv.Release, help string) error {
	listed := helpFlags(help)
	if len(listed) == 0 {
		return errors.New("--help lists no option")
	}
	var diffs []string
	for _, o := range r.Options {
		if o.Hidden == argv.Shown && !slices.Contains(listed, o.Flags) {
			diffs = append(diffs, fmt.Sprintf("read %q, --help does not list it", o.Flags))
		}
	}
	for _, l := range listed {
		if !slices.ContainsFunc(r.Options, func(o argv.Option) bool { return o.Flags == l && o.Hidden != argv.HiddenAlways }) {
			diffs = append(diffs, fmt.Sprintf("--help lists %q, not read as a shown option", l))
		}
	}
	if len(diffs) > 0 {
		return fmt.Errorf("the options read disagree with --help: %s", strings.Join(diffs, "; "))
	}
	return nil
}
