package integrations

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/protocheck/protocheck/internal/testutil/buildbin"
)

// repoRoot is the checkout's root, which holds action.yml.
var repoRoot, _ = filepath.Abs("../..")

// binDir holds the protocheck built for the tests; TestMain builds it.
var binDir string

func TestMain(m *testing.M) {
	os.Exit(func() int {
		bin, cleanup, err := buildbin.Build(repoRoot, "protocheck-integrations-")
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 2
		}
		defer cleanup()
		binDir = filepath.Dir(bin)
		return m.Run()
	}())
}

// Sample transcripts: a clean one (a real capture) and a faulty one.
var (
	cleanTranscript  = mustRead("corpus/captures/2.1.330/tool_bash.jsonl")
	faultyTranscript = mustRead("examples/broken.jsonl")
)

func mustRead(rel string) []byte {
	b, err := os.ReadFile(filepath.Join(repoRoot, rel))
	if err != nil {
		panic(err)
	}
	return b
}

// exitCode is the exit code of a finished command's error.
func exitCode(t *testing.T, err error) int {
	t.Helper()
	if err == nil {
		return 0
	}
	if ee, ok := err.(*exec.ExitError); ok {
		return ee.ExitCode()
	}
	t.Fatalf("command did not run: %v", err)
	return -1
}
