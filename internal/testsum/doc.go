// Command testsum reads the events of go test -json on standard input and
// prints what go test prints without -json (each package's ok or FAIL line,
// and the output of each test that failed), then a summary of every test
// that skipped, with its reason, so that a run shows what it did not check.
// It exits 1 when a test or a build failed, or when no package was tested.
//
//	go test -json ./... | go run ./internal/testsum
package main
