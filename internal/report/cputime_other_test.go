//go:build !linux

package report

import "time"

func threadCPU() (time.Duration, bool) { return 0, false }
