//go:build !linux

package capture

import "time"

func threadCPU() (time.Duration, bool) { return 0, false }
