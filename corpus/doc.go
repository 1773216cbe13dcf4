// Package corpus documents the corpus folder; it holds no code. Each job of
// the corpus pipeline is its own package:
//
//	corpus/capture  runs the real CLI through scripted scenarios against a
//	                fake Messages API (Run), normalises the transcripts
//	                (Normalizer), compares them with the committed goldens
//	                (Diff) and captures again on demand (Regress)
//	corpus/matrix   the dialect matrix: each SDK's idea of the protocol
//	                (Dialect) judged line by line (RunMatrix), its ledger,
//	                and its text, markdown, JSON and HTML reports
//	corpus/drift    what one dialect or CLI version accepts that another
//	                rejects (Drift, ExplainVersions)
//	corpus/fixlist   fix lists per SDK, from the matrix and the probes
//	corpus/ladder   the release ladder (add-release)
//	corpus/probe    what the CLI reads (probes of the real CLI)
//	corpus/harness  real SDKs behind harnesses, as rows of the matrix
//
// Helpers they share live in corpus/internal (fakeapi, jsonfile, jsonptr, and corpustest for their tests).
//
// Layout of the corpus folder's data:
//
//	corpus/scenarios/<scenario>.json                 one Scenario per file
//	corpus/captures/<cli-version>/<scenario>.jsonl   normalised transcript
//	corpus/captures/<cli-version>/<scenario>.meta.json  its Meta
//	corpus/duplex/<cli-version>/<scenario>.jsonl     both directions of a run
//	corpus/cli/<cli-version>/package{,-lock}.json    the pinned CLI (make cli)
//	corpus/dialects/                                 the built-in dialects
//
// Imports flow one way (internal/archtest): cmd/protocheck → internal/cli →
// corpus/drift → corpus/matrix, corpus/capture → validate → schemas. No
// package here imports cobra or the CLI.
package corpus
