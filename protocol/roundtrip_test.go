package protocol_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/protocheck/protocheck/internal/testutil/sharedcorpus"
	"github.com/protocheck/protocheck/protocol"
)

// TestRoundTripRealCLI: every line the real CLI printed decodes as a known
// variant, and Decode→Marshal→Decode loses no member.
func TestRoundTripRealCLI(t *testing.T) {
	n := 0
	for _, f := range sharedcorpus.RealCLISample(t) {
		for _, l := range sharedcorpus.Lines(t, f) {
			m, err := protocol.Decode(l.Data)
			if err != nil {
				t.Errorf("%s:%d: %v", l.File, l.N, err)
				continue
			}
			if u, ok := m.(*protocol.Unknown); ok {
				t.Errorf("%s:%d: decodes as unknown %s", l.File, l.N, u.Kind())
				continue
			}
			if path := findUnknown(reflect.ValueOf(m), ""); path != "" {
				t.Errorf("%s:%d: holds a member of an unknown kind at %s", l.File, l.N, path)
			}
			assertSameJSON(t, l.Data, m)
			n++
		}
	}
	t.Logf("%d lines round-tripped", n)
}

var unknownTypes = map[reflect.Type]bool{
	reflect.TypeFor[protocol.UnknownBlock]():           true,
	reflect.TypeFor[protocol.UnknownEvent]():           true,
	reflect.TypeFor[protocol.UnknownDelta]():           true,
	reflect.TypeFor[protocol.UnknownControlRequest]():  true,
	reflect.TypeFor[protocol.UnknownControlResponse](): true,
}

// findUnknown returns the Go path of the first union member of an unknown
// kind inside v, or "".
func findUnknown(v reflect.Value, path string) string {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			return ""
		}
		if unknownTypes[v.Elem().Type()] || (v.Kind() == reflect.Pointer && unknownTypes[v.Type().Elem()]) {
			return path
		}
		return findUnknown(v.Elem(), path)
	case reflect.Struct:
		if unknownTypes[v.Type()] {
			return path
		}
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				if p := findUnknown(v.Field(i), path+"."+v.Type().Field(i).Name); p != "" {
					return p
				}
			}
		}
	case reflect.Slice:
		for i := range v.Len() {
			if p := findUnknown(v.Index(i), fmt.Sprintf("%s[%d]", path, i)); p != "" {
				return p
			}
		}
	}
	return ""
}

// TestRoundTripPublic: every line of the public corpus that decodes,
// captured or hand-written, round-trips without loss; lines of unknown
// variants round-trip whole.
func TestRoundTripPublic(t *testing.T) {
	var lines, unknown, failed int
	for _, f := range sharedcorpus.Public(t) {
		for _, l := range sharedcorpus.Lines(t, f.Path) {
			lines++
			m, err := protocol.Decode(l.Data)
			if err != nil {
				failed++ // hand-written dialects may use other JSON types
				if f.Captured() {
					t.Logf("%s:%d: captured line does not decode: %v", l.File, l.N, err)
				}
				continue
			}
			if _, ok := m.(*protocol.Unknown); ok {
				unknown++
			}
			assertSameJSON(t, l.Data, m)
		}
	}
	t.Logf("%d lines: %d unknown variants, %d do not fit the Go types", lines, unknown, failed)
}

// TestRoundTripSamples: the hand-made sample of every variant round-trips.
func TestRoundTripSamples(t *testing.T) {
	paths, err := filepath.Glob("testdata/samples/*.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range bytes.Split(data, []byte("\n")) {
			if len(bytes.TrimSpace(line)) == 0 {
				continue
			}
			m, err := protocol.Decode(line)
			if err != nil {
				t.Errorf("%s:%d: %v", p, i+1, err)
				continue
			}
			if protocol.VariantOf(m) == nil {
				t.Errorf("%s:%d: decodes as unknown %s", p, i+1, m.Kind())
			}
			assertSameJSON(t, line, m)
		}
	}
}
