// Package matrix is the dialect matrix: each SDK's idea of the protocol (a
// Dialect: a schema set, the messages it writes, what its reader does with
// what it does not know) judged against every line of a set of transcripts
// (RunMatrix), with real SDKs as rows behind harnesses (AddHarness), the
// ledger of known divergences, and the matrix in text, markdown, JSON and
// HTML (report.html).
package matrix
