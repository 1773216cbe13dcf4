package atomicfile

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestKilledMidWriteLeavesNothing: a process killed with SIGKILL (as the
// OOM killer kills) while it writes a file leaves nothing in the folder
// on Linux, where the new contents have no name until Commit (O_TMPFILE).
// The child is this test binary, which writes 1 MB, says so, and waits.
func TestKilledMidWriteLeavesNothing(t *testing.T) {
	if path := os.Getenv("PROTOCHECK_ATOMICFILE_CHILD"); path != "" {
		f, err := Create(path, 0o644)
		if err != nil {
			os.Stdout.WriteString("error " + err.Error() + "\n")
			return
		}
		f.Write([]byte(strings.Repeat("x", 1<<20))) //nolint:errcheck // the parent looks at the folder
		os.Stdout.WriteString("written\n")
		select {} // until killed
	}
	if runtime.GOOS != "linux" {
		t.Skip("O_TMPFILE is Linux's; elsewhere a killed write leaves its temporary file")
	}
	if _, err := openUnnamed(t.TempDir()); err != nil {
		t.Skipf("this file system has no O_TMPFILE: %v", err)
	}
	dir := t.TempDir()
	cmd := exec.Command(os.Args[0], "-test.run=^TestKilledMidWriteLeavesNothing$")
	cmd.Env = append(os.Environ(), "PROTOCHECK_ATOMICFILE_CHILD="+filepath.Join(dir, "record.ndjson"))
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	line, _ := bufio.NewReader(out).ReadString('\n')
	cmd.Process.Kill() // SIGKILL
	cmd.Wait()         //nolint:errcheck // killed
	if line != "written\n" {
		t.Fatalf("the child said %q, want %q", line, "written\n")
	}
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range ents {
		names = append(names, e.Name())
	}
	if len(names) != 0 {
		t.Errorf("a write killed with SIGKILL left %q in its folder: want nothing", names)
	}
}
