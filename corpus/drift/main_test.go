package drift

import (
	"testing"

	"github.com/protocheck/protocheck/corpus/internal/corpustest"
)

// TestMain runs the tests from the corpus folder (corpustest.RunFromCorpus).
func TestMain(m *testing.M) { corpustest.RunFromCorpus(m) }
