package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/protocheck/protocheck/corpus/harness/fake"
	"github.com/protocheck/protocheck/corpus/matrix"
)

func TestMain(m *testing.M) {
	fake.MainIfAsked() // this binary is also the fake harness of the tests below
	code := m.Run()
	removeBuilt()
	os.Exit(code)
}

// TestCorpusRunHarness: --harness NAME=CMD adds a row; a harness that
// crashes, hangs and answers nonsense is reported on standard error and in
// the report, and the run ends with every other line judged, exit 0.
func TestCorpusRunHarness(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv(fake.Env, "2.0")
	file := filepath.Join(t.TempDir(), "t.jsonl")
	body := `{"type":"keep_alive"}` + "\n" + `{"type":"keep_alive","x":"CRASH"}` + "\n" + `{"type":"keep_alive","x":"HANG"}` + "\n" +
		`{"type":"keep_alive","x":"NONSENSE"}` + "\n" + `{"type":"keep_alive","x":"reject"}` + "\n"
	if err := os.WriteFile(file, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	code := run(context.Background(), []string{"corpus", "run", "--dialect", "python", "--sdk-harnesses", "off", "--harness-timeout", "5s",
		"--harness", "fake-2.0=" + exe, "--format", "json", file}, nil, &out, &errb)
	if code != 0 {
		t.Fatalf("exit %d, want 0; stderr:\n%s", code, errb.String())
	}
	var m matrix.Matrix
	if err := json.Unmarshal(out.Bytes(), &m); err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(m.Dialects, ","); got != "wire,python,fake-2.0" {
		t.Errorf("columns %s", got)
	}
	c := m.Cell("fake-2.0", "keep_alive")
	if c == nil || c.Lines != 5 || c.HarnessErrors != 3 || c.Accepted != 1 || c.Rejected != 1 {
		t.Errorf("cell %+v", c)
	}
	for _, s := range []string{"t.jsonl:2: crash", "t.jsonl:3: hang", "t.jsonl:4: nonsense"} {
		if !strings.Contains(errb.String(), s) {
			t.Errorf("stderr lacks %q:\n%s", s, errb.String())
		}
	}
	for _, args := range [][]string{{"--harness", "nocommand"}, {"--sdk-harnesses", "some"}} {
		errb.Reset()
		if code := run(context.Background(), append([]string{"corpus", "run", "--dialect", "python", file}, args...), nil, &out, &errb); code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
}
