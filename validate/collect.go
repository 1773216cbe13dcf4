package validate

// collector takes checked batches in input order, emits their findings and
// keeps the summary. It runs on one goroutine, so checks that span lines
// (direction today; tool_use/tool_result and request/response pairing
// later) live here.
type collector struct {
	v    *Validator
	sum  *Summary
	emit func(Finding)
	each func(LineResult) // nil unless RunEach
	file string
	side Direction // the side the current input comes from, once known
	sent int       // findings emitted
}

func newCollector(v *Validator, sum *Summary, emit func(Finding)) *collector {
	return &collector{v: v, sum: sum, emit: emit}
}

func (c *collector) out(f Finding) {
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

func (c *collector) batch(b *batch) {
	if b.file != c.file {
		c.file = b.file
		c.side = c.v.opts.Direction
		if c.side == DirectionAuto {
			c.side = ""
		}
	}
	if b.end {
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
			c.sum.FileSets = append(c.sum.FileSets, b.pick.set)
			// An input the SDK wrote never has the CLI's init: no warning.
			if w := b.pick.warn; w != nil && !(w.Rule == RuleVersionNoInit.ID && c.side == DirectionSDK) {
				c.out(*w)
			}
		}
		c.file = ""
		return
	}
	for i, sp := range b.spans {
		if sp.pre != nil {
			c.out(*sp.pre)
			if c.each != nil {
				c.each(LineResult{File: b.file, Line: sp.line, Findings: []Finding{*sp.pre}})
			}
			continue
		}
		r := &b.results[i]
		for _, f := range r.findings {
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
			continue
		}
		c.sum.Variants[r.variant.name]++
		c.sum.UnknownProperties += r.unknown
		if r.slow {
			c.sum.FullChecks++
		}
		if r.cliVersion != "" && !contains(c.sum.CLIVersions, r.cliVersion) {
			c.sum.CLIVersions = append(c.sum.CLIVersions, r.cliVersion)
		}
		c.direction(b.file, sp.line, r.variant)
	}
}

// direction checks that the variant is written by the input's side. With
// DirectionAuto the side is the one that writes the first line only one
// side writes.
func (c *collector) direction(file string, line int, vs *variantSchema) {
	d := Direction(vs.entry.Direction)
	if d == "both" {
		return
	}
	if c.side == "" {
		c.side = d
		return
	}
	if d != c.side {
		c.out(Finding{File: file, Line: line, Variant: vs.name, Rule: RuleWrongDirection.ID, Severity: RuleWrongDirection.Severity,
			Message: vs.label + ": written by the " + sideName(d) + ", but this input comes from the " + sideName(c.side)})
	}
}

func sideName(d Direction) string {
	if d == DirectionSDK {
		return "SDK (CLI stdin)"
	}
	return "CLI (stdout)"
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
