package validate

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestLazySameFindings: a Lazy validator compiles nothing ahead, compiles
// no full schema for lines the scan accepts, and reports exactly what an
// eager one does, on the CLI's own captures and on lines that fail.
func TestLazySameFindings(t *testing.T) {
	// One session (the rules see one), with many kinds of lines.
	b, err := os.ReadFile(filepath.Join("..", "corpus", "captures", "2.1.330", "tool_bash.jsonl"))
	if err != nil {
		t.Fatalf("the committed capture: %v", err)
	}
	var in bytes.Buffer
	in.Write(b)
	clean := in.Len()
	for _, l := range []string{
		`{"type":"result","subtype":"success","is_error":"no"}`,
		`{"type":"assistant","message":{"content":[{"type":"text"}]},"session_id":7}`,
		`{"type":"user","message":{"role":"user","content":[{},{"type":"text"}]},"parent_tool_use_id":null}`,
		`{"type":"keep_alive","x":1,"x":2}`,
		`not json`,
	} {
		in.WriteString(l + "\n")
	}
	run := func(lazy bool, data []byte) (*Validator, []Finding) {
		v, err := New(Options{Lazy: lazy, CLIVersion: "2.1.330"})
		if err != nil {
			t.Fatal(err)
		}
		for name, vs := range v.variants {
			switch {
			case lazy && (vs.sch != nil || vs.fast != nil):
				t.Fatalf("Lazy: %s compiled by New", name)
			case !lazy && (vs.sch == nil || vs.fast == nil):
				t.Fatalf("eager: New left %s uncompiled", name)
			}
		}
		var got []Finding
		inp := Input{Name: "t.jsonl", Open: func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(data)), nil }}
		if _, err := v.Run(context.Background(), []Input{inp}, func(f Finding) { got = append(got, f) }); err != nil {
			t.Fatal(err)
		}
		return v, got
	}
	// The captures alone: the scan accepts every line, and the set's
	// validator compiles no full schema.
	v, got := run(true, in.Bytes()[:clean])
	sv, err := v.sets.validator(v.sets.mustChoose(t, "2.1.330"))
	if err != nil {
		t.Fatal(err)
	}
	for name, vs := range sv.variants {
		if vs.sch != nil {
			t.Errorf("Lazy: the full schema of %s was compiled for lines the scan accepted", name)
		}
	}
	if len(got) != 0 {
		t.Errorf("the captures gave findings: %v", got)
	}
	_, lazy := run(true, in.Bytes())
	_, eager := run(false, in.Bytes())
	if len(eager) == 0 {
		t.Fatal("the failing lines gave no findings")
	}
	if diff := cmp.Diff(eager, lazy); diff != "" {
		t.Errorf("Lazy findings differ from eager ones (-eager +lazy):\n%s", diff)
	}
}

// mustChoose returns the set that checks version.
func (vs *versionSets) mustChoose(t *testing.T, version string) string {
	t.Helper()
	set, warn := vs.choose(version)
	if warn != "" {
		t.Fatal(warn)
	}
	return set
}
