//go:build unix

package report

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestSpoolGoneOnKill: a spool that moved to a temporary file leaves
// nothing behind when its process is killed with SIGKILL (which runs none
// of its code): a child process spools more than spoolMemory, says which
// file it writes, and is killed; the file and its folder's entries are
// gone, and the child could still read back what it wrote.
func TestSpoolGoneOnKill(t *testing.T) {
	if os.Getenv("PROTOCHECK_SPOOL_CHILD") == "1" {
		spoolChild()
		return
	}
	dir := t.TempDir()
	cmd := exec.Command(os.Args[0], "-test.run=^TestSpoolGoneOnKill$")
	cmd.Env = append(os.Environ(), "PROTOCHECK_SPOOL_CHILD=1", "TMPDIR="+dir)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	lines := bufio.NewScanner(out)
	var name string
	for lines.Scan() {
		if n, ok := strings.CutPrefix(lines.Text(), "spool "); ok {
			name = n
			break
		}
		if msg, ok := strings.CutPrefix(lines.Text(), "error "); ok {
			cmd.Process.Kill()
			cmd.Wait()
			t.Fatalf("child: %s", msg)
		}
	}
	if name == "" {
		cmd.Process.Kill()
		cmd.Wait()
		t.Fatal("the child never said which file it spools to")
	}
	if !strings.HasPrefix(name, dir+string(os.PathSeparator)) {
		cmd.Process.Kill()
		cmd.Wait()
		t.Fatalf("the spool %s is not under TMPDIR %s", name, dir)
	}
	if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	cmd.Wait()
	if _, err := os.Lstat(name); !os.IsNotExist(err) {
		t.Errorf("the spool %s outlived its process (SIGKILL): %v", name, err)
	}
	left, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range left {
		t.Errorf("left behind in TMPDIR: %s", e.Name())
	}
}

// spoolChild spools past spoolMemory, checks that what it wrote reads
// back whole, prints the file's name and waits to be killed.
func spoolChild() {
	var s spool
	chunk := bytes.Repeat([]byte("<testcase/>\n"), 1<<12)
	for s.size() <= spoolMemory {
		if err := s.write(chunk); err != nil {
			fmt.Println("error", err)
			return
		}
	}
	if s.file == nil {
		fmt.Println("error the spool stayed in memory")
		return
	}
	var back bytes.Buffer
	if err := s.copy(&back, span{0, s.size()}); err != nil || int64(back.Len()) != s.size() || !bytes.Equal(back.Bytes()[:len(chunk)], chunk) {
		fmt.Println("error reading the spool back:", err, back.Len(), s.size())
		return
	}
	fmt.Println("spool", s.file.Name())
	time.Sleep(time.Minute)
}
