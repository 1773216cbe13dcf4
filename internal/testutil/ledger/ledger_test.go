package ledger

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// recorder is a testing.TB that keeps what would fail the test.
type recorder struct {
	testing.TB
	failures []string
}

func (r *recorder) Helper() {}
func (r *recorder) Errorf(format string, args ...any) {
	r.failures = append(r.failures, fmt.Sprintf(format, args...))
}
func (r *recorder) Fatalf(format string, args ...any) {
	r.Errorf(format, args...)
	runtime.Goexit()
}
func (r *recorder) Fatal(args ...any) {
	r.Errorf("%s", fmt.Sprint(args...))
	runtime.Goexit()
}

// run calls Check in its own goroutine, so that Fatalf can end it.
func run(t *testing.T, l File, got []string) []string {
	r := &recorder{TB: t}
	done := make(chan struct{})
	go func() {
		defer close(done)
		l.Check(r, got)
	}()
	<-done
	return r.failures
}

func TestCheck(t *testing.T) {
	ledger := "# a comment\na:1 x  # reason one\na:2 y  # reason two\n"
	tests := []struct {
		name   string
		file   string
		got    []string
		failOn []string // an entry each failure must name, in order
	}{
		{name: "all listed", file: ledger, got: []string{"a:1 x", "a:2 y", "a:1 x"}},
		{name: "a new entry", file: ledger, got: []string{"a:1 x", "a:2 y", "b:9 z"}, failOn: []string{"b:9 z"}},
		{name: "a listed entry no longer found", file: ledger, got: []string{"a:2 y"}, failOn: []string{"a:1 x"}},
		{name: "an entry without a reason", file: "a:1 x\n", got: []string{"a:1 x"}, failOn: []string{"a:1 x"}},
		{name: "a TODO reason", file: "a:1 x  # TODO: say why\n", got: []string{"a:1 x"}, failOn: []string{"a:1 x"}},
		{name: "no ledger file", got: []string{"a:1 x"}, failOn: []string{"no such file"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "x.ledger")
			if tt.file != "" {
				if err := os.WriteFile(path, []byte(tt.file), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			failures := run(t, File{Path: path}, tt.got)
			if len(failures) != len(tt.failOn) {
				t.Fatalf("Check failed %d times, want %d: %q", len(failures), len(tt.failOn), failures)
			}
			for i, want := range tt.failOn {
				if !strings.Contains(failures[i], want) {
					t.Errorf("failure %d = %q, want it to name %q", i, failures[i], want)
				}
			}
		})
	}
}

func TestUpdate(t *testing.T) {
	path := filepath.Join(t.TempDir(), "x.ledger")
	if err := os.WriteFile(path, []byte("a:2 y  # kept reason\na:9 gone  # stale\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	l := File{Path: path, Header: []string{"what it lists"}}
	*update = true
	defer func() { *update, *force = false, false }()

	// A new entry is refused without -force, and the file is left alone.
	if failures := run(t, l, []string{"b:1 x", "a:2 y"}); len(failures) != 1 || !strings.Contains(failures[0], "b:1 x") {
		t.Fatalf("update with a new entry and no -force: failures %q, want one naming it", failures)
	}
	*force = true
	if failures := run(t, l, []string{"b:1 x", "a:2 y", "b:1 x"}); len(failures) != 0 {
		t.Fatalf("update with -force: %q", failures)
	}
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	// In the order found, the old reason kept, the stale entry dropped, the
	// new one waiting for a reason.
	want := "# what it lists\nb:1 x  # TODO: say why\na:2 y  # kept reason\n"
	if string(got) != want {
		t.Errorf("rewritten ledger:\n%s\nwant:\n%s", got, want)
	}
}
