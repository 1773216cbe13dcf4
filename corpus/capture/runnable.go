package capture

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/protocheck/protocheck/internal/atomicfile"
)

// NotRunnableFile is the name of the file, in a CLI version's captures
// folder, that lists the scenarios that version cannot run (see
// NotRunnable).
const NotRunnableFile = "not-runnable.json"

// A NotRunnable scenario is one a CLI version refuses before any session
// starts, such as a flag the release does not have yet. It is recorded
// with the CLI's own words, so that no golden is expected for it and
// regress does not run it.
type NotRunnable struct {
	Scenario string `json:"scenario"`
	// Reason is what the CLI said, e.g. "error: unknown option
	// '--include-partial-messages'", with its exit code.
	Reason string `json:"reason"`
}

// ErrNotRunnable marks the error of a capture the CLI refused before any
// session started (see RegressOptions.Check).
var ErrNotRunnable = errors.New("the CLI cannot run this scenario")

// NotRunnablePath returns the path of a version's not-runnable list.
func NotRunnablePath(dir, version string) string {
	return filepath.Join(dir, "captures", version, NotRunnableFile)
}

// ReadNotRunnable reads the scenarios CLI version cannot run, recorded
// under dir (the corpus folder); none when the file does not exist.
func ReadNotRunnable(dir, version string) ([]NotRunnable, error) {
	p := NotRunnablePath(dir, version)
	b, err := os.ReadFile(p)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var out []NotRunnable
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&out); err != nil {
		return nil, fmt.Errorf("%s: %w", p, err)
	}
	for i, n := range out {
		if n.Scenario == "" || n.Reason == "" {
			return nil, fmt.Errorf("%s: entry %d: scenario and reason are required", p, i+1)
		}
	}
	return out, nil
}

// WriteNotRunnable writes version's not-runnable list, sorted by scenario;
// an empty list removes the file.
func WriteNotRunnable(dir, version string, list []NotRunnable) error {
	p := NotRunnablePath(dir, version)
	if len(list) == 0 {
		if err := os.Remove(p); err != nil && !errors.Is(err, os.ErrNotExist) {
			return err
		}
		return nil
	}
	list = slices.Clone(list)
	slices.SortFunc(list, func(a, b NotRunnable) int {
		return strings.Compare(a.Scenario, b.Scenario)
	})
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(list); err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return err
	}
	return atomicfile.WriteFile(p, buf.Bytes(), 0o644)
}
