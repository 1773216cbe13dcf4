// Package archtest checks, in its test, that imports between the project's
// packages flow one way:
//
//	cmd/protocheck → internal/cli → corpus → validate → schemas
//	                                  ↘ protocol, corpus/dialects (embedded data),
//	                                    corpus/internal/fakeapi, corpus/internal/jsonfile
//	internal/gen/schemagen → reflect → protocol, schemas
//	internal/gen/schemagen → corpus/dialects/<go-modelled dialect> → protocol
//
// internal/cli → internal/report → validate (the output formats, baselines,
// --ignore) and internal/cli → internal/config (.protocheck.yaml, which
// imports nothing of the project's).
//
// validate → validate/internal/conform (the cross-line rules) →
// validate/internal/fastpath (for its value skipper only).
//
// internal/atomicfile serves corpus and internal/cli; internal/testutil
// holds helpers only tests import; internal/gen holds the generators
// (schemagen: the schemas; genjson: protocol's JSON methods; versionfacts
// and bundlefacts, which read protocol's model).
//
// Library packages never import cobra or pflag; only cmd/protocheck imports
// internal/cli; only the generator imports reflect (and the dialect packages); protocol and schemas
// import nothing of the project's.
package archtest
