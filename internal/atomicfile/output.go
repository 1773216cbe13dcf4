package atomicfile

import (
	"bytes"
	"io"
)

// WriteOutput writes what write writes to stdout or, when path is not "",
// to the file at path, atomically (a failed write leaves it as it was).
func WriteOutput(stdout io.Writer, path string, write func(io.Writer) error) error {
	if path == "" {
		return write(stdout)
	}
	var buf bytes.Buffer
	if err := write(&buf); err != nil {
		return err
	}
	return WriteFile(path, buf.Bytes(), 0o644)
}
