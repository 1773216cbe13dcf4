package probe

import (
	"context"
	"fmt"
	"slices"
	"strings"
)

// A Summary counts the results of one CLI version.
type Summary struct {
	CLIVersion string `json:"cli_version"`
	// Probes, Variants and Members count what was probed: probes, wire
	// variants and distinct (variant, member) pairs.
	Probes   int `json:"probes"`
	Variants int `json:"variants"`
	Members  int `json:"members"`
	// ByOutcome counts the results by outcome.
	ByOutcome map[Outcome]int `json:"by_outcome"`
	// Disagree counts the probes where the CLI and the types disagree;
	// TypesTooStrict those the types reject and the CLI reads,
	// TypesTooLoose those the types accept and the CLI does not read.
	Disagree       int `json:"disagree"`
	TypesTooStrict int `json:"types_too_strict"`
	TypesTooLoose  int `json:"types_too_loose"`
}

// Summarise counts rs.
func Summarise(version string, rs []Result) Summary {
	s := Summary{CLIVersion: version, Probes: len(rs), ByOutcome: map[Outcome]int{}}
	variants, members := map[string]bool{}, map[string]bool{}
	for _, r := range rs {
		variants[r.Variant] = true
		if r.Member != "" {
			members[r.Variant+" "+r.Member] = true
		}
		s.ByOutcome[r.Outcome]++
		if r.Disagrees() {
			s.Disagree++
			if r.Read == ReadYes {
				s.TypesTooStrict++
			} else {
				s.TypesTooLoose++
			}
		}
	}
	s.Variants, s.Members = len(variants), len(members)
	return s
}

// Outcomes says the counts by outcome, in a fixed order.
func (s Summary) Outcomes() string {
	var parts []string
	for _, o := range []Outcome{Success, Error, Refused, NoAnswer, Ended} {
		if n := s.ByOutcome[o]; n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", n, o))
		}
	}
	return strings.Join(parts, ", ")
}

// Merge returns old with the results of fresh put in place of those with
// the same ID, sorted by ID.
func Merge(old, fresh []Result) []Result {
	byID := map[string]int{}
	out := slices.Clone(old)
	for i, r := range out {
		byID[r.ID] = i
	}
	for _, r := range fresh {
		if i, ok := byID[r.ID]; ok {
			out[i] = r
		} else {
			out = append(out, r)
		}
	}
	sortResults(out)
	return out
}

// Table writes the markdown table of the results files, one row per CLI
// version, oldest first: what was probed, what the CLI read, and how many
// probes the types disagree with, as recorded when the probes ran (each
// file's Types names the model) and as the SDK-direction model judges them
// now.
func Table(ctx context.Context, files []*File) (string, error) {
	var b strings.Builder
	b.WriteString("| CLI | probes | variants | members | read | not read | unknown | disagree with the types when probed (too strict / too loose) | disagree with protocheck's model now |\n")
	b.WriteString("|---|---|---|---|---|---|---|---|---|\n")
	for _, f := range files {
		s := Summarise(f.CLIVersion, f.Results)
		read := map[string]int{}
		for _, r := range f.Results {
			read[r.Read]++
		}
		now := slices.Clone(f.Results)
		if err := Judge(ctx, now); err != nil {
			return "", err
		}
		n := 0
		for _, r := range now {
			if r.Disagrees() {
				n++
			}
		}
		fmt.Fprintf(&b, "| %s | %d | %d | %d | %d | %d | %d | %d (%d / %d) | %d |\n", f.CLIVersion, s.Probes, s.Variants, s.Members,
			read[ReadYes], read[ReadNo], read[ReadUnknown], s.Disagree, s.TypesTooStrict, s.TypesTooLoose, n)
	}
	return b.String(), nil
}
