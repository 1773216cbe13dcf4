package cli

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	path_ "path"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/protocheck/protocheck/corpus/drift"
	"github.com/protocheck/protocheck/corpus/matrix"
	"github.com/protocheck/protocheck/corpus/probe"
	"github.com/protocheck/protocheck/internal/report"
	"github.com/protocheck/protocheck/validate"
)

const (
	flagFrom = "from"
	flagTo   = "to"
)

type driftOptions struct {
	from, to    string
	dialectDirs []string
	formats     []string
	failOn      string
	probes      string
	ignoreFile  string
}

// driftFormats are the formats drift writes: its own text and json, and
// the report formats that make sense for changes without a file.
var driftFormats = []report.Format{report.Text, report.JSON, report.GitHub, report.SARIF, report.JUnit, report.Markdown}

const driftLong = `Compare two dialects' schemas variant by variant and member by member:
missing or extra variants, members missing or extra, required against
optional, JSON types, enum values, nullability. Each change has a stable
rule ID (protocheck drift --help lists them below) and a severity that
depends on who reads:

  --from is the reference, the side that writes what the CLI prints (the
  wire); --to is the side whose types read it. For the messages an SDK
  writes to the CLI (direction sdk) the roles swap: --to writes, --from
  (the CLI) reads. A member the writer sends that the reader rejects
  breaks the reader (error); one the reader ignores loses data (warning);
  what the reader accepts beyond what is sent costs nothing (info).

Each change line says its side: read (CLI output read by --to) or write
(SDK input read by the CLI).

A fact that recurs is one line: in several variants at one place ("also
in"), below the items of several arrays ("also under": the pending_*
arrays of a control answer), or over the kinds of one nested union ("22
kinds of /message/content/*"). Where --to keeps undeclared members as raw
data (its dialect.json kept_raw), a member it lacks is "kept raw" (info),
not dropped. With --from wire, the messages --to writes (its writes.json,
control answers' payloads included) are checked against what the CLI
reads (compat/write-refused), each saying whether a probe of the real CLI
(corpus/probe/results) verified it or it is inferred from types.

--ignore-file FILE leaves out the changes its lines name, one a line:
RULE VARIANT [POINTER] (globs; ** spans pointer tokens) and an optional
# reason, e.g. "compat/member-missing system.* **  # kept in data".

--from and --to also take CLI versions (2.0.20, 2.1.330): a version stands
for the wire's schema set of that version (see validate --cli-version), so
drift --from 2.0.20 --to 2.1.330 lists what the protocol changed between
them, read as what a reader built for 2.1.330 meets in 2.0.20's output
(a member 2.1.330 requires that 2.0.20 never sends is an error).

Rules:
%s
Output (--format, repeatable, FORMAT or FORMAT=PATH): text (one change a
line), json (the report: from, to, changes, counts), and as findings
without a file: github (workflow commands titled with the rule), sarif
(2.1.0; the variant and pointer as a logical location), junit (one
testcase a change) and markdown (a summary for $GITHUB_STEP_SUMMARY).

Examples:
  protocheck drift --from wire --to rust
  protocheck drift --from wire --to python --format github --format markdown=$GITHUB_STEP_SUMMARY
  protocheck drift --from ts-sdk --to wire --format json | jq '.counts'
  protocheck drift --from wire --to python --fail-on warning
  protocheck drift --from 1.0.128 --to 2.1.330

Exit codes: 0 no change at or above --fail-on (default error), 1 some, 2 bad
usage.`

func newDriftCmd() *cobra.Command {
	var opts driftOptions
	var rules strings.Builder
	for _, r := range drift.DriftRules {
		fmt.Fprintf(&rules, "  %-24s %s\n", r.ID, r.Doc)
	}
	cmd := &cobra.Command{
		Use:   "drift --from DIALECT|VERSION --to DIALECT|VERSION",
		Short: "Compare two dialects' schemas and list what differs, by severity",
		Long:  fmt.Sprintf(driftLong, rules.String()),
		Args:  noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return runDrift(cmd.Context(), streamsOf(cmd), opts)
		},
	}
	f := cmd.Flags()
	f.StringVar(&opts.from, flagFrom, "", "the reference dialect (the writer of CLI output): wire, ts-sdk, spec02, goat, ts-docs, python, rust, or a CLI version")
	f.StringVar(&opts.to, flagTo, "", "the dialect compared with it (the reader of CLI output)")
	f.StringArrayVar(&opts.dialectDirs, flagDialectDir, nil, "add the dialect in this folder (repeatable)")
	addTargetsFlag(cmd, &opts.formats, driftFormats)
	f.StringVar(&opts.failOn, flagFailOn, "error", "lowest severity that makes the exit code 1: error, warning, info")
	f.StringVar(&opts.ignoreFile, "ignore-file", "", "leave out the changes a line of this file names: RULE VARIANT [POINTER], each a glob (** spans pointer tokens), then an optional # reason")
	f.StringVar(&opts.probes, flagProbes, filepath.FromSlash(probe.ResultsDir), "the folder of the probe results files: the evidence of what the CLI reads of --to's messages")
	return cmd
}

func runDrift(ctx context.Context, st streams, opts driftOptions) error {
	if opts.from == "" || opts.to == "" {
		return usagef("--%s and --%s are required", flagFrom, flagTo)
	}
	targets, err := parseTargets(opts.formats, driftFormats)
	if err != nil {
		return err
	}
	failOn, err := validate.ParseSeverity(opts.failOn)
	if err != nil {
		return usagef("--%s: %v", flagFailOn, err)
	}
	all, err := matrix.BuiltinDialects()
	if err != nil {
		return err
	}
	for _, dir := range opts.dialectDirs {
		if all, err = matrix.AddDialectDir(all, dir); err != nil {
			return usagef("--%s: %v", flagDialectDir, err)
		}
	}
	from, err := drift.DialectOrVersion(all, opts.from)
	if err != nil {
		return usagef("--%s: %v", flagFrom, err)
	}
	to, err := drift.DialectOrVersion(all, opts.to)
	if err != nil {
		return usagef("--%s: %v", flagTo, err)
	}
	rep, err := drift.Drift(from, to)
	if err != nil {
		return err
	}
	noteMissingProbes(st)
	files, err := probe.ReadDir(opts.probes)
	if err != nil {
		return err
	}
	probe.MarkDrift(rep, files)
	if opts.ignoreFile != "" {
		ignores, err := readDriftIgnores(opts.ignoreFile)
		if err != nil {
			return usagef("--ignore-file: %v", err)
		}
		n := ignoreDrift(rep, ignores)
		fmt.Fprintf(st.stderr, "%s: %d changes left out\n", opts.ignoreFile, n)
	}
	if err := writeDrift(st.stdout, targets, rep, failOn); err != nil {
		return err
	}
	for _, c := range rep.Changes {
		if c.Severity >= failOn {
			return errFindings
		}
	}
	return nil
}

// writeDrift writes the report in each target's format. For the report
// formats each change is a finding without a file: its variant and
// pointer locate it.
func writeDrift(stdout io.Writer, targets []report.Target, rep *drift.DriftReport, failOn validate.Severity) error {
	meta := report.Meta{Command: "drift", Version: toolVersion(), FailOn: failOn}
	for _, r := range drift.DriftRules {
		meta.Rules = append(meta.Rules, report.Rule{ID: r.ID, Doc: r.Doc})
	}
	sum := report.Summary{Summary: validate.Summary{Errors: rep.Counts["error"], Warnings: rep.Counts["warning"], Infos: rep.Counts["info"]},
		Line: fmt.Sprintf("%s -> %s: %d changes: %d errors, %d warnings, %d infos", rep.From, rep.To, len(rep.Changes),
			rep.Counts["error"], rep.Counts["warning"], rep.Counts["info"])}
	for _, t := range targets {
		w := stdout
		var buf bytes.Buffer
		if t.Path != "" {
			w = &buf
		}
		var err error
		switch t.Format {
		case report.Text:
			err = rep.WriteText(w)
		case report.JSON:
			err = writeJSON(w, rep)
		default:
			rw := report.New(w, t.Format, &meta)
			for _, c := range rep.Changes {
				rw.Finding(report.Finding{Finding: validate.Finding{Variant: c.Variant, Pointer: c.Pointer, Rule: c.Rule,
					Severity: c.Severity, Message: c.Side + ": " + c.Message}})
			}
			err = rw.End(sum)
		}
		if err == nil && t.Path != "" {
			err = report.WriteFile(t.Path, buf.Bytes())
		}
		if err != nil {
			return fmt.Errorf("writing the report: %w", err)
		}
	}
	return nil
}

// A driftIgnore is one line of a drift ignore file.
type driftIgnore struct{ rule, variant, pointer string }

// readDriftIgnores reads a drift ignore file: one entry a line, "RULE
// VARIANT [POINTER]" (globs; ** in the pointer spans tokens), then an
// optional "# reason"; blank lines and comments are skipped.
func readDriftIgnores(path string) ([]driftIgnore, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var out []driftIgnore
	for n, line := range strings.Split(string(data), "\n") {
		line, _, _ = strings.Cut(line, "#")
		f := strings.Fields(line)
		switch {
		case len(f) == 0:
			continue
		case len(f) > 3:
			return nil, fmt.Errorf("%s:%d: want RULE VARIANT [POINTER]  # reason", path, n+1)
		}
		ig := driftIgnore{rule: f[0], variant: f[1], pointer: "**"}
		if len(f) == 3 {
			ig.pointer = f[2]
		}
		for _, g := range []string{ig.rule, ig.variant, strings.ReplaceAll(ig.pointer, "**", "*")} {
			if _, err := path_.Match(g, ""); err != nil {
				return nil, fmt.Errorf("%s:%d: %q is not a glob", path, n+1, g)
			}
		}
		out = append(out, ig)
	}
	return out, nil
}

// ignoreDrift leaves out the changes an entry names and returns how many.
func ignoreDrift(rep *drift.DriftReport, ignores []driftIgnore) int {
	kept := rep.Changes[:0]
	n := 0
	for _, c := range rep.Changes {
		drop := false
		for _, ig := range ignores {
			okRule, _ := path_.Match(ig.rule, c.Rule)
			okVariant, _ := path_.Match(ig.variant, c.Variant)
			if okRule && okVariant && report.MatchGlob(strings.TrimPrefix(ig.pointer, "/"), strings.TrimPrefix(c.Pointer, "/")) {
				drop = true
				break
			}
		}
		if drop {
			n++
			continue
		}
		kept = append(kept, c)
	}
	rep.Changes = kept
	rep.Counts = map[string]int{}
	for _, c := range rep.Changes {
		rep.Counts[c.Severity.String()]++
	}
	return n
}
