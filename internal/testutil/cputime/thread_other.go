//go:build !linux

package cputime

import "time"

// threadCPU is unknown here: Of falls back to wall time.
func threadCPU() (time.Duration, bool) { return 0, false }
