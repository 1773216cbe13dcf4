package buildbin

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
)

// Build compiles ./cmd/protocheck of the checkout at root into a new
// temporary folder whose name begins with prefix. It returns the binary's
// path and a function that removes the folder; a failed build is an error
// that carries the compiler's output, and leaves nothing behind.
func Build(root, prefix string) (bin string, cleanup func(), err error) {
	dir, err := os.MkdirTemp("", prefix)
	if err != nil {
		return "", nil, err
	}
	bin = filepath.Join(dir, "protocheck")
	cmd := exec.Command("go", "build", "-o", bin, "./cmd/protocheck")
	cmd.Dir = root
	if out, err := cmd.CombinedOutput(); err != nil {
		os.RemoveAll(dir)
		return "", nil, fmt.Errorf("building protocheck: %v\n%s", err, out)
	}
	return bin, func() { os.RemoveAll(dir) }, nil
}
