//go:build !linux

package conform

import (
	"errors"
	"io"
)

// ReapPrefix starts the name of a conform run's temporary folder.
const ReapPrefix = "protocheck-conform-"

// reaper is Linux's only: elsewhere a run cleans up after itself when it
// ends, not when it is killed.
type reaper struct{}

func startReaper(string, string) *reaper { return nil }
func (r *reaper) say(string, ...any)     {}
func (r *reaper) close()                 {}

// Reap is Linux's only.
func Reap(string, io.Reader) error { return errors.New("conform reap: Linux only") }
