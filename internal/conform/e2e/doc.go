// Package e2e holds the end-to-end tests of protocheck conform: the built
// binary runs a fake SDK (the test binary itself, in one of its modes)
// against a fake CLI (a sh script printing a real capture), so each
// outcome (survived, crashed, hung, mis-answered), the shrinking, the
// expected-failures file and what a killed run leaves behind are tested
// without node, Python or a pinned CLI. The real SDKs' runs are in
// sdk_test.go, and skip (fail under CI=true) without them.
package e2e
