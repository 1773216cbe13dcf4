package atomicfile

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// errNoSpace stands for the error a full filesystem gives.
var errNoSpace = errors.New("no space left on device")

// failAfter lets n bytes through, then fails as a full disk does.
type failAfter struct {
	w io.Writer
	n int
}

func (f *failAfter) Write(p []byte) (int, error) {
	if len(p) <= f.n {
		f.n -= len(p)
		return f.w.Write(p)
	}
	k, _ := f.w.Write(p[:f.n])
	f.n = 0
	return k, errNoSpace
}

// TestWriteFailureLeavesOriginal injects a write error after N bytes (as a
// full disk does halfway through a file) and checks that the original file
// is intact and that no temporary file is left beside it.
func TestWriteFailureLeavesOriginal(t *testing.T) {
	original := strings.Repeat("original line\n", 100)
	newData := []byte(strings.Repeat("new, longer line!\n", 200))
	tests := []struct {
		name    string
		failAt  int // bytes written before the disk is full; -1: never
		fillErr error
		wantErr error
	}{
		{name: "fails at once", failAt: 0, wantErr: errNoSpace},
		{name: "fails mid-file", failAt: 1000, wantErr: errNoSpace},
		{name: "fails one byte short", failAt: len(newData) - 1, wantErr: errNoSpace},
		{name: "the producer fails", failAt: -1, fillErr: io.ErrUnexpectedEOF, wantErr: io.ErrUnexpectedEOF},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "golden.jsonl")
			if err := os.WriteFile(path, []byte(original), 0o600); err != nil {
				t.Fatal(err)
			}
			if tt.failAt >= 0 {
				testWrap = func(w io.Writer) io.Writer { return &failAfter{w: w, n: tt.failAt} }
				defer func() { testWrap = nil }()
			}
			err := Write(path, 0o644, func(w io.Writer) error {
				// Write in chunks, as a streaming producer does.
				for rest := newData; len(rest) > 0; {
					n := min(len(rest), 512)
					if _, err := w.Write(rest[:n]); err != nil {
						return err
					}
					rest = rest[n:]
				}
				return tt.fillErr
			})
			if !errors.Is(err, tt.wantErr) {
				t.Errorf("Write() error = %v, want %v", err, tt.wantErr)
			}
			got, rerr := os.ReadFile(path)
			if rerr != nil {
				t.Fatal(rerr)
			}
			if string(got) != original {
				t.Errorf("after a failed Write the file has %d bytes, want the original %d", len(got), len(original))
			}
			if diff := cmp.Diff([]string{"golden.jsonl"}, names(t, dir)); diff != "" {
				t.Errorf("folder after a failed Write mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

func TestWriteFileReplacesAndKeepsMode(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "f")
	if err := os.WriteFile(path, []byte("old"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := WriteFile(path, []byte("new"), 0o644); err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(path)
	fi, _ := os.Stat(path)
	if string(got) != "new" || fi.Mode().Perm() != 0o600 {
		t.Errorf("WriteFile over a 0600 file: contents %q mode %v, want \"new\" 0600", got, fi.Mode().Perm())
	}
	fresh := filepath.Join(dir, "g")
	if err := WriteFile(fresh, []byte("x"), 0o640); err != nil {
		t.Fatal(err)
	}
	if fi, _ := os.Stat(fresh); fi.Mode().Perm() != 0o640 {
		t.Errorf("WriteFile of a new file: mode %v, want 0640", fi.Mode().Perm())
	}
	if diff := cmp.Diff([]string{"f", "g"}, names(t, dir)); diff != "" {
		t.Errorf("folder mismatch (-want +got):\n%s", diff)
	}
}

func TestCommitAfterAbortFails(t *testing.T) {
	path := filepath.Join(t.TempDir(), "f")
	f, err := Create(path, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	f.Write([]byte("x"))
	f.Abort()
	if err := f.Commit(); err == nil {
		t.Errorf("Commit after Abort succeeded")
	}
	if _, err := os.Stat(path); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("Abort left %s: %v", path, err)
	}
}

func names(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range entries {
		out = append(out, e.Name())
	}
	return out
}

// TestSymlinkWrittenThrough: a write to a symbolic link lands in the file
// it points to and leaves the link a link (a rename onto the link's name
// would replace it with a regular file); a link to something that is not a
// regular file, or to a stream of this process, is refused and untouched.
func TestSymlinkWrittenThrough(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "sub", "target.json")
	os.MkdirAll(filepath.Dir(target), 0o755)
	os.WriteFile(target, []byte("old"), 0o600)
	cases := []struct {
		name, link, dest string // link -> dest (relative or absolute)
		want             string // the file that must hold the new contents
	}{
		{"relative link", "rel.json", "sub/target.json", target},
		{"absolute link", "abs.json", target, target},
		{"chain", "chain.json", "rel.json", target},
		{"dangling link", "dangling.json", "sub/new.json", filepath.Join(dir, "sub", "new.json")},
	}
	for _, c := range cases {
		link := filepath.Join(dir, c.link)
		if err := os.Symlink(c.dest, link); err != nil {
			t.Fatal(err)
		}
		if err := WriteFile(link, []byte(c.name), 0o644); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
			t.Errorf("%s: %s is no longer a symbolic link (%v)", c.name, link, err)
		}
		if got, _ := os.ReadFile(c.want); string(got) != c.name {
			t.Errorf("%s: %s holds %q, want %q", c.name, c.want, got, c.name)
		}
	}
	if fi, _ := os.Stat(target); fi.Mode().Perm() != 0o600 {
		t.Errorf("the target's permissions became %v, want 0600 kept", fi.Mode().Perm())
	}
	for _, dest := range []string{"/dev/null", "/proc/self/fd/1", "/dev/fd/1", "/dev/stdout"} {
		if _, err := os.Lstat(dest); err != nil {
			continue
		}
		link := filepath.Join(dir, "to-"+filepath.Base(dest))
		os.Symlink(dest, link)
		if err := WriteFile(link, []byte("x"), 0o644); err == nil {
			t.Errorf("a write through a link to %s succeeded, want it refused", dest)
		}
		if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
			t.Errorf("the link to %s was replaced", dest)
		}
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.Contains(e.Name(), ".tmp-") {
			t.Errorf("temporary file %s left behind", e.Name())
		}
	}
}

// TestSkipSyncCommits: a file committed without syncs is in place, whole,
// with its mode, and nothing is left beside it; a write error still fails
// Commit and leaves the original.
func TestSkipSyncCommits(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "rec.jsonl")
	f, err := Create(p, 0o640)
	if err != nil {
		t.Fatal(err)
	}
	f.SkipSync()
	f.Write([]byte("one\n"))
	f.Write([]byte("two\n"))
	if err := f.Commit(); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(p)
	fi, _ := os.Stat(p)
	left, _ := filepath.Glob(filepath.Join(dir, ".*"))
	if err != nil || string(b) != "one\ntwo\n" || fi.Mode().Perm() != 0o640 || len(left) > 0 {
		t.Errorf("read %q, %v, mode %v, left %v", b, err, fi.Mode(), left)
	}
	testWrap = func(w io.Writer) io.Writer { return &failAfter{w: w, n: 2} }
	defer func() { testWrap = nil }()
	f, err = Create(p, 0o640)
	if err != nil {
		t.Fatal(err)
	}
	f.SkipSync()
	f.Write([]byte("three\n"))
	if err := f.Commit(); err == nil {
		t.Error("Commit after a failed write succeeded")
	}
	if b, _ := os.ReadFile(p); string(b) != "one\ntwo\n" {
		t.Errorf("the original became %q", b)
	}
}

// TestDescriptorNamesRefused: a name of a descriptor of this process that
// is open on a regular file (standard output appended to a log, say) is
// refused however it is spelled, and the file is left as it was: a write
// "through" it used to replace the file.
func TestDescriptorNamesRefused(t *testing.T) {
	if _, err := os.Stat("/proc/self/fd"); err != nil {
		t.Skip("no /proc/self/fd here")
	}
	dir := t.TempDir()
	log := filepath.Join(dir, "log")
	os.WriteFile(log, []byte("earlier steps\n"), 0o644)
	f, err := os.OpenFile(log, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	fd := f.Fd()
	os.Symlink("/dev/fd", filepath.Join(dir, "fds"))
	names := []string{
		fmt.Sprintf("/proc/self/fd/%d", fd),
		fmt.Sprintf("/dev/fd/%d", fd),
		fmt.Sprintf("/proc/%d/fd/%d", os.Getpid(), fd),
		fmt.Sprintf("/proc/self/../self/fd/%d", fd),
		fmt.Sprintf("%s/fds/%d", dir, fd),
		"/proc/self/new-file",
	}
	for _, name := range names {
		if err := WriteFile(name, []byte("report\n"), 0o644); err == nil {
			t.Errorf("WriteFile(%s) succeeded, want it refused", name)
		}
	}
	if got, _ := os.ReadFile(log); string(got) != "earlier steps\n" {
		t.Errorf("the log holds %q, want it untouched", got)
	}
}
