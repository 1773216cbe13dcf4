package validate

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"sync"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
	sjs "github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/protocheck/protocheck/protocol"
	"github.com/protocheck/protocheck/validate/internal/fastpath"
)

var (
	fuzzValidator = sync.OnceValues(func() (*Validator, error) { return New(Options{MaxDepth: 64}) })
	fuzzRunner    = sync.OnceValues(func() (*Validator, error) { return New(Options{MaxLineBytes: 64, Jobs: 2, MaxDepth: 64}) })
	// fuzzWhole and fuzzWholeRunner are the same with the old full pass,
	// which validates the whole line: the targets hold the new one to it.
	fuzzWhole       = sync.OnceValues(func() (*Validator, error) { return wholeLine(New(Options{MaxDepth: 64})) })
	fuzzWholeRunner = sync.OnceValues(func() (*Validator, error) {
		return wholeLine(New(Options{MaxLineBytes: 64, Jobs: 2, MaxDepth: 64}))
	})
)

func wholeLine(v *Validator, err error) (*Validator, error) {
	if v != nil {
		v.wholeLine = true
	}
	return v, err
}

// seedLines adds valid lines and a few broken ones to a fuzz corpus.
func seedLines(f *testing.F) {
	t := &testing.T{}
	for _, l := range validLines(t) {
		f.Add(l)
	}
	for _, s := range fuzzSeeds {
		f.Add([]byte(s))
	}
}

// fuzzSeeds are broken lines the fuzz targets start from.
var fuzzSeeds = []string{
	``, `{}`, `[]`, `null`, `{"type":`, `{"type":"assistant"}`, `{"type":"result","subtype":"success","num_turns":"3"}`,
	"{\"type\":\"user\",\"message\":{\"role\":\"user\",\"content\":\"\xff\"}}", "{\"a\":\"\x01\"}", `{"a":1e400}`,
	`{"type":"system","subtype":"init","type":"keep_alive"}`, `{"\u0074ype":"keep_alive"}`, ` [1] `,
	`{"type":"control_request","request_id":"r","request":{"subtype":"interrupt","subtype":"nope"}}`, `{"a":"\ud800"}`,
	`{"type":"result","subtype":"success","duration_ms":1.5,"duration_api_ms":1e999999,"is_error":false,"num_turns":1.0,"result":"","total_cost_usd":1e-99999,"usage":{"input_tokens":1e3,"output_tokens":99999999999999999999},"modelUsage":{},"permission_denials":[],"uuid":"u","session_id":"s"}`, `{"type":"control_request","request":{"subtype":"interrupt"}}`,
	// Faults the scan judges itself (fastpath.Failure.Local) beside others:
	// members missing at the top and deep, members the strict profile
	// forbids (an escaped name, white space about it), a wrong type below.
	` { "type" : "assistant" , "z\u007a" : 1 , "message" : { "content" : [ { "type" : "text" , "txt" : 7 } ] } } `,
	`{"type":"assistant","message":{"id":"m","type":"message","role":"assistant","model":"x","content":[{"text":"a"},{"type":"text","text":7,"zz":1}],"stop_reason":null,"stop_sequence":null,"usage":{"input_tokens":1,"output_tokens":1}},"parent_tool_use_id":null,"zz":{"type":1}}`,
	`{"type":"result","subtype":"success","zz":1,"zz":2,"usage":{}}`,
}

// FuzzCheckLine: no input makes the line check panic; it calls a line
// invalid JSON exactly when encoding/json does (for valid UTF-8 without NUL
// bytes and within the depth limit); every line the fast path accepts
// is valid for santhosh-tekuri/jsonschema too; and the full pass finds
// what validating the whole line finds.
func FuzzCheckLine(f *testing.F) {
	seedLines(f)
	f.Fuzz(func(t *testing.T, line []byte) {
		v, err := fuzzValidator()
		if err != nil {
			t.Fatal(err)
		}
		var s scanner
		var r lineResult
		v.checkLine(&s, "f", 1, line, &r)
		whole, err := fuzzWhole()
		if err != nil {
			t.Fatal(err)
		}
		var rw lineResult
		whole.checkLine(new(scanner), "f", 1, line, &rw)
		if diff := cmp.Diff(rw.findings, r.findings); diff != "" {
			t.Fatalf("the full pass's findings differ from the whole line's (-whole +now):\n%s\nline: %q", diff, line)
		}
		rules := map[string]bool{}
		for _, fd := range r.findings {
			rules[fd.Rule] = true
			if fd.Line != 1 || fd.Rule == "" || RuleByID(fd.Rule) == nil {
				t.Fatalf("malformed finding %+v", fd)
			}
		}
		if bytes.IndexByte(line, 0) >= 0 || !utf8.Valid(line) || rules[RuleTooDeep.ID] {
			return
		}
		if got, want := rules[RuleInvalidJSON.ID], !json.Valid(line); got != want {
			t.Fatalf("invalid-json finding = %v, encoding/json says invalid = %v for %q", got, want, line)
		}
		if json.Valid(line) {
			if got, want := variantName(r.variant), decodedVariant(line); got != want {
				t.Fatalf("dispatched to %q, protocol.Decode says %q for %q", got, want, line)
			}
			for _, fd := range r.findings {
				if want := fastpath.ColumnOf(line, fd.Pointer); fd.Pointer != "" && fd.Column != want {
					t.Fatalf("%s at %s: column %d, ColumnOf says %d for %q", fd.Rule, fd.Pointer, fd.Column, want, line)
				}
			}
		}
		if r.variant != nil && !r.slow {
			// Numbers that schema/integer reports are shown to the full
			// validator as 0, as checkLine does.
			res := s.Check(line, r.variant.fast, fastpath.Limits{MaxDepth: v.opts.MaxDepth})
			inst, err := sjs.UnmarshalJSON(bytes.NewReader(substituteNumbers(line, res.NumSubs)))
			if err != nil {
				t.Fatalf("fast path accepted what encoding/json rejects: %q", line)
			}
			if err := r.variant.sch.Validate(inst); err != nil {
				t.Fatalf("fast path accepted a line that %s's schema rejects: %v\n%q", r.variant.name, err, line)
			}
		}
	})
}

func variantName(vs *variantSchema) string {
	if vs == nil {
		return ""
	}
	return vs.name
}

// decodedVariant is the variant protocol.Decode finds for a line, an oracle
// for the validator's own dispatch.
func decodedVariant(line []byte) string {
	m, err := protocol.Decode(line)
	var de *protocol.DecodeError
	switch {
	case errors.As(err, &de) && de.Variant != nil:
		return de.Variant.Name
	case err != nil:
		return ""
	}
	if v := protocol.VariantOf(m); v != nil {
		return v.Name
	}
	return ""
}

// FuzzRun: the reader never panics, counts every line, and numbers findings
// within the input, whatever the bytes and however long the lines. A panic
// in a line's check is recovered into an internal/error finding, which
// fails the target too. The findings are those of the old full pass.
func FuzzRun(f *testing.F) {
	seedLines(f)
	f.Add([]byte("{\"type\":\"keep_alive\"}\r\n\n\xef\xbb\xbf{}\n" + string(bytes.Repeat([]byte("x"), 100))))
	f.Add([]byte{0x1f, 0x8b, 0, 1, 2})
	f.Fuzz(func(t *testing.T, data []byte) {
		v, err := fuzzRunner()
		if err != nil {
			t.Fatal(err)
		}
		var findings []Finding
		sum, err := v.Stream(context.Background(), "f", bytes.NewReader(data), func(f Finding) { findings = append(findings, f) })
		if err != nil {
			t.Fatal(err)
		}
		whole, err := fuzzWholeRunner()
		if err != nil {
			t.Fatal(err)
		}
		var wholeFindings []Finding
		if _, err := whole.Stream(context.Background(), "f", bytes.NewReader(data), func(f Finding) { wholeFindings = append(wholeFindings, f) }); err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(wholeFindings, findings); diff != "" {
			t.Fatalf("the full pass's findings differ from the whole line's (-whole +now):\n%s", diff)
		}
		if len(data) >= 2 && data[0] == 0x1f && data[1] == 0x8b {
			return // gzip: the lines are those of the decompressed data
		}
		want := bytes.Count(data, []byte("\n"))
		if len(data) > 0 && data[len(data)-1] != '\n' {
			want++
		}
		if sum.Lines != want {
			t.Fatalf("counted %d lines, want %d", sum.Lines, want)
		}
		for _, fd := range findings {
			if fd.Line < 0 || fd.Line > want {
				t.Fatalf("finding on line %d of %d: %+v", fd.Line, want, fd)
			}
			if fd.Rule == RuleInternal.ID {
				t.Fatalf("a bug met on line %d: %s", fd.Line, fd.Message)
			}
		}
	})
}
