// Package corpustest holds what the corpus packages' tests share.
package corpustest

import (
	"fmt"
	"os"
	"testing"
)

// RunFromCorpus runs a corpus/<job> package's tests from the corpus folder,
// where the data they read lives: scenarios/, captures/, duplex/ and
// testdata/, named so in findings and goldens. It is a TestMain's body and
// does not return.
func RunFromCorpus(m *testing.M) {
	if err := os.Chdir(".."); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	os.Exit(m.Run())
}
