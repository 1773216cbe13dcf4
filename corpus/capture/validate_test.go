package capture

import (
	"bufio"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/protocheck/protocheck/corpus/internal/corpustest"
	"github.com/protocheck/protocheck/corpus/internal/jsonptr"
	"github.com/protocheck/protocheck/protocol"
	"github.com/protocheck/protocheck/validate"
)

// TestCapturesValidate: every committed capture of the real CLI, on every
// rung of the release ladder, passes protocheck validate with no errors and
// no warnings but input/empty (a run that prints nothing), in the default
// and the strict profile, both as a user runs it (the version from the
// init's claude_code_version, or, for the 1.0.x line whose init names
// none, searched among that line's sets) and as that CLI version
// (--cli-version, which the capture knows).
func TestCapturesValidate(t *testing.T) {
	for version, inputs := range captureInputsByVersion(t) {
		for _, c := range []struct {
			profile validate.Profile
			flag    string
		}{{validate.ProfileTolerant, ""}, {validate.ProfileTolerant, version}, {validate.ProfileStrict, ""}, {validate.ProfileStrict, version}} {
			v, err := validate.New(validate.Options{Profile: c.profile, UnknownKindsAreErrors: c.profile == validate.ProfileStrict, CLIVersion: c.flag})
			if err != nil {
				t.Fatal(err)
			}
			sum, err := v.Run(context.Background(), inputs, func(f validate.Finding) {
				if f.Severity >= validate.Warning && f.Rule != validate.RuleEmpty.ID {
					t.Errorf("%s %s --cli-version %q: %s", version, c.profile, c.flag, f)
				}
			})
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("%s %s --cli-version %q: %d captures, %d lines, %d variants, %d unknown properties", version, c.profile, c.flag, sum.Files, sum.Lines, len(sum.Variants), sum.UnknownProperties)
		}
	}
}

// captureInputsByVersion returns the committed captures by CLI version.
func captureInputsByVersion(t *testing.T) map[string][]validate.Input {
	t.Helper()
	out := map[string][]validate.Input{}
	for _, in := range corpustest.CaptureInputs(t) {
		v := filepath.Base(filepath.Dir(in.Name))
		out[v] = append(out[v], in)
	}
	return out
}

// TestCapturesUndeclared holds the wire model's undeclared members
// (protocol.Observed, tagged `undeclared` in the Go types) to the captures:
// no captured line has a member the types lack (a new CLI's member must be
// modelled, and tagged when sdk.d.ts does not declare it), and every tagged
// member still appears in some capture, so the list cannot rot.
func TestCapturesUndeclared(t *testing.T) {
	v, err := validate.New(validate.Options{ShowUnknown: true})
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	_, err = v.Run(context.Background(), corpustest.CaptureInputs(t), func(f validate.Finding) {
		if f.Rule == validate.RuleUnknownProperty.ID {
			t.Errorf("%s: %s %s is not in the wire model; model it in protocol/ (tagged undeclared:\"<version>\" when sdk.d.ts lacks it)", f.File, f.Variant, jsonptr.AnyIndex(f.Pointer))
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, in := range corpustest.CaptureInputs(t) {
		rc, err := in.Open()
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(rc)
		sc.Buffer(nil, 64<<20)
		for sc.Scan() {
			k, replay, err := protocol.Peek(sc.Bytes())
			if err != nil {
				continue
			}
			var doc any
			if json.Unmarshal(sc.Bytes(), &doc) != nil {
				continue
			}
			if vr := protocol.Lookup(k.Type, k.Subtype, replay); vr != nil {
				for _, p := range present(doc, "") {
					seen[vr.Name+" "+p] = true
				}
			}
		}
		rc.Close()
	}
	observed := protocol.Observed()
	if len(observed) == 0 {
		t.Fatal("protocol.Observed lists no member; the undeclared tags are not read")
	}
	// A member no capture prints may still be one the CLI's own bundle
	// writes (internal/gen/versionfacts/bundle.json, make bundlefacts).
	// A member of a Go type that several variants share (a control
	// envelope, ResultError) counts for each when one of them writes it.
	bundle := bundleMembers(t)
	for k := range seen {
		bundle[undeclaredTypeKey(k)] = true
	}
	for _, m := range observed {
		k := m.Variant + " " + m.Pointer
		if !seen[k] && !bundle[k] && !bundle[undeclaredTypeKey(k)] && !nestedInBundle(bundle, m.Pointer) {
			t.Errorf("%s %s is tagged undeclared (since %s) but no capture prints it, no release's bundle writes it and no release's schema has it: drop the tag, or the member", m.Variant, m.Pointer, m.Since)
		}
	}
}

// present returns the pointers of every member in doc, array indexes
// written as *.
func present(doc any, at string) []string {
	var out []string
	switch d := doc.(type) {
	case map[string]any:
		for k, v := range d {
			p := at + "/" + k
			out = append(out, p)
			out = append(out, present(v, p)...)
		}
	case []any:
		for _, v := range d {
			out = append(out, present(v, at+"/*")...)
		}
	}
	return out
}

// bundleMembers returns "variant pointer" for every member that some
// release's bundle writes, as internal/gen/versionfacts/bundle.json lists
// (the output literals and the CLI's internal system messages), or that
// some release's own schema of the variant has (zod.json beside it).
func bundleMembers(t *testing.T) map[string]bool {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "internal", "gen", "versionfacts", "bundle.json"))
	if err != nil {
		t.Fatal(err)
	}
	var f struct {
		Releases []struct {
			Variants map[string][]string `json:"variants"`
			Internal map[string][]string `json:"internal"`
		} `json:"releases"`
	}
	if err := json.Unmarshal(data, &f); err != nil {
		t.Fatalf("bundle.json: %v", err)
	}
	out := map[string]bool{}
	add := func(v, m string) {
		out[v+" "+m] = true
		out[undeclaredTypeKey(v+" "+m)] = true
		out["any: "+m] = true
	}
	for _, r := range f.Releases {
		for _, vs := range []map[string][]string{r.Variants, r.Internal} {
			for v, ms := range vs {
				for _, m := range ms {
					add(v, m)
				}
			}
		}
	}
	data, err = os.ReadFile(filepath.Join("..", "internal", "gen", "versionfacts", "zod.json"))
	if err != nil {
		t.Fatal(err)
	}
	var z struct {
		Releases []struct {
			Variants map[string]map[string]json.RawMessage `json:"variants"`
		} `json:"releases"`
	}
	if err := json.Unmarshal(data, &z); err != nil {
		t.Fatalf("zod.json: %v", err)
	}
	for _, r := range z.Releases {
		for v, ms := range r.Variants {
			for m := range ms {
				add(v, m)
			}
		}
	}
	return out
}

// undeclaredTypeKey turns "variant pointer" into "type: pointer": the variant's
// message type without its subtype.
func undeclaredTypeKey(k string) string {
	v, p, _ := strings.Cut(k, " ")
	typ, _, _ := strings.Cut(v, ".")
	return typ + ": " + p
}

// nestedInBundle reports whether a member inside array items (a control
// request held in a response's pending list) is one some variant writes at
// its top: the part of ptr after a "/*" is a bundle member of any variant.
func nestedInBundle(bundle map[string]bool, ptr string) bool {
	for i := strings.Index(ptr, "/*/"); i >= 0; {
		if bundle["any: "+ptr[i+2:]] {
			return true
		}
		j := strings.Index(ptr[i+3:], "/*/")
		if j < 0 {
			return false
		}
		i += 3 + j
	}
	return false
}
