package corpus

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"sync"
	"time"

	"github.com/protocheck/protocheck/validate"
)

// A PinnedCLI is one installed CLI version.
type PinnedCLI struct {
	// Version is the CLI's version, the name of its folder.
	Version string
	// Path is the claude executable or cli.js.
	Path string
}

// cliCandidates are where a pinned install keeps the CLI, relative to its
// folder: the agent SDK's native binary, then claude-code's cli.js.
var cliCandidates = []string{
	"node_modules/@anthropic-ai/claude-agent-sdk-" + runtime.GOOS + "-" + goarchNPM() + "/claude",
	"node_modules/@anthropic-ai/claude-code/cli.js",
}

func goarchNPM() string {
	if runtime.GOARCH == "amd64" {
		return "x64"
	}
	return runtime.GOARCH
}

// FindCLIs returns the CLIs installed under dir (one folder per version,
// as `make cli` lays them out), oldest first.
func FindCLIs(dir string) ([]PinnedCLI, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var out []PinnedCLI
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		for _, c := range cliCandidates {
			p := filepath.Join(dir, e.Name(), filepath.FromSlash(c))
			if _, err := os.Stat(p); err == nil {
				out = append(out, PinnedCLI{Version: e.Name(), Path: p})
				break
			}
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: no CLI installed (run: make cli)", dir)
	}
	sort.Slice(out, func(i, j int) bool { return CompareVersions(out[i].Version, out[j].Version) < 0 })
	return out, nil
}

// RegressOptions say what Regress captures and compares.
type RegressOptions struct {
	// Dir is the corpus folder, with scenarios/ and captures/.
	Dir string
	// CLIs are the CLIs to capture with.
	CLIs []PinnedCLI
	// Scenarios, when not empty, limits the run to these names.
	Scenarios []string
	// Update rewrites the goldens (and their metadata) instead of
	// comparing.
	Update bool
	// Jobs is how many captures run at once; 0 means the number of CPUs.
	Jobs int
	// Progress, when not nil, gets one line per capture.
	Progress io.Writer
}

// A RegressRun is one scenario captured with one CLI.
type RegressRun struct {
	CLI      PinnedCLI
	Scenario *Scenario
	// Golden is the path of the committed transcript.
	Golden string
	// Findings are the drift found (none with Update).
	Findings validate.Findings
	// Err is a capture or comparison that failed.
	Err error
	// Duration is how long the capture and comparison took.
	Duration time.Duration
}

// GoldenPath returns the path of a scenario's golden for a CLI version.
func GoldenPath(dir, version, scenario string) string {
	return filepath.Join(dir, "captures", version, scenario+".jsonl")
}

// Regress captures every scenario with every CLI that supports it,
// normalises the capture and compares it with the golden (see Diff), or
// with Update writes it as the new golden. The runs come back in a stable
// order; the error reports a corpus that could not be read.
func Regress(ctx context.Context, opts RegressOptions) ([]*RegressRun, error) {
	all, err := LoadScenarios(filepath.Join(opts.Dir, "scenarios"))
	if err != nil {
		return nil, err
	}
	scenarios := all
	if len(opts.Scenarios) > 0 {
		byName := map[string]*Scenario{}
		for _, s := range all {
			byName[s.Name] = s
		}
		scenarios = nil
		for _, n := range opts.Scenarios {
			s, ok := byName[n]
			if !ok {
				return nil, fmt.Errorf("no scenario %q in %s", n, filepath.Join(opts.Dir, "scenarios"))
			}
			scenarios = append(scenarios, s)
		}
	}
	var runs []*RegressRun
	for _, cli := range opts.CLIs {
		// Ask each CLI its version once, before its captures.
		versionErr := checkVersion(ctx, cli)
		for _, s := range scenarios {
			if s.Supports(cli.Version) {
				runs = append(runs, &RegressRun{CLI: cli, Scenario: s, Golden: GoldenPath(opts.Dir, cli.Version, s.Name), Err: versionErr})
			}
		}
	}
	jobs := opts.Jobs
	if jobs <= 0 {
		jobs = runtime.NumCPU()
	}
	var wg sync.WaitGroup
	var mu sync.Mutex
	sem := make(chan struct{}, jobs)
	for _, r := range runs {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			start := time.Now()
			if r.Err == nil {
				regressOne(ctx, r, opts.Update)
			}
			r.Duration = time.Since(start)
			if opts.Progress != nil {
				mu.Lock()
				status := "ok"
				switch {
				case r.Err != nil:
					status = "error"
				case len(r.Findings) > 0:
					status = fmt.Sprintf("%d findings", len(r.Findings))
				case opts.Update:
					status = "updated"
				}
				fmt.Fprintf(opts.Progress, "%-8s %-24s %5.1fs  %s\n", r.CLI.Version, r.Scenario.Name, r.Duration.Seconds(), status)
				if r.Err != nil {
					fmt.Fprintf(opts.Progress, "  %v\n", r.Err)
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	return runs, nil
}

// checkVersion reports a CLI whose --version differs from its folder's
// name: its captures would be compared with another version's goldens.
func checkVersion(ctx context.Context, cli PinnedCLI) error {
	v, err := CLIVersion(ctx, cli.Path, "")
	if err != nil {
		return err
	}
	if v != cli.Version {
		return fmt.Errorf("%s reports version %s, but its folder says %s", cli.Path, v, cli.Version)
	}
	return nil
}

func regressOne(ctx context.Context, r *RegressRun, update bool) {
	var golden []byte
	if !update {
		var err error
		golden, err = os.ReadFile(r.Golden)
		if errors.Is(err, os.ErrNotExist) {
			r.Err = fmt.Errorf("%s: no golden capture (run: protocheck corpus regress --update)", r.Golden)
			return
		}
		if err != nil {
			r.Err = err
			return
		}
	}
	c, err := Run(ctx, CaptureOptions{CLI: r.CLI.Path, Scenario: r.Scenario, Version: r.CLI.Version})
	if err != nil {
		r.Err = err
		return
	}
	n := &Normalizer{Paths: c.Paths}
	fresh, err := n.Transcript(c.Stdout)
	if err != nil {
		r.Err = fmt.Errorf("%s with CLI %s: the output is not NDJSON: %w", r.Scenario.Name, r.CLI.Version, err)
		return
	}
	if update {
		r.Err = WriteCapture(r.Golden, fresh, &c.Meta)
		return
	}
	r.Findings, r.Err = Diff(golden, fresh, DiffOptions{
		Golden:     r.Golden,
		Fresh:      fmt.Sprintf("%s (fresh capture)", r.Golden),
		Volatile:   r.Scenario.Volatile,
		Concurrent: r.Scenario.Concurrent,
	})
}

// MetaPath returns the metadata file next to a transcript.
func MetaPath(transcript string) string {
	return transcript[:len(transcript)-len(filepath.Ext(transcript))] + ".meta.json"
}

// WriteCapture writes a normalised transcript and, when meta is not nil,
// its metadata next to it.
func WriteCapture(path string, transcript []byte, meta *Meta) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	if err := os.WriteFile(path, transcript, 0o644); err != nil {
		return err
	}
	if meta == nil {
		return nil
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(meta); err != nil {
		return err
	}
	return os.WriteFile(MetaPath(path), buf.Bytes(), 0o644)
}
