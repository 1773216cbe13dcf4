package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/protocheck/protocheck/corpus/ladder"
	"github.com/protocheck/protocheck/internal/atomicfile"
	"github.com/protocheck/protocheck/protocol"
)

// addReleaseFormats are the output formats of corpus add-release.
var addReleaseFormats = []string{"text", formatMarkdown, "json"}

type addReleaseOptions struct {
	cliDir, dir, below, capture, format, report, npm string
	jobs, attempts                                   int
}

const addReleaseLong = `Add a Claude Code CLI release to the corpus as a rung of the ladder, in one
command:

  1. pin it: corpus/cli/VERSION/package.json with the exact version of
     @anthropic-ai/claude-code, and the package-lock.json npm makes for it
     (a pin that exists is kept);
  2. install it under --cli-dir/VERSION with npm ci, as 'make cli' does
     (cli.js up to 2.1.112, the native executable of the platform package
     from 2.1.113);
  3. capture every scenario the release supports (min_version), normalised,
     with the duplex transcripts, as 'corpus regress --update' does; a
     capture that fails is tried again (--attempts). A scenario the release
     refuses before any session starts (its command line parser says
     "error: unknown option ...") is not runnable: it is recorded with the
     CLI's words in corpus/captures/VERSION/not-runnable.json, not reported
     as an error, and regress does not run it;
  4. validate the captures with the default and the strict profile;
  5. compare them with the rung below (the newest older version with
     captures, or --below): variants and members new, vanished, now always
     sent (newly required) and no longer always sent, over the scenarios
     both rungs captured.

The captures are evidence for the version facts: after adding a rung run
'make versionfacts schemas', review both diffs, and run validate again
(a release newer than every known one warns version/unknown until then).

--capture missing captures only the scenarios with no golden yet (to
finish a rung); --capture none captures nothing and reports on the
committed captures. Needs npm and the registry for steps 1 and 2.

Examples:
  protocheck corpus add-release 2.1.331
  protocheck corpus add-release 2.1.331 --capture none --format markdown > docs/releases/2.1.331.md
  make add-release VERSION=2.1.331

Exit codes: 0 added, with clean captures; 1 a capture failed or the
captures have errors or warnings (see the report); 2 bad usage, or the pin
or install failed.
--format json prints the result: {"version", "captured", "not_runnable",
"failed", "validation": [...], "report": {...}}.`

func newCorpusAddReleaseCmd() *cobra.Command {
	var opts addReleaseOptions
	cmd := &cobra.Command{
		Use:   "add-release VERSION",
		Short: "Pin, install and capture a CLI release, and report what changed against the rung below",
		Long:  addReleaseLong,
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runAddRelease(cmd, args[0], opts)
		},
	}
	f := cmd.Flags()
	f.StringVar(&opts.cliDir, flagCLIDir, filepath.Join(".cache", "cli"), "the folder of installed CLIs, one folder per version")
	f.StringVar(&opts.dir, flagCorpusDir, "corpus", "the corpus folder (cli/, scenarios/, captures/)")
	f.StringVar(&opts.below, "below", "", "the rung to compare with (default: the newest older version with captures)")
	f.StringVar(&opts.capture, "capture", ladder.CaptureAll, "what to capture: all, missing (scenarios with no golden yet) or none")
	f.IntVarP(&opts.jobs, flagJobs, "j", 2, "captures to run at once")
	f.IntVar(&opts.attempts, flagAttempts, 2, "captures of a scenario before its failure is reported")
	f.StringVar(&opts.format, flagFormat, "text", "output format: text, markdown, json")
	f.StringVar(&opts.report, "report", "", "also write the Markdown report to this file")
	f.StringVar(&opts.npm, "npm", "npm", "the npm executable")
	return cmd
}

func runAddRelease(cmd *cobra.Command, version string, opts addReleaseOptions) error {
	if _, ok := protocol.ParseVersion(version); !ok {
		return usagef("%q is not a CLI version such as 2.1.331", version)
	}
	if !slices.Contains(addReleaseFormats, opts.format) {
		return usagef("--%s %q: want %s", flagFormat, opts.format, strings.Join(addReleaseFormats, ", "))
	}
	switch opts.capture {
	case ladder.CaptureAll, ladder.CaptureMissing, ladder.CaptureNone:
	default:
		return usagef("--capture %q: want all, missing or none", opts.capture)
	}
	if opts.attempts < 1 {
		return usagef("--%s %d: must be at least 1", flagAttempts, opts.attempts)
	}
	if err := inCheckout(cmd, flagCorpusDir); err != nil {
		return err
	}
	if opts.below != "" {
		if _, ok := protocol.ParseVersion(opts.below); !ok {
			return usagef("--below %q is not a CLI version", opts.below)
		}
		if _, err := os.Stat(filepath.Join(opts.dir, "captures", opts.below)); err != nil {
			return usagef("--below %s: no captures under %s", opts.below, filepath.Join(opts.dir, "captures", opts.below))
		}
	}
	res, runErr := ladder.AddRelease(cmd.Context(), ladder.Options{
		Version: version, Dir: opts.dir, CLIDir: opts.cliDir, Below: opts.below, Capture: opts.capture,
		Jobs: opts.jobs, Attempts: opts.attempts, Npm: opts.npm, Progress: cmd.ErrOrStderr(),
	})
	if res == nil {
		return runErr
	}
	out := cmd.OutOrStdout()
	switch opts.format {
	case "json":
		if err := writeJSON(out, res); err != nil {
			return err
		}
	case "markdown":
		res.WriteMarkdown(out)
	default:
		res.WriteText(out)
	}
	if opts.report != "" {
		var b strings.Builder
		res.WriteMarkdown(&b)
		if err := os.MkdirAll(filepath.Dir(opts.report), 0o755); err != nil {
			return err
		}
		if err := atomicfile.WriteFile(opts.report, []byte(b.String()), 0o644); err != nil {
			return err
		}
	}
	if runErr != nil {
		fmt.Fprintln(cmd.ErrOrStderr(), "protocheck:", runErr)
		return errFindings
	}
	for _, v := range res.Validation {
		if !v.Clean() {
			return errFindings
		}
	}
	return nil
}
