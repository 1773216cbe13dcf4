package cli

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/protocheck/protocheck/validate"
)

// Lines used around a bad line, to show that reading goes on after it.
const (
	okLine = `{"type":"keep_alive"}`
	// badLine is valid JSON of a known variant with one fault: the
	// finding it must produce is laterFinding.
	badLine = `{"type":"control_cancel_request","request_id":7}`
)

type want struct {
	Rule string
	Line int
}

var laterFinding = func(line int) want { return want{"schema/type", line} }

// TestValidateMalformed runs protocheck validate on broken inputs. Each case
// asserts the findings (rule and line), the exit code, and that the line
// after the broken one is still checked.
func TestValidateMalformed(t *testing.T) {
	tests := []struct {
		name   string
		input  []byte // the file's content; nil means no file
		args   []string
		want   []want
		code   int
		reason string
	}{
		{name: "invalid json", input: lines(`{"type":`, badLine), want: []want{{"input/invalid-json", 1}, laterFinding(2)}, code: 1},
		{name: "not json at all", input: lines(`hello`, badLine), want: []want{{"input/invalid-json", 1}, laterFinding(2)}, code: 1},
		{name: "trailing garbage", input: lines(okLine+` x`, badLine), want: []want{{"input/invalid-json", 1}, laterFinding(2)}, code: 1},
		{name: "array", input: lines(`[1,2]`, badLine), want: []want{{"input/not-object", 1}, laterFinding(2)}, code: 1},
		{name: "string", input: lines(`"hi"`, badLine), want: []want{{"input/not-object", 1}, laterFinding(2)}, code: 1},
		{name: "number", input: lines(`42`, badLine), want: []want{{"input/not-object", 1}, laterFinding(2)}, code: 1},
		{name: "null", input: lines(`null`, badLine), want: []want{{"input/not-object", 1}, laterFinding(2)}, code: 1},
		{name: "invalid utf-8", input: lines("{\"type\":\"keep_alive\",\"x\":\"\xff\"}", badLine), want: []want{{"input/invalid-utf8", 1}, laterFinding(2)}, code: 1},
		{name: "nul byte", input: lines("{\"type\":\"keep_alive\"}\x00", badLine), want: []want{{"input/nul-byte", 1}, laterFinding(2)}, code: 1},
		{name: "raw control character in a string", input: lines("{\"type\":\"keep_alive\",\"x\":\"a\tb\"}", badLine), want: []want{{"input/invalid-json", 1}, laterFinding(2)}, code: 1},
		{name: "line over --max-line-bytes", input: lines(`{"type":"keep_alive","pad":"`+strings.Repeat("x", 200)+`"}`, badLine),
			args: []string{"--max-line-bytes", "100"}, want: []want{{"input/line-too-long", 1}, laterFinding(2)}, code: 1},
		{name: "deep nesting", input: lines(`{"type":"keep_alive","x":`+strings.Repeat("[", 10000)+strings.Repeat("]", 10000)+`}`, badLine),
			want: []want{{"input/too-deep", 1}, laterFinding(2)}, code: 1},
		{name: "huge numbers", input: lines(`{"type":"control_cancel_request","request_id":"r","n":1e400,"m":123456789012345678901234567890}`, badLine),
			want: []want{laterFinding(2)}, code: 1, reason: "numbers of any size are JSON; unknown members are allowed"},
		{name: "huge number where an integer belongs", input: lines(`{"type":"active_goal","value":{"condition":"c","iterations":1e400,"set_at":1,"tokens_at_start":1},"uuid":"u","session_id":"s"}`, badLine),
			want: []want{{"schema/integer", 1}, laterFinding(2)}, code: 1, reason: "1e400 is an integer in JSON Schema's sense, but not one of 64 bits: protocol.Decode rejects it"},
		{name: "duplicate keys", input: lines(`{"type":"control_cancel_request","request_id":"a","request_id":"b"}`, badLine),
			want: []want{{"input/duplicate-key", 1}, laterFinding(2)}, code: 1},
		{name: "duplicate keys fail with --fail-on warning", input: lines(`{"type":"control_cancel_request","request_id":"a","request_id":"b"}`, okLine),
			args: []string{"--fail-on", "warning"}, want: []want{{"input/duplicate-key", 1}}, code: 1},
		{name: "missing type", input: lines(`{"subtype":"init"}`, badLine), want: []want{{"variant/missing-type", 1}, laterFinding(2)}, code: 1},
		{name: "type not a string", input: lines(`{"type":7}`, badLine), want: []want{{"variant/missing-type", 1}, laterFinding(2)}, code: 1},
		{name: "unknown type is a warning", input: lines(`{"type":"hologram"}`, okLine), want: []want{{"variant/unknown-type", 1}}, code: 0},
		{name: "unknown type with --strict", input: lines(`{"type":"hologram"}`, badLine), args: []string{"--strict"},
			want: []want{{"variant/unknown-type", 1}, laterFinding(2)}, code: 1},
		{name: "unknown subtype", input: lines(`{"type":"system","subtype":"hologram","uuid":"u","session_id":"s"}`, badLine),
			want: []want{{"variant/unknown-subtype", 1}, laterFinding(2)}, code: 1},
		{name: "missing subtype", input: lines(`{"type":"result"}`, badLine), want: []want{{"variant/missing-subtype", 1}, laterFinding(2)}, code: 1},
		{name: "unknown content block", input: lines(`{"type":"user","message":{"role":"user","content":[{"type":"hologram"}]},"parent_tool_use_id":null}`, okLine),
			want: []want{{"variant/unknown-kind", 1}}, code: 0},
		{name: "wrong direction", input: lines(`{"type":"control_request","request_id":"r","request":{"subtype":"interrupt"}}`, okLine, `{"type":"control_request","request_id":"r","request":{"subtype":"can_use_tool","tool_name":"Bash","input":{},"tool_use_id":"t"}}`),
			want: []want{{"variant/wrong-direction", 3}}, code: 1, reason: "the first line shows the SDK wrote the input; can_use_tool comes from the CLI"},
		{name: "strict profile: unknown member", input: lines(`{"type":"keep_alive","zz":1}`, badLine), args: []string{"--profile", "strict"},
			want: []want{{"schema/unknown-property", 1}, laterFinding(2)}, code: 1},
		{name: "empty file", input: []byte{}, want: []want{{"input/empty", 0}}, code: 0},
		{name: "only blank lines", input: []byte("\n  \r\n\t\n\n"), want: []want{{"input/empty", 0}}, code: 0,
			reason: "no message to check is not a clean transcript"},
		{name: "number past float64", input: lines(`{"type":"result","subtype":"success","duration_ms":1,"duration_api_ms":1,"is_error":false,"num_turns":1,"result":"","total_cost_usd":1E400,"usage":{"input_tokens":1,"output_tokens":1},"modelUsage":{},"permission_denials":[],"stop_reason":null,"uuid":"u","session_id":"s"}`, okLine),
			want: []want{{"schema/number-range", 1}}, code: 1, reason: "protocol.Decode rejects 1E400 in a float64"},
		{name: "blank lines, CRLF, BOM, no final newline", input: []byte("\xef\xbb\xbf" + okLine + "\r\n\r\n  \n" + okLine), want: nil, code: 0},
		{name: "BOM on a later line", input: lines(okLine, "\xef\xbb\xbf"+okLine, badLine),
			want: []want{{"input/stray-bom", 2}, laterFinding(3)}, code: 1, reason: "a BOM is dropped from line 1 only"},
		{name: "missing file", input: nil, want: []want{{"input/io-error", 0}}, code: 2},
		{name: "zstd data", input: []byte{0x28, 0xb5, 0x2f, 0xfd, 0x24, 0x05, '\n', 0xff, '\n', 0x00, '\n', 1}, want: []want{{"input/io-error", 0}}, code: 2,
			reason: "one finding that says how to decompress it, not one per line of noise"},
		{name: "bzip2 data", input: []byte("BZh91AY&SY\n\x01\n\x02\n"), want: []want{{"input/io-error", 0}}, code: 2},
		{name: "corrupt gzip", input: []byte{0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff, 1, 2, 3}, want: []want{{"input/io-error", 1}}, code: 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "in.jsonl")
			if tt.input != nil {
				if err := os.WriteFile(path, tt.input, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			report, code := runJSON(t, nil, append(append([]string{"validate", "--format", "json"}, tt.args...), path)...)
			if code != tt.code {
				t.Errorf("exit code = %d, want %d (%s)", code, tt.code, tt.reason)
			}
			if diff := cmp.Diff(tt.want, wants(report.Findings)); diff != "" {
				t.Errorf("validate %s mismatch (-want +got): %s\n%s", tt.name, tt.reason, diff)
			}
		})
	}
}

// TestValidateHugeLine: a 100 MB line is reported and skipped without being
// kept, and the line after it is checked.
func TestValidateHugeLine(t *testing.T) {
	if testing.Short() {
		t.Skip("reads 100 MB")
	}
	huge := io.MultiReader(strings.NewReader(`{"type":"keep_alive","pad":"`), &repeatReader{b: 'x', n: 100 << 20}, strings.NewReader("\"}\n"+badLine+"\n"))
	report, code := runJSON(t, huge, "validate", "--format", "json", "-")
	if code != 1 {
		t.Errorf("exit code = %d, want 1", code)
	}
	if diff := cmp.Diff([]want{{"input/line-too-long", 1}, laterFinding(2)}, wants(report.Findings)); diff != "" {
		t.Errorf("mismatch (-want +got):\n%s", diff)
	}
}

// TestValidateDirectoryAndGzip: a directory is walked for transcripts,
// gzip ones included, in name order; one without any is an I/O failure.
func TestValidateDirectoryAndGzip(t *testing.T) {
	dir := t.TempDir()
	write(t, filepath.Join(dir, "a.jsonl"), lines(okLine, badLine))
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write(lines(badLine))
	zw.Close()
	write(t, filepath.Join(dir, "sub", "b.jsonl.gz"), gz.Bytes())
	write(t, filepath.Join(dir, "notes.txt"), []byte("not a transcript"))
	empty := t.TempDir()

	report, code := runJSON(t, nil, "validate", "--format", "json", dir)
	if code != 1 || report.Summary.Files != 2 {
		t.Errorf("exit code %d, files %d; want 1 and 2", code, report.Summary.Files)
	}
	var files []string
	for _, f := range report.Findings {
		files = append(files, filepath.Base(f.File))
	}
	if diff := cmp.Diff([]string{"a.jsonl", "b.jsonl.gz"}, slices.Compact(files)); diff != "" {
		t.Errorf("files mismatch (-want +got):\n%s", diff)
	}
	report, code = runJSON(t, nil, "validate", "--format", "json", empty, filepath.Join(dir, "a.jsonl"))
	if code != 2 {
		t.Errorf("exit code = %d, want 2 for a directory without transcripts", code)
	}
	if diff := cmp.Diff([]want{{"input/io-error", 0}, laterFinding(2)}, wants(report.Findings)); diff != "" {
		t.Errorf("mismatch (-want +got):\n%s", diff)
	}
}

// TestValidateEscapesTerminalSequences: what the transcript controls (a
// member name, a value, the file's name) never reaches the terminal raw in
// any format: no C0 or C1 control, DEL or bidirectional override. The JSON
// report writes them as \u escapes, so decoding gives them back exactly.
func TestValidateEscapesTerminalSequences(t *testing.T) {
	const evil = "\x1b[31m\u009b2J\u202e\x7f\a"
	name := "evil" + evil + ".jsonl"
	path := filepath.Join(t.TempDir(), name)
	quoted, _ := json.Marshal(evil) // a JSON string: C0 escaped by encoding/json, the rest raw
	q := string(quoted[1 : len(quoted)-1])
	write(t, path, lines(
		`{"type":"keep_alive","`+q+`":1}`, // a member name
		`{"type":"user","message":{"role":"`+q+`","content":"x"},"parent_tool_use_id":null,"session_id":"s"}`, // a value
	))
	isRaw := func(r rune) bool { return r < 0x20 && r != '\n' || r >= 0x7f && r <= 0x9f || r == 0x202e }
	for _, format := range []string{"text", "json"} {
		var out, errb bytes.Buffer
		code := run(context.Background(), []string{"validate", "--show-unknown", "--format", format, path}, nil, &out, &errb)
		if code != 1 {
			t.Errorf("%s: exit code = %d, want 1", format, code)
		}
		if i := strings.IndexFunc(out.String(), isRaw); i >= 0 {
			t.Errorf("%s output holds a raw control or bidi character at byte %d: %q", format, i, out.String())
		}
		if format != "json" {
			continue
		}
		var report validate.JSONReport
		if err := json.Unmarshal(out.Bytes(), &report); err != nil {
			t.Fatalf("json output does not decode: %v", err)
		}
		var member, value bool
		for _, f := range report.Findings {
			if f.File != path {
				t.Errorf("file name %q decoded, want %q", f.File, path)
			}
			member = member || f.Rule == "schema/unknown-property" && f.Pointer == "/"+evil && strings.Contains(f.Message, "`"+evil+"`")
			value = value || f.Pointer == "/message/role" && strings.Contains(f.Message, string(quoted)) // quoted as JSON
		}
		if !member || !value {
			t.Errorf("the member name (%v) or the value (%v) did not decode exactly: %+v", member, value, report.Findings)
		}
	}
}

// TestMemberNamesOneWay: a member's name reads the same in the tolerant
// profile (found by the scanner) and the strict one (by the full
// validator): unescaped, not as a JSON Pointer token.
func TestMemberNamesOneWay(t *testing.T) {
	path := filepath.Join(t.TempDir(), "in.jsonl")
	write(t, path, lines(`{"type":"keep_alive","a/b":1,"":2,"c~d":3}`))
	messages := func(args ...string) map[string]string {
		report, _ := runJSON(t, nil, append(append([]string{"validate", "--format", "json", "--show-unknown"}, args...), path)...)
		out := map[string]string{}
		for _, f := range report.Findings {
			out[f.Pointer] = f.Message
		}
		return out
	}
	tolerant, strict := messages(), messages("--profile", "strict")
	if len(tolerant) != 3 {
		t.Fatalf("tolerant: %d findings, want 3: %v", len(tolerant), tolerant)
	}
	if diff := cmp.Diff(tolerant, strict); diff != "" {
		t.Errorf("messages by pointer, tolerant vs strict mismatch (-tolerant +strict):\n%s", diff)
	}
}

func TestValidateUsage(t *testing.T) {
	for _, args := range [][]string{
		{"validate"},
		{"validate", "--format", "xml", "x"},
		{"validate", "--profile", "lax", "x"},
		{"validate", "--direction", "up", "x"},
		{"validate", "--fail-on", "info", "x"},
		{"validate", "--no-such-flag", "x"},
	} {
		var out, errb bytes.Buffer
		if code := run(context.Background(), args, nil, &out, &errb); code != 2 {
			t.Errorf("%v: exit code %d, want 2; stderr %s", args, code, errb.String())
		}
		if !strings.Contains(errb.String(), "protocheck:") {
			t.Errorf("%v: no error message on stderr", args)
		}
	}
}

// runJSON runs protocheck and parses its JSON report. A validate run that
// names no --cli-version gets --cli-version 2.1.330: the inputs of these
// tests are single lines, not transcripts with a system/init, and their
// cases are not about choosing a version (TestValidateVersions is).
func runJSON(t *testing.T, stdin io.Reader, args ...string) (validate.JSONReport, int) {
	t.Helper()
	if len(args) > 0 && args[0] == "validate" && !slices.Contains(args, "--cli-version") {
		args = append([]string{"validate", "--cli-version", "2.1.330"}, args[1:]...)
	}
	var out, errb bytes.Buffer
	code := run(context.Background(), args, stdin, &out, &errb)
	var report validate.JSONReport
	if err := json.Unmarshal(out.Bytes(), &report); err != nil {
		t.Fatalf("output is not a JSON report: %v\n%s\nstderr: %s", err, out.String(), errb.String())
	}
	return report, code
}

func wants(fs []validate.Finding) []want {
	var out []want
	for _, f := range fs {
		out = append(out, want{f.Rule, f.Line})
	}
	return slices.CompactFunc(out, func(a, b want) bool { return a == b })
}

func lines(ls ...string) []byte { return []byte(strings.Join(ls, "\n") + "\n") }

func write(t *testing.T, path string, data []byte) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// repeatReader yields n copies of one byte.
type repeatReader struct {
	b byte
	n int
}

func (r *repeatReader) Read(p []byte) (int, error) {
	if r.n == 0 {
		return 0, io.EOF
	}
	k := min(len(p), r.n)
	for i := range k {
		p[i] = r.b
	}
	r.n -= k
	return k, nil
}

// TestValidateCaps: --max-findings-per-line and --max-findings cap what is
// printed; what they leave out is counted, by severity, and still fails the
// run.
func TestValidateCaps(t *testing.T) {
	blocks := `{"type":"user","message":{"role":"user","content":[` + strings.TrimSuffix(strings.Repeat(`{"type":"text"},`, 30), ",") + `]},"parent_tool_use_id":null}`
	tests := []struct {
		name                     string
		input                    []byte
		args                     []string
		findings, errors, omited int
		code                     int
		reason                   string
	}{
		{name: "no cap", input: lines(blocks, blocks, blocks), args: []string{"--max-findings-per-line", "0", "--max-findings", "0"},
			findings: 93, errors: 93, code: 1, reason: "30 blocks without text and a missing member a line"},
		{name: "per line", input: lines(blocks, blocks, blocks), args: []string{"--max-findings-per-line", "10"},
			findings: 30, errors: 93, omited: 63, code: 1},
		{name: "per run", input: lines(blocks, blocks, blocks), args: []string{"--max-findings", "15"},
			findings: 15, errors: 93, omited: 78, code: 1},
		{name: "an error left out still fails", input: lines(`{"type":"control_cancel_request","a":1,"a":2,"request_id":5}`), args: []string{"--max-findings-per-line", "1"},
			findings: 1, errors: 1, omited: 1, code: 1, reason: "the line's warning is shown, its error only counted"},
		{name: "default", input: lines(strings.Replace(blocks, strings.Repeat(`{"type":"text"},`, 29), strings.Repeat(`{"type":"text"},`, 1500), 1)),
			findings: 1000, errors: 1502, omited: 502, code: 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "in.jsonl")
			write(t, path, tt.input)
			report, code := runJSON(t, nil, append(append([]string{"validate", "--format", "json"}, tt.args...), path)...)
			got := []int{len(report.Findings), report.Summary.Errors, report.Summary.Omitted, code}
			if diff := cmp.Diff([]int{tt.findings, tt.errors, tt.omited, tt.code}, got); diff != "" {
				t.Errorf("findings, errors, omitted, exit code mismatch (-want +got): %s\n%s", tt.reason, diff)
			}
		})
	}
}

// TestValidateBounds: -j and --max-depth have bounds, and the deepest
// nesting allowed is checked without exhausting the stack.
func TestValidateBounds(t *testing.T) {
	path := filepath.Join(t.TempDir(), "in.jsonl")
	write(t, path, lines(okLine))
	for _, args := range [][]string{
		{"-j", "257"}, {"-j", "1000000"}, {"--max-depth", "100001"}, {"--max-depth", "100000000"},
		{"--max-findings", "-1"}, {"--max-findings-per-line", "-1"},
	} {
		var out, errb bytes.Buffer
		if code := run(context.Background(), append(append([]string{"validate"}, args...), path), nil, &out, &errb); code != 2 || !strings.Contains(errb.String(), " "+args[1]+": want ") {
			t.Errorf("%v: exit code %d, stderr %q; want 2 and the bound", args, code, errb.String())
		}
	}
	deep := `{"type":"keep_alive","x":` + strings.Repeat("[", 2<<20) + "\n" + badLine + "\n"
	report, code := runJSON(t, strings.NewReader(deep), "validate", "--format", "json", "-j", "256", "--max-depth", "100000", "-")
	if diff := cmp.Diff([]want{{"input/too-deep", 1}, laterFinding(2)}, wants(report.Findings)); diff != "" || code != 1 {
		t.Errorf("2 MiB of [ at --max-depth 100000: exit code %d, mismatch (-want +got):\n%s", code, diff)
	}
}

// TestValidateWriteError: a write error stops the run at once, with exit
// code 2, rather than reading the rest of the input.
func TestValidateWriteError(t *testing.T) {
	const total = 64 << 20
	in := &countingReader{r: &repeatLineReader{line: []byte(badLine + "\n"), n: total}}
	var errb bytes.Buffer
	code := run(context.Background(), []string{"validate", "-"}, in, &failingWriter{room: 100 << 10}, &errb)
	if code != 2 || !strings.Contains(errb.String(), "writing the report") {
		t.Errorf("exit code %d, stderr %q; want 2 and the write error", code, errb.String())
	}
	if in.n > total/4 {
		t.Errorf("read %d of %d bytes after the write error", in.n, total)
	}
}

// TestValidateLivePipe: on a pipe, a line's findings are printed as soon as
// the line is checked, not when a batch fills or the input ends.
func TestValidateLivePipe(t *testing.T) {
	pr, pw := io.Pipe()
	out := &notifyWriter{seen: make(chan struct{})}
	done := make(chan int)
	go func() {
		var errb bytes.Buffer
		done <- run(context.Background(), []string{"validate", "-"}, pr, out, &errb)
	}()
	if _, err := pw.Write([]byte(okLine + "\n" + badLine + "\n")); err != nil {
		t.Fatal(err)
	}
	select {
	case <-out.seen:
	case <-time.After(hangBound): // a run that waits for the input's end never prints it
		t.Errorf("no finding printed %v after the line was written", hangBound)
	}
	pw.Close()
	if code := <-done; code != 1 {
		t.Errorf("exit code %d, want 1", code)
	}
}

// notifyWriter closes seen once a finding of badLine (line 2) is written.
type notifyWriter struct {
	mu   sync.Mutex
	buf  bytes.Buffer
	seen chan struct{}
}

func (w *notifyWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	had := strings.Contains(w.buf.String(), "-:2:")
	w.buf.Write(p)
	if !had && strings.Contains(w.buf.String(), "-:2:") {
		close(w.seen)
	}
	return len(p), nil
}

// failingWriter takes room bytes, then fails as a full disk does.
type failingWriter struct{ room int }

func (w *failingWriter) Write(p []byte) (int, error) {
	if len(p) > w.room {
		n := w.room
		w.room = 0
		return n, syscall.ENOSPC
	}
	w.room -= len(p)
	return len(p), nil
}

// countingReader counts the bytes read through it.
type countingReader struct {
	r io.Reader
	n int
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += n
	return n, err
}

// repeatLineReader yields a line over and over, n bytes in all.
type repeatLineReader struct {
	line []byte
	n    int
	off  int
}

func (r *repeatLineReader) Read(p []byte) (int, error) {
	if r.n <= 0 {
		return 0, io.EOF
	}
	k := 0
	for k < len(p) && r.n > 0 {
		c := copy(p[k:min(len(p), k+r.n)], r.line[r.off:])
		k += c
		r.n -= c
		r.off = (r.off + c) % len(r.line)
	}
	return k, nil
}
