package capture

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/protocheck/protocheck/protocol"
)

// nestedUnknowns returns the kinds of the content blocks, stream events,
// deltas and control bodies inside v that decoded as protocol's Unknown
// types, as "UnknownBlock:type".
func nestedUnknowns(v reflect.Value, _ string) []string {
	var out []string
	var walk func(v reflect.Value)
	seen := 0
	walk = func(v reflect.Value) {
		if seen++; seen > 100000 || !v.IsValid() {
			return
		}
		switch v.Kind() {
		case reflect.Pointer, reflect.Interface:
			if !v.IsNil() {
				walk(v.Elem())
			}
			return
		case reflect.Slice, reflect.Array:
			for i := range v.Len() {
				walk(v.Index(i))
			}
			return
		case reflect.Struct:
		default:
			return
		}
		t := v.Type()
		if t.PkgPath() == reflect.TypeFor[protocol.Unknown]().PkgPath() && strings.HasPrefix(t.Name(), "Unknown") && t.Name() != "Unknown" {
			var kind struct {
				Type    string `json:"type"`
				Subtype string `json:"subtype"`
			}
			if v.CanAddr() {
				if b, err := json.Marshal(v.Addr().Interface()); err == nil {
					json.Unmarshal(b, &kind) //nolint:errcheck // a kind-less body reports ""
				}
			}
			out = append(out, t.Name()+":"+kind.Type+kind.Subtype)
			return
		}
		for i := range v.NumField() {
			if t.Field(i).IsExported() {
				walk(v.Field(i))
			}
		}
	}
	walk(v)
	return out
}

// unknownVariants is the ledger of line kinds (and of content blocks,
// stream events, deltas and control bodies nested in lines, written as
// "UnknownBlock:<type>") in the committed captures that the protocol types
// do not model yet, with the CLI versions that
// print them. TestCapturesDecode fails when a capture has a kind missing
// here, and when a kind listed here no longer decodes as unknown (the
// protocol types caught up: delete the entry).
var unknownVariants = map[string][]string{
	// Empty: every kind in the captures decodes. (Before the protocol types
	// modelled them, the stream events and deltas of --include-partial-messages
	// and the redacted_thinking block were listed here.)
}

// TestCapturesDecode decodes every line of every committed capture with
// protocol.Decode and checks the unknown kinds against unknownVariants.
func TestCapturesDecode(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("captures", "*", "*.jsonl"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no captures under captures/ (%v)", err)
	}
	unknown := map[string]map[string]bool{} // kind → versions
	where := map[string]string{}            // kind → first file:line
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		version := filepath.Base(filepath.Dir(f))
		sc := bufio.NewScanner(bytes.NewReader(data))
		sc.Buffer(nil, 64<<20)
		for n := 1; sc.Scan(); n++ {
			m, err := protocol.Decode(sc.Bytes())
			if err != nil {
				t.Errorf("%s:%d: %v", f, n, err)
				continue
			}
			kinds := nestedUnknowns(reflect.ValueOf(m), "")
			if u, ok := m.(*protocol.Unknown); ok {
				kinds = append(kinds, u.Kind().String())
			}
			for _, k := range kinds {
				if unknown[k] == nil {
					unknown[k] = map[string]bool{}
					where[k] = fmt.Sprintf("%s:%d", f, n)
				}
				unknown[k][version] = true
			}
		}
	}
	var report []string
	for k, vs := range unknown {
		versions := make([]string, 0, len(vs))
		for v := range vs {
			versions = append(versions, v)
		}
		sort.Slice(versions, func(i, j int) bool { return protocol.CompareVersions(versions[i], versions[j]) < 0 })
		report = append(report, fmt.Sprintf("%-40s %v (first at %s)", k, versions, where[k]))
		if _, ok := unknownVariants[k]; !ok {
			t.Errorf("%s: %s decodes as protocol.Unknown (CLI %v); add it to protocol.Variants or to unknownVariants", where[k], k, versions)
		}
	}
	for k := range unknownVariants {
		if unknown[k] == nil {
			t.Errorf("unknownVariants lists %s, which now decodes (or no longer occurs): delete the entry", k)
		}
	}
	slices.Sort(report)
	for _, r := range report {
		t.Logf("unknown: %s", r)
	}
}
