// Package optional is the one way a test skips for want of something
// optional: a browser, the shared corpus beside the repository, a pinned
// CLI, an installed schema or tool. Outside CI such a test skips; under CI
// (CI=true, as .ci/run runs) it fails, so nothing a CI run is meant to
// check can be skipped there unnoticed. TestEverySkipIsListed holds every
// other t.Skip in the project to a short list of skips of another kind
// (testing.Short, the platform), so a new optional skip cannot bypass this.
package optional

import (
	"fmt"
	"os"
	"strconv"
	"testing"
)

// Prefix starts the message of every skip made here, so a scan of
// `go test -json` output can tell skips of the optional kind from others.
const Prefix = "optional: "

// InCI reports whether the tests run under CI: $CI set to a true value
// (GitHub Actions, GitLab and .ci/run set CI=true).
func InCI() bool {
	v := os.Getenv("CI")
	if v == "" {
		return false
	}
	b, err := strconv.ParseBool(v)
	return err != nil || b // any value but a false one counts
}

// Skip skips t for want of what the message names; under CI it fails t
// instead.
func Skip(t testing.TB, format string, args ...any) {
	t.Helper()
	msg := fmt.Sprintf(format, args...)
	if InCI() {
		t.Fatalf("%s%s (under CI this is required, not skipped)", Prefix, msg)
		return
	}
	t.Skip(Prefix + msg)
}
