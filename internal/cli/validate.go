package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime/debug"

	"github.com/spf13/cobra"

	"github.com/protocheck/protocheck/internal/check"
	"github.com/protocheck/protocheck/internal/report"
)

const (
	flagStrict       = "strict"
	flagDirection    = "direction"
	flagFailOn       = "fail-on"
	flagShowUnknown  = "show-unknown"
	flagJobs         = "jobs"
	flagMaxLineBytes = "max-line-bytes"
	flagMaxDepth     = "max-depth"
	flagSchemas      = "schemas"
	flagColor        = "color"
	flagMaxPerLine   = "max-findings-per-line"
	flagMaxFindings  = "max-findings"
	flagRules        = "rules"
	flagNoRules      = "no-rules"
	flagRulesBudget  = "rules-budget"
	flagQuiet        = "quiet"
)

const validateLong = `Check NDJSON transcripts of the Claude Code CLI's stream-json protocol.

Each line goes to the JSON Schema of its variant, chosen by "type" and the
subtype ("subtype", or request.subtype / response.subtype on control lines),
and every problem on the line is reported with its file, line, JSON Pointer
and a stable rule ID. Lines are checked in parallel; findings come out in
input order.

Inputs are files, directories (walked for *.jsonl, *.ndjson, *.jsonl.gz),
glob patterns, or - for standard input. Gzip input is detected by content.
CRLF line ends, a UTF-8 BOM, blank lines (skipped and counted) and a last
line without a newline are all accepted.

Profiles (--profile):
  tolerant  the default: members the protocol does not define are counted
            (listed with --show-unknown) but allowed; this is what a
            consumer of the CLI's output must accept
  strict    such members are errors: for checking what an SDK writes

Cross-line rules (on by default; 'protocheck rules' lists them) check
what spans lines: session ids, tool_use against tool_result, a result
closing each turn, streamed deltas against the message they build, hooks
and tasks, and control requests against their responses. --rules selects
some (IDs or groups: --rules tools,session/uuid-repeated), --no-rules turns
them off. The rules that need history run from the transcript's first
system/init, so a fragment cut from a session is not blamed for what came
before it.

A duplex transcript holds both directions of a session, in order, one line
each: {"dir":"stdin"|"stdout","msg":{...}} ({"dir":...,"raw":"..."} for a
line that was not JSON). It is recognised by its first line; each message
is checked against the schemas of its direction, JSON Pointers are relative
to "msg", columns count in the file's line, and the control/ rules, which
need both sides, run (on a plain transcript they are skipped, and the
summary says so). 'protocheck capture' writes one beside each capture;
jq 'select(.dir=="stdout").msg' turns it back into a plain transcript.

Unknown types, subtypes and content-block/event/control kinds are warnings;
--strict makes them errors. --direction says who wrote the input: cli (the
CLI's stdout), sdk (what an SDK writes to the CLI's stdin), or auto (from
the first line that only one side writes).

Output (--format FORMAT or FORMAT=PATH, repeatable; at most one to
standard output, the others to files):
  text      "file:line:col: severity rule: message (at /pointer)" and a
            summary line (the default)
  json      one document: {"report_version":1,"findings":[...],"summary":{...}}
  github    GitHub Actions workflow commands: an annotation per finding
  sarif     SARIF 2.1.0, for code scanning (rules in tool.driver.rules)
  junit     JUnit XML: a testsuite per file, a testcase per finding
  gitlab    GitLab code-quality JSON, with stable fingerprints
  markdown  a summary (totals, a row per rule, the first 50 findings) for
            $GITHUB_STEP_SUMMARY; a PATH that is $GITHUB_STEP_SUMMARY is
            appended to, any other PATH is replaced

Colour is used only on a terminal and never when NO_COLOR is set. Text from
transcripts is escaped before it is printed.

Versions: the protocol changes between CLI versions, so each input is
checked against the schema set of the CLI version that wrote it, read from
its first system/init line (claude_code_version; an init without it is the
1.0.x line's). --cli-version X checks every input against X's set. Where
the evidence says nothing of a member at that version (between the last
release proven without it and the first that shows it), no error is
reported either way; --profile strict says version/unproven (info). A
release newer (or older) than every rung of the release ladder is checked
as the nearest rung, with one note for the run on how to add it. An input
with no init is checked against every set: version/range (info) names the
releases that accept it, and only a line no set accepts is an error (with
version/no-init). The summary says which set checked each file (file_sets
in json); 'protocheck schemas window' shows a member's window.

Findings are capped: --max-findings-per-line (default 1000) for one line,
--max-findings (default 100000) for the run; 0 lifts a cap. What a cap
leaves out is still counted, by severity, in the summary ("N findings not
shown", omitted_findings in json), and still fails the run.

On a terminal, a progress line on standard error shows the files, lines
and megabytes read and the rate once a run takes more than a second; it is
erased at the end. --quiet turns it off; the report itself (findings and
summary, on standard output) is the same either way.

Output is buffered; when the input is a live pipe, each line's findings are
written as soon as the line is checked. A write error (a full disk, a
closed pipe) stops the run at once with exit code 2.

Adopting protocheck where findings already exist:
  --baseline FILE            findings listed in FILE do not fail the run;
                             only new ones do. Entries are keyed by file,
                             rule, variant, pointer and a hash of the
                             line's content, never by line number. Entries
                             no longer found are reported as stale.
  --update-baseline          write the run's findings (warnings and errors)
                             to the --baseline FILE
  --fail-on-stale            stale baseline entries fail the run too
  --ignore RULE[:GLOB]       drop findings of RULE (an ID or a pattern such
                             as 'schema/*'), only in files whose path
                             matches GLOB when given (** spans folders)
  --exclude GLOB             leave out the input files whose path or base
                             name matches GLOB ('*.log.jsonl'). A file in
                             which no line is a protocol message (an API
                             log beside the transcripts) is one
                             input/not-a-transcript finding, not an error
                             per line
  --config FILE              settings (profile, strict, direction, fail-on,
                             fail-on-stale, baseline, format, ignore, rules)
                             from FILE; by default from .protocheck.yaml in
                             the current folder or at the git root. Flags
                             win over it; 'protocheck config init' writes
                             a commented starter.

Findings the baseline or --ignore hold back are neither printed nor
counted in errors and warnings; the summary says how many there were.

Exit codes:
  0  no errors (and no warnings, with --fail-on warning) beyond those the
     baseline and --ignore hold back; always 0 with --update-baseline,
     unless an input failed
  1  errors were found (or warnings, with --fail-on warning), or, with
     --fail-on-stale, the baseline has stale entries
  2  usage error (a bad flag, config file or baseline file), an input
     could not be opened or read, a report could not be written, or a
     line could not be checked because of a bug in protocheck
     (internal/error)

Examples:
  protocheck validate session.jsonl
  protocheck validate transcripts/ --format json > report.json
  claude -p hi --output-format stream-json --verbose | protocheck validate -
  protocheck validate --profile strict --direction sdk sdk-stdin.jsonl
  protocheck validate --fail-on warning --show-unknown 'runs/*.jsonl.gz'
  protocheck validate --format github --format markdown=$GITHUB_STEP_SUMMARY transcripts/
  protocheck validate --format sarif=protocheck.sarif --format text transcripts/
  protocheck validate --baseline .protocheck-baseline.json --update-baseline transcripts/
  protocheck validate --baseline .protocheck-baseline.json --ignore 'schema/unknown-property:legacy/**' transcripts/
  protocheck validate --cli-version 2.0.20 old-session.jsonl`

func newValidateCmd() *cobra.Command {
	var opts check.Options
	cmd := &cobra.Command{
		Use:   "validate [flags] <file|dir|glob|->...",
		Short: "Check NDJSON transcripts against the protocol's schemas",
		Long:  validateLong,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				return usagef("validate needs at least one input (a file, a directory, a glob, or - for stdin)")
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			return runValidate(cmd.Context(), streamsOf(cmd), args, opts)
		},
	}
	f, def := cmd.Flags(), check.Defaults()
	f.StringVar(&opts.Profile, flagProfile, def.Profile, "schema profile: tolerant or strict")
	f.BoolVar(&opts.Strict, flagStrict, false, "treat unknown types, subtypes and kinds as errors")
	f.StringVar(&opts.Direction, flagDirection, def.Direction, "who wrote the input: cli, sdk or auto")
	addTargetsFlag(cmd, &opts.Formats, report.Formats)
	f.StringVar(&opts.FailOn, flagFailOn, def.FailOn, "lowest severity that fails the run: error or warning")
	f.BoolVar(&opts.ShowUnknown, flagShowUnknown, false, "list each member the protocol does not define (info findings)")
	f.IntVarP(&opts.Jobs, flagJobs, "j", 0, "lines checked in parallel (default: the number of CPUs)")
	f.IntVar(&opts.MaxLineBytes, flagMaxLineBytes, def.MaxLineBytes, "longest line checked; longer ones are findings")
	f.IntVar(&opts.MaxDepth, flagMaxDepth, def.MaxDepth, "deepest nesting of arrays and objects accepted")
	f.StringVar(&opts.Schemas, flagSchemas, "", "read schemas from this folder (as written by 'schemas export') instead of the built-in ones")
	f.StringVar(&opts.Color, flagColor, def.Color, "colour the text output: auto, always or never")
	f.IntVar(&opts.MaxPerLine, flagMaxPerLine, def.MaxPerLine, "most findings reported for one line (0: no cap); the rest are counted")
	f.IntVar(&opts.MaxFindings, flagMaxFindings, def.MaxFindings, "most findings reported for the run (0: no cap); the rest are counted")
	f.StringSliceVar(&opts.Rules, flagRules, nil, "run only these cross-line rules: IDs or groups, comma-separated (default: all)")
	f.BoolVar(&opts.NoRules, flagNoRules, false, "turn the cross-line rules off: check each line on its own")
	f.IntVar(&opts.RulesBudget, flagRulesBudget, def.RulesBudget, "most state in bytes each group of cross-line rules keeps for one input; past it they stop there (rules/budget)")
	f.StringVar(&opts.Config, flagConfig, "", "read settings from this file (default: .protocheck.yaml here or at the git root)")
	f.StringVar(&opts.Baseline, flagBaseline, "", "findings in this baseline file do not fail the run; only new ones do")
	f.BoolVar(&opts.UpdateBaseline, flagUpdateBaseline, false, "write the run's findings to the --baseline file (and exit 0 unless an input failed)")
	f.BoolVar(&opts.FailOnStale, flagFailOnStale, false, "fail (exit 1) when baseline entries are no longer found")
	f.StringArrayVar(&opts.Ignores, flagIgnore, nil, "drop findings of RULE (an ID or pattern such as schema/*), in files matching GLOB if given: RULE[:GLOB] (repeatable)")
	f.BoolVarP(&opts.Quiet, flagQuiet, "q", false, "no progress line on standard error (it shows only on a terminal)")
	f.StringVar(&opts.CLIVersion, flagCLIVersion, "", "check every input against the schema set of this CLI version (default: the version each input's system/init gives)")
	addExcludeFlag(cmd, &opts.Excludes)
	return cmd
}

// runValidate plans the job (check.Plan), runs it, writes the baseline
// of --update-baseline, and maps the verdict to the exit code.
func runValidate(ctx context.Context, st streams, args []string, opts check.Options) error {
	opts.Inputs = args
	job, err := check.Plan(opts, check.Env{Stdin: st.stdin, Stdout: st.stdout, Stderr: st.stderr, Given: st.changed, Version: toolVersion()})
	if err != nil {
		return err
	}
	ignoreSIGPIPE()
	tuneGC()
	res, err := job.Run(ctx)
	if err != nil {
		return err
	}
	if stopped := interruption(ctx); stopped != nil {
		return stoppedEarly(st.stderr, stopped, res.Summary, opts.UpdateBaseline)
	}
	if opts.UpdateBaseline {
		if err := writeBaseline(ctx, st.stderr, res); err != nil {
			return err
		}
	}
	switch res.Verdict {
	case check.Broken:
		return errReportedFailure
	case check.Fail:
		return errFindings
	}
	return nil
}

// writeBaseline writes the findings the run kept to --baseline
// (--update-baseline), unless a signal comes first.
func writeBaseline(ctx context.Context, stderr io.Writer, res check.Result) error {
	path := res.Baseline
	n, err := writeBaselineUnlessStopped(ctx, path, res.Kept)
	if n < 0 { // a signal came before the new baseline was in place
		fmt.Fprintf(stderr, "protocheck: %v while writing the baseline: %s is left as it was; the report is complete\n", interruption(ctx), path)
		return errStopped
	}
	if err != nil {
		return fmt.Errorf("writing the baseline: %w", err)
	}
	fmt.Fprintf(stderr, "wrote %s: %d %s for %d findings\n", path, n, pluralWord(n, "entry", "entries"), res.Kept.Findings())
	if res.Summary.Omitted > 0 {
		fmt.Fprintf(stderr, "protocheck: %d findings past --%s are not in the baseline; raise the cap and write it again\n", res.Summary.Omitted, flagMaxPerLine)
	}
	return nil
}

func pluralWord(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// tuneGC lets the heap grow further between collections than Go's default,
// within a soft memory limit, unless GOGC or GOMEMLIMIT is set: validation
// keeps little alive, so the default collects too often on small heaps
// (measured: 10 MB inputs checked ~20% faster), while the limit keeps peak
// memory bounded on any input.
func tuneGC() {
	if os.Getenv("GOGC") == "" && os.Getenv("GOMEMLIMIT") == "" {
		debug.SetGCPercent(400)
		debug.SetMemoryLimit(64 << 20)
	}
}

// errReportedFailure is returned when some input could not be read, or some
// line could not be checked because of a bug; each has already been reported
// as a finding, and the run exits 2.
var errReportedFailure = errors.New("some inputs could not be read or checked")
