package validate_test

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	sjs "github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/protocheck/protocheck/internal/testutil/sharedcorpus"
	"github.com/protocheck/protocheck/schemas"
	"github.com/protocheck/protocheck/validate"
)

// TestRealCLISample: every line the real CLI printed passes with no error,
// no warning, and no line of an unknown variant or kind.
func TestRealCLISample(t *testing.T) {
	dir := sharedcorpus.Dir(t)
	var inputs []validate.Input
	for _, f := range sharedcorpus.RealCLISample(t) {
		p := filepath.Join(dir, f)
		inputs = append(inputs, validate.Input{Name: f, Open: func() (io.ReadCloser, error) { return os.Open(p) }})
	}
	v, err := validate.New(validate.Options{})
	if err != nil {
		t.Fatal(err)
	}
	sum, err := v.Run(context.Background(), inputs, func(f validate.Finding) { t.Errorf("%s", f) })
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d lines in %d files, %d variants, %d unknown properties", sum.Lines, sum.Files, len(sum.Variants), sum.UnknownProperties)
}

// TestRemoteRefRefused: schemas come only from the embedded set or a folder;
// a schema that refers to a URL is refused with an error that says so.
func TestRemoteRefRefused(t *testing.T) {
	index := `{"schema_version":1,"base_id":"https://protocheck.dev/test/","profiles":["tolerant"],
		"union":{"tolerant":"tolerant/protocol.schema.json"},"subtype_paths":{},
		"variants":[{"name":"keep_alive","type":"keep_alive","direction":"both","files":{"tolerant":"tolerant/keep_alive.schema.json"}}]}`
	union := `{"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://protocheck.dev/test/tolerant/protocol.schema.json",
		"$defs":{"keep_alive":{"$ref":"https://example.com/evil.schema.json"}}}`
	fsys := fstest.MapFS{
		schemas.IndexFile:               {Data: []byte(index)},
		"tolerant/protocol.schema.json": {Data: []byte(union)},
	}
	_, err := validate.New(validate.Options{Schemas: fsys})
	var le *sjs.LoadURLError
	var re *validate.RemoteRefError
	if !errors.As(err, &le) || !errors.As(le.Err, &re) || re.URL != "https://example.com/evil.schema.json" {
		t.Fatalf("New with a remote $ref: err = %v, want a *RemoteRefError for the URL", err)
	}
}

// TestFindingVariant: once a line's variant is known, every finding about
// the line names it, whichever pass made the finding; a line whose variant
// is not known names none.
func TestFindingVariant(t *testing.T) {
	tests := []struct {
		name, line, rule, variant string
	}{
		{"unknown property (scanner)", `{"type":"keep_alive","zz":1}`, "schema/unknown-property", "keep_alive"},
		{"duplicate key (scanner)", `{"type":"control_cancel_request","request_id":"a","request_id":"b"}`, "input/duplicate-key", "control_cancel_request"},
		{"unknown content block (scanner)", `{"type":"user","message":{"role":"user","content":[{"type":"hologram"}]},"parent_tool_use_id":null}`, "variant/unknown-kind", "user"},
		{"wrong type (schema)", `{"type":"control_cancel_request","request_id":7}`, "schema/type", "control_cancel_request"},
		{"unknown subtype", `{"type":"system","subtype":"hologram","uuid":"u","session_id":"s"}`, "variant/unknown-subtype", ""},
		{"unknown type", `{"type":"hologram"}`, "variant/unknown-type", ""},
	}
	// The lines are not transcripts with a system/init: name the version.
	v, err := validate.New(validate.Options{ShowUnknown: true, CLIVersion: "2.1.330"})
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []validate.Finding
			if _, err := v.Stream(context.Background(), "t.jsonl", strings.NewReader(tt.line), func(f validate.Finding) { got = append(got, f) }); err != nil {
				t.Fatal(err)
			}
			if len(got) != 1 || got[0].Rule != tt.rule || got[0].Variant != tt.variant {
				t.Errorf("findings = %+v, want one %s with variant %q", got, tt.rule, tt.variant)
			}
		})
	}
}
