package cli

import (
	"path/filepath"

	"github.com/protocheck/protocheck/internal/checkout"
)

// inCheckout checks that the default paths of flags the user did not set
// are here (checkout.Missing): outside a checkout, a missing one is an
// error that names its flag (exit 2).
func inCheckout(st streams, flags ...string) error { return checkout.Missing(st.unset, flags...) }

// probesNote is the note that the default folder of probe results is not
// here, outside a checkout; --probes names the folder (checkout.ProbesNote).
func probesNote(st streams) string { return checkout.ProbesNote(st.unset, flagProbes) }

// corpusArgs returns the inputs named, or the committed captures of a
// checkout when none is (checkout.Inputs).
func corpusArgs(st streams, args []string) ([]string, error) {
	return checkout.Inputs(args, filepath.Join("corpus", "captures"), st.name)
}
