package cli

import (
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
	"time"
)

// hangBound is how long a test waits for what would otherwise never end
// (a named pipe opened blocks for ever, /dev/zero never ends, a finding
// held until the input's end): generous, since on a loaded machine
// compiling the schemas alone took 10 s. It bounds a hang; it measures
// nothing.
const hangBound = 2 * time.Minute

// built is the protocheck binary the tests that run it as a process share:
// built once per test binary (each go build linked a 30 MB binary again,
// seconds each on a loaded machine), removed by TestMain.
var built struct {
	once sync.Once
	dir  string
	bin  string
	err  error
	out  []byte
}

// buildProtocheck builds the command once per test binary and returns it.
func buildProtocheck(t *testing.T) string {
	t.Helper()
	built.once.Do(func() {
		if built.dir, built.err = os.MkdirTemp("", "protocheck-cli-test-"); built.err != nil {
			return
		}
		built.bin = filepath.Join(built.dir, "protocheck")
		built.out, built.err = exec.Command("go", "build", "-o", built.bin, "../../cmd/protocheck").CombinedOutput()
	})
	if built.err != nil {
		t.Fatalf("go build: %v\n%s", built.err, built.out)
	}
	return built.bin
}

// removeBuilt removes what buildProtocheck built.
func removeBuilt() {
	if built.dir != "" {
		os.RemoveAll(built.dir)
	}
}
