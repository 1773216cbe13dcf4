package conform

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
)

// ReapPrefix starts the name of a conform run's temporary folder; Reap
// removes no other.
const ReapPrefix = "protocheck-conform-"

// reapGrace is how long the reaper lets the groups it signalled end before
// it kills them.
const reapGrace = 3 * time.Second

// A reaper is the process that cleans up after a conform run that died
// (SIGKILL included): it holds the read end of a pipe whose write end only
// the run holds, so the pipe ends when the run does, however it ends. The
// run tells it the process group of each command it starts ("pgid N") and
// of each that ended ("done N"); at the pipe's end it stops the groups
// still there (SIGTERM, then SIGKILL after reapGrace: a shim's tap passes
// SIGTERM to its CLI and removes its own folders) and removes the run's
// folder.
type reaper struct {
	mu  sync.Mutex
	w   *os.File
	cmd *exec.Cmd
}

// startReaper starts `self conform reap dir`; nil when it cannot (the run
// goes on, cleaning up after itself only when it ends normally).
func startReaper(self, dir string) *reaper {
	if self == "" {
		return nil
	}
	r, w, err := os.Pipe()
	if err != nil {
		return nil
	}
	cmd := exec.Command(self, "conform", "reap", dir)
	cmd.Stdin = r
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true} // not the run's signals
	if err := cmd.Start(); err != nil {
		r.Close()
		w.Close()
		return nil
	}
	r.Close()
	go cmd.Wait() //nolint:errcheck // it ends when the pipe does
	return &reaper{w: w, cmd: cmd}
}

func (r *reaper) say(format string, args ...any) {
	if r == nil {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	fmt.Fprintf(r.w, format+"\n", args...)
}

// close ends the pipe: the reaper finds the folder gone and exits.
func (r *reaper) close() {
	if r != nil {
		r.w.Close()
	}
}

// Reap is the reaper's side (see reaper): it reads the run's messages from
// in until it ends, then stops the process groups still listed and
// removes dir, a conform run's temporary folder.
func Reap(dir string, in io.Reader) error {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return err
	}
	if filepath.Dir(abs) != filepath.Clean(os.TempDir()) || !strings.HasPrefix(filepath.Base(abs), ReapPrefix) {
		return fmt.Errorf("%s is not a conform run's folder (%s%s*)", dir, filepath.Join(os.TempDir(), ReapPrefix), "")
	}
	groups := map[int]bool{}
	sc := bufio.NewScanner(in)
	for sc.Scan() {
		verb, n, _ := strings.Cut(sc.Text(), " ")
		pgid, err := strconv.Atoi(n)
		if err != nil || pgid <= 1 {
			continue
		}
		switch verb {
		case "pgid":
			groups[pgid] = true
		case "done":
			delete(groups, pgid)
		}
	}
	if _, err := os.Stat(abs); errors.Is(err, os.ErrNotExist) {
		return nil // the run ended and cleaned up
	}
	for g := range groups {
		syscall.Kill(-g, syscall.SIGTERM) //nolint:errcheck // it may be gone
	}
	deadline := time.Now().Add(reapGrace)
	for len(groups) > 0 && time.Now().Before(deadline) {
		for g := range groups {
			if syscall.Kill(-g, 0) != nil {
				delete(groups, g)
			}
		}
		time.Sleep(20 * time.Millisecond)
	}
	for g := range groups {
		syscall.Kill(-g, syscall.SIGKILL) //nolint:errcheck // it may be gone
	}
	// A session ending now may still write its report: remove until the
	// folder stays gone.
	for range 20 {
		os.RemoveAll(abs)
		time.Sleep(50 * time.Millisecond)
		if _, err := os.Stat(abs); errors.Is(err, os.ErrNotExist) {
			return nil
		}
	}
	return os.RemoveAll(abs)
}
