package validate

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
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
		var files []string
		werr := filepath.WalkDir(arg, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if !d.IsDir() && hasExtension(p) {
				files = append(files, p)
			}
			return nil
		})
		if werr != nil {
			return []Input{failed(arg, werr)}
		}
		if len(files) == 0 {
			return []Input{failed(arg, fmt.Errorf("%s: no %s files in the directory", arg, strings.Join(Extensions, ", ")))}
		}
		slices.Sort(files)
		return filesOf(files)
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
		out[i] = Input{Name: p, Open: func() (io.ReadCloser, error) { return os.Open(p) }}
	}
	return out
}

func failed(name string, err error) Input {
	return Input{Name: name, Open: func() (io.ReadCloser, error) { return nil, err }}
}
