package captures

import (
	"bytes"
	"os"
	"path/filepath"

	"github.com/protocheck/protocheck/protocol"
)

// Walk calls fn with every non-blank line of every capture under root
// (a checkout), folder by folder; a folder whose name is not a version is
// skipped. It returns the versions walked, or fn's first error.
func Walk(root string, fn func(version, file string, n int, line []byte) error) ([]string, error) {
	dirs, err := filepath.Glob(filepath.Join(root, "corpus", "captures", "*"))
	if err != nil {
		return nil, err
	}
	var versions []string
	for _, d := range dirs {
		version := filepath.Base(d)
		if _, ok := protocol.ParseVersion(version); !ok {
			continue
		}
		files, err := filepath.Glob(filepath.Join(d, "*.jsonl"))
		if err != nil {
			return nil, err
		}
		for _, f := range files {
			data, err := os.ReadFile(f)
			if err != nil {
				return nil, err
			}
			for i, line := range bytes.Split(data, []byte("\n")) {
				if len(bytes.TrimSpace(line)) == 0 {
					continue
				}
				if err := fn(version, f, i+1, line); err != nil {
					return nil, err
				}
			}
		}
		versions = append(versions, version)
	}
	return versions, nil
}
