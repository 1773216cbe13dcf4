package cli

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/protocheck/protocheck/corpus/audit"
	"github.com/protocheck/protocheck/corpus/drift"
	"github.com/protocheck/protocheck/corpus/matrix"
	"github.com/protocheck/protocheck/corpus/probe"
	"github.com/protocheck/protocheck/validate"
)

const (
	flagFrom = "from"
	flagTo   = "to"
)

// driftOptions are drift's flags; drift's fields other than the dialects,
// the targets, fail-on, the streams and the notes are bound to flags.
type driftOptions struct {
	dialectDirs, formats []string
	failOn               string
	drift                audit.DriftOptions
}

// driftFormats are the formats drift writes (its completions).
var driftFormats = drift.Formats

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
	f.StringVar(&opts.drift.From, flagFrom, "", "the reference dialect (the writer of CLI output): wire, ts-sdk, spec02, goat, ts-docs, python, rust, or a CLI version")
	f.StringVar(&opts.drift.To, flagTo, "", "the dialect compared with it (the reader of CLI output)")
	f.StringArrayVar(&opts.dialectDirs, flagDialectDir, nil, "add the dialect in this folder (repeatable)")
	addTargetsFlag(cmd, &opts.formats, driftFormats)
	f.StringVar(&opts.failOn, flagFailOn, "error", "lowest severity that makes the exit code 1: error, warning, info")
	f.StringVar(&opts.drift.IgnoreFile, "ignore-file", "", "leave out the changes a line of this file names: RULE VARIANT [POINTER], each a glob (** spans pointer tokens), then an optional # reason")
	f.StringVar(&opts.drift.Probes, flagProbes, filepath.FromSlash(probe.ResultsDir), "the folder of the probe results files: the evidence of what the CLI reads of --to's messages")
	return cmd
}

func runDrift(_ context.Context, st streams, opts driftOptions) error {
	o := opts.drift
	if o.From == "" || o.To == "" {
		return usagef("--%s and --%s are required", flagFrom, flagTo)
	}
	var err error
	if o.Targets, err = parseTargets(opts.formats, driftFormats); err != nil {
		return err
	}
	if o.FailOn, err = validate.ParseSeverity(opts.failOn); err != nil {
		return usagef("--%s: %v", flagFailOn, err)
	}
	if o.Dialects, err = matrix.LoadDialects(nil, opts.dialectDirs, false); err != nil {
		return err
	}
	o.ProbesNote, o.Log, o.Stdout, o.Version = probesNote(st), st.stderr, st.stdout, toolVersion()
	rep, err := audit.Drift(o)
	switch {
	case err != nil:
		return err
	case rep.Fails(o.FailOn):
		return errFindings
	}
	return nil
}
