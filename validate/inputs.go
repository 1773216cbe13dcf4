package validate

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
)

// Extensions lists the file names a directory walk picks up.
var Extensions = []string{".jsonl", ".ndjson", ".jsonl.gz", ".ndjson.gz"}

// Inputs turns command-line arguments into inputs: "-" is standard input,
// a directory is walked for files ending in one of Extensions, a pattern
// with *, ? or [ is expanded, anything else is a file. An argument that
// names nothing becomes an input whose Open fails, so that it is reported
// with the other inputs' findings rather than stopping the run.
func Inputs(args []string, stdin io.Reader) []Input {
	var out []Input
	for _, arg := range args {
		out = append(out, expand(arg, stdin)...)
	}
	return out
}

func expand(arg string, stdin io.Reader) []Input {
	if arg == "-" {
		return []Input{{Name: "-", Open: func() (io.ReadCloser, error) { return io.NopCloser(stdin), nil }}}
	}
	fi, err := os.Stat(arg)
	switch {
	case err == nil && fi.IsDir():
		var found []Input
		walk(arg, &found)
		if len(found) == 0 {
			return []Input{failed(arg, fmt.Errorf("%s: no %s files in the directory", arg, strings.Join(Extensions, ", ")))}
		}
		slices.SortStableFunc(found, func(a, b Input) int { return strings.Compare(a.Name, b.Name) })
		return found
	case err == nil && !fi.Mode().IsRegular():
		// A named pipe, socket or device, named or matched by a pattern
		// (or a link to one, such as /dev/zero): reading it could wait or
		// run forever. Standard input is "-".
		return []Input{failed(arg, &NotRegularError{Path: arg, Mode: fi.Mode().Type()})}
	case err == nil:
		return filesOf([]string{arg})
	case strings.ContainsAny(arg, "*?["):
		matches, gerr := filepath.Glob(arg)
		if gerr != nil {
			return []Input{failed(arg, fmt.Errorf("%s: %w", arg, gerr))}
		}
		if len(matches) == 0 {
			return []Input{failed(arg, fmt.Errorf("%s: the pattern matches no file", arg))}
		}
		var out []Input
		for _, m := range matches {
			out = append(out, expand(m, stdin)...)
		}
		return out
	}
	return []Input{failed(arg, err)}
}

// readDir reads a directory's entries; tests replace it.
var readDir = os.ReadDir

// walk adds to found the transcripts under dir: its regular files (or
// links to one) with one of Extensions, in every subfolder. A subfolder
// that cannot be read is one failed input, and its siblings are still
// walked; an entry of another kind (a named pipe, a socket, a device) is
// one input that reports it (a NotRegularError) without ever opening it,
// since reading it could wait forever.
func walk(dir string, found *[]Input) {
	entries, err := readDir(dir)
	if err != nil {
		*found = append(*found, failed(dir, err))
	}
	for _, e := range entries {
		p := filepath.Join(dir, e.Name())
		mode := e.Type()
		if mode&fs.ModeSymlink != 0 {
			fi, err := os.Stat(p)
			if err != nil {
				if hasExtension(p) {
					*found = append(*found, failed(p, err))
				}
				continue
			}
			if fi.IsDir() {
				continue // links to folders are not followed, as before
			}
			mode = fi.Mode().Type()
		}
		switch {
		case mode.IsDir():
			walk(p, found)
		case !hasExtension(p):
		case mode.IsRegular():
			*found = append(*found, filesOf([]string{p})...)
		default:
			*found = append(*found, failed(p, &NotRegularError{Path: p, Mode: mode}))
		}
	}
}

// A NotRegularError reports an input that is not a regular file (a named
// pipe, socket or device, named, matched or met in a walk with a
// transcript's name): it is not read.
type NotRegularError struct {
	// Path names the entry.
	Path string
	// Mode is its type.
	Mode fs.FileMode
}

func (e *NotRegularError) Error() string {
	what := "not a regular file"
	switch {
	case e.Mode&fs.ModeNamedPipe != 0:
		what = "a named pipe"
	case e.Mode&fs.ModeSocket != 0:
		what = "a socket"
	case e.Mode&fs.ModeDevice != 0:
		what = "a device"
	}
	return fmt.Sprintf("%s is %s, not a regular file; skipped", e.Path, what)
}

func hasExtension(p string) bool {
	for _, ext := range Extensions {
		if strings.HasSuffix(p, ext) {
			return true
		}
	}
	return false
}

func filesOf(paths []string) []Input {
	out := make([]Input, len(paths))
	for i, p := range paths {
		out[i] = Input{Name: p, Open: func() (io.ReadCloser, error) { return openRegular(p) }}
	}
	return out
}

// openRegular opens the file at p for reading only when it is a regular
// file, judged on the opened file itself, so that a file swapped for a
// named pipe after the walk cannot make the run wait: the open does not
// block (O_NONBLOCK), and anything but a regular file is a
// NotRegularError.
func openRegular(p string) (*os.File, error) {
	f, err := os.OpenFile(p, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, err
	}
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		f.Close()
		return nil, &NotRegularError{Path: p, Mode: fi.Mode().Type()}
	}
	return f, nil
}

func failed(name string, err error) Input {
	return Input{Name: name, Open: func() (io.ReadCloser, error) { return nil, err }}
}
