// Package archtest checks, in its test, that imports between the project's
// packages flow one way:
//
//	cmd/protocheck → internal/cli → corpus/drift → corpus/matrix → validate → schemas
//	                                       ↘ corpus/capture ↗
//	corpus/capture → protocol, corpus/internal/fakeapi, corpus/internal/jsonfile
//	corpus/matrix → corpus/dialects (embedded data), corpus/harness
//	corpus/capture, corpus/matrix, corpus/drift, corpus/fixlist → corpus/internal/jsonptr
//	corpus/internal/corpustest (their tests' TestMain and capture inputs) → validate
//	internal/gen/schemagen → reflect → protocol, schemas
//	internal/gen/schemagen → corpus/dialects/<go-modelled dialect> → protocol
//
// The root package corpus holds no code, only the corpus folder's
// documentation: each job of the corpus pipeline is its own package
// (capture and regress, the dialect matrix, drift, reports).
//
// internal/cli → internal/report → validate (the output formats, baselines,
// --ignore) and internal/cli → internal/config (.protocheck.yaml, which
// imports nothing of the project's), and internal/cli → internal/tap →
// validate, protocol (the live session between an SDK and the CLI).
// internal/cli → internal/check → validate, internal/report,
// internal/config (validate as a library: a job's options, config file,
// baseline and report, run to a verdict).
// internal/check, internal/tap, internal/conform and the corpus packages
// the corpus commands call (corpus/capture, corpus/matrix, corpus/drift,
// corpus/ladder, corpus/probe, corpus/audit) return one error for a
// request that cannot run as given, internal/usage's (which imports
// nothing of the project's); internal/cli maps it to exit code 2.
//
// validate → validate/internal/conform (the cross-line rules) →
// validate/internal/fastpath (for its value skipper only).
//
// internal/cli reads protocol directly for the version facts it shows
// (schemas window), and internal/buildinfo → schemas for its own version
// and the protocol's (protocheck version). corpus/harness (the harness
// protocol and its runner) imports nothing of the project's; corpus/matrix
// uses it, and corpus/drift
// and corpus/fixlist read its verdicts to hold their claims to a real SDK.
//
// corpus/ladder (add-release) builds on corpus/capture, corpus/probe (what
// the CLI reads) on corpus/capture, corpus/matrix and corpus/drift (its
// evidence marks drift's changes), and corpus/fixlist (fix lists per SDK)
// on corpus/matrix and corpus/probe's results (and on validate for its
// rule IDs, on corpus/drift for the drift claims it holds to a real SDK);
// internal/cli runs them. corpus/audit (corpus run and corpus report as
// library calls, and drift with its evidence) composes corpus/matrix,
// corpus/probe, corpus/fixlist and corpus/drift. internal/report (the output formats) serves
// internal/cli, corpus/matrix, corpus/drift, corpus/fixlist and
// corpus/audit.
// internal/checkout (where the default inputs are in a checkout of the
// source) imports nothing of the project's; internal/cli uses it.
//
// internal/atomicfile serves corpus/capture, corpus/matrix, corpus/probe,
// corpus/audit, reflect, schemas (Export) and internal/cli (every file
// protocheck writes); internal/testutil
// holds helpers only tests import (sharedcorpus → optional, the one way a
// test skips for want of something optional); internal/gen holds the generators
// (schemagen: the schemas; genjson: protocol's JSON methods; versionfacts
// and bundlefacts, which read protocol's model and walk the committed
// captures through internal/gen/captures).
//
// bench/faults (the faulty-path benchmark's file maker) sits on validate
// and schemas, as a command does.
//
// Library packages never import cobra or pflag; only cmd/protocheck imports
// internal/cli; only the generator imports reflect (and the dialect packages); protocol
// imports nothing of the project's, schemas only internal/atomicfile.
//
// The command layer stays thin (TestCommandLayerThin): each runXxx of
// internal/cli takes a context, its streams and an options struct (never
// the *cobra.Command) and is at most 60 lines; the package as a whole
// stays under a bound of non-test lines (TestCommandLayerSize).
package archtest
