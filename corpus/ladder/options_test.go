package ladder

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/protocheck/protocheck/internal/usage"
)

// TestOptionsCheck: add-release's options are checked before anything
// runs, each fault a *usage.Error naming the flag; a default root that is
// not the repository is dropped with a note, a root given is an error.
func TestOptionsCheck(t *testing.T) {
	good := Options{Version: "2.1.331", Capture: CaptureAll, Attempts: 1}
	for _, tt := range []struct {
		name   string
		change func(*Options)
		format string
		want   string
	}{
		{"version", func(o *Options) { o.Version = "latest" }, "text", `"latest" is not a CLI version`},
		{"format", func(o *Options) {}, "yaml", `--format "yaml": want text, markdown, json`},
		{"capture", func(o *Options) { o.Capture = "some" }, "json", `--capture "some": want all, missing or none`},
		{"attempts", func(o *Options) { o.Attempts = 0 }, "markdown", "--attempts 0: must be at least 1"},
	} {
		o := good
		tt.change(&o)
		err := o.Check(tt.format)
		if _, ok := errors.AsType[*usage.Error](err); !ok || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: Check = %v, want a *usage.Error with %q", tt.name, err, tt.want)
		}
	}
	if err := good.Check("text"); err != nil {
		t.Errorf("Check of good options = %v", err)
	}

	dir := t.TempDir()
	var log bytes.Buffer
	for _, tt := range []struct {
		name string
		o    Options
		want string
	}{
		{"from", Options{From: "nostep"}, `--from "nostep": want one of `},
		{"below", Options{Below: "x"}, `--below "x" is not a CLI version`},
		{"below without captures", Options{Below: "1.0.0", Dir: dir}, "--below 1.0.0: no captures under "},
		{"root given", Options{Root: dir, Dir: dir}, "is not protocheck's repository"},
	} {
		err := tt.o.Resolve(true, &log)
		if _, ok := errors.AsType[*usage.Error](err); !ok || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: Resolve = %v, want a *usage.Error with %q", tt.name, err, tt.want)
		}
	}
	o := Options{Root: dir, Dir: filepath.Join(dir, "corpus")}
	if err := o.Resolve(false, &log); err != nil || o.Root != "" || !strings.Contains(log.String(), "the generator steps are skipped") {
		t.Errorf("Resolve of a default root elsewhere = %v, root %q, log %q", err, o.Root, log.String())
	}
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module github.com/protocheck/protocheck\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	o = Options{Root: dir, Dir: filepath.Join(dir, "corpus")}
	if err := o.Resolve(true, &log); err != nil || o.Root != dir {
		t.Errorf("Resolve of the repository = %v, root %q", err, o.Root)
	}
}
