package validate_test

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"
	"testing/fstest"

	sjs "github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/protocheck/protocheck/internal/sharedcorpus"
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
