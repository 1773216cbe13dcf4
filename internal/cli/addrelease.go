package cli

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/protocheck/protocheck/corpus/ladder"
)

// addReleaseFormats are the output formats of corpus add-release.
var addReleaseFormats = ladder.Formats

// addReleaseOptions are add-release's flags; chain's fields other than
// the version and the progress are bound to flags.
type addReleaseOptions struct {
	format string
	chain  ladder.Options
}

const addReleaseLong = `Add a Claude Code CLI release to the corpus as a rung of the ladder, in one
command that runs the whole chain, each step timed:

  pin          corpus/cli/VERSION/package.json with the exact version of
               @anthropic-ai/claude-code and the package-lock.json npm
               makes for it (a pin that exists is kept);
  install      npm ci under --cli-dir/VERSION, as 'make cli' does;
  bundlefacts  the members the release's own bundle writes
               (internal/gen/versionfacts/bundle.json, its entry only);
  zodfacts     the CLI's own zod schemas, and
  optionfacts  its command-line options: each run when its generator
               (internal/gen/zodfacts, internal/gen/optionfacts) is in the
               tree, and skipped with a note otherwise;
  captures     every scenario the release supports (min_version), as
               'corpus regress --update' does; a capture that fails is
               tried again (--attempts); a scenario the release refuses
               ("error: unknown option ...") is recorded in
               corpus/captures/VERSION/not-runnable.json;
  evidence     protocol/zz_evidence.go, the model's generated layer: the
               members zod, the bundle and the captures show (zodfacts
               -model);
  versionfacts protocol/zz_versions.go: the release becomes a rung;
  version      protocol.Version (and internal/codegen/release.json) when
               the release is newer than it;
  schemas      protocol/zz_json.go and schemas/;
  goldens      the goldens that follow the model (go test ./corpus/drift
               -update): review their diff;
  coverage     docs/coverage.md; a member a bundle writes that the model
               lacks (and internal/gen/bundlefacts/exceptions.txt does not
               list) is a decision, said together with the check's;
  docs         docs/zod.md (zodfacts -docs);
  rules        docs/rules.md, whose examples name the ladder;
  readme       README.md's sample output (its test, -update-readme);
  ledger       corpus/dialects/ledger.txt and stats.txt (corpus run
               --update, with every real-SDK row: make harnesses). A new
               divergence that a dialect's policy for what it does not
               know explains (schema/unknown-property, variant/unknown-*)
               is recorded; any other needs a human;
  check        validate the captures, default and strict profile, with
               the tree's code (go run: the new facts), and compare them
               with the rung below (variants and members new, vanished,
               now and no longer always sent) and the bundle facts with
               the release below (members no capture may show);
  report       the Markdown report (--report; 'make add-release' writes
               docs/releases/VERSION.md).

The generator steps run 'go run' in --root, the repository (default: the
current folder when it is protocheck's module), on its corpus folder;
--root '' runs only pin, install, captures, check and report.

Where a human must decide (a capture that failed after every attempt, a
member a bundle writes that the model lacks, a finding of the strict
check, a new divergence no dialect's policy explains), the chain stops with exit 1 and prints each decision: what, where
(file, member or line) and the command that resumes the chain (--from
STEP). The report is written all the same. When it exits 0, 'make check'
passes on the tree with no edit; review the diff and commit it.

--capture missing captures only the scenarios with no golden yet (to
finish a rung); --capture none captures and installs nothing and reports
on the committed captures. Needs npm and the registry for pin and install,
node for bundlefacts.

Examples:
  protocheck corpus add-release 2.1.332
  make add-release VERSION=2.1.332
  protocheck corpus add-release 2.1.332 --from versionfacts
  protocheck corpus add-release 2.1.331 --capture none --root '' --format markdown > docs/releases/2.1.331.md

Exit codes: 0 added, every step done or skipped, with clean captures; 1 a
human must decide (see the decisions printed); 2 bad usage, or a step
failed (pin, install, a generator).
--format json prints the result: {"version", "captured", "not_runnable",
"failed", "validation": [...], "report": {...}, "bundle": {...},
"steps": [{"name", "status", "command", "seconds", ...}], "decisions":
[{"step", "what", "where", "next"}]}.`

func newCorpusAddReleaseCmd() *cobra.Command {
	var opts addReleaseOptions
	cmd := &cobra.Command{
		Use:   "add-release VERSION",
		Short: "Add a CLI release as a rung: pin, install, facts, captures, schemas, ledger, check, report",
		Long:  addReleaseLong,
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runAddRelease(cmd.Context(), streamsOf(cmd), args[0], opts)
		},
	}
	f := cmd.Flags()
	f.StringVar(&opts.chain.CLIDir, flagCLIDir, filepath.Join(".cache", "cli"), "the folder of installed CLIs, one folder per version")
	f.StringVar(&opts.chain.Dir, flagCorpusDir, "corpus", "the corpus folder (cli/, scenarios/, captures/)")
	f.StringVar(&opts.chain.Below, "below", "", "the rung to compare with (default: the newest older version with captures)")
	f.StringVar(&opts.chain.Capture, "capture", ladder.CaptureAll, "what to capture: all, missing (scenarios with no golden yet) or none")
	f.IntVarP(&opts.chain.Jobs, flagJobs, "j", 2, "captures to run at once")
	f.IntVar(&opts.chain.Attempts, flagAttempts, 2, "captures of a scenario before its failure is reported")
	f.StringVar(&opts.format, flagFormat, "text", "output format: text, markdown, json")
	f.StringVar(&opts.chain.Report, "report", "", "also write the Markdown report to this file")
	f.StringVar(&opts.chain.Npm, "npm", "npm", "the npm executable")
	f.StringVar(&opts.chain.Root, "root", ".", "the repository whose generators the chain runs; '' runs without them")
	f.StringVar(&opts.chain.From, "from", "", "the step to start at: "+strings.Join(ladder.StepNames(), ", "))
	f.StringVar(&opts.chain.To, "to", "", "the last step to run")
	return cmd
}

func runAddRelease(ctx context.Context, st streams, version string, opts addReleaseOptions) error {
	o := opts.chain
	o.Version, o.Progress = version, st.stderr
	if err := o.Check(opts.format); err != nil {
		return err
	}
	if err := inCheckout(st, flagCorpusDir); err != nil {
		return err
	}
	if err := o.Resolve(st.changed("root"), st.stderr); err != nil {
		return err
	}
	res, runErr := ladder.AddRelease(ctx, o)
	if res == nil {
		return runErr
	}
	if err := res.Write(st.stdout, opts.format); err != nil {
		return err
	}
	switch {
	case errors.Is(runErr, ladder.ErrDecide):
		fmt.Fprintln(st.stderr, "protocheck:", runErr)
		return errFindings
	case runErr != nil:
		return runErr
	case !res.Clean():
		return errFindings
	}
	return nil
}
