package sharedcorpus

import (
	"bufio"
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/protocheck/protocheck/internal/testutil/optional"
)

// Dir returns the shared folder, or skips t when it is absent.
func Dir(t testing.TB) string {
	t.Helper()
	dir := DirIfPresent()
	if dir == "" {
		optional.Skip(t, "shared corpus not found at %s", location())
	}
	return dir
}

// DirIfPresent returns the shared folder, or "" when it is absent. The
// folder is $PROTOCHECK_SHARED when set, else ../shared from the
// repository root.
func DirIfPresent() string {
	dir := location()
	if _, err := os.Stat(filepath.Join(dir, "real-cli-sample")); err != nil {
		return ""
	}
	return dir
}

func location() string {
	if dir := os.Getenv("PROTOCHECK_SHARED"); dir != "" {
		return dir
	}
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..", "..", "..", "shared")
}

// A Line is one line of a transcript.
type Line struct {
	File string // path relative to the shared folder
	N    int    // 1-based line number
	Data []byte
}

// A File is one transcript of the public corpus with its provenance.
type File struct {
	Path       string // relative to the shared folder
	Provenance string // as SOURCES.md states it
	Notes      string
}

// Captured reports whether SOURCES.md marks the file as captured from the CLI.
func (f File) Captured() bool { return strings.HasPrefix(f.Provenance, "captured") }

// RealCLISample returns the files of real-cli-sample, relative to the shared folder.
func RealCLISample(t testing.TB) []string {
	dir := Dir(t)
	files, err := filepath.Glob(filepath.Join(dir, "real-cli-sample", "*.jsonl"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no transcripts in %s/real-cli-sample", dir)
	}
	for i, f := range files {
		files[i], _ = filepath.Rel(dir, f)
	}
	return files
}

// Public returns the data files listed in corpus-public/SOURCES.md.
func Public(t testing.TB) []File {
	dir := Dir(t)
	data, err := os.ReadFile(filepath.Join(dir, "corpus-public", "SOURCES.md"))
	if err != nil {
		t.Fatal(err)
	}
	var out []File
	for line := range strings.SplitSeq(string(data), "\n") {
		cells := strings.Split(line, "|")
		if len(cells) < 7 || !strings.HasPrefix(strings.TrimSpace(cells[1]), "`") {
			continue
		}
		name := strings.Trim(strings.TrimSpace(cells[1]), "`")
		out = append(out, File{
			Path:       filepath.Join("corpus-public", name),
			Provenance: strings.TrimSpace(cells[3]),
			Notes:      strings.TrimSpace(cells[5]),
		})
	}
	if len(out) == 0 {
		t.Fatal("SOURCES.md lists no files")
	}
	return out
}

// Lines returns the non-blank lines of a file relative to the shared folder.
func Lines(t testing.TB, rel string) []Line {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(Dir(t), rel))
	if err != nil {
		t.Fatal(err)
	}
	var out []Line
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 64<<20)
	for n := 1; sc.Scan(); n++ {
		if len(bytes.TrimSpace(sc.Bytes())) == 0 {
			continue
		}
		out = append(out, Line{File: rel, N: n, Data: bytes.Clone(sc.Bytes())})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}
