package matrix

import (
	"bytes"
	"context"
	"encoding/json"
	"html"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/protocheck/protocheck/internal/report"
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
	return dumpDOMAt(t, browser, url, "")
}

// dumpDOMAt is dumpDOM in a window of size "W,H" ("": the default).
func dumpDOMAt(t *testing.T, browser, url, size string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	args := []string{"--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
		"--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync",
		"--user-data-dir=" + t.TempDir(), "--virtual-time-budget=5000", "--dump-dom", url}
	if size != "" {
		args = append(args, "--window-size="+size)
	}
	cmd := exec.CommandContext(ctx, browser, args...)
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
	if err := m.Print(f, report.HTML); err != nil {
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

// layoutProbe, appended to the page, measures it once it has settled and
// writes what it found into the DOM as JSON (id layout-facts).
const layoutProbe = `<script>
window.addEventListener("load", () => setTimeout(() => {
  const r = e => { if (!e) return null; const b = e.getBoundingClientRect(); return {top: b.top, bottom: b.bottom, left: b.left, right: b.right}; };
  const ths = document.querySelectorAll("#matrix thead th");
  const pre = document.createElement("pre");
  pre.id = "layout-facts";
  pre.textContent = JSON.stringify({width: innerWidth, height: innerHeight, scrollY: scrollY,
    lastColumn: r(ths[ths.length - 1]), cell: r(document.querySelector("#matrix td.selected")),
    detail: r(document.getElementById("detail")), heading: r(document.querySelector("#detail h2"))});
  document.body.append(pre);
}, 500));
</script>`

type box struct{ Top, Bottom, Left, Right float64 }

// TestMatrixHTMLLayout opens a report as wide as corpus run's with the
// real SDKs' harnesses (14 dialects) at 1024x768 and 1920x1080, on a
// #cell= link to the last dialect's cell in the last row: every column is
// in the window, the page has scrolled to the chosen cell, and the cell's
// detail is in view beside or below it, not over it.
func TestMatrixHTMLLayout(t *testing.T) {
	browser := chromium(t)
	base := matrixOfCaptures(t)
	m := *base
	m.Dialects = slices.Clone(base.Dialects)
	m.Cells = slices.Clone(base.Cells)
	// Harness rows have long names; they copy the cells of a built-in one.
	for i, name := range []string{"python-0.1.39", "py-sdk-0.2.188", "py-sdk-0.1.37", "rusty_claw-0.1.0", "go-lancekrogers-v0.1.0", "go-severity1-v0.6.12", "ts-sdk-0.3.330"} {
		from := base.Dialects[1+i%(len(base.Dialects)-1)]
		m.Dialects = append(m.Dialects, name)
		for _, c := range base.Cells {
			if c.Dialect == from {
				cp := *c
				cp.Dialect = name
				m.Cells = append(m.Cells, &cp)
			}
		}
	}
	var page bytes.Buffer
	if err := m.Print(&page, report.HTML); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "report.html")
	if err := os.WriteFile(path, append(page.Bytes(), layoutProbe...), 0o644); err != nil {
		t.Fatal(err)
	}
	last := m.Dialects[len(m.Dialects)-1] + "/" + m.Variants[len(m.Variants)-1]
	for _, size := range []string{"1024,768", "1920,1080"} {
		dom := dumpDOMAt(t, browser, "file://"+path+"#cell="+url.QueryEscape(last), size)
		_, rest, ok := strings.Cut(dom, `<pre id="layout-facts">`)
		data, _, _ := strings.Cut(rest, "</pre>")
		var f struct {
			Width, Height, ScrollY            float64
			LastColumn, Cell, Detail, Heading *box
		}
		if err := json.Unmarshal([]byte(html.UnescapeString(data)), &f); !ok || err != nil || f.LastColumn == nil || f.Cell == nil || f.Detail == nil || f.Heading == nil {
			t.Fatalf("%s: no layout facts (%v): %.300s", size, err, data)
		}
		t.Logf("%s (viewport %.0fx%.0f, scrolled %.0f): last column %+v, cell %+v, detail %+v", size, f.Width, f.Height, f.ScrollY, *f.LastColumn, *f.Cell, *f.Detail)
		if f.LastColumn.Right > f.Width {
			t.Errorf("%s: the last dialect's column ends at x=%.0f, past the window's %.0f", size, f.LastColumn.Right, f.Width)
		}
		if f.ScrollY == 0 || f.Cell.Top < 0 || f.Cell.Bottom > f.Height || f.Cell.Right > f.Width {
			t.Errorf("%s: the chosen cell %s is at %+v (page scrolled by %.0f), not in the %.0fx%.0f window", size, last, *f.Cell, f.ScrollY, f.Width, f.Height)
		}
		if f.Heading.Top < 0 || f.Heading.Bottom > f.Height || f.Heading.Right > f.Width+1 {
			t.Errorf("%s: the detail's heading is at %+v, not in the window", size, *f.Heading)
		}
		overlap := f.Detail.Left < f.Cell.Right && f.Cell.Left < f.Detail.Right && f.Detail.Top < f.Cell.Bottom && f.Cell.Top < f.Detail.Bottom
		if overlap {
			t.Errorf("%s: the detail %+v covers the chosen cell %+v", size, *f.Detail, *f.Cell)
		}
	}
}
