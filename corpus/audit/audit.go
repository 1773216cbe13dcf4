package audit

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/protocheck/protocheck/corpus/fixlist"
	"github.com/protocheck/protocheck/corpus/matrix"
	"github.com/protocheck/protocheck/corpus/probe"
	"github.com/protocheck/protocheck/internal/atomicfile"
	"github.com/protocheck/protocheck/internal/report"
	"github.com/protocheck/protocheck/internal/usage"
	"github.com/protocheck/protocheck/validate"
)

// Options are what Run checks and against what.
type Options struct {
	// Inputs are the transcripts; each dialect reads them again.
	Inputs []validate.Input
	// Dialects are the columns, the wire first (matrix.LoadDialects).
	Dialects []*matrix.Dialect
	// Jobs bounds the lines checked at once (0: the number of CPUs).
	Jobs int
	// Probes is the folder of the probe results files, the evidence of
	// the writing side (probe.ResultsDir in a checkout).
	Probes string
	// ProbesNote, when not "", is printed on Log before the probe results
	// are read (that the folder is missing, say).
	ProbesNote string
	// Harness says which rows of real SDKs are added and what they are
	// held to.
	Harness matrix.HarnessOptions
	// Log gets the notes, the harnesses' problems and the comparisons of
	// the models with their SDKs, the inputs that are not transcripts or
	// could not be read, and what Check or Update found.
	Log io.Writer

	// Format is the report's format (matrix.ReportFormats), written to
	// Output or, when it is "", to Stdout; Version is protocheck's, for
	// the findings formats.
	Format          report.Format
	Output, Version string
	Stdout          io.Writer
	// Check holds the run to Files (Result.Check, Result.Held); Update
	// rewrites them (Result.Update), with Force recording divergences
	// the ledger does not list yet. OwnInputs says the inputs are not the
	// committed captures that Files describe.
	Check, Update, Force, OwnInputs bool
	// Files are the ledger and the stats file Check and Update use.
	Files matrix.LedgerFiles
}

// A Result is what Run found: the matrix, with the harness rows and the
// write evidence, and each model compared with its real SDK.
type Result struct {
	// Matrix is the matrix, harness rows included.
	Matrix *matrix.Matrix
	// Agreements are the comparisons of each model with its SDK, by model.
	Agreements map[string]*matrix.Agreement
	// HarnessFailed is true when a harness row fails a check (problems,
	// or disagreements the agreement ledger does not hold).
	HarnessFailed bool
	// Held is false when Check found what the ledger, the stats or the
	// claims do not hold.
	Held bool
}

// ParseFormat sets o.Format from its name (one of
// matrix.ReportFormats) and checks that Check, Update and Force go
// together; each fault is a *usage.Error that names the flag.
func (o *Options) ParseFormat(name string) error {
	var err error
	if o.Format, err = report.ParseFormat(name, matrix.ReportFormats); err != nil {
		return usage.Errorf("--format: %w", err)
	}
	if o.Force && !o.Update {
		return usage.Errorf("--force goes with --update")
	}
	if o.Check && o.Update {
		return usage.Errorf("--check and --update exclude each other")
	}
	return nil
}

// Run is protocheck corpus run: it checks the inputs against the
// dialects (Matrix), writes the report, prints on Log the inputs that are
// not transcripts or could not be read, and with Check holds the run to
// the ledger, the stats and the claims (Result.Held) or with Update
// rewrites them. An input that could not be read fails the run after the
// report; new divergences that Update may not record are a
// *usage.Error.
func Run(ctx context.Context, o Options) (*Result, error) {
	o.Harness.Check, o.Harness.Update = o.Check, o.Update
	r, err := Matrix(ctx, o)
	if err != nil {
		return nil, err
	}
	m := r.Matrix
	if err := atomicfile.WriteOutput(o.Stdout, o.Output, func(w io.Writer) error { return m.Report(w, o.Format, o.Version) }); err != nil {
		return nil, err
	}
	for _, f := range slices.Concat(m.NotTranscripts, m.InputErrors) {
		fmt.Fprintln(o.Log, f)
	}
	if len(m.InputErrors) > 0 {
		return nil, fmt.Errorf("%d of %d inputs could not be read; the report leaves their lines out", len(m.InputErrors), len(o.Inputs))
	}
	r.Held = true
	switch {
	case o.Update:
		err = r.Update(o.Log, o.Files, o.Force)
	case o.Check:
		r.Held, err = r.Check(o.Log, o.Files, o.OwnInputs, o.Probes)
	}
	return r, err
}

// Matrix checks the inputs against the dialects, marks the evidence of
// each write from the probe results, and adds the rows of the real SDKs
// behind harnesses, each model held to its SDK (docs/harness.md).
func Matrix(ctx context.Context, o Options) (*Result, error) {
	m, err := matrix.RunMatrix(ctx, o.Inputs, o.Dialects, matrix.MatrixOptions{Jobs: o.Jobs})
	if err != nil {
		return nil, err
	}
	files, err := readProbes(o.Log, o.ProbesNote, o.Probes)
	if err != nil {
		return nil, err
	}
	probe.MarkWrites(m.Writes, files)
	h, err := m.AddHarnessRows(ctx, o.Inputs, o.Dialects, o.Harness, o.Log)
	if err != nil {
		return nil, err
	}
	return &Result{Matrix: m, Agreements: h.Agreements, HarnessFailed: h.Failed}, nil
}

// readProbes prints note, when there is one, and reads the probe results
// of dir.
func readProbes(log io.Writer, note, dir string) ([]*probe.File, error) {
	if note != "" {
		fmt.Fprintln(log, note)
	}
	return probe.ReadDir(dir)
}

// Update rewrites the ledger and the stats file (see
// matrix.LedgerFiles.Update).
func (r *Result) Update(log io.Writer, files matrix.LedgerFiles, force bool) error {
	return files.Update(log, r.Matrix, force)
}

// Check holds the run to the ledger and the stats file, and the fix
// lists' and drift's claims to the real SDKs, printing on log what does
// not hold, or that everything does. Only the dialects of the matrix are
// judged; with ownInputs (inputs other than the committed captures, which
// the files describe) only divergences the ledger lacks are. probes is
// the folder of the probe results.
func (r *Result) Check(log io.Writer, files matrix.LedgerFiles, ownInputs bool, probes string) (held bool, err error) {
	m := r.Matrix
	held, err = files.Check(log, m, ownInputs)
	if err != nil {
		return false, err
	}
	// The fix lists' claims, held to what each model's real SDK did with
	// the same lines.
	claims, err := checkClaims(log, m, r.Agreements, files.Ledger, probes)
	if err != nil {
		return false, err
	}
	if !held || r.HarnessFailed || claims > 0 {
		return false, nil
	}
	if ownInputs {
		fmt.Fprintf(log, "%s holds: every divergence of %s on these %d lines is known (the ledger and %s describe the committed captures: entries these inputs do not show are not judged)\n",
			files.Ledger, strings.Join(m.Dialects, ", "), m.Lines, files.Stats)
		return true, nil
	}
	fmt.Fprintf(log, "%s and %s hold: %d divergences over %d lines\n", files.Ledger, files.Stats, len(m.Divergences()), m.Lines)
	return true, nil
}

// checkClaims builds the fix list of each model that ran beside its real
// SDK and prints every claim the SDK's own code contradicts; it returns
// how many.
func checkClaims(log io.Writer, m *matrix.Matrix, agreements map[string]*matrix.Agreement, ledgerPath, probes string) (int, error) {
	if len(agreements) == 0 {
		return 0, nil
	}
	ledger, err := matrix.ReadLedger(ledgerPath)
	if err != nil {
		return 0, err
	}
	files, err := probe.ReadDir(probes)
	if err != nil {
		return 0, err
	}
	claims, err := fixlist.HoldClaims(m, agreements, ledger, files)
	if err != nil {
		return 0, err
	}
	for _, c := range claims.Contradicted {
		fmt.Fprintf(log, "%s claim contradicted by %s: %s\n", c.Of, c.SDK, validate.Escape(c.Claim))
	}
	if len(claims.Contradicted) == 0 {
		fmt.Fprintf(log, "fix list and drift claims hold: %d items and %d changes of %d models, each read claim held to its real SDK\n", claims.Items, claims.Changes, len(agreements))
	}
	return len(claims.Contradicted), nil
}

// FixListOptions are what FixList builds a fix list of.
type FixListOptions struct {
	// Dialect names the dialect, one of Dialects.
	Dialect string
	// Dialects are the wire and the dialect (matrix.LoadDialects).
	Dialects []*matrix.Dialect
	// Inputs are the transcripts.
	Inputs []validate.Input
	// Jobs bounds the lines checked at once (0: the number of CPUs).
	Jobs int
	// Ledger is the ledger of known divergences, for its reasons.
	Ledger string
	// Probes is the folder of the probe results files; ProbesNote, when
	// not "", is printed on Log before they are read.
	Probes, ProbesNote string
	// SDKs is how the real SDK the dialect models is run, to hold each
	// read claim to its own code: matrix.PinnedAuto, PinnedAll or
	// PinnedOff (see HarnessOptions.SDKs); another value is a
	// *usage.Error.
	SDKs string
	// Log gets the inputs that could not be read, notes and the
	// harness's problems.
	Log io.Writer
	// Format is the fix list's format (fixlist.Formats), written to
	// Output or, when it is "", to Stdout.
	Format report.Format
	Output string
	Stdout io.Writer
}

// FixList is protocheck corpus report: it runs the matrix of the dialect
// on the inputs, holds the model to its real SDK where one is installed,
// builds the fix list from the matrix, the ledger's reasons and the probe
// results, and writes it. Inputs that cannot be read are printed on Log,
// and the error is a *usage.Error.
func FixList(ctx context.Context, o FixListOptions) (*fixlist.FixList, error) {
	switch o.SDKs {
	case matrix.PinnedAuto, matrix.PinnedAll, matrix.PinnedOff:
	default:
		return nil, usage.Errorf("--sdk-harnesses: want auto, all or off, not %q", o.SDKs)
	}
	m, err := matrix.RunMatrix(ctx, o.Inputs, o.Dialects, matrix.MatrixOptions{Jobs: o.Jobs, Sessions: true})
	if err != nil {
		return nil, err
	}
	if len(m.InputErrors) > 0 {
		for _, f := range m.InputErrors {
			fmt.Fprintln(o.Log, f)
		}
		return nil, usage.Errorf("%d of %d inputs could not be read", len(m.InputErrors), len(o.Inputs))
	}
	ledger, err := matrix.ReadLedger(o.Ledger)
	if err != nil {
		return nil, err
	}
	files, err := readProbes(o.Log, o.ProbesNote, o.Probes)
	if err != nil {
		return nil, err
	}
	model, err := matrix.DialectByName(o.Dialects, o.Dialect)
	if err != nil {
		return nil, err
	}
	ag, err := m.ModelAgreement(ctx, o.Inputs, model, o.SDKs, 20*time.Second, o.Log)
	if err != nil {
		return nil, err
	}
	fl, err := fixlist.BuildWith(m, o.Dialect, ledger, files, ag)
	if err != nil {
		return nil, err
	}
	return fl, atomicfile.WriteOutput(o.Stdout, o.Output, func(w io.Writer) error { return fl.Print(w, o.Format) })
}
