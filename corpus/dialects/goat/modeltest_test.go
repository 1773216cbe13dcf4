package goat

import (
	"testing"

	"github.com/protocheck/protocheck/corpus/dialects/internal/modeltest"
)

// TestModel holds the model to what every Go-modelled dialect must hold.
func TestModel(t *testing.T) { modeltest.Check(t, Model) }
