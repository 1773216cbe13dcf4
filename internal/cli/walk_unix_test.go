//go:build unix

package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"syscall"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/protocheck/protocheck/internal/testutil/optional"
	"github.com/protocheck/protocheck/validate"
)

// TestValidateWalkSkipsFIFO: a named pipe with a transcript's name in a
// walked folder is reported and skipped, never opened (opening it would
// wait for a writer forever); the files beside it are checked.
func TestValidateWalkSkipsFIFO(t *testing.T) {
	dir := t.TempDir()
	write(t, filepath.Join(dir, "a.jsonl"), lines(badLine))
	if err := syscall.Mkfifo(filepath.Join(dir, "b.jsonl"), 0o644); err != nil {
		optional.Skip(t, "no named pipes here: %v", err)
	}
	write(t, filepath.Join(dir, "c", "d.jsonl"), lines(badLine))
	report, code := runWithin(t, hangBound, "validate", "--cli-version", "2.1.330", "--format", "json", dir)
	var got []fileWant
	for _, f := range report.Findings {
		got = append(got, fileWant{filepath.Base(f.File), f.Rule, f.Line})
	}
	want := []fileWant{{"a.jsonl", "schema/type", 1}, {"b.jsonl", "input/not-regular", 0}, {"d.jsonl", "schema/type", 1}}
	if diff := cmp.Diff(want, got); diff != "" || code != 1 || report.Summary.Files != 2 {
		t.Errorf("exit code %d (want 1), %d files (want 2); findings mismatch (-want +got):\n%s", code, report.Summary.Files, diff)
	}
}

// TestValidateWalkUnreadableFolder: a folder the walk cannot read is one
// input/io-error finding, and the files beside it are still checked.
func TestValidateWalkUnreadableFolder(t *testing.T) {
	dir := t.TempDir()
	write(t, filepath.Join(dir, "a.jsonl"), lines(badLine))
	write(t, filepath.Join(dir, "locked", "x.jsonl"), lines(okLine))
	write(t, filepath.Join(dir, "z.jsonl"), lines(badLine))
	locked := filepath.Join(dir, "locked")
	if err := os.Chmod(locked, 0); err != nil {
		t.Fatal(err)
	}
	defer os.Chmod(locked, 0o755)
	if _, err := os.ReadDir(locked); err == nil {
		t.Skip("this user reads folders without permission (root); TestWalkUnreadableFolder covers it")
	}
	report, code := runWithin(t, hangBound, "validate", "--cli-version", "2.1.330", "--format", "json", dir)
	var got []fileWant
	for _, f := range report.Findings {
		got = append(got, fileWant{filepath.Base(f.File), f.Rule, f.Line})
	}
	want := []fileWant{{"a.jsonl", "schema/type", 1}, {"locked", "input/io-error", 0}, {"z.jsonl", "schema/type", 1}}
	if diff := cmp.Diff(want, got); diff != "" || code != 2 {
		t.Errorf("exit code %d (want 2); findings mismatch (-want +got):\n%s", code, diff)
	}
}

type fileWant struct {
	File, Rule string
	Line       int
}

// runWithin runs protocheck and fails the test if it takes longer than d.
func runWithin(t *testing.T, d time.Duration, args ...string) (validate.JSONReport, int) {
	t.Helper()
	type result struct {
		out  []byte
		code int
	}
	done := make(chan result, 1)
	go func() {
		var out, errb bytes.Buffer
		code := run(context.Background(), args, nil, &out, &errb)
		done <- result{out.Bytes(), code}
	}()
	select {
	case r := <-done:
		var report validate.JSONReport
		if err := json.Unmarshal(r.out, &report); err != nil {
			t.Fatalf("output is not a JSON report: %v\n%s", err, r.out)
		}
		return report, r.code
	case <-time.After(d):
		t.Fatalf("protocheck %v still runs after %v", args, d)
	}
	panic("unreachable")
}

// TestValidateNamedNotRegular: a named pipe or a link to /dev/zero named
// on the command line, or matched by a pattern, is an input/not-regular
// finding and is never opened (a pipe would wait for a writer, /dev/zero
// would be read forever); the inputs after it are checked.
func TestValidateNamedNotRegular(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "p.jsonl")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		optional.Skip(t, "no named pipes here: %v", err)
	}
	zero := filepath.Join(dir, "zero.jsonl")
	if err := os.Symlink("/dev/zero", zero); err != nil {
		t.Fatal(err)
	}
	last := filepath.Join(dir, "z.jsonl")
	write(t, last, lines(badLine))
	for _, args := range [][]string{
		{fifo, last},
		{zero, last},
		{filepath.Join(dir, "[pz]*.jsonl")},
	} {
		report, _ := runWithin(t, hangBound, append([]string{"validate", "--cli-version", "2.1.330", "--format", "json"}, args...)...)
		var got []fileWant
		for _, f := range report.Findings {
			got = append(got, fileWant{filepath.Base(f.File), f.Rule, f.Line})
		}
		notRegular := 0
		for _, g := range got {
			if g.Rule == "input/not-regular" {
				notRegular++
			}
		}
		wantNR := 1
		if len(args) == 1 {
			wantNR = 2
		}
		if notRegular != wantNR || !slices.Contains(got, fileWant{"z.jsonl", "schema/type", 1}) {
			t.Errorf("%q: findings %v; want %d input/not-regular and z.jsonl checked", args, got, wantNR)
		}
	}
}
