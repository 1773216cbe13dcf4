// Package e2e holds the end-to-end tests of protocheck tap: the built
// protocheck binary between real SDKs (TypeScript, Python, Go) and the
// pinned CLI, against the fake Messages API; and the binary's behaviour when
// either side fails (a fake CLI written in sh). What a test needs and does
// not find (node, the SDKs, the pinned CLI) skips it, except under CI=true,
// where it fails.
package e2e
