package cli

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"path/filepath"
	"slices"

	"github.com/spf13/cobra"

	"github.com/protocheck/protocheck/corpus/capture"
	"github.com/protocheck/protocheck/corpus/matrix"
	"github.com/protocheck/protocheck/internal/atomicfile"
	"github.com/protocheck/protocheck/validate"
)

const (
	flagUpdate     = "update"
	flagCLIDir     = "cli-dir"
	flagCorpusDir  = "dir"
	flagCLIVersion = "cli-version"
	flagAttempts   = "attempts"
)

const corpusLong = `Work with the committed corpus of real CLI transcripts under corpus/:
scenarios/<name>.json scripts a run, captures/<cli-version>/<name>.jsonl is
its normalised transcript (the golden) and <name>.meta.json its metadata.`

func newCorpusCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "corpus",
		Short: "Capture the corpus again and check it for drift",
		Long:  corpusLong,
		Args:  noArgs,
	}
	cmd.AddCommand(newCorpusRegressCmd(), newCorpusRunCmd(), newCorpusDialectsCmd(), newCorpusProbeCmd(), newCorpusReportCmd(), newCorpusAddReleaseCmd())
	return cmd
}

type corpusRegressOptions struct {
	update      bool
	cliDir, dir string
	scenarios   []string
	versions    []string
	jobs        int
	attempts    int
	format      string
	explain     string // --explain A,B: no captures, explain the goldens' differences
}

const corpusRegressLong = `Capture every scenario again with every pinned CLI that supports it (a
scenario may set min_version) and compare each fresh, normalised capture with
its golden structurally: the sequence of variants, the members of each line
and their JSON types, not their values.

Differences are findings with the rules drift/variant-added,
drift/variant-removed, drift/key-added, drift/key-removed and
drift/type-changed, and make the exit code 1. A run that ends otherwise than
the golden one (another exit code, or killed at its timeout; see
<name>.meta.json) is drift/exit-code. Variants whose count and place
vary between runs (system/thinking_tokens, system/status, hook progress …,
plus a scenario's "volatile" list) are compared by presence and merged shape
only; the items of an array are merged into one shape.

The pinned CLIs do not change, so drift that a second capture does not repeat
is a race in the run, not in the protocol: a scenario with drift or an error
is captured again, up to --attempts times, and only what the last attempt
finds is reported. The summary counts the runs that passed only at a later
attempt; --attempts 1 reports the first capture's drift.

--update writes the fresh captures as the new goldens instead (review the
git diff). --explain A,B captures nothing: it compares the goldens of CLI
versions A and B of each scenario both have (A as the golden) and explains
each difference with the schema drift from A to B (protocheck drift --from A
--to B): a difference no drift change explains comes from the run, not from
the protocol. The pinned CLIs are the version folders under --cli-dir, as
'make cli' installs them.

Examples:
  make cli && protocheck corpus regress
  protocheck corpus regress --scenario tool_bash --cli-version 2.1.330
  protocheck corpus regress --update
  protocheck corpus regress --format json | jq -r '.findings[].rule' | sort | uniq -c
  protocheck corpus regress --explain 2.0.20,2.1.330 --scenario hello_text

Exit codes: 0 no drift, 1 drift, 2 a capture failed or bad usage.
--format json prints {"report_version":1,"runs":[...],"findings":[...],
"summary":{...}}: one entry per capture with its status (ok, drift, error,
updated), attempts and error, then every finding.`

func newCorpusRegressCmd() *cobra.Command {
	var opts corpusRegressOptions
	cmd := &cobra.Command{
		Use:   "regress [--update]",
		Short: "Capture every scenario with the pinned CLIs and report drift from the goldens",
		Long:  corpusRegressLong,
		Args:  noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return runCorpusRegress(cmd.Context(), streamsOf(cmd), opts)
		},
	}
	f := cmd.Flags()
	f.BoolVar(&opts.update, flagUpdate, false, "rewrite the goldens from fresh captures")
	f.StringVar(&opts.cliDir, flagCLIDir, filepath.Join(".cache", "cli"), "the folder of pinned CLIs, one folder per version")
	f.StringVar(&opts.dir, flagCorpusDir, "corpus", "the corpus folder (scenarios/, captures/)")
	f.StringArrayVar(&opts.scenarios, flagScenario, nil, "only this scenario (repeatable)")
	f.StringArrayVar(&opts.versions, flagCLIVersion, nil, "only this CLI version (repeatable)")
	f.IntVarP(&opts.jobs, flagJobs, "j", 0, "captures to run at once (default: the number of CPUs)")
	f.IntVar(&opts.attempts, flagAttempts, 2, "captures of a scenario before its drift or error is reported")
	f.StringVar(&opts.explain, flagExplain, "", "A,B: capture nothing; explain the differences between versions A's and B's goldens with the schema drift from A to B")
	addFormatFlag(cmd, &opts.format)
	return cmd
}

func runCorpusRegress(ctx context.Context, st streams, opts corpusRegressOptions) error {
	format, err := parseFormat(opts.format)
	if err != nil {
		return err
	}
	if err := inCheckout(st, flagCorpusDir); err != nil {
		return err
	}
	if opts.explain != "" {
		return runExplain(ctx, st, opts, format)
	}
	if err := inCheckout(st, flagCLIDir); err != nil {
		return err
	}
	clis, err := capture.FindCLIs(opts.cliDir)
	if err != nil {
		return err
	}
	if len(opts.versions) > 0 {
		if clis, err = pinnedVersions(clis, opts.versions, opts.cliDir); err != nil {
			return err
		}
	}
	if opts.attempts < 1 {
		return usagef("--%s %d: must be at least 1", flagAttempts, opts.attempts)
	}
	runs, err := capture.Regress(ctx, capture.RegressOptions{
		Dir: opts.dir, CLIs: clis, Scenarios: opts.scenarios, Update: opts.update,
		Jobs: opts.jobs, Attempts: opts.attempts, Progress: st.stderr,
	})
	if err != nil {
		return err
	}
	rep := capture.Report(runs)
	out := st.stdout
	if format == validate.FormatJSON {
		if err := writeJSON(out, rep); err != nil {
			return err
		}
	} else {
		for _, f := range rep.Findings {
			fmt.Fprintln(out, f)
		}
	}
	s := rep.Summary
	fmt.Fprintf(st.stderr, "%d captures, %d findings, %d errors, %d passed only at a later attempt\n", s.Captures, s.Findings, s.Errors, s.Flaky)
	if s.Errors > 0 {
		for _, r := range runs {
			if r.Err != nil {
				return fmt.Errorf("%d of %d captures failed (see above); the first: %w", s.Errors, s.Captures, r.Err)
			}
		}
	}
	if s.Findings > 0 {
		return errFindings
	}
	return nil
}

// loadDialects returns the built-in dialects, with those of each folder
// of dirs, that names selects (all when it is empty). With addDirs, the
// dialects of dirs are selected too when names are given.
func loadDialects(names, dirs []string, addDirs bool) ([]*matrix.Dialect, error) {
	all, err := matrix.BuiltinDialects()
	if err != nil {
		return nil, err
	}
	named := len(names) > 0
	for _, dir := range dirs {
		if all, err = matrix.AddDialectDir(all, dir); err != nil {
			return nil, usagef("--%s: %v", flagDialectDir, err)
		}
		if d := all[len(all)-1]; addDirs && named && !slices.Contains(names, d.Name) {
			names = append(names, d.Name)
		}
	}
	dialects, err := matrix.SelectDialects(all, names)
	if err != nil {
		return nil, usagef("--%s: %v", flagDialect, err)
	}
	return dialects, nil
}

// corpusArgs returns the inputs named, or the committed captures of a
// checkout when none is.
func corpusArgs(st streams, args []string) ([]string, error) {
	if len(args) > 0 {
		return args, nil
	}
	return defaultCaptures(st, filepath.Join("corpus", "captures"))
}

// corpusInputs opens the inputs of corpus run and report, leaving out what
// --exclude names and what is not a transcript. With noStdin, "-" is
// refused: the matrix reads its inputs once per dialect.
func corpusInputs(args, excludes []string, noStdin bool) ([]validate.Input, error) {
	if noStdin && slices.Contains(args, "-") {
		return nil, usagef("corpus run reads its inputs once per dialect, so not from standard input; save it to a file")
	}
	if err := checkExcludes(excludes); err != nil {
		return nil, err
	}
	inputs := validate.NotTranscripts(excludeInputs(validate.Inputs(args, nil), excludes))
	if len(inputs) == 0 {
		return nil, excludedAll(len(args))
	}
	return inputs, nil
}

// writeOutput writes what print writes to stdout, or, when path is not
// "", to the file at path, atomically.
func writeOutput(stdout io.Writer, path string, print func(io.Writer) error) error {
	if path == "" {
		return print(stdout)
	}
	var buf bytes.Buffer
	if err := print(&buf); err != nil {
		return err
	}
	return atomicfile.WriteFile(path, buf.Bytes(), 0o644)
}
