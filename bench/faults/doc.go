// Command faults writes one NDJSON file per kind of fault for the
// faulty-path benchmark (bench/faults.sh): real capture lines, each given
// one mistake of the file's kind, repeated with fresh uuids up to a size.
//
// A mutated line is kept only when protocheck's own validator, run on it
// with the named CLI version's schema set and the kind's profile, reports
// that fault and no other error: so every line of a file fails, and fails
// in the way its name says. The same run writes the schema document the
// validator compiles (the union, lowered to the dispatch on discriminators:
// schemas.Lower) for each profile, so that ajv checks the same schemas.
//
// usage: go run ./bench/faults -cli 2.1.330 -size 20MB -o bench/out/faults corpus/captures/2.1.330/*.jsonl
package main
