package audit

import (
	"fmt"
	"io"

	"github.com/protocheck/protocheck/corpus/drift"
	"github.com/protocheck/protocheck/corpus/matrix"
	"github.com/protocheck/protocheck/corpus/probe"
	"github.com/protocheck/protocheck/internal/report"
	"github.com/protocheck/protocheck/internal/usage"
	"github.com/protocheck/protocheck/validate"
)

// DriftOptions are what Drift compares.
type DriftOptions struct {
	// From and To are the two sides, each a dialect of Dialects or a CLI
	// version (drift.DialectOrVersion): From writes what the CLI prints,
	// To reads it.
	From, To string
	// Dialects are the dialects From and To may name
	// (matrix.LoadDialects).
	Dialects []*matrix.Dialect
	// Probes is the folder of the probe results files, the evidence of
	// what the CLI reads of To's messages; ProbesNote, when not "", is
	// printed on Log before they are read.
	Probes, ProbesNote string
	// IgnoreFile, when not "", leaves out the changes its lines name
	// (drift.ReadIgnores); Log then says how many.
	IgnoreFile string
	// Log gets the notes.
	Log io.Writer
	// Targets are the formats and files the report is written to
	// (drift.DriftReport.Write; a target without a file goes to Stdout);
	// FailOn is the lowest severity that fails the run, and Version
	// protocheck's, both for the findings formats.
	Targets []report.Target
	FailOn  validate.Severity
	Stdout  io.Writer
	Version string
}

// Drift is protocheck drift: it compares the schemas of From and To
// (drift.Drift), marks each change to a write with the probe results'
// evidence, leaves out what the ignore file names, and writes the report
// to each target (the caller holds it to FailOn: DriftReport.Fails). A side that names neither a dialect nor a
// version, and an ignore file that cannot be read, are
// *usage.Errors.
func Drift(o DriftOptions) (*drift.DriftReport, error) {
	from, err := drift.DialectOrVersion(o.Dialects, o.From)
	if err != nil {
		return nil, usage.Errorf("--from: %w", err)
	}
	to, err := drift.DialectOrVersion(o.Dialects, o.To)
	if err != nil {
		return nil, usage.Errorf("--to: %w", err)
	}
	rep, err := drift.Drift(from, to)
	if err != nil {
		return nil, err
	}
	files, err := readProbes(o.Log, o.ProbesNote, o.Probes)
	if err != nil {
		return nil, err
	}
	probe.MarkDrift(rep, files)
	if o.IgnoreFile != "" {
		ignores, err := drift.ReadIgnores(o.IgnoreFile)
		if err != nil {
			return nil, usage.Errorf("--ignore-file: %w", err)
		}
		fmt.Fprintf(o.Log, "%s: %d changes left out\n", o.IgnoreFile, rep.Ignore(ignores))
	}
	return rep, rep.Write(o.Stdout, o.Targets, o.FailOn, o.Version)
}
