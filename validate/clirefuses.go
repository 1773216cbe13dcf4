package validate

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// RuleCLIRefuses reports, on a line the SDK wrote, a member at an edge
// (absent, null, empty, of another JSON type) that the schemas accept but
// a probe of the real CLI showed the CLI refuses: the same message with
// only that member changed from the probe's baseline, which the CLI read,
// was answered with an error, or the tool did not run.
var RuleCLIRefuses = &Rule{ID: "types/cli-refuses", Severity: Error,
	Doc:     "A line the SDK wrote passes its schema, but a member sits at an edge (absent, null, empty, another JSON type) where a probe of the real CLI sent the same message and the CLI refused it (an error answer, or the tool did not run) while it read the probe's baseline. The finding names the probe and what the CLI answered. It is an error on the CLI version probed; on another version it is a warning, since no probe ran there. Answers to the CLI's own requests (can_use_tool, hook_callback) are matched only in duplex transcripts, where the request they answer is known.",
	Example: `{"type":"control_request","request_id":"r1","request":{"subtype":"rename_session","title":""}}`,
	Flags:   []string{"--direction", "sdk", "--cli-version", "2.1.330"},
	Fix:     "Send what the CLI reads: the finding quotes what the CLI answered when a probe sent the same member at the same edge (corpus/probe/results, docs/probes.md). The schema lets it pass because the CLI's types allow it; the CLI's own checks do not.",
}

// A cliRefusal is one probe whose message the CLI refused, while it read
// the baseline of the same variant: the member at its edge is the fault.
type cliRefusal struct {
	Version string `json:"version"`
	Variant string `json:"variant"`
	// Answers is, for an answer to one of the CLI's requests, that
	// request's subtype.
	Answers string `json:"answers,omitempty"`
	Member  string `json:"member"`
	Edge    string `json:"edge"`
	// Value is the probe's value at Member (empty and wrong-type edges).
	Value json.RawMessage `json:"value,omitempty"`
	// Behavior is, for an answer to can_use_tool, the probe's behavior
	// ("allow" or "deny"): the CLI checks the members of each apart, so
	// the refusal holds for answers of that behavior only.
	Behavior string `json:"behavior,omitempty"`
	Probe    string `json:"probe"`
	// Said is what the CLI answered, cut short.
	Said string `json:"said"`
}

// cliRefusesJSON is made from corpus/probe/results and the schemas by
// TestCLIReadsFresh (go test ./validate -run CLIReadsFresh -update): only
// the refusals whose probe the schemas of its CLI accept at the member.
//
//go:embed clirefuses.json
var cliRefusesJSON []byte

// sdkRefused adds a RuleCLIRefuses finding to findings for each member of
// line (the SDK's, of variant) at an edge the CLI refused in a probe of ps
// (nil: none), unless a finding already names that member. answers is the
// subtype of the CLI request the line answers, or "" when unknown; version
// is the session's CLI version.
func sdkRefused(findings []Finding, file string, lineNo int, line []byte, variant, answers string, ps *probeSet, version string) []Finding {
	if ps == nil {
		return findings
	}
	// Decode the line only when a refusal can apply: an answer's only
	// when the request it answers is the probe's.
	if !slices.ContainsFunc(ps.refusals[variant], func(r cliRefusal) bool { return r.Answers == "" || r.Answers == answers }) {
		return findings
	}
	probed, exact := ps.cli, ps.cli == version
	var value any
	if json.Unmarshal(line, &value) != nil {
		return findings
	}
	for _, r := range ps.refusals[variant] {
		if r.Answers != "" && r.Answers != answers {
			continue
		}
		if r.Behavior != "" && behaviorOf(value, r.Member) != r.Behavior {
			continue
		}
		if !atEdge(value, r.Member, r.Edge, r.Value) || named(findings, r.Member) {
			continue
		}
		f := Finding{File: file, Line: lineNo, Variant: variant, Pointer: r.Member, Rule: RuleCLIRefuses.ID, Severity: Error}
		if exact {
			f.Message = fmt.Sprintf("the schema accepts %s here, but CLI %s refused it when probe %q sent it: %s", edgeWords(r.Edge), probed, r.Probe, r.Said)
		} else {
			f.Severity = Warning
			f.Message = fmt.Sprintf("the schema accepts %s here, but CLI %s refused it when probe %q sent it (%s); this session's CLI (%s) was not probed", edgeWords(r.Edge), probed, r.Probe, r.Said, orUnknown(version))
		}
		findings = append(findings, f)
	}
	return findings
}

func orUnknown(v string) string {
	if v == "" {
		return "version unknown"
	}
	return v
}

func edgeWords(edge string) string {
	switch edge {
	case "absent":
		return "the member left out"
	case "null":
		return "null"
	case "empty":
		return "an empty value"
	}
	return "a value of this JSON type"
}

// named reports whether a finding already names the member at pointer or
// one inside it.
func named(findings []Finding, pointer string) bool {
	for _, f := range findings {
		if f.Pointer == pointer || strings.HasPrefix(f.Pointer, pointer+"/") {
			return true
		}
	}
	return false
}

// atEdge reports whether the member of v at pointer is at the edge: left
// out of an object that is there, null, or, for empty and wrong-type, of
// the probe's own JSON type (and equal to it, for empty).
func atEdge(v any, pointer, edge string, probe json.RawMessage) bool {
	parent, name, ok := resolveParent(v, pointer)
	if !ok {
		return false
	}
	m, isObj := parent.(map[string]any)
	if !isObj {
		return false
	}
	got, present := m[name]
	switch edge {
	case "absent":
		return !present
	case "null":
		return present && got == nil
	}
	if !present || got == nil || len(probe) == 0 {
		return false
	}
	var want any
	if json.Unmarshal(probe, &want) != nil || jsonType(got) != jsonType(want) {
		return false
	}
	if edge == "empty" {
		a, _ := json.Marshal(got)
		b, _ := json.Marshal(want)
		return bytes.Equal(a, b)
	}
	return edge == "wrong-type"
}

// behaviorOf returns the string member behavior beside the member at
// pointer, or "".
func behaviorOf(v any, pointer string) string {
	parent, _, ok := resolveParent(v, pointer)
	if m, isObj := parent.(map[string]any); ok && isObj {
		b, _ := m["behavior"].(string)
		return b
	}
	return ""
}

// resolveParent walks the RFC 6901 pointer to the parent of its last
// token.
func resolveParent(v any, pointer string) (any, string, bool) {
	if !strings.HasPrefix(pointer, "/") {
		return nil, "", false
	}
	tokens := strings.Split(pointer[1:], "/")
	for i := range tokens {
		tokens[i] = strings.ReplaceAll(strings.ReplaceAll(tokens[i], "~1", "/"), "~0", "~")
	}
	cur := v
	for _, t := range tokens[:len(tokens)-1] {
		switch x := cur.(type) {
		case map[string]any:
			next, ok := x[t]
			if !ok {
				return nil, "", false
			}
			cur = next
		case []any:
			i, err := strconv.Atoi(t)
			if err != nil || i < 0 || i >= len(x) {
				return nil, "", false
			}
			cur = x[i]
		default:
			return nil, "", false
		}
	}
	return cur, tokens[len(tokens)-1], true
}

func jsonType(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case float64:
		return "number"
	case string:
		return "string"
	case []any:
		return "array"
	}
	return "object"
}
