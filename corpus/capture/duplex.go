package capture

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"

	"github.com/protocheck/protocheck/validate"
)

// Duplex returns the capture's session, both directions in the order the
// capture saw them, as a duplex transcript (see validate.DuplexLine).
// Unless raw, it is normalised as the plain transcript is: the CLI's lines
// are normalised first and in order, so they read exactly as in the plain
// capture, and the lines written to stdin share their placeholders. Blank
// lines are left out; a line that is not JSON is kept as a "raw" string.
func (c *Capture) Duplex(raw bool) ([]byte, error) {
	return c.DuplexContext(context.Background(), raw)
}

// DuplexContext is Duplex, stopped when ctx ends: the error is then ctx's
// cause.
func (c *Capture) DuplexContext(ctx context.Context, raw bool) ([]byte, error) {
	norm := make([][]byte, len(c.Session))
	if raw {
		for i, l := range c.Session {
			norm[i] = l.Line
		}
	} else {
		n := &Normalizer{Paths: c.Paths}
		for _, stdin := range []bool{false, true} {
			for i, l := range c.Session {
				if l.Stdin == stdin {
					if err := n.ScanIDs(i+1, l.Line); err != nil {
						return nil, err
					}
				}
			}
		}
		for _, stdin := range []bool{false, true} {
			for i, l := range c.Session {
				if i%stopEvery == 0 && ctx.Err() != nil {
					return nil, context.Cause(ctx)
				}
				if l.Stdin != stdin || len(bytes.TrimSpace(l.Line)) == 0 {
					continue
				}
				b, err := n.Line(i+1, l.Line)
				if err != nil {
					if !stdin {
						return nil, err
					}
					// What protocheck wrote on purpose that is not JSON
					// (a scenario's send_raw) is kept, paths and ids
					// replaced.
					b = []byte(n.str(string(l.Line)))
				}
				norm[i] = b
			}
		}
	}
	var out bytes.Buffer
	for i, l := range c.Session {
		if len(bytes.TrimSpace(l.Line)) == 0 {
			continue
		}
		dir := validate.DuplexStdout
		if l.Stdin {
			dir = validate.DuplexStdin
		}
		out.Write(validate.DuplexLine(dir, norm[i]))
		out.WriteByte('\n')
	}
	return out.Bytes(), nil
}

// DuplexPath returns where the duplex transcript of a capture written to
// path goes: beside it, as <name>.duplex.jsonl.
func DuplexPath(path string) string {
	return strings.TrimSuffix(path, filepath.Ext(path)) + ".duplex.jsonl"
}

// DuplexGoldenPath returns the committed duplex transcript of a scenario's
// capture with a CLI version: corpus/duplex/<version>/<scenario>.jsonl, a
// tree of its own so that the plain captures' folders hold plain
// transcripts only.
func DuplexGoldenPath(dir, version, scenario string) string {
	return filepath.Join(dir, "duplex", version, scenario+".jsonl")
}
