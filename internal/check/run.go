package check

import (
	"context"
	"fmt"

	"github.com/protocheck/protocheck/internal/report"
	"github.com/protocheck/protocheck/internal/usage"
	"github.com/protocheck/protocheck/validate"
)

// A Result is what a job's run found.
type Result struct {
	// Summary is the validator's summary of the inputs checked.
	Summary validate.Summary
	// Report is the summary as the report gave it: without what the
	// baseline, the ignores and the config's severities held back, and
	// with the baseline's stale entries.
	Report report.Summary
	// Kept counts the findings to write to Baseline (UpdateBaseline):
	// the warnings and errors the ignores and severities let through.
	Kept *report.BaselineCounter
	// Baseline is the baseline file, from the options or the config file.
	Baseline string
	// Verdict is the exit decision.
	Verdict Verdict
}

// A Verdict is what a run's findings decide.
type Verdict int

const (
	// Pass: nothing fails the run.
	Pass Verdict = iota
	// Fail: findings at or above FailOn remain, or, with FailOnStale,
	// the baseline has stale entries; never with UpdateBaseline.
	Fail
	// Broken: an input could not be read, or a line could not be checked
	// because of a bug; each is a finding in the report.
	Broken
)

// Run checks the job's inputs, writing each finding the filter lets
// through to the report's targets as it comes (buffered, and flushed
// whenever the run waits for input), then the summary. A write error
// stops the run at once and is returned. When ctx ends, the run stops
// early with a complete report of what was checked, and no error; the
// caller says so. A job runs once.
func (job *Job) Run(ctx context.Context) (Result, error) {
	progress := report.StartProgress(job.env.Stderr, job.opts.Quiet)
	defer progress.Stop()
	job.vopts.Progress = progress.Counts()
	out := report.Open(progress.Wrap(job.env.Stdout), job.targets, job.meta)
	defer out.Abort()
	res := Result{Baseline: job.opts.Baseline}
	if job.opts.UpdateBaseline {
		res.Kept = job.kept
		job.filter.Keep = func(f report.Finding) {
			if f.Severity >= validate.Warning {
				job.kept.Add(f)
			}
		}
	}
	// A write error (a full disk, a closed pipe) ends the run at once.
	runCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	job.vopts.Idle = func() {
		if out.Flush() != nil {
			cancel()
		}
	}
	v, err := validate.New(job.vopts)
	if err != nil {
		return res, usage.Wrap(err)
	}
	take := func(f report.Finding) {
		if f, verdict := job.filter.Apply(f); verdict == report.Report {
			out.Finding(f)
			if out.Err() != nil {
				cancel()
			}
		}
	}
	res.Summary, err = job.validate(runCtx, v, take)
	progress.Stop()
	if out.Err() != nil {
		return res, fmt.Errorf("writing the report: %w", out.Err())
	}
	if err != nil && ctx.Err() == nil {
		return res, err
	}
	res.Report = report.Summary{Summary: res.Summary}
	job.filter.Adjust(&res.Report)
	res.Verdict = job.verdict(res)
	return res, out.End(res.Report)
}

// validate runs the validator, passing each finding to take.
func (job *Job) validate(ctx context.Context, v *validate.Validator, take func(report.Finding)) (validate.Summary, error) {
	if job.filter.Baseline != nil || job.opts.UpdateBaseline || report.NeedsLineHash(job.targets) {
		// Baselines and fingerprints key findings by their line's
		// content, which only the per-line results carry.
		pair := &report.Pairer{Out: take}
		sum, err := v.RunEach(ctx, job.inputs, pair.Finding, pair.Line)
		pair.Close()
		return sum, err
	}
	return v.Run(ctx, job.inputs, func(f validate.Finding) { take(report.Finding{Finding: f}) })
}

func (job *Job) verdict(res Result) Verdict {
	switch {
	case res.Summary.IOErrors > 0 || res.Summary.InternalErrors > 0:
		return Broken
	case job.opts.UpdateBaseline:
		return Pass
	case res.Report.Failed(job.failOn), job.opts.FailOnStale && res.Report.StaleEntries > 0:
		return Fail
	}
	return Pass
}
