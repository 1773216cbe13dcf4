package cli

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
)

// inCheckout checks the default paths a command reads relative to the
// current folder, as in a checkout of protocheck's source (corpus/captures,
// the ledger, the pinned CLIs under .cache/cli): for each flag the user did
// not set whose default path is missing, it returns an error that
// says so and names the flag (exit 2, as a tool failure: the command
// line itself is right), rather than the bare "no such file" an
// installed binary run elsewhere would meet. A path named with its flag is
// left to the command, whose own errors name it.
func inCheckout(st streams, flags ...string) error {
	if atCheckoutRoot() {
		return nil // what is missing there the command says how to make
	}
	for _, name := range flags {
		def, unset := st.unset[name]
		if !unset {
			continue
		}
		if _, err := os.Stat(def); errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("%s is not here: the default of --%s is a path in a checkout of protocheck's source (run there, or name one with --%s)", def, name, name)
		}
	}
	return nil
}

// noteMissingProbes says on standard error, outside a checkout, that the
// default folder of probe results is not here: the writing side's claims
// then all read "inferred from types", which is true but less than a
// checkout knows; --probes names the folder.
func noteMissingProbes(st streams) {
	def, unset := st.unset[flagProbes]
	if !unset || atCheckoutRoot() {
		return
	}
	if _, err := os.Stat(def); errors.Is(err, fs.ErrNotExist) {
		fmt.Fprintf(st.stderr, "note: %s (the probe results of a checkout of protocheck's source) is not here, so what the CLI reads of each write is inferred from types; --%s names the folder\n", def, flagProbes)
	}
}

// atCheckoutRoot reports whether the current folder is the root of a
// checkout of protocheck's source.
func atCheckoutRoot() bool {
	data, err := os.ReadFile("go.mod")
	return err == nil && bytes.HasPrefix(data, []byte("module github.com/protocheck/protocheck\n"))
}

// defaultCaptures is the input of corpus run and corpus report when none is
// named: the committed captures of a checkout. Elsewhere it is missing, and
// the error says to name the transcripts.
func defaultCaptures(st streams, path string) ([]string, error) {
	if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("no transcripts named, and the default, %s (the committed captures of a checkout of protocheck's source), is not here: name them (protocheck %s DIR)", path, st.name)
	}
	return []string{path}, nil
}
