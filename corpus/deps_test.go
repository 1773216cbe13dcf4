package corpus

import (
	"os/exec"
	"strings"
	"testing"
)

// TestImportDirection checks the one-way imports of doc.go: corpus never
// reaches cobra, pflag or the CLI package.
func TestImportDirection(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", ".").Output()
	if err != nil {
		t.Skipf("go list: %v", err)
	}
	for _, dep := range strings.Fields(string(out)) {
		if strings.Contains(dep, "spf13/") || strings.HasSuffix(dep, "/internal/cli") {
			t.Errorf("corpus imports %s", dep)
		}
	}
}
