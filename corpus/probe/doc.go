// Package probe asks the real CLI what it reads. A probe is one message an
// SDK may write to the CLI's stdin (a control request, an answer to one of
// the CLI's own control requests, a user message), made from the wire
// model's type with one member at an edge value (absent, null, empty, the
// wrong JSON type), with an unknown member or an unknown subtype, or taken
// as it is from a dialect's writes.json. Run sends each probe to a pinned
// CLI through the capture harness (offline, against the fake Messages API)
// and records the CLI's answer; the results of each CLI version are
// committed under corpus/probe/results/<version>.json and are the evidence
// for every write-side claim protocheck makes (see Evidence).
package probe
