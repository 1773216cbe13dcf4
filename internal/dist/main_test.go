package main

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/gzip"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

// TestBuildHost builds the archive of the host platform (one target keeps
// the test fast; make dist builds all six), checks that SHA256SUMS matches
// it, that the binary inside reports the linked version, and that Verify
// catches a changed byte and an unlisted archive.
func TestBuildHost(t *testing.T) {
	if testing.Short() {
		t.Skip("builds protocheck")
	}
	out := t.TempDir()
	t.Chdir("../..")
	platform := runtime.GOOS + "/" + runtime.GOARCH
	err := Build(Config{Version: "v0.0.0-test", Out: out, Platforms: []string{platform}, Time: time.Unix(1700000000, 0)})
	if err != nil {
		t.Fatal(err)
	}
	if n, err := Verify(out); err != nil || n != 1 {
		t.Fatalf("Verify = %d, %v; want 1, nil", n, err)
	}
	name := ArchiveName("v0.0.0-test", runtime.GOOS, runtime.GOARCH)
	archive := filepath.Join(out, name)
	files := readArchive(t, archive)
	dir := strings.TrimSuffix(strings.TrimSuffix(name, ".zip"), ".tar.gz")
	exe := dir + "/protocheck"
	if runtime.GOOS == "windows" {
		exe += ".exe"
	}
	if _, ok := files[dir+"/README.md"]; !ok || len(files) != 2 {
		t.Fatalf("archive holds %v, want %s and %s/README.md", keys(files), exe, dir)
	}
	bin := filepath.Join(t.TempDir(), "protocheck")
	if err := os.WriteFile(bin, files[exe], 0o755); err != nil {
		t.Fatal(err)
	}
	got, err := exec.Command(bin, "version").Output()
	if err != nil {
		t.Fatalf("%s version: %v", exe, err)
	}
	if !strings.Contains(string(got), "v0.0.0-test") {
		t.Errorf("%s version printed %q, want the linked v0.0.0-test", exe, got)
	}

	// sha256sum(1) reads the same file, where it exists.
	if _, err := exec.LookPath("sha256sum"); err == nil {
		cmd := exec.Command("sha256sum", "--check", "--strict", SumsFile)
		cmd.Dir = out
		if b, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("sha256sum --check: %v\n%s", err, b)
		}
	}

	data, _ := os.ReadFile(archive)
	data[len(data)/2] ^= 1
	os.WriteFile(archive, data, 0o644)
	if _, err := Verify(out); err == nil || !strings.Contains(err.Error(), "checksum mismatch") {
		t.Errorf("Verify of a changed archive = %v, want a checksum mismatch", err)
	}
	data[len(data)/2] ^= 1
	os.WriteFile(archive, data, 0o644)
	os.WriteFile(filepath.Join(out, "protocheck_extra.tar.gz"), []byte("x"), 0o644)
	if _, err := Verify(out); err == nil || !strings.Contains(err.Error(), "not listed") {
		t.Errorf("Verify with an unlisted archive = %v, want \"not listed\"", err)
	}
}

// TestArchivesReproducible packs the same files twice, in both forms, and
// wants the same bytes, dated as asked and with the executable bit kept.
func TestArchivesReproducible(t *testing.T) {
	files := []file{{"d/protocheck", []byte("binary"), 0o755}, {"d/README.md", []byte("# readme"), 0o644}}
	mtime := time.Unix(1700000000, 0).UTC()
	for _, w := range []struct {
		name  string
		write func(io.Writer, []file, time.Time) error
	}{{"x.tar.gz", writeTarGz}, {"x.zip", writeZip}} {
		var a, b bytes.Buffer
		if err := w.write(&a, files, mtime); err != nil {
			t.Fatal(err)
		}
		w.write(&b, files, mtime)
		if !bytes.Equal(a.Bytes(), b.Bytes()) {
			t.Errorf("%s: two packings differ", w.name)
		}
		path := filepath.Join(t.TempDir(), w.name)
		os.WriteFile(path, a.Bytes(), 0o644)
		got := readArchive(t, path)
		if string(got["d/protocheck"]) != "binary" || string(got["d/README.md"]) != "# readme" {
			t.Errorf("%s holds %v", w.name, keys(got))
		}
	}
	var buf bytes.Buffer
	writeZip(&buf, files, mtime)
	zr, _ := zip.NewReader(bytes.NewReader(buf.Bytes()), int64(buf.Len()))
	if m := zr.File[0].Mode(); m.Perm() != 0o755 || !zr.File[0].Modified.Equal(mtime) {
		t.Errorf("zip entry: mode %v, time %v; want 0755, %v", m, zr.File[0].Modified, mtime)
	}
}

func TestVerifyBadSumsLine(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, SumsFile), []byte("abc  ../etc/passwd\n"), 0o644)
	if _, err := Verify(dir); err == nil || !strings.Contains(err.Error(), SumsFile+":1") {
		t.Errorf("Verify = %v, want an error at %s:1", err, SumsFile)
	}
}

// readArchive returns the regular files of a .tar.gz or .zip by name.
func readArchive(t *testing.T, path string) map[string][]byte {
	t.Helper()
	files := map[string][]byte{}
	if strings.HasSuffix(path, ".zip") {
		zr, err := zip.OpenReader(path)
		if err != nil {
			t.Fatal(err)
		}
		defer zr.Close()
		for _, f := range zr.File {
			rc, _ := f.Open()
			files[f.Name], _ = io.ReadAll(rc)
			rc.Close()
		}
		return files
	}
	fh, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer fh.Close()
	zr, err := gzip.NewReader(fh)
	if err != nil {
		t.Fatal(err)
	}
	tr := tar.NewReader(zr)
	for {
		h, err := tr.Next()
		if err == io.EOF {
			return files
		}
		if err != nil {
			t.Fatal(err)
		}
		if h.Typeflag != tar.TypeReg || h.Uname != "root" {
			t.Errorf("%s: type %c owner %s, want a regular file of root", h.Name, h.Typeflag, h.Uname)
		}
		files[h.Name], _ = io.ReadAll(tr)
	}
}

func keys(m map[string][]byte) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	return ks
}
