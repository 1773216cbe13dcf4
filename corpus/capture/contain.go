package capture

import (
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
)

// A scenario is code that runs on the host, as a Makefile is: its hooks,
// its apiKeyHelper and the commands its fake model asks the Bash tool to
// run are run by the CLI with the user's rights. What protocheck itself
// writes for a scenario stays inside the run's folders (writeFiles), and the
// CLI runs from a folder that no configuration above it reaches
// (captureBase); beyond that, run only scenarios you trust.

// An EscapeError is a path named by a scenario that would lead out of the
// run's folder.
type EscapeError struct {
	// Scenario is the scenario's file; Field names where the path is
	// ("files").
	Scenario, Field string
	// Path is the path as the scenario names it.
	Path string
	// Err says why it is refused.
	Err error
}

func (e *EscapeError) Error() string {
	return fmt.Sprintf("%s: %s: %q is refused: %v", e.Scenario, e.Field, e.Path, e.Err)
}

func (e *EscapeError) Unwrap() error { return e.Err }

// errNotLocal is a path that is absolute, empty, or climbs out with "..".
var errNotLocal = errors.New("not a relative path inside the working directory")

// checkFiles refuses the paths of a scenario's files that are not local to
// the working directory, when the scenario is loaded.
func checkFiles(file string, files map[string]string) error {
	for _, rel := range slices.Sorted(maps.Keys(files)) {
		if !filepath.IsLocal(filepath.FromSlash(rel)) {
			return &EscapeError{Scenario: file, Field: "files", Path: rel, Err: errNotLocal}
		}
	}
	return nil
}

// writeFiles writes a scenario's files in the working directory work. The
// writes go through an os.Root, so neither ".." nor a symbolic link can
// lead them out of it; a path that tries is an *EscapeError.
func writeFiles(sc *Scenario, work string) error {
	if err := checkFiles(sc.File, sc.Files); err != nil {
		return err
	}
	r, err := os.OpenRoot(work)
	if err != nil {
		return err
	}
	defer r.Close()
	for _, rel := range slices.Sorted(maps.Keys(sc.Files)) {
		p := filepath.FromSlash(rel)
		err := r.MkdirAll(filepath.Dir(p), 0o755)
		if err == nil {
			err = r.WriteFile(p, []byte(sc.Files[rel]), 0o644)
		}
		if err != nil {
			return &EscapeError{Scenario: sc.File, Field: "files", Path: rel, Err: err}
		}
	}
	return nil
}

// ancestorConfig lists the names that, in a folder above the CLI's working
// directory, would reach the captured CLI: memory files it reads from every
// ancestor, project settings, and a repository that git would find.
var ancestorConfig = []string{"CLAUDE.md", "CLAUDE.local.md", ".claude", ".git"}

// A ConfigAboveError is a folder for captures that has, in itself or an
// ancestor, configuration that would reach the captured CLI.
type ConfigAboveError struct {
	// Found are the offending paths, one per folder tried.
	Found []string
}

func (e *ConfigAboveError) Error() string {
	return fmt.Sprintf("no folder for the capture is free of configuration above it (found %q); "+
		"the CLI would read it and send it to the model: set TMPDIR to a folder with no CLAUDE.md, .claude or .git above it", e.Found)
}

// baseCandidates are the folders Run may make its root in, in order:
// $TMPDIR (os.TempDir), then the system's usual temporary folders.
func baseCandidates() []string {
	return []string{os.TempDir(), "/tmp", "/var/tmp"}
}

// captureBase returns the first of candidates (with its symbolic links
// resolved) that exists and has none of ancestorConfig in itself or any
// ancestor, so that captures do not depend on where a machine keeps its
// temporary files; it refuses with a *ConfigAboveError when there is none.
func captureBase(candidates []string) (string, error) {
	var found []string
	for _, c := range candidates {
		dir, err := filepath.EvalSymlinks(c)
		if err != nil {
			continue
		}
		if dir, err = filepath.Abs(dir); err != nil {
			continue
		}
		if p := configAbove(dir); p != "" {
			found = append(found, p)
			continue
		}
		return dir, nil
	}
	if len(found) == 0 {
		return "", fmt.Errorf("no temporary folder exists among %q", candidates)
	}
	return "", &ConfigAboveError{Found: found}
}

// configAbove returns the first of ancestorConfig found in dir or one of
// its ancestors, or "".
func configAbove(dir string) string {
	for {
		for _, name := range ancestorConfig {
			p := filepath.Join(dir, name)
			if _, err := os.Lstat(p); !errors.Is(err, fs.ErrNotExist) {
				return p
			}
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
}
