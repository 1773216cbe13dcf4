package matrix

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/protocheck/protocheck/internal/testutil/optional"
)

// chromium returns the path of a headless-capable Chromium, or skips the
// test; with PROTOCHECK_REQUIRE_BROWSER set (CI sets it), a missing browser
// fails the test instead, so the check cannot be skipped there unnoticed.
func chromium(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("PROTOCHECK_REQUIRE_BROWSER") != "" {
		t.Fatal("no chromium on PATH, and PROTOCHECK_REQUIRE_BROWSER is set")
	}
	optional.Skip(t, "no chromium on PATH (apt-get install chromium)")
	return ""
}

// dumpDOM loads url in headless Chromium and returns the DOM after the
// page's scripts ran. The flags keep the browser off the network.
func dumpDOM(t *testing.T, browser, url string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, browser, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
		"--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync",
		"--user-data-dir="+t.TempDir(), "--virtual-time-budget=5000", "--dump-dom", url)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s: %v", browser, err)
	}
	return string(out)
}

// TestMatrixHTMLInBrowser opens the html report in a real browser with a
// URL fragment that chooses a cell, and checks that the page shows that
// cell's reasons and evidence lines.
func TestMatrixHTMLInBrowser(t *testing.T) {
	browser := chromium(t)
	m := matrixOfCaptures(t)
	page := filepath.Join(t.TempDir(), "report.html")
	f, err := os.Create(page)
	if err != nil {
		t.Fatal(err)
	}
	if err := m.Print(f, MatrixHTML); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	c := m.Cell("spec02", "system.thinking_tokens")
	if c == nil || len(c.Evidence) == 0 {
		t.Fatal("the matrix has no evidence for spec02 on system.thinking_tokens")
	}
	dom := dumpDOM(t, browser, "file://"+page+"#cell=spec02%2Fsystem.thinking_tokens")
	for _, want := range []string{
		"<h2>spec02 on system.thinking_tokens</h2>",
		`id="evidence"`,
		c.Evidence[0].File + ":",
		"variant/unknown-subtype",
		`class="cell rej selected"`,
		`<pre class="line">{`, // the evidence line itself
		`id="writesDialect"`,
	} {
		if !strings.Contains(dom, want) {
			t.Errorf("the page with the cell chosen lacks %q", want)
		}
	}
	// Without a fragment no cell is chosen, and the matrix has every row.
	dom = dumpDOM(t, browser, "file://"+page)
	if strings.Contains(dom, `id="evidence"`) {
		t.Error("evidence shown with no cell chosen")
	}
	if n := strings.Count(dom, `data-cell="wire/`); n != len(m.Variants) {
		t.Errorf("the page has %d wire cells, want one per row (%d)", n, len(m.Variants))
	}
	// The writing side: one row per message, the rejected ones marked.
	rejected := 0
	for _, w := range m.Writes {
		if w.Verdict == Rejected {
			rejected++
		}
	}
	if n := strings.Count(dom, `class="rejected-write"`); n != rejected || rejected == 0 {
		t.Errorf("the page marks %d writes rejected, the matrix %d", n, rejected)
	}
}
