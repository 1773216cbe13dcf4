// Package audit runs the corpus's checks of the dialects end to end, each
// as one call a command (or a Go program) makes: the dialect matrix of a
// set of transcripts with the evidence of the probe results on each write
// and the rows of real SDKs behind harnesses, written as a report and held
// to the ledgers and to the fix lists' claims or rewriting them (Run,
// protocheck corpus run), one dialect's fix list (FixList, protocheck
// corpus report), and the drift between two dialects with its evidence
// (Drift, protocheck drift).
//
// It composes corpus/matrix (the matrix, its ledgers and harness rows),
// corpus/probe (the write evidence) and corpus/fixlist (the fix lists and
// their claims); what each computes is there.
package audit
