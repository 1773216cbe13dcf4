package probe

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"

	"github.com/protocheck/protocheck/corpus/matrix"
	"github.com/protocheck/protocheck/internal/atomicfile"
	"github.com/protocheck/protocheck/protocol"
)

// A File is the committed results of one CLI version:
// corpus/probe/results/<version>.json.
type File struct {
	// CLIVersion is the CLI probed.
	CLIVersion string `json:"cli_version"`
	// Types is the sdk.d.ts release the Types verdicts were made with
	// (protocol.SDKVersion when the probes ran).
	Types string `json:"types"`
	// Results are the probes' results, sorted by ID.
	Results []Result `json:"results"`
}

// ResultsDir is where the results files are, relative to the repository.
const ResultsDir = "corpus/probe/results"

// Judge sets each result's Types: the verdict of the SDK-direction model
// (strict) on the probe's message, with the first reason when it rejects.
func Judge(ctx context.Context, rs []Result) error {
	d := &matrix.Dialect{Name: "probe"}
	for _, r := range rs {
		d.Writes = append(d.Writes, matrix.Write{Name: r.ID, Answers: r.Answers, Message: r.Probe.Message})
	}
	ws, err := matrix.CheckWrites(ctx, []*matrix.Dialect{d})
	if err != nil {
		return err
	}
	for i, w := range ws {
		rs[i].Types = "accepted"
		if w.Verdict == matrix.Rejected {
			f := w.Findings[0]
			rs[i].Types = fmt.Sprintf("rejected: %s %s", f.Rule, f.Pointer)
		}
	}
	return nil
}

// Write writes the results file of version under dir, atomically.
func Write(dir, version string, rs []Result) error {
	// One result a line, so that a diff shows which probes changed.
	var buf bytes.Buffer
	head, err := marshal(struct {
		CLIVersion string `json:"cli_version"`
		Types      string `json:"types"`
	}{version, protocol.SDKVersion})
	if err != nil {
		return err
	}
	buf.Write(head[:len(head)-1])
	buf.WriteString(",\"results\":[\n")
	for i, r := range rs {
		b, err := marshal(r)
		if err != nil {
			return err
		}
		buf.Write(b)
		if i < len(rs)-1 {
			buf.WriteByte(',')
		}
		buf.WriteByte('\n')
	}
	buf.WriteString("]}\n")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	// A synced temporary file renamed over the old results: a run that
	// fails half way leaves them whole.
	return atomicfile.WriteFile(filepath.Join(dir, version+".json"), buf.Bytes(), 0o644)
}

// Read reads one results file.
func Read(path string) (*File, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var f File
	if err := json.Unmarshal(b, &f); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return &f, nil
}

func marshal(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}
