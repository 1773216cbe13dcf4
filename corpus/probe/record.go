package probe

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/protocheck/protocheck/corpus/capture"
	"github.com/protocheck/protocheck/internal/usage"
)

// Select returns the probes whose ID contains one of the texts of only
// (all of them when only is empty).
func Select(probes []Probe, only []string) []Probe {
	var out []Probe
	for _, p := range probes {
		if len(only) == 0 || slices.ContainsFunc(only, func(s string) bool { return strings.Contains(p.ID, s) }) {
			out = append(out, p)
		}
	}
	return out
}

// WriteList writes the probes' ids and messages, one probe a line.
func WriteList(w io.Writer, probes []Probe) {
	for _, p := range probes {
		fmt.Fprintf(w, "%s\t%s\n", p.ID, p.Message)
	}
}

// WriteTable writes the markdown table (Table) of the results files of
// dir; a dir with none is a *usage.Error.
func WriteTable(ctx context.Context, w io.Writer, dir string) error {
	files, err := ReadDir(dir)
	if err != nil {
		return err
	}
	if len(files) == 0 {
		return usage.Errorf("%s: no results files (run protocheck corpus probe)", dir)
	}
	t, err := Table(ctx, files)
	if err != nil {
		return err
	}
	fmt.Fprint(w, t)
	return nil
}

// RecordOptions say how Record probes one CLI.
type RecordOptions struct {
	// CLI is the pinned CLI probed.
	CLI capture.PinnedCLI
	// Jobs bounds the CLIs run at once; Wait is how long each answer is
	// waited for (see Options).
	Jobs int
	Wait time.Duration
	// Out is the folder of the results files, one per CLI version.
	Out string
	// Partial says that only some of the suite runs: the results file
	// keeps the results of the others.
	Partial bool
}

// Record sends the probes to one CLI, judges and settles the results,
// writes its results file (a partial run keeps the results it did not
// run), and prints on out a summary of the answers and of where the CLI
// and the SDK-direction types disagree; progress gets a progress line.
func Record(ctx context.Context, o RecordOptions, probes []Probe, out, progress io.Writer) error {
	start := time.Now()
	c := o.CLI
	rs, err := Run(ctx, Options{CLI: c, Jobs: o.Jobs, Wait: o.Wait, Progress: func(done, total int) {
		fmt.Fprintf(progress, "\r%s: %d/%d probes", c.Version, done, total)
	}}, probes)
	fmt.Fprintln(progress)
	if err != nil {
		return err
	}
	if err := Judge(ctx, rs); err != nil {
		return err
	}
	if o.Partial {
		// A partial run updates the results it has and keeps the others.
		if old, err := Read(filepath.Join(o.Out, c.Version+".json")); err == nil {
			rs = Merge(old.Results, rs)
		}
	}
	Settle(rs)
	if err := Write(o.Out, c.Version, rs); err != nil {
		return err
	}
	s := Summarise(c.Version, rs)
	fmt.Fprintf(out, "%s: %d probes of %d variants and %d members in %s; %s\n", c.Version, s.Probes, s.Variants, s.Members,
		time.Since(start).Round(time.Second), s.Outcomes())
	fmt.Fprintf(out, "%s: the CLI and the SDK-direction types disagree on %d probes (%d messages the types reject are read, %d they accept are not)\n",
		c.Version, s.Disagree, s.TypesTooStrict, s.TypesTooLoose)
	return nil
}
