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
	files []fileOutput
}

type fileOutput struct {
	path string
	buf  *bytes.Buffer
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
			buf := &bytes.Buffer{}
			o.files = append(o.files, fileOutput{path: t.Path, buf: buf})
			w = buf
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
		if err := writeOutputFile(f.path, f.buf.Bytes()); err != nil {
			return fmt.Errorf("writing the report: %w", err)
		}
	}
	return nil
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
