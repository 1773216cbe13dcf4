// Package corpus makes and checks the committed corpus of real CLI
// transcripts: it runs the real Claude Code CLI through scripted scenarios
// against a fake Messages API (Run), makes the transcripts comparable from
// run to run (Normalizer), and compares a fresh capture with a committed
// golden one structurally (Diff), reporting drift as validate.Findings.
//
// Layout of the corpus folder:
//
//	corpus/scenarios/<scenario>.json                 one Scenario per file
//	corpus/captures/<cli-version>/<scenario>.jsonl   normalised transcript
//	corpus/captures/<cli-version>/<scenario>.meta.json  its Meta
//	corpus/cli/<cli-version>/package{,-lock}.json    the pinned CLI (make cli)
//
// Imports flow one way: cmd/protocheck → internal/cli → corpus → validate →
// schemas. This package never imports cobra or the CLI.
package corpus
