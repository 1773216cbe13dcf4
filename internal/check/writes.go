package check

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/protocheck/protocheck/internal/atomicfile"
	"github.com/protocheck/protocheck/internal/report"
	"github.com/protocheck/protocheck/validate"
)

// refuseInputWrites is a usage error when a file the run writes (a report
// of --format FORMAT=PATH, the baseline of --update-baseline) is one of
// the run's inputs: the run would replace what it reads.
func refuseInputWrites(targets []report.Target, baseline string, inputs []validate.Input) error {
	type out struct{ what, path string }
	var outs []out
	for _, t := range targets {
		if t.Path != "" {
			outs = append(outs, out{fmt.Sprintf("--%s %s=%s", optFormat, t.Format, t.Path), t.Path})
		}
	}
	if baseline != "" {
		outs = append(outs, out{fmt.Sprintf("--%s --%s %s", optUpdateBaseline, optBaseline, baseline), baseline})
	}
	var written []os.FileInfo
	var kept []out
	for _, o := range outs {
		if fi, err := os.Stat(o.path); err == nil {
			written = append(written, fi)
			kept = append(kept, o)
		}
	}
	if len(written) == 0 {
		return nil // nothing to write exists yet, so none is an input
	}
	for _, in := range inputs {
		if in.Name == "-" {
			continue
		}
		fi, err := os.Stat(in.Name)
		if err != nil {
			continue
		}
		for i, w := range written {
			if os.SameFile(fi, w) {
				return usagef("%s: %s is also an input of this run, and would be replaced by the report; write it elsewhere", kept[i].what, in.Name)
			}
		}
	}
	return nil
}

// repoRoot is the folder a config file's paths must stay in: the root of
// the git work tree the file is in, else the file's own folder.
func repoRoot(configPath string) string {
	dir, err := filepath.Abs(filepath.Dir(configPath))
	if err != nil {
		return filepath.Dir(configPath)
	}
	for d := dir; ; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, ".git")); err == nil {
			return d
		}
		if filepath.Dir(d) == d {
			return dir
		}
	}
}

// insideRepo is an error unless p, a path a config file names, lies in
// root once its links are followed (a repository's config must not make
// protocheck write or read outside it; a path given on the command line
// may go anywhere). A path that is only $GITHUB_STEP_SUMMARY is allowed:
// protocheck appends to it.
func insideRepo(root, p string) error {
	if s := os.Getenv("GITHUB_STEP_SUMMARY"); s != "" && filepath.Clean(p) == filepath.Clean(s) {
		return nil
	}
	abs, err := filepath.Abs(p)
	if err != nil {
		return err
	}
	real, err := atomicfile.ResolveExisting(abs)
	if err != nil {
		return err
	}
	rootReal, err := filepath.EvalSymlinks(root)
	if err != nil {
		rootReal = root
	}
	rel, err := filepath.Rel(rootReal, real)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return fmt.Errorf("%s is outside the repository (%s); a config file may only name paths inside it (give the path on the command line to write elsewhere)", p, root)
	}
	return nil
}
