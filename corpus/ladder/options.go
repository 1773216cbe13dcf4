package ladder

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/protocheck/protocheck/internal/usage"
	"github.com/protocheck/protocheck/protocol"
)

// Formats are the formats Result.Write writes.
var Formats = []string{"text", "markdown", "json"}

// Check checks the version, the output format (one of Formats), the
// capture mode and the attempts: what needs no file. Each fault is an
// *usage.Error.
func (o *Options) Check(format string) error {
	if _, ok := protocol.ParseVersion(o.Version); !ok {
		return usage.Errorf("%q is not a CLI version such as 2.1.331", o.Version)
	}
	if !slices.Contains(Formats, format) {
		return usage.Errorf("--format %q: want %s", format, strings.Join(Formats, ", "))
	}
	switch o.Capture {
	case CaptureAll, CaptureMissing, CaptureNone:
	default:
		return usage.Errorf("--capture %q: want all, missing or none", o.Capture)
	}
	if o.Attempts < 1 {
		return usage.Errorf("--attempts %d: must be at least 1", o.Attempts)
	}
	return nil
}

// Resolve checks the steps (From, To), the rung below (Below: its
// captures must be there) and the repository (Root: protocheck's, with Dir
// its corpus folder), each fault a *usage.Error. A Root that is not the
// repository and that the user did not give (rootGiven false) is dropped,
// with a note on log: the chain then runs without the generators.
func (o *Options) Resolve(rootGiven bool, log io.Writer) error {
	steps := StepNames()
	for _, s := range [][2]string{{"from", o.From}, {"to", o.To}} {
		if s[1] != "" && !slices.Contains(steps, s[1]) {
			return usage.Errorf("--%s %q: want one of %s", s[0], s[1], strings.Join(steps, ", "))
		}
	}
	if o.Below != "" {
		if _, ok := protocol.ParseVersion(o.Below); !ok {
			return usage.Errorf("--below %q is not a CLI version", o.Below)
		}
		if _, err := os.Stat(filepath.Join(o.Dir, "captures", o.Below)); err != nil {
			return usage.Errorf("--below %s: no captures under %s", o.Below, filepath.Join(o.Dir, "captures", o.Below))
		}
	}
	if o.Root == "" {
		return nil
	}
	if err := checkRoot(o.Root, o.Dir); err != nil {
		if rootGiven {
			return usage.Errorf("--root %s: %v (--root '' runs without the generators)", o.Root, err)
		}
		// Not in the repository (or another corpus) and not asked for: no
		// chain.
		fmt.Fprintf(log, "note: %v; the generator steps are skipped\n", err)
		o.Root = ""
	}
	return nil
}

// checkRoot says whether root is protocheck's repository with dir as its
// corpus folder.
func checkRoot(root, dir string) error {
	mod, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil || !strings.Contains(string(mod), "module github.com/protocheck/protocheck\n") {
		return fmt.Errorf("%s is not protocheck's repository (no go.mod of github.com/protocheck/protocheck)", root)
	}
	a, err1 := filepath.Abs(filepath.Join(root, "corpus"))
	b, err2 := filepath.Abs(dir)
	if err1 != nil || err2 != nil || a != b {
		return fmt.Errorf("--dir %s is not the repository's corpus folder %s, which its generators read", dir, filepath.Join(root, "corpus"))
	}
	return nil
}

// Write writes the result in format, one of Formats: "json" (indented),
// "markdown" (WriteMarkdown), else text (WriteText).
func (r *Result) Write(w io.Writer, format string) error {
	switch format {
	case "json":
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(r)
	case "markdown":
		r.WriteMarkdown(w)
	default:
		r.WriteText(w)
	}
	return nil
}

// Clean reports whether every validation of the release's captures is
// clean.
func (r *Result) Clean() bool {
	for _, v := range r.Validation {
		if !v.Clean() {
			return false
		}
	}
	return true
}
