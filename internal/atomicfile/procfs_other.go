//go:build !linux

package atomicfile

import (
	"errors"
	"os"
)

// onProcFS reports whether dir is on a proc file system: known on Linux
// only.
func onProcFS(string) bool { return false }

// openUnnamed is Linux's (O_TMPFILE): elsewhere the named temporary file
// is used.
func openUnnamed(string) (*os.File, error) { return nil, errors.ErrUnsupported }

// linkUnnamed is not reached: openUnnamed always fails.
func linkUnnamed(*os.File, string) error { return errors.ErrUnsupported }
