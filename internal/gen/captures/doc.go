// Package captures walks the committed captures of the release ladder
// (corpus/captures/<version>/*.jsonl) for the generators that turn them
// into facts: each non-blank line with its CLI version, file and number.
package captures
