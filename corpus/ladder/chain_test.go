package ladder

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// fakeGo is the go of the chain's tests: it logs each command line (with
// whether FreshEnv was set) and does what the real generator would, as far
// as the chain sees it. FAKE_LEDGER says which divergence corpus run
// --update finds new; FAKE_CHECK what the check with the tree's code finds.
const fakeGo = `#!/bin/sh
echo "$* fresh=${PROTOCHECK_ADD_RELEASE_FRESH:-}" >> "$FAKE_LOG"
case "$*" in
"run ./internal/gen/zodfacts -cli-dir "*)
  test -f "$4/$FAKE_VERSION/.installed" || { echo "zodfacts: no release under $4" >&2; exit 1; }
  test -z "$(ls "$4" | grep -v "^$FAKE_VERSION\$")" || { echo "zodfacts: other releases under $4" >&2; exit 1; } ;;
"run ./internal/gen/bundlefacts -coverage -missing") echo "# coverage (fake)"
  if [ -n "$FAKE_MISSING" ]; then echo "missing: $FAKE_MISSING (bundle of $FAKE_VERSION)" >&2; exit 1; fi ;;
"run ./cmd/protocheck corpus run --update --sdk-harnesses all")
  if [ -n "$FAKE_LEDGER" ]; then echo "new divergence: $FAKE_LEDGER  # a reason" >&2; echo "protocheck: 1 divergences are not in corpus/dialects/ledger.txt" >&2; exit 2; fi
  echo "wrote corpus/dialects/ledger.txt (0 added, 0 removed) and corpus/dialects/stats.txt" >&2 ;;
"run ./cmd/protocheck corpus run --update --sdk-harnesses all --force") ;;
"run ./cmd/protocheck corpus add-release "*)
  if [ -n "$FAKE_CHECK" ]; then
    echo '{"version":"'$FAKE_VERSION'","captures":1,"validation":[{"profile":"strict","files":1,"lines":2,"errors":1,"warnings":0,"deliberate":0,"findings":[{"file":"corpus/captures/'$FAKE_VERSION'/a.jsonl","line":2,"variant":"user","pointer":"","rule":"schema/unknown-property","severity":"error","message":"user: property x is not part of the protocol"}]}]}'
    exit 1
  fi
  echo '{"version":"'$FAKE_VERSION'","captures":1,"validation":[{"profile":"default","files":1,"lines":2,"findings":[]},{"profile":"strict","files":1,"lines":2,"findings":[]}]}' ;;
esac
exit 0
`

// fakeMake is the make of the chain's tests: it logs its command line and
// fails when FAKE_MAKE_FAIL is set (a generator that cannot be installed).
const fakeMake = `#!/bin/sh
echo "make $* fresh=${PROTOCHECK_ADD_RELEASE_FRESH:-}" >> "$FAKE_LOG"
if [ -n "$FAKE_MAKE_FAIL" ]; then echo "cargo: not found" >&2; exit 2; fi
echo "wrote internal/codegen/testdata/losses.txt: 3 entries"
`

// chainRepo makes a repository for the chain: the generators' folders
// (optionfacts' missing), protocol/variant.go at version 2.1.0, the schema
// package's release.json, bundle facts of 2.1.0 and 2.1.5, and 2.1.5
// installed under the CLI folder it returns.
func chainRepo(t *testing.T) (root, cliDir, log string, opts Options) {
	t.Helper()
	if runtime.GOOS == "windows" {
		t.Skip("the fake go is a shell script")
	}
	root, cliDir = t.TempDir(), t.TempDir()
	files := map[string]string{
		"protocol/variant.go":           "package protocol\n\n// Version is the CLI version.\nconst Version = \"2.1.0\"\n",
		"internal/codegen/release.json": "{\n  \"version\": \"1.0.1\",\n  \"cli_version\": \"2.1.0\",\n  \"note\": \"n\"\n}\n",
		"internal/codegen/CHANGELOG.md": "# Changelog\n\nNewest first.\n\n## 1.0.1\n\nCLI 2.1.0.\n",
		"internal/codegen/check.mjs":    "",
		BundleFile: `{"releases":[{"cli":"2.1.0","source":"pkg@2.1.0 (cli.js)","variants":{"user":["/type","/old"]}},` +
			`{"cli":"2.1.5","source":"pkg@2.1.5 (native binary)","variants":{"user":["/type","/fresh"],"system.peer":["/id"]}}]}`,
		"internal/gen/bundlefacts/main.go":  "package main\n",
		"internal/gen/schemagen/main.go":    "package main\n",
		"internal/gen/zodfacts/main.go":     "package main\n",
		"corpus/drift/drift.go":             "package drift\n",
		"corpus/captures/2.1.5/a.jsonl":     `{"type":"user","fresh":1}` + "\n",
		"corpus/captures/2.1.0/a.jsonl":     `{"type":"user","old":1}` + "\n",
		"installed/2.1.5/.installed":        "",
		"installed/2.1.5/package.json":      "{}",
		"installed/2.1.5/node_modules/.bin": "",
	}
	for name, data := range files {
		p := filepath.Join(root, filepath.FromSlash(name))
		if strings.HasPrefix(name, "installed/") {
			p = filepath.Join(cliDir, strings.TrimPrefix(name, "installed/"))
		}
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	os.MkdirAll(filepath.Join(root, "internal", "gen", "versionfacts"), 0o755)
	// A real scenario (the captures step reads them even with --capture
	// none: which the release supports).
	sc, err := os.ReadFile(filepath.Join("..", "scenarios", "hello_text.json"))
	if err != nil {
		t.Fatal(err)
	}
	os.MkdirAll(filepath.Join(root, "corpus", "scenarios"), 0o755)
	if err := os.WriteFile(filepath.Join(root, "corpus", "scenarios", "hello_text.json"), sc, 0o644); err != nil {
		t.Fatal(err)
	}
	bin := t.TempDir()
	goBin := filepath.Join(bin, "go")
	if err := os.WriteFile(goBin, []byte(fakeGo), 0o755); err != nil {
		t.Fatal(err)
	}
	makeBin := filepath.Join(bin, "make")
	if err := os.WriteFile(makeBin, []byte(fakeMake), 0o755); err != nil {
		t.Fatal(err)
	}
	log = filepath.Join(bin, "log")
	t.Setenv("FAKE_LOG", log)
	t.Setenv("FAKE_MAKE_FAIL", "")
	t.Setenv("FAKE_VERSION", "2.1.5")
	t.Setenv("FAKE_LEDGER", "")
	t.Setenv("FAKE_CHECK", "")
	t.Setenv("FAKE_MISSING", "")
	t.Setenv(FreshEnv, "")
	opts = Options{Version: "2.1.5", Dir: filepath.Join(root, "corpus"), CLIDir: cliDir, Capture: CaptureNone,
		Root: root, Go: goBin, Make: makeBin, Report: filepath.Join(root, "docs", "releases", "2.1.5.md")}
	return root, cliDir, log, opts
}

func statuses(res *Result) map[string]string {
	out := map[string]string{}
	for _, s := range res.Steps {
		out[s.Name] = s.Status
	}
	return out
}

// TestChain: the steps run in order, each generator with go run in the
// root; a generator not in the tree is skipped with a note; the generators
// that read every release under -cli-dir get a folder with only the new
// one; protocol.Version and the schema package follow a newer release; the
// check runs the tree's code (FreshEnv set) once the facts were
// regenerated; a new divergence a dialect's policy explains is recorded;
// the report says every step.
func TestChain(t *testing.T) {
	root, cliDir, log, opts := chainRepo(t)
	t.Setenv("FAKE_LEDGER", "goat user rejected schema/unknown-property /fresh")
	res, err := AddRelease(context.Background(), opts)
	if err != nil {
		t.Fatalf("AddRelease: %v", err)
	}
	calls, _ := os.ReadFile(log)
	var got []string
	for _, l := range strings.Split(strings.TrimSpace(string(calls)), "\n") {
		if i := strings.Index(l, " -cli-dir /"); i >= 0 && strings.Contains(l, "zodfacts") {
			l = l[:i] + " -cli-dir SOLO" + l[strings.LastIndex(l, " fresh="):]
		}
		got = append(got, l)
	}
	want := []string{
		"run ./internal/gen/bundlefacts -cli-dir  " + filepath.Join(cliDir, "2.1.5") + " fresh=",
		"run ./internal/gen/zodfacts -cli-dir SOLO fresh=",
		"run ./internal/gen/zodfacts -model fresh=",
		"run ./internal/gen/versionfacts fresh=",
		"generate ./protocol fresh=",
		"run ./internal/gen/schemagen fresh=",
		"test ./corpus/drift -run ^TestDriftGolden$ -count=1 -update fresh=",
		"run ./internal/gen/bundlefacts -coverage -missing fresh=",
		"run ./internal/gen/zodfacts -docs fresh=",
		"make --no-print-directory codegen-update fresh=",
		"run ./cmd/protocheck corpus add-release 2.1.5 --from check --to check --format json --dir corpus --cli-dir " + cliDir + " fresh=1",
		"run ./cmd/protocheck corpus run --update --sdk-harnesses all fresh=",
		"run ./cmd/protocheck corpus run --update --sdk-harnesses all --force fresh=",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("go commands mismatch (-want +got):\n%s", diff)
	}
	wantStatus := map[string]string{StepPin: StatusSkipped, StepInstall: StatusSkipped, StepBundleFacts: StatusDone, StepZodFacts: StatusDone,
		StepOptionFacts: StatusSkipped, StepCaptures: StatusSkipped, StepVersionFacts: StatusDone, StepVersion: StatusDone, StepSchemas: StatusDone,
		StepGoldens: StatusDone, StepCoverage: StatusDone, StepCheck: StatusDone, StepLedger: StatusDone, StepReport: StatusDone,
		StepEvidence: StatusDone, StepDocs: StatusDone, StepRulesDoc: StatusSkipped, StepReadme: StatusSkipped, StepCodegen: StatusDone}
	if diff := cmp.Diff(wantStatus, statuses(res)); diff != "" {
		t.Errorf("step statuses mismatch (-want +got):\n%s", diff)
	}
	if log, _ := os.ReadFile(filepath.Join(root, "internal", "codegen", "CHANGELOG.md")); !strings.Contains(string(log), "Newest first.\n\n## 1.1.0\n\nThe schemas of CLI 2.1.5,") ||
		!strings.Contains(string(log), "\n## 1.0.1\n\nCLI 2.1.0.\n") {
		t.Errorf("CHANGELOG.md:\n%s\nwant an entry 1.1.0 for CLI 2.1.5 above 1.0.1's", log)
	}
	if i := slices.IndexFunc(res.Steps, func(s StepResult) bool { return s.Name == StepOptionFacts }); i < 0 || !strings.Contains(res.Steps[i].Note, "internal/gen/optionfacts is not in this tree") {
		t.Errorf("optionfacts: %+v; want a note that its generator is not in the tree", res.Steps)
	}
	if src, _ := os.ReadFile(filepath.Join(root, "protocol", "variant.go")); !strings.Contains(string(src), `const Version = "2.1.5"`) {
		t.Errorf("protocol/variant.go:\n%s\nwant Version 2.1.5", src)
	}
	if rel, _ := os.ReadFile(filepath.Join(root, "internal", "codegen", "release.json")); !strings.Contains(string(rel), `"version": "1.1.0"`) ||
		!strings.Contains(string(rel), `"cli_version": "2.1.5"`) || !strings.Contains(string(rel), `"note": "n"`) {
		t.Errorf("release.json:\n%s\nwant version 1.1.0 for cli_version 2.1.5, the note kept", rel)
	}
	if cov, _ := os.ReadFile(filepath.Join(root, "docs", "coverage.md")); string(cov) != "# coverage (fake)\n" {
		t.Errorf("docs/coverage.md = %q; want the generator's output", cov)
	}
	if diff := cmp.Diff([]string{"goat user rejected schema/unknown-property /fresh"}, res.Recorded); diff != "" {
		t.Errorf("recorded divergences mismatch (-want +got):\n%s", diff)
	}
	if len(res.Validation) != 2 || !res.Validation[1].Clean() || res.Captures != 1 {
		t.Errorf("validation %+v, captures %d; want the fresh check's", res.Validation, res.Captures)
	}
	report, err := os.ReadFile(opts.Report)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"| versionfacts | done |",
		"| optionfacts | skipped |", "- `goat user rejected schema/unknown-property /fresh`"} {
		if !strings.Contains(string(report), want) {
			t.Errorf("the report lacks %q:\n%s", want, report)
		}
	}

	// The release is not newer than protocol.Version now: it stays.
	os.Remove(log)
	t.Setenv("FAKE_LEDGER", "")
	opts.From = StepVersion
	opts.To = StepVersion
	res, err = AddRelease(context.Background(), opts)
	if err != nil || statuses(res)[StepVersion] != StatusSkipped || statuses(res)[StepSchemas] != StatusSkipped {
		t.Errorf("--from version --to version again: %v, %+v; want version skipped (2.1.5 is not newer), the rest not run", err, res.Steps)
	}
	if _, err := os.Stat(log); err == nil {
		t.Error("--from version --to version ran go")
	}
}

// TestChainDecide: where a human must decide, the chain stops with
// ErrDecide, each decision names what, where and the command that resumes
// the chain, and the report is written all the same.
func TestChainDecide(t *testing.T) {
	for _, c := range []struct {
		name, ledger, check string
		makeFail            string
		step                string
		where               string
		next                string
	}{
		{name: "a required member no longer sent", ledger: "ts-sdk user rejected schema/required /uuid",
			step: StepLedger, where: "corpus/dialects/ledger.txt: ts-sdk user rejected schema/required /uuid", next: "--from check"},
		{name: "the wire dialect, the model itself", ledger: "wire user rejected schema/unknown-property /fresh",
			step: StepLedger, where: "corpus/dialects/ledger.txt: wire user rejected schema/unknown-property /fresh", next: "--from versionfacts"},
		{name: "the strict check", check: "1",
			step: StepCheck, where: "corpus/captures/2.1.5/a.jsonl:2: user", next: "add-release 2.1.5 --from versionfacts"},
		{name: "the code generators cannot run", makeFail: "1",
			step: StepCodegen, where: "internal/codegen", next: "add-release 2.1.5 --from codegen"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, _, log, opts := chainRepo(t)
			t.Setenv("FAKE_LEDGER", c.ledger)
			t.Setenv("FAKE_CHECK", c.check)
			t.Setenv("FAKE_MAKE_FAIL", c.makeFail)
			res, err := AddRelease(context.Background(), opts)
			if !errors.Is(err, ErrDecide) {
				t.Fatalf("AddRelease: %v; want ErrDecide", err)
			}
			if len(res.Decisions) != 1 {
				t.Fatalf("decisions %+v; want one", res.Decisions)
			}
			d := res.Decisions[0]
			if d.Step != c.step || !strings.HasPrefix(d.Where, c.where) || !strings.Contains(d.Next, c.next) {
				t.Errorf("decision %+v; want step %s, where %q..., next with %q", d, c.step, c.where, c.next)
			}
			if st := statuses(res); st[c.step] != StatusDecide || st[StepReport] != StatusDone {
				t.Errorf("statuses %v; want %s decide, the report written", st, c.step)
			}
			if calls, _ := os.ReadFile(log); strings.Contains(string(calls), "--force") {
				t.Errorf("the chain forced the ledger:\n%s", calls)
			}
			report, _ := os.ReadFile(opts.Report)
			if !strings.Contains(string(report), "## To decide") {
				t.Errorf("the report lacks the decisions:\n%s", report)
			}
		})
	}
}

// TestChainDecideAll: a member a bundle writes that the model lacks is a
// decision that lets the chain run on through the check, so that the
// check's decisions come with it; then the chain stops before the ledger.
func TestChainDecideAll(t *testing.T) {
	_, _, log, opts := chainRepo(t)
	t.Setenv("FAKE_MISSING", "system.peer /id")
	t.Setenv("FAKE_CHECK", "1")
	res, err := AddRelease(context.Background(), opts)
	if !errors.Is(err, ErrDecide) {
		t.Fatalf("AddRelease: %v; want ErrDecide", err)
	}
	var got []string
	for _, d := range res.Decisions {
		got = append(got, d.Step+": "+d.Where)
	}
	want := []string{StepCoverage + ": system.peer /id", StepCheck + ": corpus/captures/2.1.5/a.jsonl:2: user (protocol.UserMessage)"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("decisions mismatch (-want +got):\n%s", diff)
	}
	st := statuses(res)
	if st[StepCoverage] != StatusDecide || st[StepCheck] != StatusDecide || st[StepLedger] != StatusSkipped || st[StepReport] != StatusDone {
		t.Errorf("statuses %v; want coverage and check decide, ledger skipped, report done", st)
	}
	if cov, _ := os.ReadFile(filepath.Join(filepath.Dir(opts.Dir), "docs", "coverage.md")); string(cov) != "# coverage (fake)\n" {
		t.Errorf("docs/coverage.md = %q; want it written all the same", cov)
	}
	if calls, _ := os.ReadFile(log); strings.Contains(string(calls), "corpus run") {
		t.Errorf("the ledger ran after a decision:\n%s", calls)
	}
}

// TestChainBadSteps: --from and --to must name steps in order.
func TestChainBadSteps(t *testing.T) {
	for _, o := range []Options{
		{Version: "2.1.5", From: "nope"},
		{Version: "2.1.5", From: StepLedger, To: StepPin},
	} {
		if _, err := AddRelease(context.Background(), o); err == nil {
			t.Errorf("AddRelease(from %q, to %q): no error", o.From, o.To)
		}
	}
}

// TestCompareBundles: the members the release's bundle writes that the
// bundle of the release below does not are new, the reverse gone; each
// says whether a capture of the release shows it and whether the model
// has it.
func TestCompareBundles(t *testing.T) {
	root, _, _, opts := chainRepo(t)
	b, err := CompareBundles(bundlePath(root), opts.Dir, "2.1.5")
	if err != nil || b == nil || b.Below != "2.1.0" || b.Source != "pkg@2.1.5 (native binary)" {
		t.Fatalf("CompareBundles = %+v, %v; want a report against 2.1.0", b, err)
	}
	want := &BundleReport{Version: "2.1.5", Source: "pkg@2.1.5 (native binary)", Below: "2.1.0", BelowSource: "pkg@2.1.0 (cli.js)",
		New:  []BundleMember{{Variant: "system.peer"}, {Variant: "system.peer", Member: "/id"}, {Variant: "user", Member: "/fresh", Captured: true}},
		Gone: []BundleMember{{Variant: "user", Member: "/old"}}}
	if diff := cmp.Diff(want, b); diff != "" {
		t.Errorf("CompareBundles mismatch (-want +got):\n%s", diff)
	}
	var md strings.Builder
	(&Result{Version: "2.1.5", Bundle: b}).WriteMarkdown(&md)
	for _, row := range []string{"| `user` | `/fresh` | yes | no |", "| `system.peer` | (the variant) | no | no |", "### Gone from the bundle"} {
		if !strings.Contains(md.String(), row) {
			t.Errorf("the report lacks %q:\n%s", row, md.String())
		}
	}
	if b, err := CompareBundles(bundlePath(root), opts.Dir, "2.1.9"); err != nil || b != nil {
		t.Errorf("CompareBundles(2.1.9) = %+v, %v; want nil: no entry", b, err)
	}
}
