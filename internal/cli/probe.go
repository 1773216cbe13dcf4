package cli

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/protocheck/protocheck/corpus/capture"
	"github.com/protocheck/protocheck/corpus/matrix"
	"github.com/protocheck/protocheck/corpus/probe"
)

type corpusProbeOptions struct {
	cliDir, out string
	versions    []string
	only        []string
	jobs        int
	wait        time.Duration
	list, table bool
}

const corpusProbeLong = `Ask the real CLI what it reads: send every message an SDK may write to the
CLI's stdin, one member at a time at an edge value, and record what the
CLI does with it.

The probes are made from the wire model (protocol/): every control_request
subtype an SDK sends, the answers to the CLI's can_use_tool and
hook_callback requests, a user message, keep_alive and
control_cancel_request. Each member is sent absent (when required), with a
valid value (when optional), null, empty, and of the wrong JSON type; each
message once with an unknown member, and once with an unknown subtype.
Besides those, a few hand-written cases of nested members (hook matchers,
agent definitions) and every message the built-in dialects write
(writes.json) are sent as they are.

Each probe runs through the capture harness, offline against the fake
Messages API; request probes of one subtype share a session. The CLI's
answer is one of: success (answered with success, the turn or tool ran, the
session went on), error (answered with an error: its message is kept),
refused (after an answer, the tool did not run: the tool_result is kept),
no-answer (nothing within --wait) and ended (the CLI exited: its exit code
and last stderr line are kept). Next to each answer the results keep the
verdict of the SDK-direction model generated from sdk.d.ts ("types"), so a
probe where the two disagree is a fact the types get wrong.

The results are written to --out/<version>.json, one file per CLI version
(commit them: they are the evidence for every write-side claim of 'corpus
run', 'corpus report' and 'drift'). Runs are bounded by --jobs; nice it on a
shared machine.

Examples:
  nice protocheck corpus probe --cli-version 2.1.330 -j 2
  protocheck corpus probe --list | grep initialize
  protocheck corpus probe --cli-version 2.0.20 --only initialize --only dialect

Exit codes: 0 the probes ran, 2 bad usage or a CLI could not be started.`

func newCorpusProbeCmd() *cobra.Command {
	var opts corpusProbeOptions
	cmd := &cobra.Command{
		Use:   "probe [--cli-version V] [--only TEXT]",
		Short: "Probe the pinned CLIs with every message an SDK writes, and record what they read",
		Long:  corpusProbeLong,
		Args:  noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return runCorpusProbe(cmd.Context(), streamsOf(cmd), opts)
		},
	}
	f := cmd.Flags()
	f.StringVar(&opts.cliDir, flagCLIDir, filepath.Join(".cache", "cli"), "the folder of pinned CLIs, one folder per version")
	f.StringArrayVar(&opts.versions, flagCLIVersion, nil, "only this CLI version (repeatable; default: the newest)")
	f.StringArrayVar(&opts.only, "only", nil, "only the probes whose id contains this text (repeatable)")
	f.IntVarP(&opts.jobs, flagJobs, "j", 2, "CLIs to run at once")
	f.DurationVar(&opts.wait, flagProbeWait, 10*time.Second, "how long to wait for each answer")
	f.StringVar(&opts.out, "out", filepath.FromSlash(probe.ResultsDir), "the folder of the results files")
	f.BoolVar(&opts.list, "list", false, "list the probes' ids and run nothing")
	f.BoolVar(&opts.table, "table", false, "print the markdown table of the results files under --out and run nothing")
	return cmd
}

func runCorpusProbe(ctx context.Context, st streams, opts corpusProbeOptions) error {
	dialects, err := matrix.BuiltinDialects()
	if err != nil {
		return err
	}
	var probes []probe.Probe
	for _, p := range probe.Suite(dialects) {
		if len(opts.only) == 0 || slices.ContainsFunc(opts.only, func(s string) bool { return strings.Contains(p.ID, s) }) {
			probes = append(probes, p)
		}
	}
	if opts.table {
		return printProbeTable(ctx, st.stdout, opts.out)
	}
	if opts.list {
		for _, p := range probes {
			fmt.Fprintf(st.stdout, "%s\t%s\n", p.ID, p.Message)
		}
		return nil
	}
	if len(probes) == 0 {
		return usagef("--only %s: no probe matches", strings.Join(opts.only, ", "))
	}
	if opts.jobs < 1 {
		return usagef("--%s %d: must be at least 1", flagJobs, opts.jobs)
	}
	if err := inCheckout(st, flagCLIDir); err != nil {
		return err
	}
	clis, err := capture.FindCLIs(opts.cliDir)
	if err != nil {
		return err
	}
	sel := clis[len(clis)-1:]
	if len(opts.versions) > 0 {
		if sel, err = pinnedVersions(clis, opts.versions, opts.cliDir); err != nil {
			return err
		}
	}
	for _, c := range sel {
		if err := probeCLI(ctx, st, opts, c, probes); err != nil {
			return err
		}
	}
	return nil
}

// printProbeTable prints the table of the results files of dir.
func printProbeTable(ctx context.Context, w io.Writer, dir string) error {
	files, err := probe.ReadDir(dir)
	if err != nil {
		return err
	}
	if len(files) == 0 {
		return usagef("%s: no results files (run protocheck corpus probe)", dir)
	}
	t, err := probe.Table(ctx, files)
	if err != nil {
		return err
	}
	fmt.Fprint(w, t)
	return nil
}

// pinnedVersions returns the pinned CLIs of the versions named, in that
// order, as a usage error when one is not installed.
func pinnedVersions(clis []capture.PinnedCLI, versions []string, dir string) ([]capture.PinnedCLI, error) {
	var sel []capture.PinnedCLI
	for _, v := range versions {
		i := slices.IndexFunc(clis, func(c capture.PinnedCLI) bool { return c.Version == v })
		if i < 0 {
			return nil, usagef("--%s %s: not installed under %s", flagCLIVersion, v, dir)
		}
		sel = append(sel, clis[i])
	}
	return sel, nil
}

// probeCLI sends the probes to one CLI, writes its results file (a
// partial run, --only, keeps the results it did not run) and prints a
// summary.
func probeCLI(ctx context.Context, st streams, opts corpusProbeOptions, c capture.PinnedCLI, probes []probe.Probe) error {
	start := time.Now()
	rs, err := probe.Run(ctx, probe.Options{CLI: c, Jobs: opts.jobs, Wait: opts.wait, Progress: func(done, total int) {
		fmt.Fprintf(st.stderr, "\r%s: %d/%d probes", c.Version, done, total)
	}}, probes)
	fmt.Fprintln(st.stderr)
	if err != nil {
		return err
	}
	if err := probe.Judge(ctx, rs); err != nil {
		return err
	}
	if len(opts.only) > 0 {
		// A partial run updates the results it has and keeps the others.
		if old, err := probe.Read(filepath.Join(opts.out, c.Version+".json")); err == nil {
			rs = probe.Merge(old.Results, rs)
		}
	}
	probe.Settle(rs)
	if err := probe.Write(opts.out, c.Version, rs); err != nil {
		return err
	}
	s := probe.Summarise(c.Version, rs)
	fmt.Fprintf(st.stdout, "%s: %d probes of %d variants and %d members in %s; %s\n", c.Version, s.Probes, s.Variants, s.Members,
		time.Since(start).Round(time.Second), s.Outcomes())
	fmt.Fprintf(st.stdout, "%s: the CLI and the SDK-direction types disagree on %d probes (%d messages the types reject are read, %d they accept are not)\n",
		c.Version, s.Disagree, s.TypesTooStrict, s.TypesTooLoose)
	return nil
}

const flagProbes = "probes"
