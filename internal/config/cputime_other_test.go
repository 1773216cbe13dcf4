//go:build !linux

package config

import "time"

func threadCPU() (time.Duration, bool) { return 0, false }
