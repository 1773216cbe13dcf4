package validate

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"path"
	"slices"
	"sync"
)

// RuleCLIReads replaces a schema error on a line the SDK wrote when a
// probe of the real CLI (corpus/probe) sent the same fault and the CLI
// read the message and went on: the SDK's types and the CLI disagree, but
// nothing breaks. The SDK-direction verdict follows what the CLI does, not
// what the type declarations say.
var RuleCLIReads = &Rule{"types/cli-reads", Warning, "A line the SDK wrote breaks its schema (a member missing, null or of another type, an unknown member), but a probe of the real CLI sent the same fault and the CLI read the message and went on: the types disagree, the session does not break. The finding names the probe and the CLI version; errors stay errors where the CLI refused the fault or no probe sent it."}

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

var cliReads = sync.OnceValue(func() map[string][]cliRead {
	var list []cliRead
	if err := json.Unmarshal(cliReadsJSON, &list); err != nil {
		panic(fmt.Sprintf("validate: clireads.json: %v", err)) // tested
	}
	out := map[string][]cliRead{}
	for _, r := range list {
		out[r.Version] = append(out[r.Version], r)
	}
	return out
})

// cliReadsAt returns the probes of the newest probed CLI not newer than
// version ("" or not a version: the newest probed), and that CLI; nil
// when every probed CLI is newer.
func cliReadsAt(version string) ([]cliRead, string) {
	all := cliReads()
	_, known := parseVersion(version)
	var best string
	for v := range all {
		if known && compareVersions(v, version) > 0 {
			continue
		}
		if best == "" || compareVersions(v, best) > 0 {
			best = v
		}
	}
	return all[best], best
}

// excuse returns the probe that shows the CLI reads what finding f of a
// line of variant says is wrong, or nil. An unknown member is excused by
// a probe of any unknown member of the same object (the CLI's reader
// ignores unknown members there); the others by a probe of the same fault
// at the same member.
func excuse(reads []cliRead, variant string, f *Finding) *cliRead {
	for i := range reads {
		r := &reads[i]
		if r.Variant != variant || r.Rule != f.Rule {
			continue
		}
		if r.Pointer == f.Pointer || (f.Rule == RuleUnknownProperty.ID && path.Dir(r.Pointer) == path.Dir(f.Pointer)) {
			return r
		}
	}
	return nil
}

// sdkExcused rewrites, on a line the SDK wrote, the schema errors a probe
// shows the CLI reads into RuleCLIReads warnings.
func sdkExcused(findings []Finding, variant, version string) {
	if !slices.ContainsFunc(findings, func(f Finding) bool { return f.Severity == Error }) {
		return
	}
	reads, cli := cliReadsAt(version)
	if reads == nil {
		return
	}
	for i := range findings {
		f := &findings[i]
		if f.Severity != Error {
			continue
		}
		if r := excuse(reads, variant, f); r != nil {
			f.Message = fmt.Sprintf("%s; CLI %s reads it all the same (probe %q): the types disagree, the session goes on", f.Message, cli, r.Probe)
			f.Rule, f.Severity = RuleCLIReads.ID, RuleCLIReads.Severity
		}
	}
}
