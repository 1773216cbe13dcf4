package validate

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strings"

	sjs "github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/protocheck/protocheck/validate/internal/fastpath"
)

// This file is the full pass: santhosh-tekuri/jsonschema judges a line
// the fast path did not accept, and its errors become findings.

// fullPass validates the line against its variant's schema with
// santhosh-tekuri and appends the findings to r.
func (v *Validator) fullPass(vs *variantSchema, file string, n int, line []byte, res *fastpath.Result, r *lineResult) {
	add := func(rule *Rule, msg string) {
		r.findings = append(r.findings, Finding{File: file, Line: n, Rule: rule.ID, Severity: rule.Severity, Message: msg, Variant: vs.name})
	}
	inst, err := sjs.UnmarshalJSON(bytes.NewReader(substituteNumbers(line, res.NumSubs)))
	if err != nil {
		add(RuleInvalidJSON, "invalid JSON: "+err.Error())
		return
	}
	err = vs.sch.Validate(inst)
	if err == nil {
		return
	}
	var ve *sjs.ValidationError
	if !errors.As(err, &ve) {
		add(RuleSchema, fmt.Sprintf("%s: %v", vs.label, err))
		return
	}
	seen := map[string]bool{}
	for _, leaf := range leaves(ve) {
		for _, f := range v.describe(vs, leaf) {
			k := f.Rule + "\x00" + f.Pointer + "\x00" + f.Message
			if seen[k] {
				continue
			}
			seen[k] = true
			f.File, f.Line, f.Variant = file, n, vs.name
			r.findings = append(r.findings, f)
		}
	}
}

// leaves returns the errors at the bottom of a validation error's tree.
func leaves(ve *sjs.ValidationError) []*sjs.ValidationError {
	if len(ve.Causes) == 0 {
		return []*sjs.ValidationError{ve}
	}
	var out []*sjs.ValidationError
	for _, c := range ve.Causes {
		out = append(out, leaves(c)...)
	}
	return out
}

// describe turns one leaf of a validation error into findings.
func (v *Validator) describe(vs *variantSchema, e *sjs.ValidationError) []Finding {
	ptr := pointerOf(e.InstanceLocation)
	kw := strings.TrimPrefix(e.SchemaURL, v.index.BaseID)
	if kp := e.ErrorKind.KeywordPath(); len(kp) > 0 {
		kw += "/" + strings.Join(kp, "/")
	}
	what := "the line"
	if len(e.InstanceLocation) > 0 {
		what = "`" + e.InstanceLocation[len(e.InstanceLocation)-1] + "`"
	}
	one := func(rule *Rule, pointer, msg string) Finding {
		return Finding{Pointer: pointer, Keyword: kw, Rule: rule.ID, Severity: rule.Severity, Message: vs.label + ": " + msg}
	}
	switch k := e.ErrorKind.(type) {
	case *kindRequired:
		var out []Finding
		for _, m := range k.Missing {
			out = append(out, one(RuleRequired, ptr+"/"+escapeToken(m), fmt.Sprintf("required property `%s` is missing", m)))
		}
		return out
	case *kindAdditional:
		var out []Finding
		for _, p := range k.Properties {
			f := one(RuleUnknownProperty, ptr+"/"+escapeToken(p), fmt.Sprintf("property `%s` is not part of the protocol", p))
			f.Severity = Error
			out = append(out, f)
		}
		return out
	case *kindType:
		return []Finding{one(RuleType, ptr, fmt.Sprintf("%s: expected %s, got %s", what, strings.Join(k.Want, " or "), k.Got))}
	case *kindEnum:
		return []Finding{one(RuleEnum, ptr, fmt.Sprintf("%s: value %s is not one of %s", what, display(k.Got), displayList(k.Want)))}
	case *kindConst:
		return []Finding{one(RuleConst, ptr, fmt.Sprintf("%s: value %s, want %s", what, display(k.Got), display(k.Want)))}
	case *kindFormat:
		return []Finding{one(RuleFormat, ptr, fmt.Sprintf("%s: value %s is not of the %s format: %v", what, display(k.Got), k.Want, k.Err))}
	}
	return []Finding{one(RuleSchema, ptr, fmt.Sprintf("%s: %v", what, e.ErrorKind.LocalizedString(printer)))}
}

func pointerOf(tokens []string) string {
	var b strings.Builder
	for _, t := range tokens {
		b.WriteByte('/')
		b.WriteString(escapeToken(t))
	}
	return b.String()
}

func escapeToken(t string) string {
	if !strings.ContainsAny(t, "~/") {
		return t
	}
	return strings.NewReplacer("~", "~0", "/", "~1").Replace(t)
}

// substituteNumbers returns the line with the numbers subs names replaced
// (the line itself when there are none): the full validator then decides
// their type in constant time.
func substituteNumbers(line []byte, subs []fastpath.NumSub) []byte {
	if len(subs) == 0 {
		return line
	}
	slices.SortStableFunc(subs, func(a, b fastpath.NumSub) int {
		return cmp.Or(cmp.Compare(a.Start, b.Start), strings.Compare(a.With, b.With))
	})
	out := make([]byte, 0, len(line))
	at := 0
	for _, sub := range subs {
		if sub.Start < at {
			continue // the same number, seen again in another pass
		}
		out = append(out, line[at:sub.Start]...)
		out = append(out, sub.With...)
		at = sub.End
	}
	return append(out, line[at:]...)
}
