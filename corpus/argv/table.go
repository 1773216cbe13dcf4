package argv

import (
	"fmt"
	"io"
	"slices"
	"strings"
)

// TableFile is the argv table's path, relative to the repository's root.
const TableFile = "docs/argv.md"

// WriteTable writes the argv table (docs/argv.md): per harness SDK, the
// options tried, the argv each produced, and which known releases refuse
// it.
func WriteTable(w io.Writer) error {
	rs, err := Releases()
	if err != nil {
		return err
	}
	sdks, err := Spawns()
	if err != nil {
		return err
	}
	return rs.WriteTable(w, sdks)
}

// WriteTable is WriteTable of the ladder rs and the argv of sdks.
func (rs Ladder) WriteTable(w io.Writer, sdks []SDK) error {
	if len(rs) == 0 {
		return fmt.Errorf("%s knows no release", File)
	}
	b := &strings.Builder{}
	fmt.Fprintf(b, `# The session's start: what each SDK puts in argv, and what each CLI release says

Generated from %s (the argv recorded) and %s (each release's
options, read from its own code); do not edit. Regenerate with
`+"`make argv-table`"+` (recording the argv again needs the harnesses:
`+"`make harnesses argv-spawns argv-table`"+`).

Each real SDK's harness (corpus/harness) drove the SDK's own spawn code
against a stand-in CLI that records its argv: once with every option at
its default, then once per option of the SDK's own options type that
changes argv (options the harness cannot set from plain values, such as
callbacks, are not tried). Each argv is checked as each known release's
commander parses it. "Refused by" lists the releases that print the error
shown and exit 1 before any line of the protocol: the session cannot
start. Known releases: %d, %s to %s.
`, SpawnsFile, File, len(rs), rs[0].CLI, rs[len(rs)-1].CLI)
	for _, s := range sdks {
		fmt.Fprintf(b, "\n## %s %s (%s, harness %s)\n\n", s.SDK, s.Version, s.Language, s.Harness)
		if s.Dialect != "" {
			fmt.Fprintf(b, "Modelled by the dialect `%s`. ", s.Dialect)
		}
		var base []string
		tried, refusedNewest := 0, 0
		for i, sp := range s.Spawns {
			if i == 0 && sp.Option == "" {
				base = sp.Argv
				continue
			}
			tried++
			if sp.Argv != nil && !slices.Contains(sp.Argv, "--"+PassThrough) {
				if res, err := rs.Check(rs[len(rs)-1].CLI, sp.Argv); err == nil && !res.Starts {
					refusedNewest++
				}
			}
		}
		fmt.Fprintf(b, "%d options change argv; CLI %s refuses %d of them (not counting the pass-through of extra arguments, --%s).\n\n", tried, rs[len(rs)-1].CLI, refusedNewest, PassThrough)
		fmt.Fprintln(b, "| option | value | argv | refused by | the CLI says |")
		fmt.Fprintln(b, "|---|---|---|---|---|")
		for i, sp := range s.Spawns {
			option, args := "`"+sp.Option+"`", ""
			switch {
			case i == 0 && sp.Option == "":
				option, args = "(defaults)", code(sp.Argv)
			case sp.Argv == nil:
				args = "nothing spawned: " + cell(sp.Error)
			default:
				if more, ok := added(base, sp.Argv); ok {
					args = "defaults + " + code(more)
				} else {
					args = code(sp.Argv)
				}
			}
			refused, says := refusals(rs, sp.Argv)
			fmt.Fprintf(b, "| %s | %s | %s | %s | %s |\n", option, cell(sp.Value), args, refused, says)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// refusals says which releases refuse argv (ranges of consecutive known
// releases) and, in the newest one's words, why.
func refusals(rs Ladder, argv []string) (string, string) {
	if argv == nil {
		return "-", "-"
	}
	var ranges []string
	start, last, says := -1, -1, ""
	flush := func() {
		if start < 0 {
			return
		}
		if start == last {
			ranges = append(ranges, rs[start].CLI)
		} else {
			ranges = append(ranges, rs[start].CLI+" to "+rs[last].CLI)
		}
		start = -1
	}
	n := 0
	for i := range rs {
		res, err := rs.Check(rs[i].CLI, argv)
		if err != nil || res.Starts {
			flush()
			continue
		}
		n++
		if start < 0 {
			start = i
		}
		last = i
		says = strings.ReplaceAll(res.Findings[len(res.Findings)-1].Refusal, "\n", " ")
	}
	flush()
	switch {
	case n == 0:
		return "none", "starts"
	case n == len(rs):
		return fmt.Sprintf("**all %d**", n), "`" + says + "`"
	}
	return fmt.Sprintf("**%d**: %s", n, strings.Join(ranges, ", ")), "`" + says + "` (newest refusing)"
}

// added is what argv has beyond base: base's arguments taken out once each
// in order; ok is false when base is not within argv in order.
func added(base, argv []string) (more []string, ok bool) {
	var out []string
	j := 0
	for _, a := range argv {
		if j < len(base) && a == base[j] {
			j++
			continue
		}
		out = append(out, a)
	}
	return out, j == len(base)
}

func code(args []string) string {
	if len(args) == 0 {
		return "(none)"
	}
	q := make([]string, len(args))
	for i, a := range args {
		q[i] = a
		if a == "" || strings.ContainsAny(a, " \"'{}") {
			q[i] = "'" + a + "'"
		}
	}
	return "`" + cell(strings.Join(q, " ")) + "`"
}

func cell(s string) string {
	s = strings.ReplaceAll(s, "|", `\|`)
	s = strings.ReplaceAll(s, "\n", " ")
	if len(s) > 160 {
		s = s[:160] + "…"
	}
	return s
}
