package conform

import (
	"os"
	"syscall"
	"time"
)

// stopGroup stops the command's process group: SIGTERM (a shim's tap
// passes it to its CLI and removes its own folders), then, for what is
// still there after grace, SIGKILL. It returns once the command itself
// has exited.
func stopGroup(p *os.Process, exited <-chan struct{}, grace time.Duration) {
	syscall.Kill(-p.Pid, syscall.SIGTERM) //nolint:errcheck // it may be gone
	deadline := time.Now().Add(grace)
	for time.Now().Before(deadline) {
		if syscall.Kill(-p.Pid, 0) != nil {
			break // the whole group is gone
		}
		time.Sleep(20 * time.Millisecond)
	}
	syscall.Kill(-p.Pid, syscall.SIGKILL) //nolint:errcheck // it may be gone
	p.Kill()                              //nolint:errcheck // it may be gone
	<-exited
}
