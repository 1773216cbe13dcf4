package cli

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestTapRecordIsFindingsRefused: --record and --findings naming one file
// (or one file through a link) is a usage error, and nothing runs: the
// record replaced the findings, which were all lost with exit 0.
func TestTapRecordIsFindingsRefused(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "x.jsonl")
	link := filepath.Join(dir, "link.jsonl")
	os.WriteFile(p, nil, 0o644)
	os.Symlink(p, link)
	for _, findings := range []string{p, link} {
		var out, errb bytes.Buffer
		code := run(context.Background(), []string{"tap", "--record", p, "--findings", findings, "--", "sh", "-c", "touch " + filepath.Join(dir, "ran")}, strings.NewReader(""), &out, &errb)
		if code != ExitUsage {
			t.Errorf("--record %s --findings %s: exit %d, want %d; stderr %s", p, findings, code, ExitUsage, errb.String())
		}
		if _, err := os.Stat(filepath.Join(dir, "ran")); err == nil {
			t.Errorf("--findings %s: the CLI ran", findings)
		}
	}
}

// TestTapFindingsDescriptorRefused: --findings naming a descriptor of the
// process (its standard output appended to a log, say) is refused, and
// the file is untouched.
func TestTapFindingsDescriptorRefused(t *testing.T) {
	if _, err := os.Stat("/proc/self/fd"); err != nil {
		t.Skip("no /proc/self/fd here")
	}
	log := filepath.Join(t.TempDir(), "log")
	os.WriteFile(log, []byte("earlier\n"), 0o644)
	f, err := os.OpenFile(log, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for _, p := range []string{fmt.Sprintf("/proc/self/fd/%d", f.Fd()), fmt.Sprintf("/dev/fd/%d", f.Fd())} {
		var out, errb bytes.Buffer
		code := run(context.Background(), []string{"tap", "--findings", p, "--", "true"}, strings.NewReader(""), &out, &errb)
		if code != ExitUsage {
			t.Errorf("--findings %s: exit %d, want %d", p, code, ExitUsage)
		}
	}
	if got, _ := os.ReadFile(log); string(got) != "earlier\n" {
		t.Errorf("the log holds %q", got)
	}
}
