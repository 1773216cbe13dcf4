package cli

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/protocheck/protocheck/internal/atomicfile"
	"github.com/protocheck/protocheck/internal/report"
)

// formatHelp is the help of a repeatable --format flag.
func formatHelp(allowed []report.Format) string {
	return "output format, FORMAT or FORMAT=PATH, repeatable: " + report.Names(allowed)
}

// addTargetsFlag declares a repeatable --format FORMAT[=PATH].
func addTargetsFlag(cmd *cobra.Command, dst *[]string, allowed []report.Format) {
	cmd.Flags().StringArrayVar(dst, flagFormat, []string{string(report.Text)}, formatHelp(allowed))
}

// outputs are the writers of one run's --format values: at most one to
// standard output, the others to files, which are written when the run
// ends (atomically; appended to when the path is $GITHUB_STEP_SUMMARY).
type outputs struct {
	report.Multi
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
		o.f, o.err = createOutputFile(o.path)
	}
	if o.err != nil {
		return 0, o.err
	}
	return o.f.Write(p)
}

// commit puts the file in place (or appends to it).
func (o *fileOutput) commit() error {
	if o.buf != nil {
		return writeOutputFile(o.path, o.buf.Bytes())
	}
	if o.err == nil && o.f == nil {
		o.f, o.err = createOutputFile(o.path)
	}
	if o.err != nil {
		return o.err
	}
	return o.f.Commit()
}

// createOutputFile starts the new version of a report file, making its
// folder.
func createOutputFile(path string) (*atomicfile.File, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, err
	}
	return atomicfile.Create(path, 0o644)
}

// parseTargets parses --format values as usage errors.
func parseTargets(values []string, allowed []report.Format) ([]report.Target, error) {
	var targets []report.Target
	toStdout := 0
	paths := map[string]bool{}
	for _, v := range values {
		t, err := report.ParseTarget(v, allowed)
		if err != nil {
			return nil, usagef("--%s: %v", flagFormat, err)
		}
		if t.Path == "" {
			toStdout++
		} else {
			clean := filepath.Clean(t.Path)
			if paths[clean] {
				return nil, usagef("--%s: two formats write to %s", flagFormat, t.Path)
			}
			paths[clean] = true
		}
		targets = append(targets, t)
	}
	if toStdout > 1 {
		return nil, usagef("--%s: only one format can go to standard output; send the others to files (FORMAT=PATH)", flagFormat)
	}
	return targets, nil
}

// openOutputs makes a writer for each target. meta.Color applies to a
// text form on standard output only.
func openOutputs(stdout io.Writer, targets []report.Target, meta report.Meta) *outputs {
	o := &outputs{}
	for _, t := range targets {
		m := meta
		var w io.Writer = stdout
		if t.Path != "" {
			m.Color = false
			fo := &fileOutput{path: t.Path}
			if appendOnly(t.Path) {
				fo.buf = &bytes.Buffer{}
			}
			o.files = append(o.files, fo)
			w = fo
		}
		o.Multi = append(o.Multi, report.New(w, t.Format, &m))
	}
	return o
}

// end writes the summary to every writer, then the files.
func (o *outputs) end(s report.Summary) error {
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

// abort drops the new versions of the report files not yet put in place;
// it does nothing to those end wrote.
func (o *outputs) abort() {
	for _, f := range o.files {
		if f.f != nil {
			f.f.Abort()
		}
	}
}

// writeOutputFile replaces the file at path with data, atomically (through
// a symbolic link to the file it names), or appends data to it when path
// is a file a CI runner gives each step to append to, such as the job
// summary of $GITHUB_STEP_SUMMARY (see appendOnlyCIFiles).
func writeOutputFile(path string, data []byte) error {
	if appendOnly(path) {
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

func sameFile(a, b string) bool {
	if filepath.Clean(a) == filepath.Clean(b) {
		return true
	}
	fa, errA := os.Stat(a)
	fb, errB := os.Stat(b)
	return errA == nil && errB == nil && os.SameFile(fa, fb)
}
