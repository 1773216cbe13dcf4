//go:build !linux

package validate

import (
	"os"
	"time"
)

// threadCPU is unknown here: timing tests fall back to wall time.
func threadCPU() (time.Duration, bool) { return 0, false }

const haveRusage = false

func childUsage(ps *os.ProcessState) (time.Duration, int64) { return 0, 0 }

// processCPU is unknown here: timing tests fall back to wall time.
func processCPU() (time.Duration, bool) { return 0, false }
