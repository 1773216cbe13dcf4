package harness

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// SDKsFile lists the real-SDK harnesses the project pins, relative to the
// repository root; `make harnesses` installs each under CacheDir/<name>.
const SDKsFile = "corpus/harness/sdks/sdks.json"

// CacheDir is where `make harnesses` installs them, relative to the root.
const CacheDir = ".cache/harness"

// An SDK is one pinned real SDK with its harness: one row of the matrix.
type SDK struct {
	// Name names the row; it carries the SDK's version.
	Name     string `json:"name"`
	SDK      string `json:"sdk"`
	Version  string `json:"version"`
	Language string `json:"language"`
	// Model names the hand-written dialect that models this SDK version.
	Model string `json:"model,omitempty"`
	// Slow marks a harness too slow for every run (it starts the SDK's
	// whole runtime per line): a row with --sdk-harnesses all only.
	Slow bool `json:"slow,omitempty"`
	// Command runs the harness: "{dir}" is its install folder, "{cache}"
	// CacheDir (for what rows share), "{src}" the folder of SDKsFile.
	Command []string `json:"command"`
}

// LoadSDKs reads SDKsFile under root.
func LoadSDKs(root string) ([]SDK, error) {
	data, err := os.ReadFile(filepath.Join(root, SDKsFile))
	if err != nil {
		return nil, err
	}
	var out []SDK
	if err := json.Unmarshal(data, &out); err != nil {
		return nil, fmt.Errorf("%s: %w", SDKsFile, err)
	}
	for _, s := range out {
		if s.Name == "" || len(s.Command) == 0 || strings.ContainsAny(s.Name, " /") {
			return nil, fmt.Errorf("%s: entry %q has no name or command", SDKsFile, s.Name)
		}
	}
	return out, nil
}

// Dir returns the SDK's install folder under root.
func (s SDK) Dir(root string) string { return filepath.Join(root, CacheDir, s.Name) }

// Installed reports whether `make harnesses` installed it.
func (s SDK) Installed(root string) bool { return s.InstalledIn(filepath.Join(root, CacheDir)) }

// InstalledIn reports whether it is installed in the folder cache (as
// `make harnesses` installs under CacheDir).
func (s SDK) InstalledIn(cache string) bool {
	_, err := os.Stat(filepath.Join(cache, s.Name, ".installed"))
	return err == nil
}

// Spec returns how to run its harness.
func (s SDK) Spec(root string) Spec { return s.SpecIn(root, filepath.Join(root, CacheDir)) }

// SpecIn returns how to run its harness installed in the folder cache.
func (s SDK) SpecIn(root, cache string) Spec {
	dir, _ := filepath.Abs(filepath.Join(cache, s.Name))
	src, _ := filepath.Abs(filepath.Join(root, filepath.Dir(SDKsFile)))
	cache, _ = filepath.Abs(cache)
	argv := make([]string, len(s.Command))
	for i, a := range s.Command {
		argv[i] = strings.NewReplacer("{dir}", dir, "{cache}", cache, "{src}", src).Replace(a)
	}
	return Spec{Name: s.Name, Command: argv}
}
