package validate

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"maps"
	"path"
	"slices"
	"sync"
)

// RuleCLIReads replaces a schema error on a line the SDK wrote when a
// probe of the real CLI (corpus/probe) sent the same fault and the CLI
// read the message and went on: the SDK's types and the CLI disagree, but
// nothing breaks. The SDK-direction verdict follows what the CLI does, not
// what the type declarations say.
var RuleCLIReads = &Rule{ID: "types/cli-reads", Severity: Warning,
	Doc:     "A line the SDK wrote breaks its schema (a member missing, null or of another type, an unknown member), but a probe of the real CLI sent the same fault and the CLI read the message and went on: the types disagree, the session does not break. The finding names the probe and the CLI version; errors stay errors where the CLI refused the fault or no probe sent it.",
	Example: `{"type":"user","message":{"role":"user","content":"hi"},"session_id":""}`,
	Flags:   []string{"--direction", "sdk", "--cli-version", "2.1.330"},
	Fix:     "The session works: the CLI read the same fault when a probe sent it (the finding names the probe, see corpus/probe/results and docs/probes.md). Write what the SDK's own types declare to stay safe with releases not probed; nothing breaks if you do not.",
}

// A cliRead is one probe whose fault the CLI read: the schema finding it
// excuses on the SDK's side.
type cliRead struct {
	// Version is the CLI the probe ran on.
	Version string `json:"version"`
	// Variant, Rule and Pointer name the schema finding the probe's
	// message got from protocheck's types.
	Variant string `json:"variant"`
	Rule    string `json:"rule"`
	Pointer string `json:"pointer"`
	// Probe is the probe's id in corpus/probe/results/<version>.json.
	Probe string `json:"probe"`
}

// cliReadsJSON is made from corpus/probe/results by TestCLIReadsFresh
// (go test ./validate -run CLIReadsFresh -update).
//
//go:embed clireads.json
var cliReadsJSON []byte

// A probeSet is what the probes of one CLI version showed of the SDK's
// side, by variant: the faults the CLI reads (clireads.json) and those it
// refuses (clirefuses.json).
type probeSet struct {
	cli      string
	reads    map[string][]cliRead
	refusals map[string][]cliRefusal
}

// probeSets are the probe sets of every probed CLI, oldest first.
var probeSets = sync.OnceValue(func() []*probeSet {
	var reads []cliRead
	var refusals []cliRefusal
	if err := json.Unmarshal(cliReadsJSON, &reads); err != nil {
		panic(fmt.Sprintf("validate: clireads.json: %v", err)) // tested
	}
	if err := json.Unmarshal(cliRefusesJSON, &refusals); err != nil {
		panic(fmt.Sprintf("validate: clirefuses.json: %v", err)) // tested
	}
	byCLI := map[string]*probeSet{}
	set := func(v string) *probeSet {
		if byCLI[v] == nil {
			byCLI[v] = &probeSet{cli: v, reads: map[string][]cliRead{}, refusals: map[string][]cliRefusal{}}
		}
		return byCLI[v]
	}
	for _, r := range reads {
		s := set(r.Version)
		s.reads[r.Variant] = append(s.reads[r.Variant], r)
	}
	for _, r := range refusals {
		s := set(r.Version)
		s.refusals[r.Variant] = append(s.refusals[r.Variant], r)
	}
	out := slices.Collect(maps.Values(byCLI))
	slices.SortFunc(out, func(a, b *probeSet) int { return compareVersions(a.cli, b.cli) })
	return out
})

// probesAt returns the probe set of the newest probed CLI not newer than
// version ("" or not a version: the newest probed), or nil when every
// probed CLI is newer.
func probesAt(version string) *probeSet {
	_, known := parseVersion(version)
	var best *probeSet
	for _, s := range probeSets() {
		if known && compareVersions(s.cli, version) > 0 {
			break
		}
		best = s
	}
	return best
}

// excuse returns the probe that shows the CLI reads what finding f of a
// line of variant says is wrong, or nil. An unknown member is excused by
// a probe of any unknown member of the same object (the CLI's reader
// ignores unknown members there); the others by a probe of the same fault
// at the same member.
func excuse(reads []cliRead, f *Finding) *cliRead {
	for i := range reads {
		r := &reads[i]
		if r.Rule != f.Rule {
			continue
		}
		if r.Pointer == f.Pointer || (f.Rule == RuleUnknownProperty.ID && path.Dir(r.Pointer) == path.Dir(f.Pointer)) {
			return r
		}
	}
	return nil
}

// sdkExcused rewrites, on a line the SDK wrote, the schema errors a probe
// of ps (nil: none) shows the CLI reads into RuleCLIReads warnings.
func sdkExcused(findings []Finding, variant string, ps *probeSet) {
	if ps == nil || len(ps.reads[variant]) == 0 || !slices.ContainsFunc(findings, func(f Finding) bool { return f.Severity == Error }) {
		return
	}
	for i := range findings {
		f := &findings[i]
		if f.Severity != Error {
			continue
		}
		if r := excuse(ps.reads[variant], f); r != nil {
			f.Message = fmt.Sprintf("%s; CLI %s reads it all the same (probe %q): the types disagree, the session goes on", f.Message, ps.cli, r.Probe)
			f.Rule, f.Severity = RuleCLIReads.ID, RuleCLIReads.Severity
		}
	}
}
