package matrix

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	stdreflect "reflect"
	"slices"
	"strings"

	"github.com/protocheck/protocheck/protocol"
	"github.com/protocheck/protocheck/validate"
)

// A WriteResult is the check of one message a dialect writes against what
// the CLI reads.
type WriteResult struct {
	Dialect string `json:"dialect"`
	// Name and Source say which message, as the dialect's source shows it.
	Name   string `json:"name"`
	Source string `json:"source,omitempty"`
	// Variant is the wire variant the message was checked as, or "".
	Variant string `json:"variant,omitempty"`
	// Verdict is Accepted or Rejected.
	Verdict Verdict `json:"verdict"`
	// Findings are the problems, with the message as line 1.
	Findings []validate.Finding `json:"findings,omitempty"`
	// Message is the line the dialect writes.
	Message json.RawMessage `json:"message"`
	// Evidence says how the verdict is known: "verified on CLI <v>: <what
	// the CLI did>" when the probe suite sent this very message to a real
	// CLI (corpus/probe/results), else "inferred from types".
	Evidence string `json:"evidence,omitempty"`
}

// InferredFromTypes is the Evidence of a write no probe has sent.
const InferredFromTypes = "inferred from types (no probe of this message)"

// CheckWrites checks every message each dialect writes against the wire's
// schemas for what the CLI reads (strict profile: a member the CLI does not
// read is an error), and the payload of each control_response against the
// wire's type for the answer to the request it names.
func CheckWrites(ctx context.Context, dialects []*Dialect) ([]*WriteResult, error) {
	v, err := validate.New(validate.Options{Profile: validate.ProfileStrict, UnknownKindsAreErrors: true, Direction: validate.DirectionSDK, Jobs: 1, NoCrossLine: true})
	if err != nil {
		return nil, err
	}
	var out []*WriteResult
	for _, d := range dialects {
		for _, w := range d.Writes {
			r := &WriteResult{Dialect: d.Name, Name: w.Name, Source: w.Source, Message: w.Message}
			var compact bytes.Buffer
			if err := json.Compact(&compact, w.Message); err != nil {
				return nil, fmt.Errorf("dialect %s: writes.json: %s: %w", d.Name, w.Name, err)
			}
			line := compact.Bytes()
			in := validate.Input{Name: d.Name + ": " + w.Name, Open: func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(line)), nil }}
			_, err := v.RunEach(ctx, []validate.Input{in}, func(f validate.Finding) {
				if f.Severity >= validate.Warning {
					r.Findings = append(r.Findings, f)
				}
			}, func(lr validate.LineResult) { r.Variant = lr.Variant })
			if err != nil {
				return nil, err
			}
			if r.Variant == "control_response.success" && w.Answers != "" {
				r.Findings = append(r.Findings, checkPayload(in.Name, line, w.Answers)...)
			}
			r.Verdict = Accepted
			if len(r.Findings) > 0 {
				r.Verdict = Rejected
			}
			out = append(out, r)
		}
	}
	return out, nil
}

// checkPayload checks response.response of a control_response line against
// the wire's Go type of the answer to a request of subtype answers: every
// required member there, no member the type lacks, enum values in range.
// The schemas cannot: a control_response does not say what it answers.
func checkPayload(file string, line []byte, answers string) []validate.Finding {
	target := protocol.NewResponsePayload(answers)
	if target == nil {
		return nil
	}
	var msg struct {
		Response struct {
			Response map[string]json.RawMessage `json:"response"`
		} `json:"response"`
	}
	if json.Unmarshal(line, &msg) != nil || msg.Response.Response == nil {
		return []validate.Finding{payloadFinding(file, validate.RuleRequired, "/response/response",
			fmt.Sprintf("control_response/success: the answer to %s carries no response object", answers))}
	}
	got := msg.Response.Response
	var out []validate.Finding
	t := stdreflect.TypeOf(target).Elem()
	declared := map[string]bool{}
	for i := range t.NumField() {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "" || name == "-" {
			continue
		}
		declared[name] = true
		tags := strings.Split(f.Tag.Get("jsonschema"), ",")
		raw, present := got[name]
		if !present {
			if slices.Contains(tags, "required") {
				out = append(out, payloadFinding(file, validate.RuleRequired, "/response/response/"+name,
					fmt.Sprintf("control_response/success: the answer to %s lacks required property `%s`", answers, name)))
			}
			continue
		}
		if string(raw) == "null" && slices.Contains(tags, "nullable") {
			continue // the probes show the CLI reads null as absent
		}
		var enum []string
		for _, tag := range tags {
			if v, ok := strings.CutPrefix(tag, "enum="); ok {
				enum = append(enum, v)
			}
		}
		var s string
		if len(enum) > 0 && json.Unmarshal(raw, &s) == nil && !slices.Contains(enum, s) {
			out = append(out, payloadFinding(file, validate.RuleEnum, "/response/response/"+name,
				fmt.Sprintf("control_response/success: `%s` of the answer to %s is %q, not one of %s", name, answers, s, strings.Join(enum, ", "))))
		}
	}
	for _, name := range slices.Sorted(maps.Keys(got)) {
		if !declared[name] {
			out = append(out, payloadFinding(file, validate.RuleUnknownProperty, "/response/response/"+name,
				fmt.Sprintf("control_response/success: the CLI does not read `%s` in the answer to %s", name, answers)))
		}
	}
	return out
}

func payloadFinding(file string, rule *validate.Rule, pointer, msg string) validate.Finding {
	return validate.Finding{File: file, Line: 1, Variant: "control_response.success", Pointer: pointer, Rule: rule.ID, Severity: validate.Error, Message: msg}
}
