package argv

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"text/tabwriter"
)

// A Summary is one release as `protocheck schemas options` shows it: its
// counts, what changed since the release before it and, for one release
// asked for, its options.
type Summary struct {
	CLI string `json:"cli"`
	// Asked is the version asked for when it is not known (CLI is then
	// the nearest known release).
	Asked   string   `json:"asked,omitempty"`
	Source  string   `json:"source"`
	Help    string   `json:"help"`
	Shown   int      `json:"shown"`
	Hidden  int      `json:"hidden"`
	Added   []string `json:"added,omitempty"`
	Dropped []string `json:"dropped,omitempty"`
	Options []Option `json:"options,omitempty"`
}

// Summarize counts the options of r, one of l's releases, and what
// changed since the release before it (none for the first).
func (l Ladder) Summarize(r *Release) Summary {
	j := Summary{CLI: r.CLI, Source: r.Source, Help: r.Help}
	j.Shown, j.Hidden = r.Counts()
	i := slices.IndexFunc(l, func(x Release) bool { return x.CLI == r.CLI })
	if i > 0 {
		j.Added, j.Dropped = Changes(&l[i-1], r)
	}
	return j
}

// Summaries summarizes every release of l, oldest first.
func (l Ladder) Summaries() []Summary {
	out := make([]Summary, len(l))
	for i := range l {
		out[i] = l.Summarize(&l[i])
	}
	return out
}

// Describe is the summary of the known release version, or of the
// nearest one (see For; Asked is then version), with its options.
func Describe(version string) (Summary, error) {
	l, err := Releases()
	if err != nil {
		return Summary{}, err
	}
	r, exact, err := l.For(version)
	if err != nil {
		return Summary{}, err
	}
	j := l.Summarize(r)
	j.Options = r.Options
	if !exact {
		j.Asked = version
	}
	return j, nil
}

// PrintSummaries prints summaries as a table: one line per release.
func PrintSummaries(w io.Writer, summaries []Summary) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "CLI\tSHOWN\tHIDDEN\tADDED\tDROPPED")
	for _, j := range summaries {
		fmt.Fprintf(tw, "%s\t%d\t%d\t%s\t%s\n", j.CLI, j.Shown, j.Hidden, orDash(strings.Join(j.Added, " ")), orDash(strings.Join(j.Dropped, " ")))
	}
	return tw.Flush()
}

// PrintRelease prints a Describe summary as text: which release it is
// (and that it is the nearest, when Asked), then its options as a table
// with what is known of each.
func PrintRelease(w io.Writer, j Summary) error {
	if j.Asked != "" {
		fmt.Fprintf(w, "CLI %s is not known; the nearest known release at or below it is %s: its options follow.\n", j.Asked, j.CLI)
	}
	fmt.Fprintf(w, "CLI %s, read from %s: %d options, %d shown by --help, %d hidden; --help %s\n", j.CLI, j.Source, len(j.Options), j.Shown, j.Hidden, j.Help)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "OPTION\tVALUE\tHIDDEN\tNOTES")
	for _, o := range j.Options {
		names := strings.Join(o.Names, ", ")
		value := string(o.Value)
		if o.Variadic {
			value += "..."
		}
		hidden := "-"
		switch o.Hidden {
		case HiddenAlways:
			hidden = "hidden"
		case HiddenSometimes:
			hidden = "sometimes"
		}
		var notes []string
		if len(o.Choices) > 0 {
			notes = append(notes, "one of "+strings.Join(o.Choices, "|"))
		}
		if o.Deprecated {
			n := "deprecated"
			if o.Replacement != "" {
				n += ", use " + o.Replacement
			}
			notes = append(notes, n)
		}
		if o.Conditional {
			notes = append(notes, "declared on a run-time condition")
		}
		if o.Mandatory {
			notes = append(notes, "mandatory")
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", names, value, hidden, strings.Join(notes, "; "))
	}
	return tw.Flush()
}

// PrintCheck prints what Check said of an argv checked against version:
// that the nearest release was used when version is not known, each
// finding on its own line, and whether the release starts with it.
func PrintCheck(w io.Writer, version string, res Result) {
	if !res.Exact {
		fmt.Fprintf(w, "CLI %s is not known; checked against the nearest known release, %s.\n", version, res.CLI)
	}
	for _, f := range res.Findings {
		fmt.Fprintf(w, "argv[%d]: %s: %s: %s\n", f.Index, f.Severity, f.Rule, f.Message)
	}
	if res.Starts {
		fmt.Fprintf(w, "CLI %s starts with this argv.\n", res.CLI)
	}
}

// orDash is v, or "-" when it is "".
func orDash(v string) string {
	if v == "" {
		return "-"
	}
	return v
}
