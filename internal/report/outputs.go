package report

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/protocheck/protocheck/internal/atomicfile"
)

// Outputs are the writers of one run's targets: at most one to standard
// output, the others to files, which are put in place when the run ends
// (atomically; appended to when the path is a file a CI runner has each
// step append to, see AppendOnly).
type Outputs struct {
	Multi
	files []*fileOutput
}

// A fileOutput is the report of one FORMAT=PATH: streamed into the new
// version of the file as it is written (so that a report of every finding
// of a long run, --max-findings 0, is never held in memory), and put in
// place when the run ends; or, for a file a CI runner has each step append
// to, held and appended then.
type fileOutput struct {
	path string
	buf  *bytes.Buffer    // for an append-only file
	f    *atomicfile.File // the new version, once written to
	err  error            // the first error creating it
}

func (o *fileOutput) Write(p []byte) (int, error) {
	if o.buf != nil {
		return o.buf.Write(p)
	}
	if o.err == nil && o.f == nil {
		o.f, o.err = createFile(o.path)
	}
	if o.err != nil {
		return 0, o.err
	}
	return o.f.Write(p)
}

// commit puts the file in place (or appends to it).
func (o *fileOutput) commit() error {
	if o.buf != nil {
		return WriteFile(o.path, o.buf.Bytes())
	}
	if o.err == nil && o.f == nil {
		o.f, o.err = createFile(o.path)
	}
	if o.err != nil {
		return o.err
	}
	return o.f.Commit()
}

// createFile starts the new version of a report file, making its folder.
func createFile(path string) (*atomicfile.File, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, err
	}
	return atomicfile.Create(path, 0o644)
}

// Open makes a writer for each target. meta.Color applies to a text form
// on standard output only.
func Open(stdout io.Writer, targets []Target, meta Meta) *Outputs {
	o := &Outputs{}
	for _, t := range targets {
		m := meta
		var w io.Writer = stdout
		if t.Path != "" {
			m.Color = false
			fo := &fileOutput{path: t.Path}
			if AppendOnly(t.Path) {
				fo.buf = &bytes.Buffer{}
			}
			o.files = append(o.files, fo)
			w = fo
		}
		o.Multi = append(o.Multi, New(w, t.Format, &m))
	}
	return o
}

// End writes the summary to every writer, then puts the files in place.
func (o *Outputs) End(s Summary) error {
	if err := o.Multi.End(s); err != nil {
		return fmt.Errorf("writing the report: %w", err)
	}
	for _, f := range o.files {
		if err := f.commit(); err != nil {
			return fmt.Errorf("writing the report: %w", err)
		}
	}
	return nil
}

// Abort drops the new versions of the report files not yet put in place;
// it does nothing to those End wrote.
func (o *Outputs) Abort() {
	for _, f := range o.files {
		if f.f != nil {
			f.f.Abort()
		}
	}
}

// AppendOnlyCIFiles name the files a CI runner gives each step to append
// to (GitHub Actions: the job summary, the variables, outputs, PATH and
// state of later steps). A report written to one of them is appended:
// replacing it would drop what earlier steps wrote there.
var AppendOnlyCIFiles = []string{"GITHUB_STEP_SUMMARY", "GITHUB_ENV", "GITHUB_OUTPUT", "GITHUB_PATH", "GITHUB_STATE"}

// AppendOnly reports whether path is one of AppendOnlyCIFiles, by name or
// as the same file.
func AppendOnly(path string) bool {
	for _, name := range AppendOnlyCIFiles {
		if p := os.Getenv(name); p != "" && SameFile(path, p) {
			return true
		}
	}
	return false
}

// WriteFile replaces the file at path with data, atomically (through a
// symbolic link to the file it names), or appends data to it when path is
// a file a CI runner gives each step to append to, such as the job
// summary of $GITHUB_STEP_SUMMARY (see AppendOnly).
func WriteFile(path string, data []byte) error {
	if AppendOnly(path) {
		f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
		if err != nil {
			return err
		}
		if _, err := f.Write(data); err != nil {
			f.Close()
			return err
		}
		return f.Close()
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return atomicfile.WriteFile(path, data, 0o644)
}

// SameFile reports whether the paths name one file: the same path, or
// two paths of one existing file.
func SameFile(a, b string) bool {
	if filepath.Clean(a) == filepath.Clean(b) {
		return true
	}
	fa, errA := os.Stat(a)
	fb, errB := os.Stat(b)
	return errA == nil && errB == nil && os.SameFile(fa, fb)
}

// NeedsLineHash reports whether one of targets fingerprints findings by
// their line's content (sarif, gitlab): the run must pair each finding
// with its line (Pairer).
func NeedsLineHash(targets []Target) bool {
	for _, t := range targets {
		if t.Format == SARIF || t.Format == GitLab {
			return true
		}
	}
	return false
}
