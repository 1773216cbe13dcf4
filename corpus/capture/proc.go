package capture

import (
	"crypto/rand"
	"encoding/hex"
	"sync"
)

// A procTree is everything one capture started: the CLI and all its
// descendants, which must end when the capture does (timeout, a signal to
// protocheck, or the CLI's own exit), hooks and background tools included.
//
// How it is done, and why:
//
// Killing the CLI's process group is not enough: the CLI runs hooks and
// Bash tools in process groups (and sessions) of their own, and a
// background tool outlives the CLI, reparented to init, where nothing
// leads back to the capture. A fresh cgroup would hold them all and end
// them in one call, but it needs a writable, delegated cgroup tree, which
// containers and unprivileged users rarely have. So, on Linux:
//
//   - protocheck makes itself a child subreaper (PR_SET_CHILD_SUBREAPER):
//     an orphan of the CLI's tree is reparented to protocheck, not to init,
//     so it cannot escape, and protocheck reaps it (a container's init may
//     never reap, leaving zombies);
//   - the CLI's environment carries a mark unique to the capture
//     (PROTOCHECK_CAPTURE=<random>), which every descendant inherits,
//     whatever its process group or session, and keeps after it is
//     orphaned;
//   - ending the capture walks /proc and sends SIGKILL to every process
//     that carries the mark or whose ancestry leads to the CLI (which
//     catches a child that dropped its environment while the CLI lives),
//     again and again until none is left, since a process may fork while
//     the others die, then reaps those reparented to protocheck.
//
// Elsewhere on unix (no /proc), the CLI gets its own process group and the
// group is killed: descendants that left it are not found.
//
// Left out: a descendant that drops the mark from its environment and is
// orphaned, or a SIGKILL to protocheck itself (nothing runs then; the
// temporary folders stay too).
type procTree struct {
	// mark is the NAME=value the CLI's environment carries.
	mark string

	mu sync.Mutex
	// cli is the CLI's pid while it is not reaped; 0 before and after.
	cli int
	// killed are the pids sent SIGKILL, to reap once they are our
	// children.
	killed map[int]bool
}

// markVar names the environment variable that marks a capture's processes.
const markVar = "PROTOCHECK_CAPTURE"

func newProcTree() *procTree {
	b := make([]byte, 12)
	rand.Read(b) //nolint:errcheck // crypto/rand.Read never fails
	return &procTree{mark: markVar + "=" + hex.EncodeToString(b), killed: map[int]bool{}}
}

// started records the CLI's pid.
func (t *procTree) started(pid int) {
	t.mu.Lock()
	t.cli = pid
	t.mu.Unlock()
}

// reaped records that the CLI was reaped: its pid may be reused, so
// ancestry no longer leads anywhere.
func (t *procTree) reaped() {
	t.mu.Lock()
	t.cli = 0
	t.mu.Unlock()
}
