// Package argv holds the Claude Code CLI's command-line options, release by
// release, and checks an argv (as an SDK spawns the CLI) against them.
//
// The options are facts read from each release's own code (options.json,
// made by internal/gen/optionfacts: `make optionfacts`) and embedded here:
// every option of the root command `claude [options] [prompt]`, with its
// names, whether a value follows, its choices, and whether --help hides it.
// Only names and shapes are kept, never the CLI's descriptions.
//
// Check parses an argv as the CLI's commander does and says what the
// release would refuse: an unknown option makes the CLI print
// "error: unknown option '--x'" and exit 1, before any line of the
// protocol, so the session cannot start.
package argv
