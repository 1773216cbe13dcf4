package drift

import (
	"fmt"
	"os"
	"testing"
)

// TestMain runs the tests from the corpus folder, where the data they read
// lives: scenarios/, captures/, duplex/ and testdata/, named so in findings
// and goldens.
func TestMain(m *testing.M) {
	if err := os.Chdir(".."); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	os.Exit(m.Run())
}
