// Command gen writes a large NDJSON transcript for benchmarks: it repeats
// real transcripts in order, giving every uuid-like value a new random uuid
// on each repetition (consistently within it), until the output reaches the
// requested size.
//
// With -faulty, every line gets one mistake of one of several kinds (see
// mistakes), taken in turn, so that every line fails its schema.
//
// usage: go run ./bench/gen [-faulty] -size 200MB -o out.jsonl transcript.jsonl...
package main
