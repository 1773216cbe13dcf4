package cli

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// inputsDir makes a folder with one transcript and one API request log.
func inputsDir(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	tr, err := os.ReadFile(filepath.Join("..", "..", "corpus", "captures", "2.1.330", "hello_text.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "hello.jsonl"), tr, 0o644); err != nil {
		t.Fatal(err)
	}
	log := strings.Repeat(`{"method":"POST","url":"/v1/messages","status":200}`+"\n", 100)
	if err := os.WriteFile(filepath.Join(dir, "api.log.jsonl"), []byte(log), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestNotATranscript: a JSON-lines file in which no line is a protocol
// message is one input/not-a-transcript finding, not an error per line;
// --exclude leaves it out.
func TestNotATranscript(t *testing.T) {
	dir := inputsDir(t)
	var out, errb bytes.Buffer
	code := run(context.Background(), []string{"validate", "-q", dir}, nil, &out, &errb)
	if code != 1 || strings.Count(out.String(), "input/not-a-transcript") != 1 || strings.Contains(out.String(), "api.log.jsonl:2:") {
		t.Errorf("validate: exit %d\n%s%s", code, out.String(), errb.String())
	}
	out.Reset()
	errb.Reset()
	code = run(context.Background(), []string{"validate", "-q", "--exclude", "*.log.jsonl", dir}, nil, &out, &errb)
	if code != 0 || strings.Contains(out.String(), "api.log") {
		t.Errorf("validate --exclude: exit %d\n%s%s", code, out.String(), errb.String())
	}
	out.Reset()
	errb.Reset()
	code = run(context.Background(), []string{"corpus", "run", "--dialect", "python", dir}, nil, &out, &errb)
	if code != 0 || strings.Count(errb.String(), "input/not-a-transcript") != 1 || !strings.Contains(out.String(), "3 lines in") {
		t.Errorf("corpus run: exit %d\n%s%s", code, out.String(), errb.String())
	}
}

// TestCheckSelected: --check with --dialect judges that dialect only, and
// on one's own inputs only whether each divergence is known.
func TestCheckSelected(t *testing.T) {
	dir := inputsDir(t)
	ledger := filepath.Join(t.TempDir(), "ledger.txt")
	// A ledger with only another dialect's entry: python's divergences on
	// hello_text are none, so the check holds.
	if err := os.WriteFile(ledger, []byte("rust user rejected schema/type /message/content  # rust reads user content as blocks\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	code := run(context.Background(), []string{"corpus", "run", "--check", "--ledger", ledger, "--dialect", "python", "--exclude", "*.log.jsonl", dir}, nil, &out, &errb)
	if code != 0 || strings.Contains(errb.String(), "rust") {
		t.Errorf("exit %d\n%s", code, errb.String())
	}
}

// TestDriftIgnoreFile: the changes an ignore file names are left out.
func TestDriftIgnoreFile(t *testing.T) {
	ign := filepath.Join(t.TempDir(), "drift.ignore")
	if err := os.WriteFile(ign, []byte("compat/write-refused * **  # known\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	run(context.Background(), []string{"drift", "--from", "wire", "--to", "rust", "--probes", filepath.Join("..", "..", "corpus", "probe", "results")}, nil, &out, &errb)
	if !strings.Contains(out.String(), "compat/write-refused") || !strings.Contains(out.String(), "verified on CLI 2.1.330") {
		t.Fatalf("drift without the ignore file lacks the verified write bugs:\n%s", out.String())
	}
	out.Reset()
	errb.Reset()
	run(context.Background(), []string{"drift", "--from", "wire", "--to", "rust", "--ignore-file", ign}, nil, &out, &errb)
	if strings.Contains(out.String(), "compat/write-refused") || !strings.Contains(errb.String(), "changes left out") {
		t.Errorf("the ignore file left nothing out:\n%s", errb.String())
	}
}
