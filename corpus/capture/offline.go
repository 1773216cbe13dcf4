package capture

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/protocheck/protocheck/corpus/internal/fakeapi"
	"github.com/protocheck/protocheck/corpus/internal/jsonfile"
)

// An OfflineAPI is the fake Messages API scripted by a scenario's model
// section, for a session someone else runs (protocheck tap --fake-api): an
// SDK's test suite then drives the real CLI with no key and no network.
type OfflineAPI struct {
	srv *fakeapi.Server
}

// LoadModel reads the model section of a scenario file: a whole scenario
// (corpus/scenarios/*.json) or a file holding only {"model": {...}} (and
// a "doc"). Its
// errors name the file.
func LoadModel(path string) (*fakeapi.Script, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var members map[string]json.RawMessage
	if json.Unmarshal(data, &members) == nil && members["args"] != nil {
		sc, err := LoadScenario(path)
		if err != nil {
			return nil, err
		}
		return &sc.Model, nil
	}
	var s struct {
		Doc   string          `json:"doc"`
		Model *fakeapi.Script `json:"model"`
	}
	if err := jsonfile.Decode(path, data, &s); err != nil {
		return nil, err
	}
	if s.Model == nil {
		return nil, fmt.Errorf("%s: no \"model\" section", path)
	}
	if err := s.Model.Check(); err != nil {
		return nil, fmt.Errorf("%s: model: %w", path, err)
	}
	return s.Model, nil
}

// StartOfflineAPI starts the fake API on 127.0.0.1 with the model section
// of the scenario file at path. cwd and home replace {{cwd}} and {{home}}
// in the script's tool inputs, as in a capture. log, when not nil, gets
// the request log (JSON lines).
func StartOfflineAPI(path, cwd, home string, log io.Writer) (*OfflineAPI, error) {
	script, err := LoadModel(path)
	if err != nil {
		return nil, err
	}
	srv, err := fakeapi.Start(expandScript(script, map[string]string{"cwd": cwd, "home": home}), log)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return &OfflineAPI{srv: srv}, nil
}

// URL is the API's base URL.
func (a *OfflineAPI) URL() string { return a.srv.URL() }

// Close stops the API.
func (a *OfflineAPI) Close() error { return a.srv.Close() }

// Unanswered lists the scripted turns no request used.
func (a *OfflineAPI) Unanswered() []string { return a.srv.Unanswered() }

// Requests counts the requests the API answered.
func (a *OfflineAPI) Requests() int { return len(a.srv.Requests()) }

// APIEnv is the environment that points the CLI at a fake API at url and
// keeps it offline: the base URL, a dummy key, and no telemetry, updates,
// error reports or other traffic. A capture sets these and more (HOME,
// TMPDIR, ...).
func APIEnv(url string) map[string]string {
	return map[string]string{
		"ANTHROPIC_BASE_URL":                       url,
		"ANTHROPIC_API_KEY":                        DummyAPIKey,
		"DISABLE_TELEMETRY":                        "1",
		"DISABLE_AUTOUPDATER":                      "1",
		"CLAUDE_CODE_MAX_RETRIES":                  "2",
		"CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1",
		"DISABLE_ERROR_REPORTING":                  "1",
	}
}

// FindScenario resolves a --fake-api argument: a path to a scenario file,
// or the name of one under corpus/scenarios of the folder dir or of one
// above it (a checkout of protocheck).
func FindScenario(arg, dir string) (string, error) {
	if strings.ContainsAny(arg, `/\`) || strings.HasSuffix(arg, ".json") {
		if _, err := os.Stat(arg); err != nil {
			return "", err
		}
		return arg, nil
	}
	for d := dir; ; d = filepath.Dir(d) {
		p := filepath.Join(d, "corpus", "scenarios", arg+".json")
		if _, err := os.Stat(p); err == nil {
			return p, nil
		}
		if filepath.Dir(d) == d {
			return "", fmt.Errorf("no scenario %q: give the path of its .json file", arg)
		}
	}
}
