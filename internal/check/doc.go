// Package check is 'protocheck validate' as a library: one job, its
// options parsed, run to the end. Plan turns Options (the flags, with the
// config file's settings for those not given) into a Job: the inputs left
// after --exclude, the validator's options, the report's targets, and the
// filter of the baseline, --ignore and the config's rule severities. Run
// checks the inputs, writes each finding the filter lets through to the
// targets as it comes, and returns a Result: the summaries, the baseline
// findings to write (UpdateBaseline), and the exit decision as a Verdict.
//
// It is the glue of validate (the checking), internal/report (the formats,
// the baseline file, the filter) and internal/config (.protocheck.yaml);
// the command only parses flags, prints what Run does not, and maps the
// Verdict and errors to exit codes. An error in the options (a bad value,
// a config or baseline file that cannot be used, an output that is also
// an input) is a *usage.Error; its message names the option as validate's
// flag spells it, and the file and line of a config file's item.
//
// Imports: validate, internal/report, internal/config, internal/atomicfile,
// internal/usage.
package check
