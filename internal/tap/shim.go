package tap

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/protocheck/protocheck/internal/atomicfile"
	"github.com/protocheck/protocheck/internal/usage"
)

// A Shim is an executable an SDK runs in place of the CLI ('protocheck tap
// shim'): a POSIX sh script that runs 'protocheck tap' with flags baked in
// around the real CLI, with the SDK's arguments.
type Shim struct {
	// CLI is the real CLI's executable, Self protocheck's: absolute paths.
	CLI, Self string
}

// NewShim finds the executables of a Shim: cli (which must be a file) and
// self ("" is this program), made absolute. A cli that is not a file is
// a *usage.Error.
func NewShim(cli, self string) (*Shim, error) {
	abs, err := filepath.Abs(cli)
	if err != nil {
		return nil, usage.Wrap(err)
	}
	if fi, err := os.Stat(abs); err != nil || fi.IsDir() {
		return nil, usage.Errorf("--cli %s: not a file", cli)
	}
	if self == "" {
		if self, err = os.Executable(); err != nil {
			return nil, err
		}
	}
	return &Shim{CLI: abs, Self: self}, nil
}

// Write writes the shim to path, executable, with tap's flags baked in:
// flags, checked by the caller, in which the values of the flags named
// in paths (flag name → value as given; "-" is left alone) are made
// absolute, so that the shim runs the same from any folder.
func (s *Shim) Write(path string, flags []string, paths map[string]string) error {
	for name, v := range paths {
		if v == "-" {
			continue
		}
		p, _ := filepath.Abs(v)
		if strings.HasSuffix(v, "/") {
			p += "/"
		}
		flags = replaceFlag(flags, name, p)
	}
	return atomicfile.WriteFile(path, []byte(s.script(flags)), 0o755)
}

// replaceFlag sets --name's value in args to v (the forms --name v and
// --name=v).
func replaceFlag(args []string, name, v string) []string {
	out := append([]string(nil), args...)
	for i := 0; i < len(out); i++ {
		switch {
		case out[i] == "--"+name && i+1 < len(out):
			out[i+1] = v
			i++
		case strings.HasPrefix(out[i], "--"+name+"="):
			out[i] = "--" + name + "=" + v
		}
	}
	return out
}

// script is the shim: exec protocheck tap with the baked flags, then the
// CLI and the SDK's arguments.
func (s *Shim) script(flags []string) string {
	var b strings.Builder
	b.WriteString("#!/bin/sh\n# Written by 'protocheck tap shim': runs the Claude Code CLI through protocheck tap.\n")
	b.WriteString("# Settings not baked in below come from PROTOCHECK_TAP_* (see 'protocheck tap --help').\n")
	b.WriteString("exec " + shellQuote(s.Self) + " tap")
	for _, f := range flags {
		b.WriteString(" " + shellQuote(f))
	}
	fmt.Fprintf(&b, " -- %s \"$@\"\n", shellQuote(s.CLI))
	return b.String()
}

// shellQuote quotes s for sh.
func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
