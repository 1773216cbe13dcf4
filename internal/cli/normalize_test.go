package cli

import (
	"bytes"
	"compress/gzip"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// findingRe reads the rule and line of a text finding on stderr.
var findingRe = regexp.MustCompile(`(?m)^[^:\n]*:(\d+)(?::\d+)?: \w+ ([a-z]+/[a-z0-9-]+): `)

func stderrWants(stderr string) []want {
	var out []want
	for _, m := range findingRe.FindAllStringSubmatch(stderr, -1) {
		n, _ := strconv.Atoi(m[1])
		out = append(out, want{m[2], n})
	}
	return out
}

// TestNormalizeMalformed runs protocheck normalize on the malformed inputs
// of TestValidateMalformed that concern reading: each bad line gets the
// finding validate gives it and is written out unchanged, the good lines
// around it are normalised, and nothing crashes.
func TestNormalizeMalformed(t *testing.T) {
	const (
		raw  = `{"type":"keep_alive","uuid":"4541d1c6-9aa6-4505-81c0-7336c30be556"}`
		norm = `{"type":"keep_alive","uuid":"00000000-0000-4000-8000-000000000001"}`
	)
	gz := func(b []byte) []byte {
		var buf bytes.Buffer
		zw := gzip.NewWriter(&buf)
		zw.Write(b)
		zw.Close()
		return buf.Bytes()
	}
	tests := []struct {
		name   string
		input  []byte
		args   []string
		stdin  bool
		want   []want
		out    string
		code   int
		reason string
	}{
		{name: "invalid json", input: lines(raw, `{"type":`, raw), want: []want{{"input/invalid-json", 2}},
			out: norm + "\n" + `{"type":` + "\n" + norm + "\n", code: 1},
		{name: "trailing garbage", input: lines(raw+` x`, raw), want: []want{{"input/invalid-json", 1}},
			out: raw + " x\n" + norm + "\n", code: 1},
		{name: "invalid utf-8 is not repaired", input: lines("{\"x\":\"\xff\"}", raw), want: []want{{"input/invalid-utf8", 1}},
			out: "{\"x\":\"\xff\"}\n" + norm + "\n", code: 1, reason: "encoding/json would turn the byte into U+FFFD"},
		{name: "nul byte", input: lines("{}\x00", raw), want: []want{{"input/nul-byte", 1}}, out: "{}\x00\n" + norm + "\n", code: 1},
		{name: "raw control character", input: lines("{\"x\":\"a\tb\"}", raw), want: []want{{"input/invalid-json", 1}},
			out: "{\"x\":\"a\tb\"}\n" + norm + "\n", code: 1},
		{name: "deep nesting", input: lines(`{"x":`+strings.Repeat("[", 10000)+strings.Repeat("]", 10000)+`}`, raw),
			want: []want{{"input/too-deep", 1}}, out: `{"x":` + strings.Repeat("[", 10000) + strings.Repeat("]", 10000) + "}\n" + norm + "\n", code: 1},
		{name: "5 MB of [", input: lines(strings.Repeat("[", 5<<20), raw), want: []want{{"input/too-deep", 1}},
			out: strings.Repeat("[", 5<<20) + "\n" + norm + "\n", code: 1, reason: "the old parser recursed and overflowed the stack"},
		{name: "--max-depth", input: lines(`{"a":[[1]]}`), args: []string{"--max-depth", "2"}, want: []want{{"input/too-deep", 1}},
			out: `{"a":[[1]]}` + "\n", code: 1},
		{name: "lone surrogate kept", input: lines(`{"s":"\ud800x","t":"\uD83D\uDE00"}`), want: nil,
			out: `{"s":"\ud800x","t":"😀"}` + "\n", code: 0, reason: "validate accepts it; decoding would make it U+FFFD"},
		{name: "line over --max-line-bytes", input: lines(raw, `{"pad":"`+strings.Repeat("x", 200)+`"}`, raw),
			args: []string{"--max-line-bytes", "100"}, want: []want{{"input/line-too-long", 2}}, out: norm + "\n", code: 2,
			reason: "the line cannot be written unchanged without holding it"},
		{name: "blank lines, CRLF, BOM, no final newline", input: []byte("\xef\xbb\xbf" + raw + "\r\n\r\n  \n" + raw),
			out: norm + "\n\n  \n" + norm + "\n", code: 0},
		{name: "gzip", input: gz(lines(raw)), out: norm + "\n", code: 0},
		{name: "stdin as -", input: lines(raw), stdin: true, out: norm + "\n", code: 0},
		{name: "empty", input: []byte{}, out: "", code: 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "in.jsonl")
			write(t, path, tt.input)
			args := append([]string{"normalize"}, tt.args...)
			var stdin *bytes.Reader
			if tt.stdin {
				args = append(args, "-")
				stdin = bytes.NewReader(tt.input)
			} else {
				args = append(args, path)
			}
			var out, errb bytes.Buffer
			code := run(context.Background(), args, stdin, &out, &errb)
			if code != tt.code {
				t.Errorf("exit code = %d, want %d (%s)\nstderr: %s", code, tt.code, tt.reason, errb.String())
			}
			if diff := cmp.Diff(tt.want, stderrWants(errb.String())); diff != "" {
				t.Errorf("normalize %s findings mismatch (-want +got): %s\n%s", tt.name, tt.reason, diff)
			}
			if out.String() != tt.out {
				t.Errorf("normalize %s wrote %.300q, want %.300q (%s)", tt.name, out.String(), tt.out, tt.reason)
			}
		})
	}
}

// TestNormalizeWrite: --write rewrites a file in place; a line too long to
// write unchanged leaves the file as it was; gzip is not rewritten.
func TestNormalizeWrite(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.jsonl")
	write(t, good, lines(`{"session_id":"4541d1c6-9aa6-4505-81c0-7336c30be556"}`, "{bad"))
	var out, errb bytes.Buffer
	if code := run(context.Background(), []string{"normalize", "-w", good}, nil, &out, &errb); code != 1 {
		t.Errorf("normalize -w (one bad line) exit code = %d, want 1; stderr: %s", code, errb.String())
	}
	got, _ := os.ReadFile(good)
	if want := `{"session_id":"00000000-0000-4000-8000-000000000001"}` + "\n{bad\n"; string(got) != want {
		t.Errorf("normalize -w wrote %q, want %q", got, want)
	}
	long := filepath.Join(dir, "long.jsonl")
	orig := lines(`{"session_id":"4541d1c6-9aa6-4505-81c0-7336c30be556"}`, `{"pad":"`+strings.Repeat("x", 200)+`"}`)
	write(t, long, orig)
	if code := run(context.Background(), []string{"normalize", "-w", "--max-line-bytes", "100", long}, nil, &out, &errb); code != 2 {
		t.Errorf("normalize -w (line too long) exit code = %d, want 2", code)
	}
	if got, _ := os.ReadFile(long); !bytes.Equal(got, orig) {
		t.Errorf("normalize -w with a line too long changed the file to %q", got)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 2 {
		t.Errorf("normalize -w left %d files in the folder, want 2 (no temporary file)", len(entries))
	}
}

// TestNormalizeCommittedCapturesUnchanged: every committed capture is the
// output of normalize, so normalising it again must give it back byte for
// byte (the output of today's normalize on every committed capture).
func TestNormalizeCommittedCapturesUnchanged(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "..", "corpus", "captures", "*", "*.jsonl"))
	if err != nil || len(files) < 100 {
		t.Fatalf("committed captures: %d files, %v", len(files), err)
	}
	for _, f := range files {
		want, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var out, errb bytes.Buffer
		if code := run(context.Background(), []string{"normalize", f}, nil, &out, &errb); code != 0 {
			t.Errorf("normalize %s: exit code %d: %s", f, code, errb.String())
		}
		if !bytes.Equal(out.Bytes(), want) {
			t.Errorf("normalize %s changed it (%d bytes in, %d out)", f, len(want), out.Len())
		}
	}
}
