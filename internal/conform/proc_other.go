//go:build !linux

package conform

import (
	"os"
	"time"
)

// stopGroup kills the command and waits for it.
func stopGroup(p *os.Process, exited <-chan struct{}, _ time.Duration) {
	p.Kill() //nolint:errcheck // it may be gone
	<-exited
}
