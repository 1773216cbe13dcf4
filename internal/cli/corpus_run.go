package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/protocheck/protocheck/corpus/fixlist"
	"github.com/protocheck/protocheck/corpus/matrix"
	"github.com/protocheck/protocheck/corpus/probe"
	"github.com/protocheck/protocheck/internal/atomicfile"
	"github.com/protocheck/protocheck/internal/report"
	"github.com/protocheck/protocheck/validate"
)

const (
	flagDialect    = "dialect"
	flagDialectDir = "dialect-dir"
	flagCheck      = "check"
	flagForce      = "force"
	flagLedger     = "ledger"
	flagStats      = "stats"
)

type corpusRunOptions struct {
	dialects    []string
	dialectDirs []string
	format      string
	output      string
	check       bool
	update      bool
	force       bool
	ledger      string
	stats       string
	jobs        int
	harness     harnessOptions
	excludes    []string
	probes      string
}

const corpusRunLong = `Check every line of the inputs against every dialect, each SDK's idea of
the protocol, with that dialect's policy for what it does not know, and
report the matrix: one cell per wire variant and dialect, counting the lines
the dialect accepts, rejects (its reader fails) or drops (it skips them, or
keeps them only as raw data). Each cell keeps its reasons (rule and place,
with counts) and a few evidence lines. The report also checks what each
dialect writes to the CLI (permission replies, control requests, user
messages, as its source shows them) against what the CLI reads, and says
which wire variants the inputs exercise.

Dialects: wire (the real CLI, the reference), ts-sdk (generated from the
real sdk.d.ts), spec02, goat, ts-docs, python, rust; 'protocheck corpus
dialects' describes them. --dialect-dir adds one from a folder (see
corpus/dialects/README.md).

Real SDKs: --harness NAME=COMMAND adds a row judged by an SDK's own code,
through a harness that speaks protocheck's harness protocol
(docs/harness.md). The pinned real SDKs (corpus/harness/sdks, installed by
make harnesses) are rows by default when installed, each named with its
version; under CI=true a missing one fails the run. A hand-written model
with a real SDK (python, rust) is compared with it line by line: the
agreement per variant goes to standard error, and --check holds the
disagreements to corpus/harness/agreement.txt. A harness that crashes,
hangs or answers nonsense is reported and started again; the run goes on.

Inputs are files, folders and globs as for validate (default: the committed
captures under corpus/captures); standard input is not read, since each
dialect reads the inputs again.

--check compares the divergences with the ledger (corpus/dialects/ledger.txt)
and the counts with the stats file: it fails on a divergence the ledger does
not list, on a listed one that no longer happens, and on stale stats.
--check judges only the dialects selected (--dialect); on inputs other than
the committed captures, which the ledger and stats describe, it judges only
whether every divergence is a known one. --update rewrites both; new
divergences also need --force (then review the reasons it wrote).

A file in which no line is a protocol message (an API request log beside
the transcripts) is one input/not-a-transcript finding on standard error,
and is left out; --exclude GLOB leaves files out by name.

--format github, sarif, junit or gitlab write each divergence (a reason of
a cell that rejects or drops lines) as a finding located at its first
evidence line: an error when the dialect rejects the lines, a warning when
it drops them; the message names the dialect and counts the lines.

Examples:
  protocheck corpus run
  protocheck corpus run --dialect python --format github
  protocheck corpus run --format markdown >> "$GITHUB_STEP_SUMMARY"
  protocheck corpus run --format html -o report.html ../shared/real-cli-sample
  protocheck corpus run --dialect python --dialect rust --format json | jq '.cells[] | select(.rejected > 0)'
  protocheck corpus run --check
  protocheck corpus run --harness mysdk=./my-harness --sdk-harnesses off

Exit codes: 0 done (with --check: the ledger and stats hold), 1 --check
found new or gone divergences or stale stats, 2 bad usage or an input could
not be read. Divergences themselves do not fail a run: they are its report.`

func newCorpusRunCmd() *cobra.Command {
	var opts corpusRunOptions
	cmd := &cobra.Command{
		Use:   "run [flags] [FILE|DIR|GLOB...]",
		Short: "Check real lines against every dialect and report where each one breaks",
		Long:  corpusRunLong,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runCorpusRun(cmd.Context(), streamsOf(cmd), args, opts)
		},
	}
	f := cmd.Flags()
	f.StringArrayVar(&opts.dialects, flagDialect, nil, "only this dialect, besides the wire (repeatable)")
	f.StringArrayVar(&opts.dialectDirs, flagDialectDir, nil, "add the dialect in this folder (repeatable)")
	f.StringVar(&opts.format, flagFormat, string(report.Text), "output format: "+report.Names(corpusRunFormats))
	f.StringVarP(&opts.output, flagOutput, "o", "", "write the report to this file instead of standard output")
	f.BoolVar(&opts.check, flagCheck, false, "fail when the divergences or counts differ from the ledger and stats files")
	f.BoolVar(&opts.update, flagUpdate, false, "rewrite the ledger and stats files")
	f.BoolVar(&opts.force, flagForce, false, "with --update, record divergences the ledger does not list yet")
	f.StringVar(&opts.ledger, flagLedger, filepath.Join("corpus", "dialects", "ledger.txt"), "the ledger of known divergences")
	f.StringVar(&opts.stats, flagStats, filepath.Join("corpus", "dialects", "stats.txt"), "the stats file of accepted/lines counts")
	f.IntVarP(&opts.jobs, flagJobs, "j", 0, "lines checked at once (default: the number of CPUs)")
	addHarnessFlags(cmd, &opts.harness)
	addExcludeFlag(cmd, &opts.excludes)
	f.StringVar(&opts.probes, flagProbes, filepath.FromSlash(probe.ResultsDir), "the folder of the probe results files: the evidence of the writing side")
	return cmd
}

func runCorpusRun(ctx context.Context, st streams, args []string, opts corpusRunOptions) error {
	format, err := checkCorpusRunFlags(opts)
	if err != nil {
		return err
	}
	dialects, err := loadDialects(opts.dialects, opts.dialectDirs, true)
	if err != nil {
		return err
	}
	ownInputs := len(args) > 0
	if args, err = corpusArgs(st, args); err != nil {
		return err
	}
	// --check reads the ledger (the stats too, but only of the committed
	// captures); --update writes both.
	switch {
	case opts.update:
		err = inCheckout(st, flagLedger, flagStats)
	case opts.check:
		err = inCheckout(st, flagLedger)
	}
	if err != nil {
		return err
	}
	inputs, err := corpusInputs(args, opts.excludes, true)
	if err != nil {
		return err
	}
	run, err := runDialectMatrix(ctx, st, opts, inputs, dialects)
	if err != nil {
		return err
	}
	m := run.m
	if err := writeOutput(st.stdout, opts.output, func(w io.Writer) error {
		if slices.Contains(matrix.Formats, format) {
			return m.Print(w, format)
		}
		return writeMatrixReport(w, format, m)
	}); err != nil {
		return err
	}
	for _, f := range slices.Concat(m.NotTranscripts, m.InputErrors) {
		fmt.Fprintln(st.stderr, f)
	}
	if len(m.InputErrors) > 0 {
		return fmt.Errorf("%d of %d inputs could not be read; the report leaves their lines out", len(m.InputErrors), len(inputs))
	}
	switch {
	case opts.update:
		return updateDialectLedger(st.stderr, opts, m)
	case opts.check:
		return checkDialectLedger(st.stderr, opts, run, ownInputs)
	}
	return nil
}

// checkCorpusRunFlags parses --format and checks that --check, --update
// and --force go together.
func checkCorpusRunFlags(opts corpusRunOptions) (report.Format, error) {
	format, err := report.ParseFormat(opts.format, corpusRunFormats)
	if err != nil {
		return "", usagef("--%s: %v", flagFormat, err)
	}
	if opts.force && !opts.update {
		return "", usagef("--%s goes with --%s", flagForce, flagUpdate)
	}
	if opts.check && opts.update {
		return "", usagef("--%s and --%s exclude each other", flagCheck, flagUpdate)
	}
	return format, nil
}

// A matrixRun is what corpus run found: the matrix, with the harness rows
// and the write evidence, and each model compared with its real SDK.
type matrixRun struct {
	m *matrix.Matrix
	// agreements are the comparisons of each model with its SDK, by model.
	agreements map[string]*matrix.Agreement
	// harnessFailed is true when a harness row fails --check (problems,
	// or disagreements the agreement ledger does not hold).
	harnessFailed bool
}

// runDialectMatrix checks the inputs against the dialects, marks the
// evidence of each write from the probe results, and adds the rows of the
// real SDKs behind harnesses, each model held to its SDK (docs/harness.md).
func runDialectMatrix(ctx context.Context, st streams, opts corpusRunOptions, inputs []validate.Input, dialects []*matrix.Dialect) (*matrixRun, error) {
	m, err := matrix.RunMatrix(ctx, inputs, dialects, matrix.MatrixOptions{Jobs: opts.jobs})
	if err != nil {
		return nil, err
	}
	noteMissingProbes(st)
	files, err := probe.ReadDir(opts.probes)
	if err != nil {
		return nil, err
	}
	probe.MarkWrites(m.Writes, files)
	failed, agreements, err := harnessRows(ctx, st.stderr, opts.harness, m, inputs, dialects, opts.check, opts.update)
	if err != nil {
		return nil, err
	}
	return &matrixRun{m: m, agreements: agreements, harnessFailed: failed}, nil
}

// updateDialectLedger rewrites the ledger and the stats file (--update).
func updateDialectLedger(stderr io.Writer, opts corpusRunOptions, m *matrix.Matrix) error {
	diff, err := matrix.DialectLedger(opts.ledger).Update(m.Divergences(), opts.force)
	if _, ok := errors.AsType[*matrix.UnrecordedError](err); ok {
		for _, d := range diff.New {
			fmt.Fprintf(stderr, "new divergence: %s  # %s\n", d.Key, validate.Escape(d.Reason))
		}
		return usagef("%v; record them with --%s --%s and review their reasons", err, flagUpdate, flagForce)
	}
	if err != nil {
		return err
	}
	if err := atomicfile.WriteFile(opts.stats, []byte(matrix.StatsHeader+m.Stats()), 0o644); err != nil {
		return err
	}
	fmt.Fprintf(stderr, "wrote %s (%d added, %d removed) and %s\n", opts.ledger, len(diff.New), len(diff.Gone), opts.stats)
	return nil
}

// checkDialectLedger holds the run to the ledger, the stats file and the
// fix lists' and drift's claims to the real SDKs (--check). Only the
// dialects selected are judged; on inputs other than the committed
// captures (which the ledger and stats describe), only divergences the
// ledger lacks are.
func checkDialectLedger(stderr io.Writer, opts corpusRunOptions, run *matrixRun, ownInputs bool) error {
	m := run.m
	diff, err := matrix.DialectLedger(opts.ledger).Check(m.Divergences(), func(k string) bool {
		d, _, _ := strings.Cut(k, " ")
		return slices.Contains(m.Dialects, d)
	})
	if err != nil {
		return err
	}
	if ownInputs {
		diff.Gone = nil
	}
	printLedgerDiff(stderr, opts.ledger, "new divergence", diff)
	stats, err := os.ReadFile(opts.stats)
	if err != nil && !os.IsNotExist(err) {
		return err
	}
	stale := !ownInputs && selectedStats(string(stats), m.Dialects) != m.Stats()
	if stale {
		fmt.Fprintf(stderr, "%s: the counts changed; run protocheck corpus run --update and review the diff\n", opts.stats)
	}
	// The fix lists' claims, held to what each model's real SDK did with
	// the same lines.
	claims, err := checkClaims(stderr, m, run.agreements, opts.ledger, opts.probes)
	if err != nil {
		return err
	}
	if !diff.Empty() || stale || run.harnessFailed || claims > 0 {
		return errFindings
	}
	if ownInputs {
		fmt.Fprintf(stderr, "%s holds: every divergence of %s on these %d lines is known (the ledger and %s describe the committed captures: entries these inputs do not show are not judged)\n",
			opts.ledger, strings.Join(m.Dialects, ", "), m.Lines, opts.stats)
		return nil
	}
	fmt.Fprintf(stderr, "%s and %s hold: %d divergences over %d lines\n", opts.ledger, opts.stats, len(m.Divergences()), m.Lines)
	return nil
}

const corpusDialectsLong = `List the dialects corpus run and drift know: each one's name, what it is,
where its model comes from, and its policy for what it does not know
(type, subtype, block, member: fail = the reader errors on the line,
skip = it drops it silently, raw = it keeps it only as untyped data).

--format json prints the list as dialect.json files describe them.`

func newCorpusDialectsCmd() *cobra.Command {
	var format string
	var dirs []string
	cmd := &cobra.Command{
		Use:   "dialects",
		Short: "List the dialects and their unknown-input policies",
		Long:  corpusDialectsLong,
		Args:  noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			f, err := parseFormat(format)
			if err != nil {
				return err
			}
			all, err := matrix.BuiltinDialects()
			if err != nil {
				return err
			}
			for _, dir := range dirs {
				if all, err = matrix.AddDialectDir(all, dir); err != nil {
					return usagef("--%s: %v", flagDialectDir, err)
				}
			}
			out := cmd.OutOrStdout()
			if f == validate.FormatJSON {
				return writeJSON(out, all)
			}
			for _, d := range all {
				p := d.Policy
				drops := ""
				if len(p.DropInvalid) > 0 {
					drops = "; drops undecodable " + strings.Join(p.DropInvalid, ", ")
				}
				fmt.Fprintf(out, "%s: %s\n  policy: type %s, subtype %s, block %s, member %s%s\n  sources: %s\n  %s\n\n",
					d.Name, d.Title, p.Type, p.Subtype, p.Block, p.Member, drops, strings.Join(d.Sources, "; "), d.Doc)
			}
			return nil
		},
	}
	addFormatFlag(cmd, &format)
	cmd.Flags().StringArrayVar(&dirs, flagDialectDir, nil, "add the dialect in this folder (repeatable)")
	return cmd
}

// corpusRunFormats are the formats corpus run writes: the matrix's own
// (text, markdown, json, html), and its divergences as findings.
var corpusRunFormats = append(slices.Clone(matrix.Formats), report.GitHub, report.SARIF, report.JUnit, report.GitLab)

// writeMatrixReport writes the matrix's divergences as findings.
func writeMatrixReport(w io.Writer, f report.Format, m *matrix.Matrix) error {
	meta := report.Meta{Command: "corpus run", Version: toolVersion(), Rules: report.ValidateRules(), FailOn: validate.Error}
	rw := report.New(w, f, &meta)
	var sum report.Summary
	n := 0
	for _, fd := range m.Findings() {
		rw.Finding(report.Finding{Finding: fd})
		n++
		if fd.Severity == validate.Error {
			sum.Errors++
		} else {
			sum.Warnings++
		}
	}
	sum.Files, sum.Lines = m.Files, m.Lines
	sum.Line = fmt.Sprintf("%d %s (%d rejecting, %d dropping) over %d %s in %d %s, %d dialects",
		n, pluralWord(n, "divergence", "divergences"), sum.Errors, sum.Warnings,
		m.Lines, pluralWord(m.Lines, "line", "lines"), m.Files, pluralWord(m.Files, "file", "files"), len(m.Dialects))
	return rw.End(sum)
}

// printLedgerDiff says what a check found against a ledger: each new
// entry (as what) with its drafted reason, and each gone one.
func printLedgerDiff(w io.Writer, path, what string, diff matrix.LedgerDiff) {
	for _, d := range diff.New {
		fmt.Fprintf(w, "%s: %s: %s  # %s\n", path, what, d.Key, validate.Escape(d.Reason))
	}
	for _, k := range diff.Gone {
		fmt.Fprintf(w, "%s: no longer happens: %s\n", path, k)
	}
}

// selectedStats keeps the lines of a stats file that count the dialects
// named, without the header.
func selectedStats(stats string, dialects []string) string {
	var b strings.Builder
	for _, line := range strings.SplitAfter(stats, "\n") {
		d, _, _ := strings.Cut(line, " ")
		if line != "" && !strings.HasPrefix(line, "#") && slices.Contains(dialects, d) {
			b.WriteString(line)
		}
	}
	return b.String()
}

// checkClaims builds the fix list of each model that ran beside its real
// SDK and prints every claim the SDK's own code contradicts; it returns
// how many.
func checkClaims(stderr io.Writer, m *matrix.Matrix, agreements map[string]*matrix.Agreement, ledgerPath, probes string) (int, error) {
	if len(agreements) == 0 {
		return 0, nil
	}
	ledger, err := matrix.ReadLedger(ledgerPath)
	if err != nil {
		return 0, err
	}
	files, err := probe.ReadDir(probes)
	if err != nil {
		return 0, err
	}
	claims, err := fixlist.HoldClaims(m, agreements, ledger, files)
	if err != nil {
		return 0, err
	}
	for _, c := range claims.Contradicted {
		fmt.Fprintf(stderr, "%s claim contradicted by %s: %s\n", c.Of, c.SDK, validate.Escape(c.Claim))
	}
	if len(claims.Contradicted) == 0 {
		fmt.Fprintf(stderr, "fix list and drift claims hold: %d items and %d changes of %d models, each read claim held to its real SDK\n", claims.Items, claims.Changes, len(agreements))
	}
	return len(claims.Contradicted), nil
}
