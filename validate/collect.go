package validate

import (
	"fmt"
	"slices"
	"strings"

	"github.com/protocheck/protocheck/schemas"

	"github.com/protocheck/protocheck/validate/internal/conform"
)

// collector takes checked batches in input order, emits their findings and
// keeps the summary. It runs on one goroutine, so checks that span lines
// (direction today; tool_use/tool_result and request/response pairing
// later) live here.
type collector struct {
	v *Validator
	// wire says v checks with the embedded wire model, whose SDK-side
	// verdicts the probes of the real CLI correct (sdkExcused); a
	// dialect's schemas are that dialect's own verdicts.
	wire bool
	sum  *Summary
	emit func(Finding)
	each func(LineResult) // nil unless RunEach
	file string
	side Direction // the side the current input comes from, once known
	sent int       // findings emitted

	// duplexNoStdout is set while the current input is a duplex
	// transcript with no line from the CLI's stdout so far.
	duplexNoStdout bool

	cross   *conform.Checker // nil when the cross-line rules are off
	crossOn bool             // the rules run over the current input

	// unproven holds the version/unproven findings of the current input
	// already emitted, by variant and message: one per member and file.
	unproven map[string]bool
	// probes is the probe set of the CLI version probesFor (probesAt),
	// kept for the SDK-side lines of the same version; probesSet says it
	// was looked up.
	probes    *probeSet
	probesFor string
	probesSet bool
	// offLadder lists the versions off the release ladder the run met,
	// for its one note (ladderNote).
	offLadder []string
	// seen holds the versions listed in sum.CLIVersions and offLadder
	// (keyed "v " and "o "): a look-up, not a search, per init line.
	seen map[string]bool
}

func newCollector(v *Validator, sum *Summary, emit func(Finding)) *collector {
	c := &collector{v: v, sum: sum, emit: emit, wire: v.opts.Schemas == nil || v.opts.Schemas == schemas.FS}
	if v.crossLine != nil {
		c.cross = conform.New(v.crossLine)
		c.cross.SetBudget(v.opts.RulesBudget)
		sum.CrossLine = &CrossLineSummary{Rules: slices.Clone(v.crossLine)}
	}
	return c
}

// CrossLineSummary says how the cross-line rules ran.
type CrossLineSummary struct {
	// Rules are the IDs of the rules that ran.
	Rules []string `json:"rules"`
	// Transcripts counts the inputs they ran over, Duplex those of them
	// that were duplex transcripts (both directions).
	Transcripts int `json:"transcripts"`
	Duplex      int `json:"duplex"`
	// Skipped lists the rules that need both directions and were skipped
	// on the one-sided transcripts, when there were any.
	Skipped []string `json:"skipped_one_sided,omitempty"`
}

// crossIssue reports an issue of the cross-line rules as a finding.
func (c *collector) crossIssue(is conform.Issue) {
	r := RuleByID(is.Rule)
	c.out(Finding{File: c.file, Line: is.Line, Pointer: is.Pointer, Rule: r.ID, Severity: r.Severity, Message: is.Message})
}

// startCross starts the cross-line rules on a new input.
func (c *collector) startCross(duplex bool) {
	if c.cross == nil {
		return
	}
	c.cross.Reset(duplex, c.crossIssue)
	c.crossOn = true
	cl := c.sum.CrossLine
	cl.Transcripts++
	if duplex {
		cl.Duplex++
		return
	}
	for _, id := range cl.Rules {
		if conform.NeedsBoth(id) && !slices.Contains(cl.Skipped, id) {
			cl.Skipped = append(cl.Skipped, id)
		}
	}
}

func (c *collector) out(f Finding) {
	if f.Rule == RuleVersionUnproven.ID {
		k := f.Variant + "\x00" + f.Message
		if c.unproven[k] {
			return
		}
		if c.unproven == nil {
			c.unproven = map[string]bool{}
		}
		c.unproven[k] = true
	}
	if f.Rule == RuleInternal.ID {
		c.sum.InternalErrors++
	}
	c.count(f.Severity, 1)
	if max := c.v.opts.MaxFindings; max > 0 && c.sent >= max {
		c.sum.Omitted++
		return
	}
	c.sent++
	if c.emit != nil {
		c.emit(f)
	}
}

// count counts n findings of a severity.
func (c *collector) count(sev Severity, n int) {
	switch sev {
	case Error:
		c.sum.Errors += n
	case Warning:
		c.sum.Warnings += n
	default:
		c.sum.Infos += n
	}
}

// batch collects a batch of lines, or the end of an input, in input
// order.
func (c *collector) batch(b *batch) {
	if b.file != c.file {
		c.startFile(b)
	}
	if b.end {
		c.endFile(b)
		return
	}
	for i, sp := range b.spans {
		if sp.dir == conform.Stdout {
			c.duplexNoStdout = false
		}
		if sp.pre != nil {
			c.out(*sp.pre)
			if c.each != nil {
				c.each(LineResult{File: b.file, Line: sp.line, Findings: []Finding{*sp.pre}})
			}
			continue
		}
		c.line(b, i, sp)
	}
}

// startFile starts the collection of an input, at its first batch.
func (c *collector) startFile(b *batch) {
	c.file = b.file
	c.side = c.v.opts.Direction
	if c.side == DirectionAuto {
		c.side = ""
	}
	c.duplexNoStdout = b.duplex
	clear(c.unproven)
	if !b.end {
		c.startCross(b.duplex)
	}
}

// endFile ends an input at the batch that ends it: its counts, its one
// finding, and the set that checked it.
func (c *collector) endFile(b *batch) {
	if c.crossOn {
		c.cross.End()
		c.crossOn = false
	}
	if !b.stats.skipped {
		c.sum.Files++
	}
	c.sum.Lines += b.stats.lines
	c.sum.Blank += b.stats.blank
	if b.stats.ioErr {
		c.sum.IOErrors++
	}
	if b.final != nil {
		c.out(*b.final)
	}
	if b.pick != nil {
		c.endSet(b.file, b.pick)
	}
	c.file = ""
}

// endSet reports the version set that checked an input, and the
// findings of how it was picked.
func (c *collector) endSet(file string, pick *versionPick) {
	set := pick.set
	// An input the SDK wrote never has the CLI's init, nor has a duplex
	// transcript in which the CLI printed nothing: no warning.
	sdkSide := c.side == DirectionSDK || c.duplexNoStdout
	w := pick.warn
	if fit := pick.fit; fit != nil {
		if f := c.fitFinding(&set, file, fit); f != nil && !sdkSide {
			c.out(*f)
		}
	}
	c.sum.FileSets = append(c.sum.FileSets, set)
	if w != nil && !(w.Rule == RuleVersionNoInit.ID && sdkSide) {
		c.out(*w)
	}
	if set.OffLadder != "" && c.first("o "+set.CLIVersion) {
		c.offLadder = append(c.offLadder, set.CLIVersion)
	}
}

// line collects the result of the ith line of a batch.
func (c *collector) line(b *batch, i int, sp span) {
	r := &b.results[i]
	if r.variant != nil && c.wire && c.lineDir(sp) == conform.Stdin {
		c.sdkLine(b, i, sp)
	}
	for _, f := range r.findings {
		if sp.off > 0 && f.Column > 0 {
			f.Column += sp.off
		}
		c.out(f)
	}
	for sev, n := range r.omitted {
		if n > 0 {
			c.count(Severity(sev), n)
			c.sum.Omitted += n
		}
	}
	if c.each != nil {
		lr := LineResult{File: b.file, Line: sp.line, Findings: r.findings, Unknown: r.unknown,
			Text: b.data[sp.start:sp.end:sp.end], Reused: r.reused, UnknownKind: r.unknownKind}
		if r.variant != nil {
			lr.Variant = r.variant.name
		}
		c.each(lr)
	}
	if r.variant == nil {
		if r.unknownKind != "" && c.cross != nil {
			// A line of a kind the schemas lack (a newer CLI's) still
			// takes part in the session: its ids, its request_id.
			c.cross.Line(sp.line, c.lineDir(sp), &b.facts[i])
		}
		return
	}
	c.sum.Variants[r.variant.name]++
	c.sum.UnknownProperties += r.unknown
	if r.slow {
		c.sum.FullChecks++
	}
	if r.cliVersion != "" && c.first("v "+r.cliVersion) {
		c.sum.CLIVersions = append(c.sum.CLIVersions, r.cliVersion)
	}
	c.direction(b.file, sp.line, r.variant, sp.dir)
	if c.cross != nil {
		c.cross.Line(sp.line, c.lineDir(sp), &b.facts[i])
	}
}

// sdkLine judges a line an SDK wrote by what the CLI of its version reads
// and refuses.
func (c *collector) sdkLine(b *batch, i int, sp span) {
	r := &b.results[i]
	if !c.probesSet || c.probesFor != b.cliVersion {
		c.probes, c.probesFor, c.probesSet = probesAt(b.cliVersion), b.cliVersion, true
	}
	sdkExcused(r.findings, r.variant.name, c.probes)
	var answers string
	if c.cross != nil && c.crossOn {
		answers = c.cross.Asked(conform.Stdin, &b.facts[i])
	}
	r.findings = sdkRefused(r.findings, b.file, sp.line, b.data[sp.start:sp.end], r.variant.name, answers, c.probes, b.cliVersion)
}

// lineDir is the direction of a line: its envelope's in a duplex
// transcript, else the input's side (the CLI's stdout unless known to be
// the SDK's).
func (c *collector) lineDir(sp span) conform.Dir {
	switch {
	case sp.dir != 0:
		return sp.dir
	case c.side == DirectionSDK:
		return conform.Stdin
	}
	return conform.Stdout
}

// direction checks that the variant is written by the side the line
// comes from: its envelope's in a duplex transcript, else the input's.
// With DirectionAuto the input's side is the one that writes its first
// line only one side writes.
func (c *collector) direction(file string, line int, vs *variantSchema, dir conform.Dir) {
	d := Direction(vs.entry.Direction)
	if d == "both" {
		return
	}
	side := c.side
	switch {
	case dir == conform.Stdin:
		side = DirectionSDK
	case dir == conform.Stdout:
		side = DirectionCLI
	case side == "":
		c.side = d
		return
	}
	if d != side {
		c.out(Finding{File: file, Line: line, Variant: vs.name, Rule: RuleWrongDirection.ID, Severity: RuleWrongDirection.Severity,
			Message: vs.label + ": written by the " + sideName(d) + ", but this line comes from the " + sideName(side)})
	}
}

func sideName(d Direction) string {
	if d == DirectionSDK {
		return "SDK (CLI stdin)"
	}
	return "CLI (stdout)"
}

// first reports whether key is met for the first time in the run.
func (c *collector) first(key string) bool {
	if c.seen[key] {
		return false
	}
	if c.seen == nil {
		c.seen = map[string]bool{}
	}
	c.seen[key] = true
	return true
}

// fitFinding returns the finding on an input whose set best fit chose
// (no init named its version), and fills set.Range: version/range, info,
// naming the releases whose sets accept every line it read; else, for an
// input with no init, version/no-init; else (an init of the 1.0.x line
// whose lines no set of that line accepts all of) nil: the lines' own
// findings speak.
func (c *collector) fitFinding(set *FileSet, file string, fit *fitResult) *Finding {
	chosen := fmt.Sprintf("schema set %s (%s), which fits them best", set.Set, describeSet(coversOf(c.v.index, set.Set)))
	from, to, sets := describeRange(c.v.index, fit.names, fit.accept)
	if sets != nil {
		r := VersionRange{From: from, To: to, Sets: sets}
		set.Range = &r
		what := "no system/init line tells the CLI version"
		if set.By == "init-shape" {
			what = "the system/init line names no claude_code_version (as the 1.0.x line prints)"
		}
		return &Finding{File: file, Rule: RuleVersionRange.ID, Severity: RuleVersionRange.Severity,
			Message: fmt.Sprintf("%s: the lines are consistent with %s (schema sets %s); checked against %s; --cli-version names the version", what, r, strings.Join(sets, ", "), chosen)}
	}
	if set.By == "init-shape" {
		return nil
	}
	return &Finding{File: file, Rule: RuleVersionNoInit.ID, Severity: RuleVersionNoInit.Severity,
		Message: fmt.Sprintf("no system/init line tells the CLI version, and no release's schema set accepts every line: checked against %s; --cli-version names the version", chosen)}
}

// describeRange says which releases the sets named in names, where
// accept holds, cover: from the first one's start to the last one's end.
func describeRange(idx *schemas.Index, names []string, accept []bool) (from, to string, sets []string) {
	var first, last *schemas.VersionSet
	for i, ok := range accept {
		if !ok {
			continue
		}
		j := slices.IndexFunc(idx.VersionSets, func(s schemas.VersionSet) bool { return s.Set == names[i] })
		if j < 0 {
			continue
		}
		if first == nil {
			first = &idx.VersionSets[j]
		}
		last = &idx.VersionSets[j]
		sets = append(sets, names[i])
	}
	if first == nil {
		return "", "", nil
	}
	return first.From, last.To, sets
}

// ladderNote is the run's one note on the versions off the release ladder
// it met, or "".
func ladderNote(idx *schemas.Index, versions []string) string {
	if len(versions) == 0 {
		return ""
	}
	newest := idx.Protocol.CLIVersion
	if len(idx.Rungs) > 0 {
		newest = idx.Rungs[len(idx.Rungs)-1]
	}
	adds := make([]string, len(versions))
	for i, v := range versions {
		adds[i] = "protocheck corpus add-release " + v
	}
	return fmt.Sprintf("CLI %s %s not on the release ladder yet (rungs up to %s): checked against the nearest rung's schema set, with what that set does not know reported as version/unproven (info) in the strict profile; to add a release, capture it: %s",
		strings.Join(versions, ", "), plural(len(versions), "is", "are"), newest, strings.Join(adds, "; "))
}
