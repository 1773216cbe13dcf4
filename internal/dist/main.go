package main

import (
	"archive/tar"
	"archive/zip"
	"bufio"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Platforms are the release targets, as GOOS/GOARCH.
var Platforms = []string{
	"linux/amd64", "linux/arm64",
	"darwin/amd64", "darwin/arm64",
	"windows/amd64", "windows/arm64",
}

// versionVar is the variable the version is linked into, as `make build` does.
const versionVar = "github.com/protocheck/protocheck/internal/cli.version"

// SumsFile is the name of the checksums file.
const SumsFile = "SHA256SUMS"

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintf(os.Stderr, "dist: %v\n", err)
		os.Exit(1)
	}
}

func run(args []string) error {
	fs := flag.NewFlagSet("dist", flag.ContinueOnError)
	version := fs.String("version", "", "the version linked into the binaries and named in the archives (required)")
	out := fs.String("out", "dist", "the folder to write (emptied first)")
	platforms := fs.String("platforms", strings.Join(Platforms, ","), "comma-separated GOOS/GOARCH targets")
	date := fs.String("date", "", "the time stamp of the archives' entries, as Unix seconds (default $SOURCE_DATE_EPOCH, else the last commit's time)")
	verify := fs.String("verify", "", "only check the archives of this folder against its "+SumsFile)
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *verify != "" {
		n, err := Verify(*verify)
		if err != nil {
			return err
		}
		fmt.Printf("%s: %d archives match %s\n", *verify, n, SumsFile)
		return nil
	}
	if *version == "" {
		return errors.New("-version is required")
	}
	mtime, err := stamp(*date)
	if err != nil {
		return err
	}
	return Build(Config{
		Version:   *version,
		Out:       *out,
		Platforms: strings.Split(*platforms, ","),
		Time:      mtime,
		Log:       os.Stdout,
	})
}

// stamp returns the time the archives' entries carry.
func stamp(flagValue string) (time.Time, error) {
	s := flagValue
	if s == "" {
		s = os.Getenv("SOURCE_DATE_EPOCH")
	}
	if s == "" {
		b, err := exec.Command("git", "log", "-1", "--format=%ct").Output()
		if err != nil {
			return time.Time{}, fmt.Errorf("no -date or SOURCE_DATE_EPOCH, and git log failed: %v", err)
		}
		s = strings.TrimSpace(string(b))
	}
	sec, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		return time.Time{}, fmt.Errorf("time stamp %q: want Unix seconds", s)
	}
	return time.Unix(sec, 0).UTC(), nil
}

// Config is one dist run.
type Config struct {
	// Version is linked into the binaries and names the archives.
	Version string
	// Out is the folder written; it is emptied first.
	Out string
	// Platforms are the GOOS/GOARCH targets.
	Platforms []string
	// Time dates every archive entry.
	Time time.Time
	// Log receives one line per archive written.
	Log io.Writer
	// Go is the go command; "" means "go".
	Go string
}

// ArchiveName is the file name of the archive for one platform.
func ArchiveName(version, goos, goarch string) string {
	ext := ".tar.gz"
	if goos == "windows" {
		ext = ".zip"
	}
	return "protocheck_" + version + "_" + goos + "_" + goarch + ext
}

// Build writes the archives and the checksums file.
func Build(c Config) error {
	if c.Go == "" {
		c.Go = "go"
	}
	if strings.ContainsAny(c.Version, "/\\ \t\n") {
		return fmt.Errorf("version %q: no slashes or spaces", c.Version)
	}
	if err := os.RemoveAll(c.Out); err != nil {
		return err
	}
	if err := os.MkdirAll(c.Out, 0o755); err != nil {
		return err
	}
	readme, err := os.ReadFile("README.md")
	if err != nil {
		return fmt.Errorf("run from the repository's root: %w", err)
	}
	tmp, err := os.MkdirTemp("", "protocheck-dist-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)

	var sums []string
	for _, p := range c.Platforms {
		goos, goarch, ok := strings.Cut(strings.TrimSpace(p), "/")
		if !ok || goos == "" || goarch == "" {
			return fmt.Errorf("platform %q: want GOOS/GOARCH", p)
		}
		exe := "protocheck"
		if goos == "windows" {
			exe += ".exe"
		}
		bin := filepath.Join(tmp, goos+"_"+goarch, exe)
		cmd := exec.Command(c.Go, "build", "-trimpath", "-ldflags", "-s -w -X "+versionVar+"="+c.Version, "-o", bin, "./cmd/protocheck")
		cmd.Env = append(os.Environ(), "CGO_ENABLED=0", "GOOS="+goos, "GOARCH="+goarch)
		cmd.Stderr = os.Stderr
		if err := cmd.Run(); err != nil {
			return fmt.Errorf("go build for %s: %w", p, err)
		}
		binData, err := os.ReadFile(bin)
		if err != nil {
			return err
		}
		name := ArchiveName(c.Version, goos, goarch)
		dir := strings.TrimSuffix(strings.TrimSuffix(name, ".zip"), ".tar.gz")
		files := []file{{dir + "/" + exe, binData, 0o755}, {dir + "/README.md", readme, 0o644}}
		var buf bytes.Buffer
		if goos == "windows" {
			err = writeZip(&buf, files, c.Time)
		} else {
			err = writeTarGz(&buf, files, c.Time)
		}
		if err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(c.Out, name), buf.Bytes(), 0o644); err != nil {
			return err
		}
		sum := sha256.Sum256(buf.Bytes())
		sums = append(sums, hex.EncodeToString(sum[:])+"  "+name+"\n")
		if c.Log != nil {
			fmt.Fprintf(c.Log, "%s  %d bytes\n", filepath.Join(c.Out, name), buf.Len())
		}
	}
	slices.Sort(sums)
	return os.WriteFile(filepath.Join(c.Out, SumsFile), []byte(strings.Join(sums, "")), 0o644)
}

type file struct {
	name string
	data []byte
	mode int64
}

func writeTarGz(w io.Writer, files []file, mtime time.Time) error {
	zw, err := gzip.NewWriterLevel(w, gzip.BestCompression)
	if err != nil {
		return err
	}
	tw := tar.NewWriter(zw)
	for _, f := range files {
		hdr := &tar.Header{Name: f.name, Mode: f.mode, Size: int64(len(f.data)), ModTime: mtime,
			Typeflag: tar.TypeReg, Uname: "root", Gname: "root", Format: tar.FormatPAX}
		if err := tw.WriteHeader(hdr); err != nil {
			return err
		}
		if _, err := tw.Write(f.data); err != nil {
			return err
		}
	}
	if err := tw.Close(); err != nil {
		return err
	}
	return zw.Close()
}

func writeZip(w io.Writer, files []file, mtime time.Time) error {
	zw := zip.NewWriter(w)
	for _, f := range files {
		hdr := &zip.FileHeader{Name: f.name, Method: zip.Deflate, Modified: mtime}
		hdr.SetMode(os.FileMode(f.mode))
		fw, err := zw.CreateHeader(hdr)
		if err != nil {
			return err
		}
		if _, err := fw.Write(f.data); err != nil {
			return err
		}
	}
	return zw.Close()
}

// Verify checks every archive of dir against dir/SHA256SUMS: each listed
// file must exist with its sum, and each archive in dir must be listed. It
// returns the number of archives checked.
func Verify(dir string) (int, error) {
	f, err := os.Open(filepath.Join(dir, SumsFile))
	if err != nil {
		return 0, err
	}
	defer f.Close()
	listed := map[string]bool{}
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		sum, name, ok := strings.Cut(sc.Text(), "  ")
		if !ok || len(sum) != 64 || name == "" || strings.ContainsAny(name, "/\\") {
			return 0, fmt.Errorf("%s:%d: want \"<sha256>  <file name>\"", SumsFile, n)
		}
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			return 0, fmt.Errorf("%s:%d: %w", SumsFile, n, err)
		}
		got := sha256.Sum256(data)
		if hex.EncodeToString(got[:]) != sum {
			return 0, fmt.Errorf("%s:%d: %s: checksum mismatch", SumsFile, n, name)
		}
		listed[name] = true
	}
	if err := sc.Err(); err != nil {
		return 0, err
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return 0, err
	}
	for _, e := range entries {
		if n := e.Name(); n != SumsFile && !listed[n] {
			return 0, fmt.Errorf("%s is not listed in %s", n, SumsFile)
		}
	}
	if len(listed) == 0 {
		return 0, fmt.Errorf("%s lists no archives", SumsFile)
	}
	return len(listed), nil
}
