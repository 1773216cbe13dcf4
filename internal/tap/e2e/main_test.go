package e2e

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/protocheck/protocheck/corpus/capture"
	"github.com/protocheck/protocheck/internal/testutil/buildbin"
	"github.com/protocheck/protocheck/internal/testutil/optional"
)

// bin is the protocheck binary the tests run, built once by TestMain.
var bin string

// root is the repository's root.
var root string

func TestMain(m *testing.M) {
	wd, _ := os.Getwd()
	root = filepath.Join(wd, "..", "..", "..")
	var cleanup func()
	var err error
	bin, cleanup, err = buildbin.Build(root, "protocheck-tap-e2e-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	code := m.Run()
	cleanup()
	os.Exit(code)
}

// need skips the test when something it needs is missing, except under
// CI=true, where it fails.
func need(t *testing.T, ok bool, format string, args ...any) {
	t.Helper()
	if ok {
		return
	}
	optional.Skip(t, "missing: "+format, args...)
}

// cliVersion is the pinned CLI the SDK tests run: the SDK pins match it.
const cliVersion = "2.1.330"

// pinnedCLI returns the path of the pinned CLI 2.1.330 (make cli).
func pinnedCLI(t *testing.T) string {
	t.Helper()
	dir := os.Getenv("PROTOCHECK_CLI_DIR")
	if dir == "" {
		dir = filepath.Join(root, ".cache", "cli")
	}
	clis, _ := capture.FindCLIs(dir)
	for _, c := range clis {
		if c.Version == cliVersion {
			return c.Path
		}
	}
	need(t, false, "the pinned CLI %s under %s (make cli)", cliVersion, dir)
	return ""
}

// scenario is the fake API's script of the SDK sessions.
func scenario() string {
	return filepath.Join(root, "internal", "tap", "e2e", "testdata", "session.json")
}

// shim writes a shim around cli that records and reports into dir, and
// returns its path.
func shim(t *testing.T, cli, dir string, flags ...string) string {
	t.Helper()
	p := filepath.Join(dir, "claude-tapped")
	args := append([]string{"tap", "shim", "--cli", cli, "-o", p, "--", "--record", dir + "/", "--findings", dir + "/"}, flags...)
	if out, err := exec.Command(bin, args...).CombinedOutput(); err != nil {
		t.Fatalf("tap shim: %v\n%s", err, out)
	}
	return p
}

// session is what one tapped session left in its folder.
type session struct {
	record   string
	findings string
}

// sessions lists the sessions recorded in dir.
func sessions(t *testing.T, dir string) []session {
	t.Helper()
	recs, _ := filepath.Glob(filepath.Join(dir, "session-*.jsonl"))
	var out []session
	for _, r := range recs {
		f, err := os.ReadFile(strings.TrimSuffix(r, ".jsonl") + ".findings")
		if err != nil {
			t.Fatalf("no findings beside %s: %v", r, err)
		}
		out = append(out, session{record: r, findings: string(f)})
	}
	return out
}

// validateClean runs protocheck validate on a record and fails the test
// unless it is clean.
func validateClean(t *testing.T, record string) {
	t.Helper()
	out, err := exec.Command(bin, "validate", record).CombinedOutput()
	if err != nil || !strings.Contains(string(out), " 0 errors, 0 warnings") {
		t.Errorf("protocheck validate %s: %v\n%s", filepath.Base(record), err, out)
	}
}

// summaryRE reads the tap's text summary.
var summaryRE = regexp.MustCompile(`(\d+) lines in 1 file, \d+ variants: (\d+) errors?, (\d+) warnings?`)

// checkFindings fails the test unless the tap's findings of a session say
// it was clean, with every line checked.
func checkFindings(t *testing.T, s session) {
	t.Helper()
	m := summaryRE.FindStringSubmatch(s.findings)
	if m == nil || m[2] != "0" || m[3] != "0" || strings.Contains(s.findings, "not checked") {
		t.Errorf("the tap's findings of %s are not clean:\n%s", filepath.Base(s.record), s.findings)
	}
}

// recordHas reports whether the record has a line of direction dir that
// contains every one of the texts.
func recordHas(t *testing.T, record, dir string, texts ...string) bool {
	t.Helper()
	f, err := os.Open(record)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 64<<20)
	prefix := `{"dir":"` + dir + `"`
next:
	for sc.Scan() {
		// Compacted: SDKs write JSON with spaces (Python's json.dumps).
		var buf bytes.Buffer
		if json.Compact(&buf, sc.Bytes()) != nil {
			continue
		}
		l := buf.String()
		if !strings.HasPrefix(l, prefix) {
			continue
		}
		for _, s := range texts {
			if !strings.Contains(l, s) {
				continue next
			}
		}
		return true
	}
	return false
}

// requireSession checks what every SDK session must show: the initialize
// with hooks, the hook and permission round trips, a control request of
// the SDK's own answered, the interrupt, and a clean verdict.
func requireSession(t *testing.T, s session) {
	t.Helper()
	validateClean(t, s.record)
	checkFindings(t, s)
	for _, c := range []struct {
		dir   string
		texts []string
	}{
		{"stdin", []string{`"subtype":"initialize"`, `"PreToolUse"`}},
		{"stdout", []string{`"subtype":"hook_callback"`}},
		{"stdout", []string{`"subtype":"can_use_tool"`}},
		{"stdin", []string{`"behavior":"allow"`}},
		{"stdin", []string{`"subtype":"set_permission_mode"`}},
		{"stdin", []string{`"subtype":"interrupt"`}},
		{"stdout", []string{`"type":"result"`, `"subtype":"success"`}},
	} {
		if !recordHas(t, s.record, c.dir, c.texts...) {
			t.Errorf("the record has no %s line with %q", c.dir, c.texts)
		}
	}
}
