package matrix

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/protocheck/protocheck/corpus/harness"
	"github.com/protocheck/protocheck/corpus/harness/fake"
	"github.com/protocheck/protocheck/corpus/internal/corpustest"
	"github.com/protocheck/protocheck/internal/report"
	"github.com/protocheck/protocheck/validate"
)

// TestMain runs the fake harness when asked to, and otherwise the tests
// from the corpus folder, where the captures they read live
// (captures/<cli-version>/<scenario>.jsonl, named so in findings).
func TestMain(m *testing.M) {
	fake.MainIfAsked()
	corpustest.RunFromCorpus(m)
}

// TestHarnessRowMisbehaving: a harness that crashes on one line, hangs on
// another and answers nonsense on a third is reported three times, those
// lines count as E in its row, and every other line is judged.
func TestHarnessRowMisbehaving(t *testing.T) {
	dir := t.TempDir()
	lines := []string{
		`{"type":"keep_alive"}`,
		`{"type":"keep_alive","x":"CRASH"}`,
		`{"type":"keep_alive","x":"a"}`,
		`{"type":"keep_alive","x":"HANG"}`,
		`{"type":"keep_alive","x":"b"}`,
		`{"type":"keep_alive","x":"NONSENSE"}`,
		`{"type":"keep_alive","x":"reject"}`,
		`{"type":"keep_alive","x":"c"}`,
	}
	file := filepath.Join(dir, "t.jsonl")
	if err := os.WriteFile(file, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	inputs := validate.Inputs([]string{file}, nil)
	ctx := context.Background()
	m, err := RunMatrix(ctx, inputs, []*Dialect{Wire}, MatrixOptions{})
	if err != nil {
		t.Fatal(err)
	}
	exe, _ := os.Executable()
	r := harness.NewRunner(harness.Spec{Name: "fake-1.0", Command: []string{exe}, Env: []string{fake.Env + "=1.0"}, Timeout: time.Second})
	defer r.Close()
	if _, err := m.AddHarness(ctx, inputs, r, "", MatrixOptions{}); err != nil {
		t.Fatal(err)
	}
	c := m.Cell("fake-1.0", "keep_alive")
	if c == nil || c.Lines != 8 || c.HarnessErrors != 3 || c.Accepted != 4 || c.Rejected != 1 {
		t.Fatalf("cell %+v, want 8 lines: 3 without an answer, 4 accepted, 1 rejected", c)
	}
	info := m.DialectInfo[len(m.DialectInfo)-1].Harness
	kinds := map[string]string{}
	for _, p := range info.Problems {
		kinds[p.Where] = string(p.Kind)
	}
	want := map[string]string{file + ":2": "crash", file + ":4": "hang", file + ":6": "nonsense"}
	if len(kinds) != 3 {
		t.Errorf("problems %v, want %v", info.Problems, want)
	}
	for w, k := range want {
		if kinds[w] != k {
			t.Errorf("%s: %q, want %q", w, kinds[w], k)
		}
	}
	if info.SDK != "fake-sdk" || info.SDKVersion != "1.0" || info.Starts != 4 {
		t.Errorf("info %+v", info)
	}
	var text, md, js, html bytes.Buffer
	for f, b := range map[report.Format]*bytes.Buffer{report.Text: &text, report.Markdown: &md, report.JSON: &js, report.HTML: &html} {
		if err := m.Print(b, f); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(b.String(), "fake-1.0") {
			t.Errorf("%s: no row fake-1.0", f)
		}
	}
	// The harness's row is the SDK's code: its rejection is R, named by
	// the error it raised, never T (a types-only model's mark).
	if got := m.markOf("fake-1.0", "keep_alive"); got != "R1 E3" {
		t.Errorf("the harness row's cell is %q, want R1 E3", got)
	}
	if r := info.Rejections; len(r) != 1 || r[0].Error != "fake" || r[0].Lines != 1 || r[0].First != file+":7" {
		t.Errorf("rejections %+v, want the one line rejected with fake at %s:7", r, file)
	}
	for f, b := range map[report.Format]*bytes.Buffer{report.Text: &text, report.Markdown: &md, report.JSON: &js, report.HTML: &html} {
		for _, e := range Legend {
			if !strings.Contains(b.String(), e.Meaning) {
				t.Errorf("%s: the legend lacks %s: %s", f, e.Mark, e.Meaning)
			}
		}
	}
	if !strings.Contains(html.String(), `id="legend"`) {
		t.Error("html: no legend element")
	}
	for _, s := range []string{"E3", "R1", "harness problem:", "hang: no answer within 1s", "rejected with fake", "fake: rejected"} {
		if !strings.Contains(text.String(), s) {
			t.Errorf("text report lacks %q:\n%s", s, text.String())
		}
	}
	if !strings.Contains(js.String(), `"problems"`) || !strings.Contains(md.String(), "Real SDKs behind harnesses") {
		t.Error("json or markdown lacks the harness's problems")
	}
	// The harness's row is no model: not in the ledger, not in the stats.
	if strings.Contains(m.Stats(), "fake-1.0") {
		t.Errorf("the harness row leaks into the stats")
	}
	for _, d := range m.Divergences() {
		if strings.HasPrefix(d.Key, "fake-1.0 ") {
			t.Errorf("the harness row leaks into the ledger: %s", d.Key)
		}
	}
}
