package capture

import (
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestOfflineAPI: the fake API starts from a whole scenario or from a file
// with only a model section, answers on 127.0.0.1, and a scenario is found
// by name from a folder below the repository's root; bad files are errors
// naming the file.
func TestOfflineAPI(t *testing.T) {
	dir := t.TempDir()
	modelOnly := filepath.Join(dir, "m.json")
	os.WriteFile(modelOnly, []byte(`{"doc":"d","model":{"turns":[{"blocks":[{"type":"text","text":"hi"}]}]}}`), 0o644)
	for _, p := range []string{filepath.Join("scenarios", "hello_text.json"), modelOnly} {
		api, err := StartOfflineAPI(p, dir, dir, nil)
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		if !strings.HasPrefix(api.URL(), "http://127.0.0.1:") || APIEnv(api.URL())["ANTHROPIC_BASE_URL"] != api.URL() {
			t.Errorf("%s: URL %s", p, api.URL())
		}
		resp, err := http.Post(api.URL()+"/v1/messages", "application/json",
			strings.NewReader(`{"model":"m","max_tokens":10,"tools":[{"name":"x"}],"messages":[{"role":"user","content":"hello"}]}`))
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 || api.Requests() != 1 {
			t.Errorf("%s: %d %s", p, resp.StatusCode, body)
		}
		api.Close()
	}
	bad := filepath.Join(dir, "bad.json")
	os.WriteFile(bad, []byte(`{"doc":"d"}`), 0o644)
	if _, err := StartOfflineAPI(bad, dir, dir, nil); err == nil || !strings.Contains(err.Error(), "bad.json") {
		t.Errorf("a file without a model: %v", err)
	}
	wd, _ := os.Getwd()
	if p, err := FindScenario("hello_text", filepath.Join(wd, "captures")); err != nil || !strings.HasSuffix(p, filepath.Join("scenarios", "hello_text.json")) {
		t.Errorf("FindScenario by name: %q %v", p, err)
	}
	if _, err := FindScenario("no_such_scenario", wd); err == nil {
		t.Error("FindScenario found a scenario that does not exist")
	}
}
