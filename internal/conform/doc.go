// Package conform runs an SDK's own command (its tests, or an example
// program) against the real CLI of chosen releases, and against what a
// next release may send: 'protocheck conform'.
//
// The command spawns protocheck in place of the CLI (a shim, found on PATH
// as claude, or through $PROTOCHECK_CLI for an SDK's CLI-path option); the
// shim runs the release's real CLI through a tap session (internal/tap),
// offline against the fake Messages API of a scenario, both directions
// checked. A run without mutation is each release's baseline. A mutation
// (Derive: read from the wire model in package protocol, not a hand list)
// injects between the CLI's lines, or changes in one of them, what a next
// release may add: an unknown top-level type, an unknown subtype of each
// family, an unknown member of each union where a message carries one
// (content block, stream event, delta, control request), an unknown member
// on each variant, an unknown value in each enum, a required member turned
// null. The tap absorbs the SDK's answers to injected control requests.
// Each mutation's outcome is compared with the baseline: survived,
// crashed, hung or mis-answered; a failure is shrunk to one injected frame.
//
// Prepare checks a Request (the command's flags as given) and makes it a
// Plan; Plan.Run resolves the releases and runs them into a Report;
// Plan.Write prints it and writes the files asked for.
//
// Imports: internal/tap (the session), corpus/capture (the scenarios and
// installed CLIs), corpus/ladder (installing a release from npm), protocol
// (the model), validate, internal/atomicfile and internal/usage (the
// error of a Request that cannot run). Nothing here imports
// cobra; internal/cli's conform.go is the command.
package conform
