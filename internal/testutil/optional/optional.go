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
