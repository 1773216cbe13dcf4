package reflect_test

import (
	"bytes"
	"flag"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	sjs "github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/protocheck/protocheck/internal/testutil/sharedcorpus"
	"github.com/protocheck/protocheck/protocol"
	"github.com/protocheck/protocheck/reflect"
	"github.com/protocheck/protocheck/schemas"
)

var update = flag.Bool("update", false, "rewrite the generated files in ../schemas")

const schemasDir = "../schemas"

var generated = sync.OnceValues(func() (map[string][]byte, error) {
	g, err := reflect.NewGenerator("../protocol")
	if err != nil {
		return nil, err
	}
	return g.VersionedFiles()
})

func files(t *testing.T) map[string][]byte {
	t.Helper()
	f, err := generated()
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// TestGolden compares every generated file with the committed one; each
// schema is a golden file. -update rewrites them (as make schemas does).
func TestGolden(t *testing.T) {
	fs := files(t)
	if *update {
		changed, err := reflect.Sync(schemasDir, fs, true)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("rewrote %d files", len(changed))
		return
	}
	for _, name := range slices.Sorted(maps.Keys(fs)) {
		t.Run(name, func(t *testing.T) {
			got, err := os.ReadFile(filepath.Join(schemasDir, name))
			if err != nil {
				t.Fatalf("%v; run: make schemas", err)
			}
			if !bytes.Equal(got, fs[name]) {
				t.Errorf("schemas/%s is stale; run: make schemas", name)
			}
		})
	}
	changed, err := reflect.Sync(schemasDir, fs, false)
	if err != nil {
		t.Fatal(err)
	}
	if len(changed) > 0 {
		t.Errorf("schemas are stale; run: make schemas\n%s", strings.Join(changed, "\n"))
	}
}

func TestDeterministic(t *testing.T) {
	g, err := reflect.NewGenerator("../protocol")
	if err != nil {
		t.Fatal(err)
	}
	again, err := g.VersionedFiles()
	if err != nil {
		t.Fatal(err)
	}
	first := files(t)
	for name, data := range first {
		if !bytes.Equal(data, again[name]) {
			t.Errorf("%s differs between two runs", name)
		}
	}
}

// compiled holds every generated schema compiled by santhosh-tekuri/jsonschema.
type compiled struct {
	variants map[reflect.Profile]map[string]*sjs.Schema
	union    map[reflect.Profile]*sjs.Schema
	lowered  map[reflect.Profile]map[string]*sjs.Schema // each variant of the union as protocheck reads it (schemas.Lower)
}

var compileAll = sync.OnceValues(func() (*compiled, error) {
	fs, err := generated()
	if err != nil {
		return nil, err
	}
	c := sjs.NewCompiler()
	for _, name := range slices.Sorted(maps.Keys(fs)) {
		if name == "index.json" {
			continue
		}
		doc, err := sjs.UnmarshalJSON(bytes.NewReader(fs[name]))
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		profile, file, _ := strings.Cut(name, "/")
		if err := c.AddResource(reflect.ID(reflect.Profile(profile), file), doc); err != nil {
			return nil, err
		}
	}
	out := &compiled{variants: map[reflect.Profile]map[string]*sjs.Schema{}, union: map[reflect.Profile]*sjs.Schema{}, lowered: map[reflect.Profile]map[string]*sjs.Schema{}}
	for _, p := range reflect.Profiles {
		out.variants[p] = map[string]*sjs.Schema{}
		for _, v := range protocol.Variants {
			s, err := c.Compile(reflect.ID(p, reflect.FileName(v)))
			if err != nil {
				return nil, fmt.Errorf("%s %s: %w", p, v.Name, err)
			}
			out.variants[p][v.Name] = s
		}
		if out.union[p], err = c.Compile(reflect.ID(p, reflect.UnionFile)); err != nil {
			return nil, fmt.Errorf("%s union: %w", p, err)
		}
		doc, err := sjs.UnmarshalJSON(bytes.NewReader(fs[string(p)+"/"+reflect.UnionFile]))
		if err != nil {
			return nil, err
		}
		schemas.Lower(doc)
		lc := sjs.NewCompiler()
		if err := lc.AddResource(reflect.ID(p, reflect.UnionFile), doc); err != nil {
			return nil, err
		}
		out.lowered[p] = map[string]*sjs.Schema{}
		for _, v := range protocol.Variants {
			if out.lowered[p][v.Name], err = lc.Compile(reflect.ID(p, reflect.UnionFile) + "#/$defs/" + reflect.VariantDef(v)); err != nil {
				return nil, fmt.Errorf("%s lowered union, %s: %w", p, v.Name, err)
			}
		}
	}
	return out, nil
})

func schemasFor(t *testing.T) *compiled {
	t.Helper()
	c, err := compileAll()
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestCompile(t *testing.T) {
	c := schemasFor(t)
	for _, p := range reflect.Profiles {
		if got, want := len(c.variants[p]), len(protocol.Variants); got != want {
			t.Errorf("%s: compiled %d variant schemas, want %d", p, got, want)
		}
	}
}

// check validates one line against its variant's schema and the union, in a
// profile, and returns the variant name and the validation error.
func check(t *testing.T, p reflect.Profile, line []byte) (string, error) {
	t.Helper()
	m, err := protocol.Decode(line)
	if err != nil {
		return "", err
	}
	v := protocol.VariantOf(m)
	if v == nil {
		return "", fmt.Errorf("decodes as unknown %s", m.Kind())
	}
	inst, err := sjs.UnmarshalJSON(bytes.NewReader(line))
	if err != nil {
		return v.Name, err
	}
	c := schemasFor(t)
	verr := c.variants[p][v.Name].Validate(inst)
	if lerr := c.lowered[p][v.Name].Validate(inst); (verr == nil) != (lerr == nil) {
		t.Errorf("%s: variant schema and its definition in the union as protocheck reads it disagree: variant %v, union %v", v.Name, verr, lerr)
	}
	// The union as published: in the strict profile the same; in the
	// tolerant one an anyOf whose catch-all branches also take a malformed
	// known kind (see schemas.Lower), so it accepts at least what the
	// variant does.
	if uerr := c.union[p].Validate(inst); (verr == nil) != (uerr == nil) && (p == reflect.Strict || verr == nil) {
		t.Errorf("%s: variant schema and union disagree: variant %v, union %v", v.Name, verr, uerr)
	}
	return v.Name, verr
}

// TestRealCLISample: every line the real CLI printed validates against its
// variant's tolerant schema, and none decodes as unknown.
func TestRealCLISample(t *testing.T) {
	counts := map[string]int{}
	strictFail := 0
	for _, f := range sharedcorpus.RealCLISample(t) {
		for _, l := range sharedcorpus.Lines(t, f) {
			name, err := check(t, reflect.Tolerant, l.Data)
			if err != nil {
				t.Errorf("%s:%d: %s: %v", l.File, l.N, name, err)
				continue
			}
			counts[name]++
			if _, err := check(t, reflect.Strict, l.Data); err != nil {
				strictFail++
			}
		}
	}
	total := 0
	for _, n := range counts {
		total += n
	}
	t.Logf("%d lines of %d variants valid (tolerant); %d fail strict (members the types do not declare)", total, len(counts), strictFail)
}

// TestSamples: every hand-made sample line validates against its variant in
// both profiles (samples use only declared members), and every variant has
// a sample.
func TestSamples(t *testing.T) {
	paths, err := filepath.Glob("../protocol/testdata/samples/*.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, path := range paths {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range bytes.Split(data, []byte("\n")) {
			if len(bytes.TrimSpace(line)) == 0 {
				continue
			}
			for _, p := range reflect.Profiles {
				name, err := check(t, p, line)
				if err != nil {
					t.Errorf("%s:%d: %s: %s: %v", filepath.Base(path), i+1, p, name, err)
				}
				seen[name] = true
			}
		}
	}
	for _, v := range protocol.Variants {
		if !seen[v.Name] {
			t.Errorf("no sample line for variant %s", v.Name)
		}
	}
}

// TestDefName: a definition whose name gives a code generator a variant
// definition's identifier (the same letters and digits, in another case or
// with underscores) is renamed with ValueSuffix; a variant's own definition
// and other names keep theirs.
func TestDefName(t *testing.T) {
	g, err := reflect.NewGenerator("../protocol")
	if err != nil {
		t.Fatal(err)
	}
	def := reflect.VariantDef(protocol.Wire.Variants[0])
	twin := strings.ToLower(def[:1]) + "_" + def[1:]
	for name, want := range map[string]string{def: def, twin: twin + reflect.ValueSuffix, "NotAVariantName": "NotAVariantName"} {
		if got := g.DefName(name); got != want {
			t.Errorf("DefName(%q) = %q, want %q", name, got, want)
		}
	}
}
