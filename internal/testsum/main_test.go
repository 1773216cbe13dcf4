package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestSummary: go test's plain output comes through, a failing test's log
// is shown, and the skipped tests are listed at the end with their reasons.
func TestSummary(t *testing.T) {
	events := `{"Action":"start","Package":"p/a"}
{"Action":"run","Package":"p/a","Test":"TestOK"}
{"Action":"output","Package":"p/a","Test":"TestOK","Output":"=== RUN   TestOK\n"}
{"Action":"pass","Package":"p/a","Test":"TestOK"}
{"Action":"run","Package":"p/a","Test":"TestBrowser"}
{"Action":"output","Package":"p/a","Test":"TestBrowser","Output":"    html_test.go:12: optional: no chromium on PATH\n"}
{"Action":"output","Package":"p/a","Test":"TestBrowser","Output":"--- SKIP: TestBrowser (0.00s)\n"}
{"Action":"skip","Package":"p/a","Test":"TestBrowser"}
{"Action":"output","Package":"p/a","Output":"PASS\n"}
{"Action":"output","Package":"p/a","Output":"ok  \tp/a\t0.1s\n"}
{"Action":"pass","Package":"p/a"}
{"Action":"run","Package":"p/b","Test":"TestBad"}
{"Action":"output","Package":"p/b","Test":"TestBad","Output":"    b_test.go:3: got 1, want 2\n"}
{"Action":"output","Package":"p/b","Test":"TestBad","Output":"--- FAIL: TestBad (0.00s)\n"}
{"Action":"fail","Package":"p/b","Test":"TestBad"}
{"Action":"output","Package":"p/b","Output":"FAIL\tp/b\t0.2s\n"}
{"Action":"fail","Package":"p/b"}
`
	var out bytes.Buffer
	code := run(strings.NewReader(events), &out)
	want := "ok  \tp/a\t0.1s\n" +
		"    b_test.go:3: got 1, want 2\n--- FAIL: TestBad (0.00s)\n" +
		"FAIL\tp/b\t0.2s\n" +
		"\n1 test skipped:\n  p/a TestBrowser: optional: no chromium on PATH\n"
	if code != 1 || out.String() != want {
		t.Errorf("run = %d, output:\n%s\nwant 1, output:\n%s", code, out.String(), want)
	}
	out.Reset()
	if code := run(strings.NewReader(""), &out); code != 1 {
		t.Errorf("no events: exit %d, want 1 (%s)", code, out.String())
	}
}
