package ladder

import (
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"

	"github.com/protocheck/protocheck/corpus/capture"
	"github.com/protocheck/protocheck/validate"
)

// A Report says what a release's captures show that the rung below's do
// not, and the reverse, over the scenarios both captured (the same scripts
// against the same fake API, so a difference is the release's). What only
// the scenarios the rung below could not run show is listed apart.
//
// The categories, for each variant and member (a JSON Pointer, array items
// as *):
//   - new: the release sends it, the rung below never did;
//   - vanished: the rung below sent it, the release never does where it
//     could (the variant or the parent object is there);
//   - now always sent: every object of the release that could carry the
//     member does, and not every one of the rung below did (a member that
//     may be about to become required);
//   - no longer always sent: the reverse.
type Report struct {
	ReportVersion int    `json:"report_version"`
	Version       string `json:"version"`
	Below         string `json:"below"`
	// Common are the scenarios both rungs captured; OnlyNew those only the
	// release did (new scenarios, or a min_version between the two), and
	// OnlyBelow those only the rung below did (the release refused them,
	// or they are not captured yet).
	Common    []string `json:"common"`
	OnlyNew   []string `json:"only_new"`
	OnlyBelow []string `json:"only_below"`

	VariantsNew        []VariantChange `json:"variants_new"`
	VariantsVanished   []VariantChange `json:"variants_vanished"`
	MembersNew         []MemberChange  `json:"members_new"`
	MembersVanished    []MemberChange  `json:"members_vanished"`
	NowAlwaysSent      []MemberChange  `json:"now_always_sent"`
	NoLongerAlwaysSent []MemberChange  `json:"no_longer_always_sent"`
	// FromNewScenarios are the variants that only the scenarios of OnlyNew
	// show: not comparable with the rung below.
	FromNewScenarios []VariantChange `json:"from_new_scenarios"`
}

// A VariantChange is a variant and how many lines of it each rung's
// captures have.
type VariantChange struct {
	Variant string `json:"variant"`
	Below   int    `json:"below_lines"`
	Now     int    `json:"lines"`
}

// A MemberChange is a member of a variant, with how often it was sent of
// how often it could have been, below and now ("3/5").
type MemberChange struct {
	Variant string `json:"variant"`
	Pointer string `json:"pointer"`
	Below   string `json:"below"`
	Now     string `json:"now"`
	// Always says every object that could carry it does (for new members).
	Always bool `json:"always,omitempty"`
}

// Compare compares the captures of CLI version with those of the rung
// below under dir (the corpus folder); see Report.
func Compare(dir, below, version string) (*Report, error) {
	a, err := capture.CapturedScenarios(dir, below)
	if err != nil {
		return nil, err
	}
	b, err := capture.CapturedScenarios(dir, version)
	if err != nil {
		return nil, err
	}
	r := &Report{ReportVersion: validate.ReportVersion, Version: version, Below: below,
		Common: []string{}, OnlyNew: []string{}, OnlyBelow: []string{},
		VariantsNew: []VariantChange{}, VariantsVanished: []VariantChange{}, MembersNew: []MemberChange{},
		MembersVanished: []MemberChange{}, NowAlwaysSent: []MemberChange{}, NoLongerAlwaysSent: []MemberChange{},
		FromNewScenarios: []VariantChange{}}
	for _, s := range b {
		if slices.Contains(a, s) {
			r.Common = append(r.Common, s)
		} else {
			r.OnlyNew = append(r.OnlyNew, s)
		}
	}
	for _, s := range a {
		if !slices.Contains(b, s) {
			r.OnlyBelow = append(r.OnlyBelow, s)
		}
	}
	old, err := capture.SurveyCaptures(dir, below, r.Common)
	if err != nil {
		return nil, err
	}
	cur, err := capture.SurveyCaptures(dir, version, r.Common)
	if err != nil {
		return nil, err
	}
	extra, err := capture.SurveyCaptures(dir, version, r.OnlyNew)
	if err != nil {
		return nil, err
	}
	count := func(s *capture.Survey, v string) int {
		if vs := s.Variants[v]; vs != nil {
			return vs.Lines
		}
		return 0
	}
	for _, v := range slices.Sorted(maps.Keys(extra.Variants)) {
		if cur.Variants[v] == nil && old.Variants[v] == nil {
			r.FromNewScenarios = append(r.FromNewScenarios, VariantChange{Variant: v, Now: count(extra, v)})
		}
	}
	variants := slices.Sorted(maps.Keys(cur.Variants))
	for _, v := range slices.Sorted(maps.Keys(old.Variants)) {
		if cur.Variants[v] == nil {
			variants = append(variants, v)
		}
	}
	slices.Sort(variants)
	for _, v := range variants {
		ov, nv := old.Variants[v], cur.Variants[v]
		switch {
		case ov == nil:
			r.VariantsNew = append(r.VariantsNew, VariantChange{Variant: v, Now: nv.Lines})
			continue
		case nv == nil:
			r.VariantsVanished = append(r.VariantsVanished, VariantChange{Variant: v, Below: ov.Lines})
			continue
		}
		members := slices.Collect(maps.Keys(nv.Members))
		for p := range ov.Members {
			if nv.Members[p] == nil {
				members = append(members, p)
			}
		}
		slices.Sort(members)
		for _, p := range members {
			om, nm := ov.Members[p], nv.Members[p]
			switch {
			case om == nil:
				r.MembersNew = append(r.MembersNew, MemberChange{Variant: v, Pointer: p, Below: fmt.Sprintf("0/%d", parents(ov, p)), Now: ratio(nm), Always: nm.Always()})
			case nm == nil:
				// Vanished only where the release had objects that could
				// carry it.
				if n := parents(nv, p); n > 0 {
					r.MembersVanished = append(r.MembersVanished, MemberChange{Variant: v, Pointer: p, Below: ratio(om), Now: fmt.Sprintf("0/%d", n)})
				}
			case nm.Always() && !om.Always():
				r.NowAlwaysSent = append(r.NowAlwaysSent, MemberChange{Variant: v, Pointer: p, Below: ratio(om), Now: ratio(nm)})
			case om.Always() && !nm.Always():
				r.NoLongerAlwaysSent = append(r.NoLongerAlwaysSent, MemberChange{Variant: v, Pointer: p, Below: ratio(om), Now: ratio(nm)})
			}
		}
	}
	return r, nil
}

func ratio(m *capture.MemberSurvey) string { return fmt.Sprintf("%d/%d", m.Seen, m.Parents) }

// parents returns how many objects of vs could carry member p.
func parents(vs *capture.VariantSurvey, p string) int { return vs.Objects(capture.ParentPointer(p)) }

// Empty says the release's captures show no change against the rung below.
func (r *Report) Empty() bool {
	return len(r.VariantsNew)+len(r.VariantsVanished)+len(r.MembersNew)+len(r.MembersVanished)+
		len(r.NowAlwaysSent)+len(r.NoLongerAlwaysSent) == 0
}

// sections lists the report's member sections with their titles.
func (r *Report) sections() []struct {
	title   string
	members []MemberChange
} {
	return []struct {
		title   string
		members []MemberChange
	}{
		{"Members new", r.MembersNew},
		{"Members no longer sent (vanished)", r.MembersVanished},
		{"Members now always sent (newly required)", r.NowAlwaysSent},
		{"Members no longer always sent", r.NoLongerAlwaysSent},
	}
}

// WriteText writes the result for a terminal.
func (res *Result) WriteText(w io.Writer) {
	for _, s := range res.Steps {
		if s.Status == StatusSkipped && strings.HasPrefix(s.Note, "before --from") {
			continue
		}
		fmt.Fprintf(w, "step %-12s %-7s %6.1fs%s\n", s.Name, s.Status, s.Seconds, prefixed(s.Note))
	}
	res.writeBundleText(w)
	for _, k := range res.Recorded {
		fmt.Fprintf(w, "recorded in corpus/dialects/ledger.txt (a dialect's policy explains it): %s\n", k)
	}
	defer res.writeDecisionsText(w)
	fmt.Fprintf(w, "CLI %s: %d captures (%d made now), %d not runnable, %d skipped (min_version), %d failed\n",
		res.Version, res.Captures, len(res.Captured), len(res.NotRunnable), len(res.Skipped), len(res.Failed))
	for _, n := range res.NotRunnable {
		fmt.Fprintf(w, "  not runnable: %s: %s\n", n.Scenario, n.Reason)
	}
	for _, f := range res.Failed {
		fmt.Fprintf(w, "  failed: %s: %s\n", f.Scenario, f.Error)
	}
	for _, v := range res.Validation {
		fmt.Fprintf(w, "validate --profile %s: %d files, %d lines: %s\n", v.Profile, v.Files, v.Lines, v.counts())
		for _, g := range v.Groups() {
			fmt.Fprintf(w, "  %d× %s %s: %s (first at %s)\n", g.Count, g.Severity, g.Rule, g.Message, g.First)
		}
	}
	r := res.Report
	if r == nil {
		fmt.Fprintln(w, "no rung below to compare with")
		return
	}
	fmt.Fprintf(w, "against %s, over %d scenarios both captured (%d only now, %d only below):\n", r.Below, len(r.Common), len(r.OnlyNew), len(r.OnlyBelow))
	if r.Empty() {
		fmt.Fprintln(w, "  no variant or member new, vanished, newly or no longer always sent")
	}
	for _, c := range r.VariantsNew {
		fmt.Fprintf(w, "  variant new: %s (%d lines)\n", c.Variant, c.Now)
	}
	for _, c := range r.VariantsVanished {
		fmt.Fprintf(w, "  variant vanished: %s (%d lines below)\n", c.Variant, c.Below)
	}
	for _, s := range r.sections() {
		for _, m := range s.members {
			fmt.Fprintf(w, "  %s: %s %s (below %s, now %s%s)\n", strings.ToLower(s.title), m.Variant, m.Pointer, m.Below, m.Now, always(m))
		}
	}
	for _, c := range r.FromNewScenarios {
		fmt.Fprintf(w, "  variant only in scenarios the rung below did not capture: %s (%d lines)\n", c.Variant, c.Now)
	}
}

func always(m MemberChange) string {
	if m.Always {
		return ", always"
	}
	return ""
}

// WriteMarkdown writes the result as a Markdown release report.
func (res *Result) WriteMarkdown(w io.Writer) {
	fmt.Fprintf(w, "# CLI %s\n\n", res.Version)
	fmt.Fprintf(w, "Made by `protocheck corpus add-release %s`: what the release's captures show against the rung below, over the scenarios both captured (counts are sent/could have been sent), and what its bundle writes that the release below's does not.\n\n", res.Version)
	defer res.writeChainMarkdown(w)
	res.writeDecisionsMarkdown(w)
	fmt.Fprintf(w, "- captures: %d; not runnable: %d; skipped (min_version): %d; failed: %d\n", res.Captures, len(res.NotRunnable), len(res.Skipped), len(res.Failed))
	for _, v := range res.Validation {
		fmt.Fprintf(w, "- `validate --profile %s`: %d files, %d lines: %s\n", v.Profile, v.Files, v.Lines, v.counts())
	}
	if len(res.NotRunnable) > 0 {
		fmt.Fprintf(w, "\n## Not runnable\n\n| scenario | why |\n|---|---|\n")
		for _, n := range res.NotRunnable {
			fmt.Fprintf(w, "| %s | %s |\n", n.Scenario, mdCell(n.Reason))
		}
	}
	for _, v := range res.Validation {
		if len(v.Findings) == 0 {
			continue
		}
		fmt.Fprintf(w, "\n## Findings, %s profile\n\n| count | severity | rule | message | first at |\n|---|---|---|---|---|\n", v.Profile)
		for _, g := range v.Groups() {
			fmt.Fprintf(w, "| %d | %s | %s | %s | %s |\n", g.Count, g.Severity, g.Rule, mdCell(g.Message), g.First)
		}
	}
	r := res.Report
	if r == nil {
		fmt.Fprintf(w, "\nNo rung below to compare with.\n")
		return
	}
	fmt.Fprintf(w, "\n## Against %s\n\n%d scenarios both captured; only now: %s; only below: %s.\n", r.Below, len(r.Common), list(r.OnlyNew), list(r.OnlyBelow))
	if r.Empty() {
		fmt.Fprintf(w, "\nNo variant or member is new, vanished, newly or no longer always sent.\n")
	}
	if len(r.VariantsNew)+len(r.VariantsVanished) > 0 {
		fmt.Fprintf(w, "\n### Variants\n\n| variant | change | lines below | lines now |\n|---|---|---|---|\n")
		for _, c := range r.VariantsNew {
			fmt.Fprintf(w, "| `%s` | new | - | %d |\n", c.Variant, c.Now)
		}
		for _, c := range r.VariantsVanished {
			fmt.Fprintf(w, "| `%s` | vanished | %d | - |\n", c.Variant, c.Below)
		}
	}
	for _, s := range r.sections() {
		if len(s.members) == 0 {
			continue
		}
		fmt.Fprintf(w, "\n### %s\n\n| variant | member | below | now |\n|---|---|---|---|\n", s.title)
		for _, m := range s.members {
			fmt.Fprintf(w, "| `%s` | `%s` | %s | %s%s |\n", m.Variant, m.Pointer, m.Below, m.Now, always(m))
		}
	}
	if len(r.FromNewScenarios) > 0 {
		fmt.Fprintf(w, "\n### Variants only the scenarios the rung below did not capture show\n\n")
		for _, c := range r.FromNewScenarios {
			fmt.Fprintf(w, "- `%s` (%d lines)\n", c.Variant, c.Now)
		}
	}
}

func list(s []string) string {
	if len(s) == 0 {
		return "none"
	}
	return strings.Join(s, ", ")
}

func mdCell(s string) string { return strings.ReplaceAll(s, "|", `\|`) }

// A FindingGroup is the findings of a Validation with the same severity,
// rule and message.
type FindingGroup struct {
	Severity validate.Severity
	Rule     string
	Message  string
	Count    int
	// First is the file and line of the first; Variant and Pointer its
	// variant and JSON Pointer.
	First            string
	Variant, Pointer string
}

// Groups groups v's findings by severity, rule and message, in the order
// of their first finding.
func (v Validation) Groups() []FindingGroup {
	var out []FindingGroup
	at := map[string]int{}
	for _, f := range v.Findings {
		k := fmt.Sprint(f.Severity, "\x00", f.Rule, "\x00", f.Message)
		if i, ok := at[k]; ok {
			out[i].Count++
			continue
		}
		at[k] = len(out)
		out = append(out, FindingGroup{Severity: f.Severity, Rule: f.Rule, Message: f.Message, Count: 1, First: fmt.Sprintf("%s:%d", f.File, f.Line),
			Variant: f.Variant, Pointer: f.Pointer})
	}
	return out
}

func (v Validation) counts() string {
	s := fmt.Sprintf("%d errors, %d warnings", v.Errors, v.Warnings)
	if v.Deliberate > 0 {
		s += fmt.Sprintf(" (and %d deliberate input/empty: a run that prints nothing)", v.Deliberate)
	}
	return s
}

// writeBundleText writes the bundle comparison for a terminal.
func (res *Result) writeBundleText(w io.Writer) {
	b := res.Bundle
	if b == nil || b.Below == "" {
		return
	}
	fmt.Fprintf(w, "bundle %s against %s: %d new, %d gone\n", b.Version, b.Below, len(b.New), len(b.Gone))
	for _, m := range b.New {
		fmt.Fprintf(w, "  bundle new: %s %s (%s)\n", m.Variant, memberOrVariant(m.Member), m.state())
	}
	for _, m := range b.Gone {
		fmt.Fprintf(w, "  bundle gone: %s %s (%s)\n", m.Variant, memberOrVariant(m.Member), m.state())
	}
}

func memberOrVariant(m string) string {
	if m == "" {
		return "(the variant)"
	}
	return m
}

// state says whether a capture shows the member and the model has it.
func (m BundleMember) state() string {
	var s []string
	if m.Captured {
		s = append(s, "captured")
	} else {
		s = append(s, "no capture shows it")
	}
	if m.Modelled {
		s = append(s, "has a version fact")
	} else {
		s = append(s, "no version fact")
	}
	return strings.Join(s, ", ")
}

func (res *Result) writeDecisionsText(w io.Writer) {
	if len(res.Decisions) == 0 {
		return
	}
	fmt.Fprintf(w, "\n%d decisions before CLI %s is a rung:\n", len(res.Decisions), res.Version)
	for i, d := range res.Decisions {
		fmt.Fprintf(w, "%d. [%s] %s\n   where: %s\n   then:  %s\n", i+1, d.Step, d.What, d.Where, d.Next)
	}
}

func (res *Result) writeDecisionsMarkdown(w io.Writer) {
	if len(res.Decisions) == 0 {
		return
	}
	fmt.Fprintf(w, "## To decide\n\nThe chain stopped: a human must decide what follows, then run the command given.\n\n| step | what | where | then |\n|---|---|---|---|\n")
	for _, d := range res.Decisions {
		fmt.Fprintf(w, "| %s | %s | `%s` | `%s` |\n", d.Step, mdCell(d.What), mdCell(d.Where), mdCell(d.Next))
	}
	fmt.Fprintln(w)
}

// writeChainMarkdown writes the bundle comparison, the divergences
// recorded and the steps with their times.
func (res *Result) writeChainMarkdown(w io.Writer) {
	if b := res.Bundle; b != nil && b.Below != "" {
		fmt.Fprintf(w, "\n## What the bundle writes, against %s\n\nRead from the release's own JavaScript (`%s` against `%s`, internal/gen/versionfacts/bundle.json): the members it may send, whether or not a scenario reaches them.", b.Below, b.Source, b.BelowSource)
		if b.ParseErrors > 0 {
			fmt.Fprintf(w, " %d of its modules could not be parsed: their members are unknown.", b.ParseErrors)
		}
		fmt.Fprintln(w)
		if len(b.New)+len(b.Gone) == 0 {
			fmt.Fprintf(w, "\nNo member is new or gone.\n")
		}
		for _, part := range []struct {
			title string
			ms    []BundleMember
		}{{"New in the bundle", b.New}, {"Gone from the bundle", b.Gone}} {
			if len(part.ms) == 0 {
				continue
			}
			fmt.Fprintf(w, "\n### %s\n\n| variant | member | captured | version fact |\n|---|---|---|---|\n", part.title)
			for _, m := range part.ms {
				fmt.Fprintf(w, "| `%s` | %s | %s | %s |\n", m.Variant, code(m.Member), yesNo(m.Captured), yesNo(m.Modelled))
			}
		}
	}
	if len(res.Recorded) > 0 {
		fmt.Fprintf(w, "\n## Divergences recorded\n\nNew in corpus/dialects/ledger.txt, each explained by its dialect's policy for what it does not know:\n\n")
		for _, k := range res.Recorded {
			fmt.Fprintf(w, "- `%s`\n", k)
		}
	}
	if len(res.Steps) == 0 {
		return
	}
	fmt.Fprintf(w, "\n## Steps\n\n| step | status | seconds | note |\n|---|---|---|---|\n")
	for _, s := range res.Steps {
		if s.Status == StatusSkipped && strings.HasPrefix(s.Note, "before --from") {
			continue
		}
		fmt.Fprintf(w, "| %s | %s | %.1f | %s |\n", s.Name, s.Status, s.Seconds, mdCell(s.Note))
	}
}

func code(s string) string {
	if s == "" {
		return "(the variant)"
	}
	return "`" + s + "`"
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}
