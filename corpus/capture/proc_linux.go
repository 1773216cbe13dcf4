//go:build linux

package capture

import (
	"bytes"
	"os"
	"os/exec"
	"strconv"
	"sync"
	"syscall"
	"time"
)

// prSetChildSubreaper is PR_SET_CHILD_SUBREAPER of prctl(2).
const prSetChildSubreaper = 36

var subreaperOnce sync.Once

// prepare makes protocheck a subreaper (once) and puts the CLI in its own
// process group; see procTree.
func (t *procTree) prepare(cmd *exec.Cmd) {
	subreaperOnce.Do(func() {
		syscall.RawSyscall(syscall.SYS_PRCTL, prSetChildSubreaper, 1, 0) //nolint:errcheck // without it, orphans go to init: still killed, by their mark
	})
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

// kill ends the CLI and every descendant: see procTree. It returns when
// none is left, or after 10 seconds.
func (t *procTree) kill() {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.cli > 0 {
		syscall.Kill(-t.cli, syscall.SIGKILL) //nolint:errcheck // the group may be gone
	}
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		live := t.members()
		for _, pid := range live {
			syscall.Kill(pid, syscall.SIGKILL) //nolint:errcheck // it may be gone
			t.killed[pid] = true
		}
		t.reap()
		if len(live) == 0 && len(t.killed) == 0 {
			return
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// members returns the live processes of the capture: those whose
// environment carries the mark, and those whose ancestry leads to the CLI
// (while it is not reaped) or to a process already killed (a dying process
// no longer shows its environment).
func (t *procTree) members() []int {
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return nil
	}
	self := os.Getpid()
	parent := map[int]int{}
	var out []int
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil || pid == self {
			continue
		}
		state, ppid, ok := procStat(pid)
		if !ok || state == 'Z' || state == 'X' {
			continue // gone, or dead and waiting to be reaped
		}
		parent[pid] = ppid
		if env, err := os.ReadFile("/proc/" + e.Name() + "/environ"); err == nil && hasVar(env, t.mark) {
			out = append(out, pid)
		}
	}
next:
	for pid := range parent {
		for p, n := parent[pid], 0; p > 1 && n < 1000; p, n = parent[p], n+1 {
			if (t.cli > 0 && p == t.cli) || t.killed[p] {
				for _, q := range out {
					if q == pid {
						continue next
					}
				}
				out = append(out, pid)
				continue next
			}
		}
	}
	return out
}

// reap collects the killed processes that are gone or are now zombie
// children of protocheck; the others stay in t.killed for the next round:
// still dying, or dead with a parent that is itself dying (the CLI, or
// another killed process), which will hand them to protocheck. The CLI
// itself is left to exec.Cmd.Wait.
func (t *procTree) reap() {
	self := os.Getpid()
	for pid := range t.killed {
		state, ppid, ok := procStat(pid)
		switch {
		case !ok, pid == t.cli:
			delete(t.killed, pid)
		case state != 'Z':
			// Still dying.
		case ppid == self:
			var ws syscall.WaitStatus
			syscall.Wait4(pid, &ws, syscall.WNOHANG, nil) //nolint:errcheck // reaped either way
			delete(t.killed, pid)
		case (t.cli > 0 && ppid == t.cli) || t.killed[ppid]:
			// Its parent is dying and will hand it to protocheck.
		default:
			// Its parent is not the capture's (init, without a
			// subreaper): that parent reaps it.
			delete(t.killed, pid)
		}
	}
}

// procStat reads a process's state and parent pid from /proc/pid/stat.
func procStat(pid int) (state byte, ppid int, ok bool) {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return 0, 0, false
	}
	// pid (comm) state ppid ...: comm may hold spaces and parentheses.
	i := bytes.LastIndexByte(b, ')')
	if i < 0 || i+2 >= len(b) {
		return 0, 0, false
	}
	f := bytes.Fields(b[i+2:])
	if len(f) < 2 {
		return 0, 0, false
	}
	ppid, err = strconv.Atoi(string(f[1]))
	return f[0][0], ppid, err == nil
}

// hasVar reports whether a NUL-separated environment holds the NAME=value
// v.
func hasVar(env []byte, v string) bool {
	for len(env) > 0 {
		var kv []byte
		kv, env, _ = bytes.Cut(env, []byte{0})
		if string(kv) == v {
			return true
		}
	}
	return false
}
