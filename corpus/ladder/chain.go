package ladder

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/protocheck/protocheck/corpus/capture"
	"github.com/protocheck/protocheck/internal/atomicfile"
	"github.com/protocheck/protocheck/protocol"
)

// The chain: AddRelease runs Steps in order. The generator steps run the
// repository's own code with go run in Options.Root, so each one sees what
// the steps before it wrote (the running program's facts are compiled in
// and stay those of the release before).

// The names of the steps, for Options.From and the output.
const (
	StepPin          = "pin"
	StepInstall      = "install"
	StepBundleFacts  = "bundlefacts"
	StepZodFacts     = "zodfacts"
	StepOptionFacts  = "optionfacts"
	StepCaptures     = "captures"
	StepEvidence     = "evidence"
	StepVersionFacts = "versionfacts"
	StepVersion      = "version"
	StepSchemas      = "schemas"
	StepGoldens      = "goldens"
	StepCoverage     = "coverage"
	StepDocs         = "docs"
	StepRulesDoc     = "rules"
	StepReadme       = "readme"
	StepCodegen      = "codegen"
	StepCheck        = "check"
	StepLedger       = "ledger"
	StepReport       = "report"
)

// A Step is one step of add-release's chain: a command of the repository
// (a generator run with go run) or a step of this package.
type Step struct {
	// Name names the step (Options.From, the output).
	Name string
	// Writes says what the step writes, relative to the repository's root.
	Writes string
	// Needs is the folder of the step's code, relative to the root; with
	// Optional, a tree without it skips the step with a note (a generator
	// another branch brings).
	Needs    string
	Optional bool
	// Install says the step reads the installed release: it is skipped
	// when the release is not installed under Options.CLIDir.
	Install bool
	// Chain says the step needs the repository (Options.Root): without
	// one AddRelease skips it.
	Chain bool
	// Commands returns the command lines the step runs in the root, one
	// after the other ("go" is Options.Go); Stdout, when set, is the file
	// under the root that the last command's standard output replaces.
	Commands func(c *chain) [][]string
	Stdout   string
	// Regenerates says the step rewrites code the running program has
	// compiled in (the facts, the model, the schemas).
	Regenerates bool
	// run runs a step of this package instead; it returns a note for the
	// output.
	run func(ctx context.Context, c *chain) (note string, err error)
}

// Steps is the chain, in order. Each generator keeps the entries of the
// releases it does not read, so one more rung is one more run.
var Steps = []*Step{
	{Name: StepPin, Writes: "corpus/cli/VERSION/package.json, package-lock.json", run: stepPin},
	{Name: StepInstall, Writes: "CLI-DIR/VERSION (npm ci)", run: stepInstall},
	{Name: StepBundleFacts, Writes: "internal/gen/versionfacts/bundle.json (the release's entry)", Chain: true, Install: true,
		Needs: "internal/gen/bundlefacts", Commands: func(c *chain) [][]string {
			return [][]string{{"go", "run", "./internal/gen/bundlefacts", "-cli-dir", "", c.installDir()}}
		}},
	{Name: StepZodFacts, Writes: "the zod facts of the release (internal/gen/zodfacts)", Chain: true, Install: true, Optional: true, Regenerates: true,
		Needs: "internal/gen/zodfacts", Commands: func(c *chain) [][]string {
			return [][]string{{"go", "run", "./internal/gen/zodfacts", "-cli-dir", c.soloDir}}
		}},
	{Name: StepOptionFacts, Writes: "the command-line options of the release (internal/gen/optionfacts)", Chain: true, Install: true, Optional: true, Regenerates: true,
		Needs: "internal/gen/optionfacts", Commands: func(c *chain) [][]string {
			return [][]string{{"go", "run", "./internal/gen/optionfacts", "-cli-dir", c.soloDir}}
		}},
	{Name: StepCaptures, Writes: "corpus/captures/VERSION, corpus/duplex/VERSION", run: stepCaptures},
	{Name: StepEvidence, Writes: "protocol/zz_evidence.go (the model's generated layer)", Chain: true, Optional: true, Regenerates: true,
		Needs: "internal/gen/zodfacts", Commands: func(*chain) [][]string {
			return [][]string{{"go", "run", "./internal/gen/zodfacts", "-model"}}
		}},
	{Name: StepVersionFacts, Writes: "protocol/zz_versions.go", Chain: true, Regenerates: true,
		Needs: "internal/gen/versionfacts", Commands: func(*chain) [][]string {
			return [][]string{{"go", "run", "./internal/gen/versionfacts"}}
		}},
	{Name: StepVersion, Writes: "protocol/variant.go (Version), internal/codegen/release.json and CHANGELOG.md", Chain: true, run: stepVersion},
	{Name: StepSchemas, Writes: "protocol/zz_json.go, schemas/", Chain: true, Regenerates: true,
		Needs: "internal/gen/schemagen", Commands: func(*chain) [][]string {
			return [][]string{{"go", "generate", "./protocol"}, {"go", "run", "./internal/gen/schemagen"}}
		}},
	{Name: StepGoldens, Writes: "corpus/testdata/drift/ (the goldens that follow the model)", Chain: true,
		Needs: "corpus/drift", Commands: func(*chain) [][]string {
			return [][]string{{"go", "test", "./corpus/drift", "-run", "^TestDriftGolden$", "-count=1", "-update"}}
		}},
	{Name: StepCoverage, Writes: "docs/coverage.md", Chain: true, Needs: "internal/gen/bundlefacts", run: stepCoverage},
	{Name: StepDocs, Writes: "docs/zod.md", Chain: true, Optional: true, Needs: "internal/gen/zodfacts", Stdout: "docs/zod.md",
		Commands: func(*chain) [][]string {
			return [][]string{{"go", "run", "./internal/gen/zodfacts", "-docs"}}
		}},
	{Name: StepRulesDoc, Writes: "docs/rules.md (its examples name the ladder)", Chain: true, Optional: true, Needs: "cmd/protocheck", Stdout: "docs/rules.md",
		Commands: func(*chain) [][]string {
			return [][]string{{"go", "run", "./cmd/protocheck", "rules", "--format", "markdown"}}
		}},
	{Name: StepReadme, Writes: "README.md (its sample output)", Chain: true, Optional: true, Needs: "internal/cli/readme_test.go",
		Commands: func(*chain) [][]string {
			return [][]string{{"go", "test", "./internal/cli", "-run", "^TestReadmeOutputs$", "-count=1", "-update-readme"}}
		}},
	{Name: StepCodegen, Writes: "internal/codegen/testdata/losses.txt, docs/codegen.md (what each code generator makes of the new schemas)", Chain: true, Optional: true,
		Needs: "internal/codegen/check.mjs", run: stepCodegen},
	{Name: StepCheck, Writes: "nothing: validates the captures (default and strict) with the new facts, compares with the rung below", run: stepCheck},
	{Name: StepLedger, Writes: "corpus/dialects/ledger.txt, stats.txt, corpus/harness/agreement.txt", Chain: true, run: stepLedger},
	{Name: StepReport, Writes: "the release report (--report: docs/releases/VERSION.md)", run: stepReport},
}

// StepNames lists the steps' names in order.
func StepNames() []string {
	var out []string
	for _, s := range Steps {
		out = append(out, s.Name)
	}
	return out
}

// A StepResult is what one step did.
type StepResult struct {
	Name string `json:"name"`
	// Status is "done", "skipped", "failed" or "decide" (a human must
	// decide: see Result.Decisions).
	Status string `json:"status"`
	// Command is the command lines run, joined with " && ".
	Command string `json:"command,omitempty"`
	Writes  string `json:"writes,omitempty"`
	Note    string `json:"note,omitempty"`
	// Seconds is the step's wall time.
	Seconds float64 `json:"seconds"`
}

// The statuses of a step.
const (
	StatusDone    = "done"
	StatusSkipped = "skipped"
	StatusFailed  = "failed"
	StatusDecide  = "decide"
)

// A Decision is what a human must decide before the chain can go on: what,
// where (a file, a member), and the command to run next.
type Decision struct {
	Step string `json:"step"`
	What string `json:"what"`
	// Where is the file, with the member or line when there is one.
	Where string `json:"where"`
	// Next is the command to run once decided.
	Next string `json:"next"`
}

// ErrDecide is the error of a chain that stopped where a human must
// decide (Result.Decisions says what).
var ErrDecide = errors.New("a human must decide")

// chain is one run of the steps.
type chain struct {
	opts Options
	res  *Result
	mode string
	// soloDir is a CLI folder holding only the release (symbolic links to
	// its install): what the generators that read every release under
	// -cli-dir read.
	soloDir string
	// regenerated says a step rewrote code the running program has
	// compiled in (the facts, the model): checks must run the tree's code
	// again.
	regenerated bool
	progress    io.Writer
}

func (c *chain) installDir() string { return filepath.Join(c.opts.CLIDir, c.opts.Version) }

func (c *chain) installed() bool {
	_, err := os.Stat(filepath.Join(c.installDir(), Installed))
	return err == nil
}

// next returns the command that resumes the chain at step, with the
// folders and report of this run (go run: the tree's code, as edited).
func (c *chain) next(step string) string {
	argv := []string{"go", "run", "./cmd/protocheck", "corpus", "add-release", c.opts.Version, "--from", step}
	if c.opts.CLIDir != filepath.Join(".cache", "cli") {
		argv = append(argv, "--cli-dir", c.opts.CLIDir)
	}
	if c.opts.Report != "" {
		argv = append(argv, "--report", c.opts.Report)
	}
	return quoteArgs(argv)
}

// run runs the steps from opts.From through opts.To. A step where a human
// must decide stops the chain, but the report is still written.
func (c *chain) run(ctx context.Context) error {
	from, to := c.opts.From, c.opts.To
	if from == "" {
		from = StepPin
	}
	if to == "" {
		to = StepReport
	}
	started, ended := false, false
	// stop is a decision that stops the chain (the report is still
	// written); pending one that lets it run through the check first.
	var stop, pending error
	for _, s := range Steps {
		if s.Name == from {
			started = true
		}
		switch {
		case !started:
			c.res.Steps = append(c.res.Steps, StepResult{Name: s.Name, Status: StatusSkipped, Note: "before --from " + from})
			continue
		case ended:
			c.res.Steps = append(c.res.Steps, StepResult{Name: s.Name, Status: StatusSkipped, Note: "after --to " + to})
			continue
		case stop != nil && s.Name != StepReport:
			c.res.Steps = append(c.res.Steps, StepResult{Name: s.Name, Status: StatusSkipped, Note: "the chain stopped for a decision"})
			continue
		}
		fmt.Fprintf(c.progress, "step %s: %s\n", s.Name, s.Writes)
		sr, err := c.step(ctx, s)
		c.res.Steps = append(c.res.Steps, sr)
		fmt.Fprintf(c.progress, "step %s: %s (%.1fs)%s\n", s.Name, sr.Status, sr.Seconds, prefixed(sr.Note))
		ended = s.Name == to
		switch {
		case errors.Is(err, errDecideLater):
			// The check runs all the same: every decision at once.
			pending = ErrDecide
		case errors.Is(err, ErrDecide):
			stop = err
		case err != nil:
			return fmt.Errorf("step %s: %w", s.Name, err)
		}
		if s.Name == StepCheck && pending != nil {
			stop = pending
		}
	}
	if stop == nil {
		stop = pending
	}
	return stop
}

func prefixed(note string) string {
	if note == "" {
		return ""
	}
	return ": " + note
}

// step runs one step and times it.
func (c *chain) step(ctx context.Context, s *Step) (StepResult, error) {
	sr := StepResult{Name: s.Name, Status: StatusDone, Writes: s.Writes}
	start := time.Now()
	skip := func(note string) (StepResult, error) {
		sr.Status, sr.Note, sr.Writes = StatusSkipped, note, ""
		return sr, nil
	}
	if s.Chain && c.opts.Root == "" {
		return skip("no repository (Options.Root): run it from the repository's root")
	}
	if s.Needs != "" {
		if _, err := os.Stat(filepath.Join(c.opts.Root, s.Needs)); err != nil {
			if s.Optional {
				return skip(fmt.Sprintf("%s is not in this tree (its generator comes with another branch); the step runs once it is", s.Needs))
			}
			return sr, fmt.Errorf("step %s: %s is not in the tree: %w", s.Name, s.Needs, err)
		}
	}
	if s.Install {
		if !c.installed() {
			return skip(fmt.Sprintf("CLI %s is not installed under %s (--capture none installs nothing)", c.opts.Version, c.opts.CLIDir))
		}
		if c.soloDir == "" {
			var err error
			if c.soloDir, err = makeSoloDir(c.opts.CLIDir, c.opts.Version); err != nil {
				return sr, err
			}
		}
	}
	var err error
	if s.run != nil {
		sr.Note, err = s.run(ctx, c)
	} else {
		var cmds []string
		for _, argv := range s.Commands(c) {
			cmds = append(cmds, quoteArgs(argv))
		}
		sr.Command = strings.Join(cmds, " && ")
		err = c.commands(ctx, s)
		if err == nil && s.Regenerates {
			c.regenerated = true
		}
	}
	sr.Seconds = float64(time.Since(start).Round(100*time.Millisecond)) / float64(time.Second)
	switch {
	case errors.Is(err, errSkip):
		sr.Status, sr.Writes = StatusSkipped, ""
		return sr, nil
	case errors.Is(err, ErrDecide), errors.Is(err, errDecideLater):
		sr.Status = StatusDecide
	case err != nil:
		sr.Status = StatusFailed
		sr.Note = err.Error()
	}
	return sr, err
}

// errSkip is returned by a step's run that found nothing to do (its note
// says why).
var errSkip = errors.New("skipped")

// errDecideLater is returned by a step whose decisions let the chain run
// on through the check, so that every decision is said at once.
var errDecideLater = errors.New("a human must decide (after the check)")

// commands runs a step's command lines in the root.
func (c *chain) commands(ctx context.Context, s *Step) error {
	argvs := s.Commands(c)
	for i, argv := range argvs {
		var stdout bytes.Buffer
		out, err := c.exec(ctx, argv, &stdout)
		if err != nil {
			return fmt.Errorf("%s: %w%s", quoteArgs(argv), err, tail(out))
		}
		if s.Stdout != "" && i == len(argvs)-1 {
			path := filepath.Join(c.opts.Root, s.Stdout)
			if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
				return err
			}
			if err := atomicfile.WriteFile(path, stdout.Bytes(), 0o644); err != nil {
				return err
			}
		}
	}
	return nil
}

// exec runs argv in the root ("go" is Options.Go) and returns what it
// printed on standard error (and standard output, when stdout is nil).
func (c *chain) exec(ctx context.Context, argv []string, stdout io.Writer) (string, error) {
	name := argv[0]
	if name == "go" && c.opts.Go != "" {
		name = c.opts.Go
	}
	cmd := exec.CommandContext(ctx, name, argv[1:]...)
	cmd.Dir = c.opts.Root
	var errb bytes.Buffer
	cmd.Stderr = &errb
	cmd.Stdout = stdout
	if stdout == nil {
		cmd.Stdout = &errb
	}
	err := cmd.Run()
	return errb.String(), err
}

// tail returns the last lines of a command's output, for an error.
func tail(out string) string {
	l := lastLines(out, 8)
	if l == "" {
		return ""
	}
	return ": " + l
}

// quoteArgs joins argv for a shell.
func quoteArgs(argv []string) string {
	var out []string
	for _, a := range argv {
		if a == "" || strings.ContainsAny(a, " \t\"'$\\*?") {
			a = strconv.Quote(a)
		}
		out = append(out, a)
	}
	return strings.Join(out, " ")
}

func stepPin(ctx context.Context, c *chain) (string, error) {
	if c.mode == CaptureNone {
		return "--capture none", errSkip
	}
	var err error
	if c.res.Pinned, err = Pin(ctx, c.opts.Npm, c.opts.Dir, c.opts.Version); err != nil {
		return "", err
	}
	if !c.res.Pinned {
		return "kept the pin " + PinDir(c.opts.Dir, c.opts.Version), nil
	}
	return "", nil
}

func stepInstall(ctx context.Context, c *chain) (string, error) {
	if c.mode == CaptureNone {
		return "--capture none", errSkip
	}
	if err := Install(ctx, c.opts.Npm, c.opts.Dir, c.opts.CLIDir, c.opts.Version); err != nil {
		return "", err
	}
	return "", nil
}

// makeSoloDir makes a folder whose only release is the one added: a real
// folder named by the version holding symbolic links to what its install
// holds (a generator lists -cli-dir's folders and skips links).
func makeSoloDir(cliDir, version string) (string, error) {
	src, err := filepath.Abs(filepath.Join(cliDir, version))
	if err != nil {
		return "", err
	}
	solo, err := os.MkdirTemp("", "protocheck-release-")
	if err != nil {
		return "", err
	}
	dst := filepath.Join(solo, version)
	if err := os.Mkdir(dst, 0o755); err != nil {
		return solo, err
	}
	ents, err := os.ReadDir(src)
	if err != nil {
		return solo, nil // not installed: the steps that read it are skipped
	}
	for _, e := range ents {
		if err := os.Symlink(filepath.Join(src, e.Name()), filepath.Join(dst, e.Name())); err != nil {
			return solo, err
		}
	}
	return solo, nil
}

// missingLine matches what bundlefacts -coverage -missing prints of a
// member a bundle writes that the model lacks: "missing: <variant>
// <pointer> (bundle of <version>)".
var missingLine = regexp.MustCompile(`(?m)^missing: (\S+) (\S+) \(bundle of ([^)]*)\)$`)

// stepCoverage writes docs/coverage.md; each member a bundle writes that
// the model lacks (and exceptions.txt does not list) is a decision, as
// the coverage test fails on it.
func stepCoverage(ctx context.Context, c *chain) (string, error) {
	argv := []string{"go", "run", "./internal/gen/bundlefacts", "-coverage", "-missing"}
	var stdout bytes.Buffer
	out, err := c.exec(ctx, argv, &stdout)
	found := missingLine.FindAllStringSubmatch(out, -1)
	if err != nil && len(found) == 0 {
		return "", fmt.Errorf("%s: %w%s", quoteArgs(argv), err, tail(out))
	}
	path := filepath.Join(c.opts.Root, "docs", "coverage.md")
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return "", err
	}
	if err := atomicfile.WriteFile(path, stdout.Bytes(), 0o644); err != nil {
		return "", err
	}
	if len(found) == 0 {
		return "", nil
	}
	for _, f := range found {
		where := f[1] + " " + f[2]
		if t := goType(f[1]); t != "" {
			where = t + " (" + f[1] + ") " + f[2]
		}
		c.res.Decisions = append(c.res.Decisions, Decision{Step: StepCoverage,
			What: fmt.Sprintf("the bundle of %s writes %s %s, which the model lacks: model it in protocol/ (optional, tagged undeclared:\"%s\" when it is new), or list it in internal/gen/bundlefacts/exceptions.txt with the reason it is a false positive",
				f[3], f[1], f[2], f[3]),
			Where: where,
			Next:  c.next(StepVersionFacts),
		})
	}
	return fmt.Sprintf("%d members a bundle writes are not modelled", len(found)), errDecideLater
}

// stepCodegen runs the code generators on the new schemas and rewrites
// their ledger of losses and the tables of docs/codegen.md (make
// codegen-update): the counts there follow the captures and the schemas,
// so a new rung moves them. It installs the pinned generators first (make
// codegen-deps, minutes when cold); when that or a generator fails, a human
// looks at why.
func stepCodegen(ctx context.Context, c *chain) (string, error) {
	name := c.opts.Make
	if name == "" {
		name = "make"
	}
	argv := []string{name, "--no-print-directory", "codegen-update"}
	out, err := c.exec(ctx, argv, nil)
	if err == nil {
		return lastLines(out, 1), nil
	}
	if ctx.Err() != nil {
		return "", ctx.Err()
	}
	c.res.Decisions = append(c.res.Decisions, Decision{Step: StepCodegen,
		What:  "the code generators did not run on the new schemas (" + quoteArgs(argv) + ": " + err.Error() + "): install what they need (make codegen-deps: node, python3-venv, cargo, maven) or fix the generator that failed" + tail(out),
		Where: "internal/codegen (check.mjs, testdata/losses.txt)",
		Next:  c.next(StepCodegen)})
	return "", ErrDecide
}

// versionLine is protocol.Version's declaration in protocol/variant.go.
var versionLine = regexp.MustCompile(`(?m)^const Version = "([^"]*)"$`)

// stepVersion sets protocol.Version (and the schema package's CLI
// version) to the release when it is newer than the one there.
func stepVersion(_ context.Context, c *chain) (string, error) {
	path := filepath.Join(c.opts.Root, "protocol", "variant.go")
	src, err := os.ReadFile(path)
	if err != nil {
		return "", err
	}
	m := versionLine.FindSubmatch(src)
	if m == nil {
		return "", fmt.Errorf("%s: no line `const Version = \"...\"`", path)
	}
	cur := string(m[1])
	if protocol.CompareVersions(c.opts.Version, cur) <= 0 {
		return fmt.Sprintf("protocol.Version stays %s (not older than %s)", cur, c.opts.Version), errSkip
	}
	src = versionLine.ReplaceAll(src, []byte(`const Version = "`+c.opts.Version+`"`))
	if err := atomicfile.WriteFile(path, src, 0o644); err != nil {
		return "", err
	}
	c.regenerated = true
	note := fmt.Sprintf("protocol.Version %s -> %s", cur, c.opts.Version)
	rel, err := bumpRelease(filepath.Join(c.opts.Root, "internal", "codegen", "release.json"), c.opts.Version)
	if err != nil {
		return "", err
	}
	return note + rel, nil
}

// bumpRelease gives the schema package (internal/codegen/release.json) the
// new CLI version and a new minor version, as its note asks: publish
// refuses a CLI version the file does not name.
func bumpRelease(path, version string) (string, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return "", nil
	}
	if err != nil {
		return "", err
	}
	var rel struct {
		Version    string `json:"version"`
		CLIVersion string `json:"cli_version"`
	}
	if err := json.Unmarshal(data, &rel); err != nil {
		return "", fmt.Errorf("%s: %w", path, err)
	}
	if rel.CLIVersion == version {
		return "", nil
	}
	parts := strings.Split(rel.Version, ".")
	minor, err := strconv.Atoi(parts[min(1, len(parts)-1)])
	if len(parts) != 3 || err != nil {
		return "", fmt.Errorf("%s: version %q is not x.y.z", path, rel.Version)
	}
	next := fmt.Sprintf("%s.%d.0", parts[0], minor+1)
	s := string(data)
	s = strings.Replace(s, `"version": "`+rel.Version+`"`, `"version": "`+next+`"`, 1)
	s = strings.Replace(s, `"cli_version": "`+rel.CLIVersion+`"`, `"cli_version": "`+version+`"`, 1)
	if err := atomicfile.WriteFile(path, []byte(s), 0o644); err != nil {
		return "", err
	}
	note := fmt.Sprintf("; %s: @protocheck/schemas %s -> %s (cli_version %s)", filepath.ToSlash(path), rel.Version, next, version)
	logPath := filepath.Join(filepath.Dir(path), "CHANGELOG.md")
	added, err := addChangelogEntry(logPath, next, version)
	if err != nil {
		return "", err
	}
	if added {
		note += "; " + filepath.ToSlash(logPath) + ": entry " + next
	}
	return note, nil
}

// addChangelogEntry puts the entry of package version next (the schemas of
// CLI version) on top of the changelog beside release.json, which publish
// requires; publish.mjs adds under it the schemas whose content changed. A
// changelog that has the entry already, or none at all, is left alone.
func addChangelogEntry(path, next, version string) (bool, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	s := string(data)
	if strings.Contains(s, "\n## "+next+"\n") {
		return false, nil
	}
	entry := fmt.Sprintf("## %s\n\nThe schemas of CLI %s, written by `protocheck corpus add-release %s`\n(the release report says what the release added, changed or removed).\n\n", next, version, version)
	i := strings.Index(s, "\n## ")
	if i < 0 {
		s = strings.TrimRight(s, "\n") + "\n\n" + entry
	} else {
		s = s[:i+1] + entry + s[i+1:]
	}
	return true, atomicfile.WriteFile(path, []byte(strings.TrimRight(s, "\n")+"\n"), 0o644)
}

// policyRules are the rules of a divergence that follows from a dialect's
// declared policy for what it does not know (a member, a type, a subtype,
// a kind the release sends that the dialect does not declare): recorded
// without asking. Any other new divergence (a member a dialect requires no
// longer sent, a value out of its enum) is a change an SDK may break on,
// whose reason a human writes; and so is any divergence of the wire
// dialect, the model itself, which has none (the check says what to
// model).
var policyRules = []string{"schema/unknown-property", "variant/unknown-type", "variant/unknown-subtype", "variant/unknown-kind"}

// newDivergence matches corpus run --update's line for a divergence the
// ledger lacks: "new divergence: <dialect> <variant> <verdict> <rule>
// <pointer>  # reason".
var newDivergence = regexp.MustCompile(`(?m)^new divergence: (\S+ \S+ \S+ (\S+)(?: \S+)?)  # (.*)$`)

// stepLedger rewrites the ledger and stats with corpus run --update of the
// tree's code, with every real-SDK row (their entries are in the ledger).
// New divergences the dialects' policies explain are recorded (--force);
// others stop the chain for a human.
func stepLedger(ctx context.Context, c *chain) (string, error) {
	base := []string{"go", "run", "./cmd/protocheck", "corpus", "run", "--update", "--sdk-harnesses", "all"}
	out, err := c.exec(ctx, base, io.Discard)
	if err == nil {
		return lastLines(out, 1), nil
	}
	if strings.Contains(out, "are not installed") {
		c.res.Decisions = append(c.res.Decisions, Decision{Step: StepLedger,
			What:  "the ledger has rows of the real SDKs, which are not installed: install them",
			Where: "corpus/harness/sdks, .cache/harness",
			Next:  "make harnesses && " + c.next(StepLedger)})
		return "", ErrDecide
	}
	found := newDivergence.FindAllStringSubmatch(out, -1)
	if len(found) == 0 {
		return "", fmt.Errorf("%s: %w%s", quoteArgs(base), err, tail(out))
	}
	var human []Decision
	ledger := filepath.ToSlash(filepath.Join("corpus", "dialects", "ledger.txt"))
	for _, f := range found {
		switch {
		case strings.HasPrefix(f[1], wireDialect+" "):
			human = append(human, Decision{Step: StepLedger,
				What:  fmt.Sprintf("the model itself (the wire dialect) rejects what the release sends: %s (%s): model it in protocol/", f[1], f[3]),
				Where: ledger + ": " + f[1],
				Next:  c.next(StepVersionFacts),
			})
		case !slices.Contains(policyRules, f[2]):
			human = append(human, Decision{Step: StepLedger,
				What:  fmt.Sprintf("new divergence %q (%s): a change an SDK may break on; record it and write its reason", f[1], f[3]),
				Where: ledger + ": " + f[1],
				Next:  "go run ./cmd/protocheck corpus run --update --force (then write the reasons in " + ledger + ") && " + c.next(StepCheck),
			})
		}
	}
	if len(human) > 0 {
		c.res.Decisions = append(c.res.Decisions, human...)
		return fmt.Sprintf("%d new divergences, %d of them not explained by a dialect's policy", len(found), len(human)), ErrDecide
	}
	forced := append(slices.Clone(base), "--force")
	if out, err := c.exec(ctx, forced, io.Discard); err != nil {
		return "", fmt.Errorf("%s: %w%s", quoteArgs(forced), err, tail(out))
	}
	var keys []string
	for _, f := range found {
		keys = append(keys, f[1])
	}
	c.res.Recorded = keys
	return fmt.Sprintf("recorded %d new divergences that the dialects' policies explain (%s)", len(found), strings.Join(policyRules, ", ")), nil
}

// wireDialect is the dialect of the real CLI: the model.
const wireDialect = "wire"

// FreshEnv is set in the environment of the check that AddRelease runs
// with the tree's code: that run validates in its own process.
const FreshEnv = "PROTOCHECK_ADD_RELEASE_FRESH"

// stepCheck validates the release's captures with the default and the
// strict profile and compares them with the rung below. When a step
// regenerated the facts, or the running program does not know the release
// as a rung, it runs the tree's code for it (add-release --from check, with
// FreshEnv set) and takes its result.
func stepCheck(ctx context.Context, c *chain) (string, error) {
	stale := c.regenerated || !slices.Contains(protocol.Rungs, c.opts.Version)
	if stale && c.opts.Root != "" && os.Getenv(FreshEnv) == "" {
		return c.freshCheck(ctx)
	}
	if err := c.checkHere(ctx); err != nil {
		return "", err
	}
	var notes []string
	if !slices.Contains(protocol.Rungs, c.opts.Version) {
		notes = append(notes, fmt.Sprintf("this program's facts do not know %s as a rung", c.opts.Version))
	}
	return strings.Join(notes, "; "), c.decideFindings()
}

// checkHere validates and compares in this process.
func (c *chain) checkHere(ctx context.Context) error {
	res, v := c.res, c.opts.Version
	goldens, err := capture.CapturedScenarios(c.opts.Dir, v)
	if err != nil {
		return err
	}
	res.Captures = len(goldens)
	if len(res.NotRunnable) == 0 {
		// The captures step did not run (--from): the committed record.
		nr, err := capture.ReadNotRunnable(c.opts.Dir, v)
		if err != nil {
			return err
		}
		if nr != nil {
			res.NotRunnable = nr
		}
	}
	res.Validation = nil
	for _, profile := range []string{"default", "strict"} {
		val, err := Validate(ctx, c.opts.Dir, v, profile)
		if err != nil {
			return err
		}
		res.Validation = append(res.Validation, val)
	}
	below := c.opts.Below
	if below == "" {
		if below, err = RungBelow(c.opts.Dir, v); err != nil {
			return err
		}
	}
	if below != "" {
		if res.Report, err = Compare(c.opts.Dir, below, v); err != nil {
			return err
		}
	}
	if c.opts.Root != "" {
		if res.Bundle, err = CompareBundles(bundlePath(c.opts.Root), c.opts.Dir, v); err != nil {
			return err
		}
	}
	return nil
}

// freshCheck runs the check with the tree's code and takes its result.
func (c *chain) freshCheck(ctx context.Context) (string, error) {
	// The folders as the root sees them (the command runs there).
	dir, cliDir := c.opts.Dir, c.opts.CLIDir
	root, err := filepath.Abs(c.opts.Root)
	if err != nil {
		return "", err
	}
	for _, p := range []*string{&dir, &cliDir} {
		abs, err := filepath.Abs(*p)
		if err != nil {
			return "", err
		}
		*p = abs
		if rel, err := filepath.Rel(root, abs); err == nil && !strings.HasPrefix(rel, "..") {
			*p = rel
		}
	}
	argv := []string{"go", "run", "./cmd/protocheck", "corpus", "add-release", c.opts.Version, "--from", StepCheck, "--to", StepCheck,
		"--format", "json", "--dir", dir, "--cli-dir", cliDir}
	if c.opts.Below != "" {
		argv = append(argv, "--below", c.opts.Below)
	}
	name := argv[0]
	if c.opts.Go != "" {
		name = c.opts.Go
	}
	cmd := exec.CommandContext(ctx, name, argv[1:]...)
	cmd.Dir = c.opts.Root
	cmd.Env = append(os.Environ(), FreshEnv+"=1")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err = cmd.Run()
	var ee *exec.ExitError
	if err != nil && !(errors.As(err, &ee) && ee.ExitCode() == 1) {
		return "", fmt.Errorf("%s: %w%s", quoteArgs(argv), err, tail(stderr.String()))
	}
	var fresh Result
	if jerr := json.Unmarshal(stdout.Bytes(), &fresh); jerr != nil {
		return "", fmt.Errorf("%s: its JSON result: %v%s", quoteArgs(argv), jerr, tail(stderr.String()))
	}
	c.res.Captures, c.res.Validation, c.res.Report, c.res.Bundle = fresh.Captures, fresh.Validation, fresh.Report, fresh.Bundle
	if len(c.res.NotRunnable) == 0 && fresh.NotRunnable != nil {
		c.res.NotRunnable = fresh.NotRunnable
	}
	return "run with the tree's code: " + quoteArgs(argv), c.decideFindings()
}

// decideFindings turns the findings of the check into decisions: each
// group of findings needs modelling (or evidence) before the release is
// clean.
func (c *chain) decideFindings() error {
	n := len(c.res.Decisions)
	for _, v := range c.res.Validation {
		for _, g := range v.Groups() {
			where := g.First
			if g.Variant != "" {
				where += ": " + g.Variant
				if t := goType(g.Variant); t != "" {
					where += " (" + t + ")"
				}
				if g.Pointer != "" {
					where += " at " + g.Pointer
				}
			}
			c.res.Decisions = append(c.res.Decisions, Decision{Step: StepCheck,
				What: fmt.Sprintf("validate --profile %s: %d× %s %s: %s: model it in protocol/ (or bring the evidence that decides it)",
					v.Profile, g.Count, g.Severity, g.Rule, g.Message),
				Where: where,
				Next:  c.next(StepVersionFacts),
			})
		}
	}
	if len(c.res.Decisions) > n {
		return ErrDecide
	}
	return nil
}

func stepReport(_ context.Context, c *chain) (string, error) {
	if c.opts.Report == "" {
		return "no report file asked for", errSkip
	}
	var b strings.Builder
	c.res.WriteMarkdown(&b)
	if err := os.MkdirAll(filepath.Dir(c.opts.Report), 0o755); err != nil {
		return "", err
	}
	return "wrote " + c.opts.Report, atomicfile.WriteFile(c.opts.Report, []byte(b.String()), 0o644)
}

// goType returns the Go type of the model's variant name ("user" ->
// "protocol.UserMessage"), or "".
func goType(variant string) string {
	for _, v := range protocol.Variants {
		if v.Name == variant && v.New != nil {
			return strings.TrimPrefix(fmt.Sprintf("%T", v.New()), "*")
		}
	}
	return ""
}
