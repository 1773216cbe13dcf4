package checkout

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
)

// AtRoot reports whether the current folder is the root of a checkout of
// protocheck's source.
func AtRoot() bool {
	data, err := os.ReadFile("go.mod")
	return err == nil && bytes.HasPrefix(data, []byte("module github.com/protocheck/protocheck\n"))
}

// Missing checks the default paths a command reads relative to the
// current folder: defaults maps each flag the user did not set to its
// default. Outside a checkout, for the first of flags whose default path
// is missing, it returns an error that says so and names the flag (a tool
// failure: the command line itself is right). A path named with its flag
// is left to the command, whose own errors name it; in a checkout, what is
// missing the command says how to make.
func Missing(defaults map[string]string, flags ...string) error {
	if AtRoot() {
		return nil
	}
	for _, name := range flags {
		def, unset := defaults[name]
		if !unset {
			continue
		}
		if _, err := os.Stat(def); errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("%s is not here: the default of --%s is a path in a checkout of protocheck's source (run there, or name one with --%s)", def, name, name)
		}
	}
	return nil
}

// ProbesNote is the note, outside a checkout, that the default folder of
// probe results (of the flag, which defaults maps when the user did not
// set it) is not here, or "": the writing side's claims then all read
// "inferred from types", which is true but less than a checkout knows.
func ProbesNote(defaults map[string]string, flag string) string {
	def, unset := defaults[flag]
	if !unset || AtRoot() {
		return ""
	}
	if _, err := os.Stat(def); errors.Is(err, fs.ErrNotExist) {
		return fmt.Sprintf("note: %s (the probe results of a checkout of protocheck's source) is not here, so what the CLI reads of each write is inferred from types; --%s names the folder", def, flag)
	}
	return ""
}

// Inputs returns the inputs named, or when none is the committed captures
// of a checkout, path. Elsewhere those are missing, and the error says to
// name the transcripts to the command (as "corpus run").
func Inputs(args []string, path, command string) ([]string, error) {
	if len(args) > 0 {
		return args, nil
	}
	if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("no transcripts named, and the default, %s (the committed captures of a checkout of protocheck's source), is not here: name them (protocheck %s DIR)", path, command)
	}
	return []string{path}, nil
}
