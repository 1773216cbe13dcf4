package fixlist

import (
	"fmt"
	"strings"

	"github.com/protocheck/protocheck/corpus/argv"
)

// SideArgv marks an item about the argv the SDK spawns the CLI with: it
// comes first, before any line of the protocol.
const SideArgv = "argv"

// argvItems lists, for the dialect's SDK, each option whose argv the
// newest known CLI release refuses (corpus/argv: the argv its own spawn
// code produced, checked against the release's options): the session
// cannot start.
func argvItems(dialect string) []*Item {
	sdks, err := argv.Spawns()
	if err != nil {
		return nil
	}
	rs, err := argv.Releases()
	if err != nil || len(rs) == 0 {
		return nil
	}
	newest := rs[len(rs)-1].CLI
	var out []*Item
	for _, s := range sdks {
		if s.Dialect != dialect {
			continue
		}
		for _, sp := range s.Spawns {
			if sp.Argv == nil {
				continue
			}
			res, err := argv.Check(newest, sp.Argv)
			if err != nil || res.Starts {
				continue
			}
			f := res.Findings[len(res.Findings)-1]
			if strings.TrimPrefix(f.Option, "--") == argv.PassThrough {
				continue // the SDK passes extra arguments on as told: not its bug
			}
			what := "its default options put"
			if sp.Option != "" {
				what = fmt.Sprintf("its option %s (%s) puts", sp.Option, sp.Value)
			}
			it := &Item{
				Consequence: CannotStart,
				Side:        SideArgv,
				Cause:       fmt.Sprintf("%s %s: %s %s in argv; CLI %s refuses it and exits 1", s.SDK, s.Version, what, f.Option, newest),
				Rule:        f.Rule,
				Wire:        wireOfOption(f, newest),
				Evidence: Evidence{
					Probe:   "argv of " + s.Harness,
					Text:    "claude " + shellWords(sp.Argv),
					Answer:  strings.ReplaceAll(f.Refusal, "\n", " ") + " (exit 1)",
					Message: f.Message,
				},
				Lines:    1,
				Verified: fmt.Sprintf("verified: the SDK's own spawn code produced this argv (harness %s, %s), checked against CLI %s's options as read from its code (%s; its --help agrees)", s.Harness, argv.SpawnsFile, newest, argv.File),
			}
			out = append(out, it)
		}
	}
	return out
}

// wireOfOption says what the release accepts instead, where the evidence
// shows a replacement.
func wireOfOption(f argv.Finding, cli string) string {
	if f.Replacement != "" {
		return fmt.Sprintf("%s (CLI %s's replacement for %s)", f.Replacement, cli, f.Option)
	}
	if len(f.Suggested) > 0 {
		return fmt.Sprintf("no option %s in CLI %s; its error suggests %s (see protocheck schemas options --cli-version %s)", f.Option, cli, strings.Join(f.Suggested, ", "), cli)
	}
	return fmt.Sprintf("no option %s in CLI %s (see protocheck schemas options --cli-version %s)", f.Option, cli, cli)
}

// shellWords spells an argv for a shell: empty or spaced arguments quoted.
func shellWords(args []string) string {
	q := make([]string, len(args))
	for i, a := range args {
		q[i] = a
		if a == "" || strings.ContainsAny(a, " \"'{}$\\") {
			q[i] = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
		}
	}
	return strings.Join(q, " ")
}
