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
// the fast path did not accept, and its errors become findings. The scan,
// asked to say where the line fails (fastpath.Failure), hands it each
// failing value, read by fastpath.Build, with the one schema that judges
// it: the member's own schema, or the content block's, stream event's or
// control payload's that its discriminator selects. The errors are those
// a validation of the whole line would give (TestFullPassDifferential
// and the fuzz targets hold the two to it).

// fullPass validates the line with santhosh-tekuri and appends the
// findings to r; res is the scan's, with Limits.Failures.
func (v *Validator) fullPass(vs *variantSchema, file string, n int, line []byte, res *fastpath.Result, r *lineResult) {
	add := func(rule *Rule, msg string) {
		r.findings = append(r.findings, Finding{File: file, Line: n, Rule: rule.ID, Severity: rule.Severity, Message: msg, Variant: vs.name})
	}
	subs := slices.Clone(res.NumSubs)
	slices.SortStableFunc(subs, func(a, b fastpath.NumSub) int { return cmp.Compare(a.Start, b.Start) })
	type judged struct {
		prefix []string
		err    error
	}
	var errs []judged
	switch {
	case v.wholeLine || len(res.Failures) == 0:
		// The old way, kept for the differential test: decode the line
		// again and validate all of it.
		inst, err := sjs.UnmarshalJSON(bytes.NewReader(substituteNumbers(line, res.NumSubs)))
		if err != nil {
			add(RuleInvalidJSON, "invalid JSON: "+err.Error())
			return
		}
		errs = append(errs, judged{nil, vs.sch.Validate(inst)})
	default:
		failed := make([]bool, len(res.Failures))
		for i, f := range res.Failures {
			if f.IfTo > 0 && !slices.Contains(failed[f.IfFrom:f.IfTo], true) {
				continue // a branch not taken, of a choice whose taken branch passed
			}
			sch, err := v.schemaAt(f.Loc)
			if err != nil {
				add(RuleSchema, fmt.Sprintf("%s: internal error: %v; please report it", vs.label, err))
				return
			}
			inst, err := fastpath.Build(line, f.Start, f.End, subs)
			if err != nil {
				add(RuleSchema, fmt.Sprintf("%s: internal error: reading the value at %s: %v; please report it", vs.label, pointerOf(f.Path), err))
				return
			}
			err = sch.Validate(inst)
			failed[i] = err != nil
			errs = append(errs, judged{f.Path, err})
		}
	}
	seen := map[string]bool{}
	for _, j := range errs {
		if j.err == nil {
			continue
		}
		var ve *sjs.ValidationError
		if !errors.As(j.err, &ve) {
			add(RuleSchema, fmt.Sprintf("%s: %v", vs.label, j.err))
			continue
		}
		for _, leaf := range leaves(ve) {
			for _, f := range v.describe(vs, j.prefix, leaf) {
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
}

// schemaAt returns the compiled schema at a location of the schema
// document, compiling it the first time.
func (v *Validator) schemaAt(loc string) (*sjs.Schema, error) {
	v.subMu.RLock()
	sch, ok := v.subs[loc]
	v.subMu.RUnlock()
	if ok {
		return sch, nil
	}
	v.subMu.Lock()
	defer v.subMu.Unlock()
	if sch, ok := v.subs[loc]; ok {
		return sch, nil
	}
	sch, err := v.compiler.Compile(v.unionURL + loc)
	if err != nil {
		return nil, fmt.Errorf("compiling the schema at %s: %w", loc, err)
	}
	v.subs[loc] = sch
	return sch, nil
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

// describe turns one leaf of a validation error into findings; prefix
// holds the tokens of the pointer of the value validated.
func (v *Validator) describe(vs *variantSchema, prefix []string, e *sjs.ValidationError) []Finding {
	loc := e.InstanceLocation
	if len(prefix) > 0 {
		loc = append(slices.Clip(prefix), loc...)
	}
	ptr := pointerOf(loc)
	kw := strings.TrimPrefix(e.SchemaURL, v.index.BaseID)
	if kp := e.ErrorKind.KeywordPath(); len(kp) > 0 {
		kw += "/" + strings.Join(kp, "/")
	}
	what := "the line"
	if len(loc) > 0 {
		what = "`" + loc[len(loc)-1] + "`"
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
