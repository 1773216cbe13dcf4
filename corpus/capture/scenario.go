package capture

import (
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/protocheck/protocheck/corpus/internal/fakeapi"
	"github.com/protocheck/protocheck/corpus/internal/jsonfile"
	"github.com/protocheck/protocheck/protocol"
)

// A Scenario is one scripted run of the CLI: its command line, its stdin,
// and what the fake model answers. Scenarios are JSON files, one per
// scenario, under corpus/scenarios/; the file's base name is the scenario's
// name.
type Scenario struct {
	// Name is the file's base name without .json.
	Name string `json:"-"`
	// File is the path the scenario was read from.
	File string `json:"-"`

	// Doc says in a sentence or two what the scenario exercises.
	Doc string `json:"doc"`
	// MinVersion is the oldest CLI version that supports the scenario's
	// flags; older pinned CLIs skip it. Empty means every version.
	MinVersion string `json:"min_version,omitempty"`
	// Args are the CLI's arguments. "{{settings}}" stands for the path of
	// the settings file written from Settings, "{{cwd}}" for the working
	// directory and "{{home}}" for HOME; the last two also work in the
	// model's tool inputs.
	Args []string `json:"args"`
	// Env adds to or overrides the environment Capture sets up.
	Env map[string]string `json:"env,omitempty"`
	// Settings, when set, is written to a settings file for --settings.
	Settings json.RawMessage `json:"settings,omitempty"`
	// Files are created in the working directory before the run: relative
	// path to contents. A path that is absolute or leads out of the
	// working directory ("..", a symbolic link) is refused.
	Files map[string]string `json:"files,omitempty"`
	// Stdin is the script for the CLI's standard input. Without it, stdin
	// is empty. After the last step stdin is closed.
	Stdin []Step `json:"stdin,omitempty"`
	// Answers are the replies to the CLI's own control requests, keyed by
	// request subtype. Each reply is the "response" member of a success
	// control_response; replies are used in order and the last repeats.
	// A can_use_tool "allow" without updatedInput gets the tool's input.
	// A request with no scripted answer gets an error response.
	Answers map[string][]json.RawMessage `json:"answers,omitempty"`
	// RawAnswers makes each answer the whole control_response line, written
	// as it is but for "{{request_id}}", which becomes the id of the
	// request it answers; nothing is filled in (the probe suite, package
	// corpus/probe, sends answers the CLI may refuse).
	RawAnswers bool `json:"raw_answers,omitempty"`
	// Timeout bounds the whole run ("90s"); 0 means DefaultTimeout.
	Timeout Duration `json:"timeout,omitzero"`
	// Volatile names variants ("system/status") whose number and place
	// vary from run to run in this scenario, besides those in
	// VolatileVariants; Diff compares them as a set (see Diff).
	Volatile []string `json:"volatile,omitempty"`
	// Concurrent marks a scenario in which agents run at once (a background
	// subagent beside the main loop): the CLI interleaves their lines in an
	// order that varies from run to run, so Diff compares each thread's
	// lines of each kind in order, but not how they interleave (see Diff).
	Concurrent bool `json:"concurrent,omitempty"`
	// Model is the fake model's script.
	Model fakeapi.Script `json:"model"`
}

// A Step is one step of a stdin script: exactly one of its members is set.
type Step struct {
	// Send writes one JSON line (a user message or a control request).
	Send json.RawMessage `json:"send,omitempty"`
	// SendRaw writes a line as it is, to test what the CLI does with bad
	// input.
	SendRaw string `json:"send_raw,omitempty"`
	// Wait waits until the CLI has printed enough lines of a variant.
	Wait *Wait `json:"wait,omitempty"`
	// Sleep waits a fixed time ("500ms").
	Sleep Duration `json:"sleep,omitzero"`
	// Close closes stdin.
	Close bool `json:"close,omitempty"`
}

// A Wait waits for lines the CLI printed.
type Wait struct {
	// Type is the "type" of the lines to count.
	Type string `json:"type"`
	// Subtype, when set, is their subtype (see protocol.SubtypePath).
	Subtype string `json:"subtype,omitempty"`
	// Count is how many such lines to wait for, counted from the start of
	// the run (default 1).
	Count int `json:"count,omitempty"`
	// Timeout bounds the wait (default DefaultWaitTimeout).
	Timeout Duration `json:"timeout,omitzero"`
}

// Duration is a time.Duration written as a string such as "1m30s", never
// negative.
type Duration struct{ time.Duration }

// UnmarshalJSON reads a duration string.
func (d *Duration) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return fmt.Errorf("a duration is a string such as \"30s\": %w", err)
	}
	v, err := time.ParseDuration(s)
	if err != nil {
		return err
	}
	// A timeout, a wait or a sleep of less than nothing means nothing
	// sensible: refused, not taken for the default.
	if v < 0 {
		return fmt.Errorf("the duration %q is negative", s)
	}
	d.Duration = v
	return nil
}

// MarshalJSON writes a duration string.
func (d Duration) MarshalJSON() ([]byte, error) { return json.Marshal(d.String()) }

// IsZero reports a zero duration (for omitzero).
func (d Duration) IsZero() bool { return d.Duration == 0 }

// Timeouts used when a scenario names none.
const (
	DefaultTimeout     = 120 * time.Second
	DefaultWaitTimeout = 60 * time.Second
)

// LoadScenario reads and checks a scenario file. Its errors name the file
// and, for JSON errors, the line.
func LoadScenario(path string) (*Scenario, error) {
	var s Scenario
	if err := jsonfile.Read(path, &s); err != nil {
		return nil, err
	}
	s.File = path
	s.Name = strings.TrimSuffix(filepath.Base(path), ".json")
	if err := s.check(); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return &s, nil
}

// LoadScenarios loads every *.json scenario in dir, sorted by name.
func LoadScenarios(dir string) ([]*Scenario, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil {
		return nil, err
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("%s: no scenario files (*.json)", dir)
	}
	sort.Strings(files)
	out := make([]*Scenario, 0, len(files))
	for _, f := range files {
		s, err := LoadScenario(f)
		if err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, nil
}

func (s *Scenario) check() error {
	if len(s.Args) == 0 {
		return fmt.Errorf("args is empty")
	}
	if s.MinVersion != "" {
		if _, ok := protocol.ParseVersion(s.MinVersion); !ok {
			return fmt.Errorf("min_version: %q is not a version such as 2.1.0", s.MinVersion)
		}
	}
	if err := checkFiles(s.File, s.Files); err != nil {
		var ee *EscapeError
		if errors.As(err, &ee) {
			return fmt.Errorf("files: %q is refused: %w", ee.Path, ee.Err)
		}
		return err
	}
	if slices.Contains(s.Args, "{{settings}}") && len(s.Settings) == 0 {
		return fmt.Errorf("args use {{settings}} but settings is empty")
	}
	for i, st := range s.Stdin {
		n := 0
		if len(st.Send) > 0 {
			n++
			var obj map[string]json.RawMessage
			if err := json.Unmarshal(st.Send, &obj); err != nil {
				return fmt.Errorf("stdin[%d].send: not a JSON object: %v", i, err)
			}
		}
		if st.SendRaw != "" {
			n++
		}
		if st.Wait != nil {
			n++
			if st.Wait.Type == "" {
				return fmt.Errorf("stdin[%d].wait: type is empty", i)
			}
		}
		if st.Sleep.Duration != 0 {
			n++
		}
		if st.Close {
			n++
		}
		if n != 1 {
			return fmt.Errorf("stdin[%d]: a step has exactly one of send, send_raw, wait, sleep, close (it has %d)", i, n)
		}
	}
	for _, v := range s.Volatile {
		if v == "" || strings.Count(v, "/") > 1 {
			return fmt.Errorf("volatile: %q is not a variant such as system/status", v)
		}
	}
	if err := s.Model.Check(); err != nil {
		return fmt.Errorf("model: %w", err)
	}
	return nil
}

// Supports reports whether the scenario runs on CLI version v.
func (s *Scenario) Supports(v string) bool {
	if s.MinVersion == "" {
		return true
	}
	return protocol.CompareVersions(v, s.MinVersion) >= 0
}

// expand replaces the {{…}} placeholders of an argument.
func expand(arg string, vars map[string]string) string {
	for k, v := range vars {
		arg = strings.ReplaceAll(arg, "{{"+k+"}}", v)
	}
	return arg
}
