package audit

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/protocheck/protocheck/corpus/matrix"
	"github.com/protocheck/protocheck/internal/usage"
)

// TestUsageErrors: what the caller got wrong is a *usage.Error
// that names the flag (the command reports it as a usage error), found
// before anything runs.
func TestUsageErrors(t *testing.T) {
	all, err := matrix.BuiltinDialects()
	if err != nil {
		t.Fatal(err)
	}
	_, fixErr := FixList(context.Background(), FixListOptions{SDKs: "some"})
	_, fromErr := Drift(DriftOptions{From: "nosuch", To: "wire", Dialects: all})
	_, toErr := Drift(DriftOptions{From: "wire", To: "nosuch", Dialects: all})
	force := Options{Force: true}
	both := Options{Check: true, Update: true}
	for _, tt := range []struct {
		name string
		err  error
		want string
	}{
		{"fix list sdks", fixErr, `--sdk-harnesses: want auto, all or off, not "some"`},
		{"drift from", fromErr, `--from: `},
		{"drift to", toErr, `--to: `},
		{"format", (&Options{}).ParseFormat("xml"), `--format: `},
		{"force without update", force.ParseFormat("text"), "--force goes with --update"},
		{"check and update", both.ParseFormat("text"), "--check and --update exclude each other"},
	} {
		if _, ok := errors.AsType[*usage.Error](tt.err); !ok || !strings.Contains(tt.err.Error(), tt.want) {
			t.Errorf("%s: %v, want a *usage.Error with %q", tt.name, tt.err, tt.want)
		}
	}
	o := Options{Update: true, Force: true}
	if err := o.ParseFormat("sarif"); err != nil || o.Format != "sarif" {
		t.Errorf("ParseFormat(sarif) = %v, format %q", err, o.Format)
	}
}
