package report

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestOpenFiles: a report file appears, whole, only when the run ends; one
// a CI runner has each step append to (GITHUB_STEP_SUMMARY) is appended
// to; Abort leaves no file.
func TestOpenFiles(t *testing.T) {
	dir := t.TempDir()
	summary := filepath.Join(dir, "summary.md")
	if err := os.WriteFile(summary, []byte("earlier step\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv("GITHUB_STEP_SUMMARY", summary)
	junit := filepath.Join(dir, "out", "junit.xml")
	var stdout strings.Builder
	o := Open(&stdout, []Target{{Format: Text}, {Format: JUnit, Path: junit}, {Format: Markdown, Path: summary}}, Meta{Command: "validate"})
	for _, f := range sample() {
		o.Finding(f)
	}
	if _, err := os.Stat(junit); err == nil {
		t.Errorf("%s exists before the run ends", junit)
	}
	if err := o.End(sampleSummary()); err != nil {
		t.Fatal(err)
	}
	if b, err := os.ReadFile(junit); err != nil || !strings.HasPrefix(string(b), "<?xml") {
		t.Errorf("junit file after End: %q, %v", b, err)
	}
	if b, _ := os.ReadFile(summary); !strings.HasPrefix(string(b), "earlier step\n") || len(b) == len("earlier step\n") {
		t.Errorf("the step summary was not appended to:\n%s", b)
	}
	if stdout.Len() == 0 {
		t.Error("nothing on standard output")
	}

	aborted := filepath.Join(dir, "aborted.sarif")
	o = Open(&stdout, []Target{{Format: SARIF, Path: aborted}}, Meta{})
	for _, f := range sample() {
		o.Finding(f)
	}
	o.Flush()
	o.Abort()
	if entries, _ := os.ReadDir(dir); len(entries) != 2 {
		t.Errorf("after Abort the folder holds %d entries, want 2 (summary.md and out: no report): %v", len(entries), entries)
	}
}
