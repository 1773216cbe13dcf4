package cli

import (
	"fmt"
	"path/filepath"
	"slices"

	"github.com/spf13/cobra"

	"github.com/protocheck/protocheck/corpus"
	"github.com/protocheck/protocheck/validate"
)

const (
	flagUpdate     = "update"
	flagCLIDir     = "cli-dir"
	flagCorpusDir  = "dir"
	flagCLIVersion = "cli-version"
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
	cmd.AddCommand(newCorpusRegressCmd())
	return cmd
}

type corpusRegressOptions struct {
	update      bool
	cliDir, dir string
	scenarios   []string
	versions    []string
	jobs        int
	format      string
}

const corpusRegressLong = `Capture every scenario again with every pinned CLI that supports it (a
scenario may set min_version) and compare each fresh, normalised capture with
its golden structurally: the sequence of variants, the members of each line
and their JSON types, not their values.

Differences are findings with the rules drift/variant-added,
drift/variant-removed, drift/key-added, drift/key-removed and
drift/type-changed, and make the exit code 1. Variants whose count and place
vary between runs (system/thinking_tokens, system/status, hook progress …,
plus a scenario's "volatile" list) are compared by presence and merged shape
only; the items of an array are merged into one shape.

--update writes the fresh captures as the new goldens instead (review the
git diff). The pinned CLIs are the version folders under --cli-dir, as
'make cli' installs them.

Examples:
  make cli && protocheck corpus regress
  protocheck corpus regress --scenario tool_bash --cli-version 2.1.330
  protocheck corpus regress --update
  protocheck corpus regress --format json | jq -r '.[].rule' | sort | uniq -c`

func newCorpusRegressCmd() *cobra.Command {
	var opts corpusRegressOptions
	cmd := &cobra.Command{
		Use:   "regress [--update]",
		Short: "Capture every scenario with the pinned CLIs and report drift from the goldens",
		Long:  corpusRegressLong,
		Args:  noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return runCorpusRegress(cmd, opts)
		},
	}
	f := cmd.Flags()
	f.BoolVar(&opts.update, flagUpdate, false, "rewrite the goldens from fresh captures")
	f.StringVar(&opts.cliDir, flagCLIDir, filepath.Join(".cache", "cli"), "the folder of pinned CLIs, one folder per version")
	f.StringVar(&opts.dir, flagCorpusDir, "corpus", "the corpus folder (scenarios/, captures/)")
	f.StringArrayVar(&opts.scenarios, flagScenario, nil, "only this scenario (repeatable)")
	f.StringArrayVar(&opts.versions, flagCLIVersion, nil, "only this CLI version (repeatable)")
	f.IntVarP(&opts.jobs, flagJobs, "j", 0, "captures to run at once (default: the number of CPUs)")
	addFormatFlag(cmd, &opts.format)
	return cmd
}

func runCorpusRegress(cmd *cobra.Command, opts corpusRegressOptions) error {
	format, err := parseFormat(opts.format)
	if err != nil {
		return err
	}
	clis, err := corpus.FindCLIs(opts.cliDir)
	if err != nil {
		return err
	}
	if len(opts.versions) > 0 {
		var keep []corpus.PinnedCLI
		for _, v := range opts.versions {
			i := slices.IndexFunc(clis, func(c corpus.PinnedCLI) bool { return c.Version == v })
			if i < 0 {
				return usagef("--%s %s: not installed under %s", flagCLIVersion, v, opts.cliDir)
			}
			keep = append(keep, clis[i])
		}
		clis = keep
	}
	runs, err := corpus.Regress(cmd.Context(), corpus.RegressOptions{
		Dir: opts.dir, CLIs: clis, Scenarios: opts.scenarios, Update: opts.update,
		Jobs: opts.jobs, Progress: cmd.ErrOrStderr(),
	})
	if err != nil {
		return err
	}
	var findings validate.Findings
	var errs []error
	for _, r := range runs {
		findings = append(findings, r.Findings...)
		if r.Err != nil {
			errs = append(errs, r.Err)
		}
	}
	out := cmd.OutOrStdout()
	if format == validate.FormatJSON {
		if err := writeJSON(out, findings); err != nil {
			return err
		}
	} else {
		for _, f := range findings {
			fmt.Fprintln(out, f)
		}
	}
	fmt.Fprintf(cmd.ErrOrStderr(), "%d captures, %d findings, %d errors\n", len(runs), len(findings), len(errs))
	if len(errs) > 0 {
		return fmt.Errorf("%d of %d captures failed (see above); the first: %w", len(errs), len(runs), errs[0])
	}
	if len(findings) > 0 {
		return errFindings
	}
	return nil
}
