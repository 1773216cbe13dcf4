//go:build !linux

package validate

import "time"

// threadCPU is unknown here: timing tests fall back to wall time.
func threadCPU() (time.Duration, bool) { return 0, false }
