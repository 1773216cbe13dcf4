package matrix

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/protocheck/protocheck/internal/usage"
	"github.com/protocheck/protocheck/validate"
)

// TestLedgerFilesPolicy: an update refuses new divergences without force
// (a *usage.Error, nothing written) and records them with it; a check
// then holds, fails on stale counts, and on inputs of one's own judges
// only the divergences the ledger lacks.
func TestLedgerFilesPolicy(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "t.jsonl")
	if err := os.WriteFile(file, []byte(`{"type":"system","subtype":"thinking_tokens","estimated_tokens":5,"estimated_tokens_delta":5,"uuid":"00000000-0000-4000-8000-000000000001","session_id":"s"}`+"\n"+`{"type":"keep_alive"}`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	all, err := BuiltinDialects()
	if err != nil {
		t.Fatal(err)
	}
	ds, err := SelectDialects(all, []string{"spec02"})
	if err != nil {
		t.Fatal(err)
	}
	m, err := RunMatrix(context.Background(), []validate.Input{{Name: file, Open: func() (io.ReadCloser, error) { return os.Open(file) }}}, ds, MatrixOptions{})
	if err != nil {
		t.Fatal(err)
	}
	files := LedgerFiles{Ledger: filepath.Join(dir, "ledger.txt"), Stats: filepath.Join(dir, "stats.txt")}
	var log bytes.Buffer
	err = files.Update(&log, m, false)
	if _, ok := errors.AsType[*usage.Error](err); !ok || !strings.Contains(err.Error(), "record them with --update --force") {
		t.Fatalf("Update without force = %v, want a *usage.Error", err)
	}
	if _, err := os.Stat(files.Ledger); !os.IsNotExist(err) || !strings.Contains(log.String(), "new divergence: spec02 ") {
		t.Errorf("Update without force wrote the ledger (%v) or did not say why:\n%s", err, log.String())
	}
	if err := files.Update(&log, m, true); err != nil {
		t.Fatal(err)
	}
	for _, own := range []bool{false, true} {
		log.Reset()
		if held, err := files.Check(&log, m, own); err != nil || !held {
			t.Errorf("Check(own inputs %v) after the update = %v, %v:\n%s", own, held, err, log.String())
		}
	}
	if err := os.WriteFile(files.Stats, []byte(StatsHeader+"spec02 1/2\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	log.Reset()
	if held, err := files.Check(&log, m, false); err != nil || held || !strings.Contains(log.String(), "the counts changed") {
		t.Errorf("Check with stale stats = %v, %v:\n%s", held, err, log.String())
	}
	log.Reset()
	if held, err := files.Check(&log, m, true); err != nil || !held {
		t.Errorf("Check of own inputs with stale stats = %v, %v, want held (the stats describe the captures)", held, err)
	}
}
