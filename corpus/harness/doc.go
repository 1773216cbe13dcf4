// Package harness runs SDK harnesses: small programs, one per SDK, that let
// the SDK's own code judge real lines of the stream-json protocol. protocheck
// and a harness speak a versioned NDJSON protocol over the harness's
// standard input and output (docs/harness.md): a hello exchange, then one
// request per line and exactly one answer per request, matched by id.
//
// protocheck never trusts a harness: a harness that crashes, hangs, answers
// out of turn or answers nonsense is reported as a Problem, killed and
// started again, and the run goes on with the next line.
package harness
