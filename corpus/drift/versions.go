package drift

import (
	"fmt"
	"io/fs"
	"os"
	"path"
	"strings"

	"github.com/protocheck/protocheck/corpus/capture"
	"github.com/protocheck/protocheck/corpus/matrix"
	"github.com/protocheck/protocheck/schemas"
	"github.com/protocheck/protocheck/validate"
)

// VersionDialect returns the wire as CLI version version sends and reads
// it: a dialect named by the version whose schemas are the version set that
// covers it (see validate's choice of a transcript's set), so that Drift
// compares two versions as it compares two dialects. As --from, a version
// is the writer of CLI output; as --to, the reader: drift --from 2.0.20
// --to 2.1.330 says what an SDK built for 2.1.330 meets in 2.0.20's output.
func VersionDialect(version string) (*matrix.Dialect, error) {
	if !validate.ValidCLIVersion(version) {
		return nil, fmt.Errorf("%q is not a CLI version such as 2.1.330", version)
	}
	idx, err := schemas.LoadIndex()
	if err != nil {
		return nil, err
	}
	set, warn, err := validate.SetOf(idx, version)
	if err != nil {
		return nil, err
	}
	if warn != "" {
		return nil, fmt.Errorf("%s", warn)
	}
	sub, err := fs.Sub(schemas.FS, path.Dir(set.Index))
	if err != nil {
		return nil, err
	}
	return &matrix.Dialect{
		Name:    version,
		Title:   "the CLI " + version + " (schema set " + set.Set + ")",
		Doc:     "The wire model as CLI " + version + " sends and reads it: the version set " + set.Set + " of the protocol's schemas.",
		Sources: []string{"package protocol", "protocol.Facts"},
		Policy:  matrix.Wire.Policy,
		Schemas: sub,
	}, nil
}

// DialectOrVersion returns the dialect of all named name or, when no
// dialect has that name and it is a CLI version, VersionDialect(name).
func DialectOrVersion(all []*matrix.Dialect, name string) (*matrix.Dialect, error) {
	d, err := matrix.DialectByName(all, name)
	if err == nil || !validate.ValidCLIVersion(name) {
		return d, err
	}
	return VersionDialect(name)
}

// An Explained difference is one structural difference between two CLI
// versions' captures of a scenario, with the schema changes between the
// two versions (Drift) at its variant and member, if any.
type Explained struct {
	Finding validate.Finding `json:"finding"`
	// Changes are the drift changes that explain it; none means the
	// difference comes from the run (what the scenario made the CLI do),
	// not from the protocol's schemas.
	Changes []Change `json:"changes,omitempty"`
}

// ExplainVersions compares the goldens of one scenario captured by CLI
// versions a and b under dir (the corpus folder), structurally as regress
// does (a as the golden), and explains each difference with the schema
// drift from a to b.
func ExplainVersions(dir, scenario, a, b string) ([]Explained, error) {
	var data [2][]byte
	for i, v := range []string{a, b} {
		var err error
		if data[i], err = os.ReadFile(capture.GoldenPath(dir, v, scenario)); err != nil {
			return nil, err
		}
	}
	s, err := capture.LoadScenarios(path.Join(dir, "scenarios"))
	if err != nil {
		return nil, err
	}
	opts := capture.DiffOptions{Golden: capture.GoldenPath(dir, a, scenario), Fresh: capture.GoldenPath(dir, b, scenario)}
	for _, sc := range s {
		if sc.Name == scenario {
			opts.Volatile, opts.Concurrent = sc.Volatile, sc.Concurrent
		}
	}
	findings, err := capture.Diff(data[0], data[1], opts)
	if err != nil {
		return nil, err
	}
	from, err := VersionDialect(a)
	if err != nil {
		return nil, err
	}
	to, err := VersionDialect(b)
	if err != nil {
		return nil, err
	}
	rep, err := Drift(from, to)
	if err != nil {
		return nil, err
	}
	var out []Explained
	for _, f := range findings {
		e := Explained{Finding: f}
		for _, c := range rep.Changes {
			if c.Variant == f.Variant && c.Pointer != "" && samePlace(c.Pointer, f.Pointer) {
				e.Changes = append(e.Changes, c)
			}
		}
		out = append(out, e)
	}
	return out, nil
}

// samePlace reports whether a drift change's pointer (with * for array
// items and [key=value] for union members) names the member at a diff
// finding's pointer (with array indexes).
func samePlace(change, finding string) bool {
	ct := strings.Split(change, "/")
	ft := strings.Split(finding, "/")
	if len(ct) != len(ft) {
		return false
	}
	for i := range ct {
		c, _, _ := strings.Cut(ct[i], "[")
		if c != ft[i] && c != "*" {
			return false
		}
	}
	return true
}
