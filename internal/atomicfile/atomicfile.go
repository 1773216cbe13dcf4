package atomicfile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
)

// A File is the pending new contents of a file. Write to it, then Commit to
// put it in place, or Abort to drop it; Abort after Commit does nothing, so
// `defer f.Abort()` is the way to clean up on every error path.
type File struct {
	path string
	perm fs.FileMode
	tmp  *os.File
	// unnamed says tmp has no name yet (Linux's O_TMPFILE): Commit links
	// it into the folder just before the rename, so that a process killed
	// before (SIGKILL, the OOM killer) leaves nothing behind.
	unnamed bool
	// w is where writes go: tmp, or a wrapper of it that a test installs
	// (see testWrap) to fail as a full disk would.
	w    io.Writer
	mu   sync.Mutex // writes may come from several goroutines
	err  error      // the first write error
	done bool
	// noSync makes Commit leave the syncs out (SkipSync).
	noSync bool
}

// SkipSync makes Commit put the file in place without forcing it to disk
// first: every process sees it whole once Commit returns, but a machine
// that crashes just then may lose it. For a file written on a path that
// someone waits on (tap's record, at the end of a session), where the two
// syncs cost tens of milliseconds on a busy disk.
func (f *File) SkipSync() {
	f.mu.Lock()
	f.noSync = true
	f.mu.Unlock()
}

// testWrap, when set by a test, wraps the writer of every new File.
var testWrap func(io.Writer) io.Writer

// Create starts a new version of the file at path, which gets the
// permissions perm when it does not exist yet and keeps its own when it
// does. The folder must exist.
//
// A path that is a symbolic link is written through: the link stays and
// the file it points to gets the new contents (renamed into place beside
// it). A link to something that is not a regular file, and a link into
// /proc or /dev/fd (such as /dev/stdout, a stream of this process), is
// refused, as is any path that is not a regular file.
//
// On Linux the new contents have no name until Commit (O_TMPFILE), so a
// process killed meanwhile (SIGKILL, the OOM killer) leaves nothing in the
// folder; where the file system has no O_TMPFILE, and elsewhere, they are
// written to a hidden temporary file beside path, which such a kill leaves.
func Create(path string, perm fs.FileMode) (*File, error) {
	target, err := Resolve(path)
	if err != nil {
		return nil, err
	}
	path = target
	if fi, err := os.Stat(path); err == nil {
		if !fi.Mode().IsRegular() {
			return nil, fmt.Errorf("%s: not a regular file", path)
		}
		perm = fi.Mode().Perm()
	}
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	tmp, err := openUnnamed(dir)
	unnamed := err == nil
	if !unnamed {
		tmp, err = os.CreateTemp(dir, "."+base+".tmp-*")
		if err != nil {
			return nil, err
		}
	}
	f := &File{path: path, perm: perm, tmp: tmp, w: tmp, unnamed: unnamed}
	if testWrap != nil {
		f.w = testWrap(tmp)
	}
	return f, nil
}

// maxLinks bounds the links Resolve follows, as the kernel does (ELOOP).
const maxLinks = 40

// Resolve returns the file a write to path lands on: path itself, or, when
// path is a symbolic link (or a chain of them), the file at the end of it,
// which may not exist yet. It refuses a chain that passes through /proc
// or /dev/fd (a file descriptor of this process, such as /dev/stdout) and
// one that ends on something that exists and is not a regular file.
//
// A path whose folder is in /proc or /dev/fd once its links are followed
// (/proc/self/fd/1, /dev/fd/1, a link to /dev/fd and a name in it), or on
// a proc file system mounted anywhere, is refused too, whatever it names:
// such a name is a descriptor of some process, and writing "through" it
// would replace the file that process writes to (standard output's
// ">> log", say).
func Resolve(path string) (string, error) {
	p := path
	for range maxLinks {
		if err := refuseStreamDir(path, p); err != nil {
			return "", err
		}
		fi, err := os.Lstat(p)
		if err != nil {
			return p, nil // nothing there yet (or unreadable: Create says why)
		}
		if fi.Mode()&fs.ModeSymlink == 0 {
			if !fi.Mode().IsRegular() {
				return "", fmt.Errorf("%s: not a regular file; refusing to replace it", path)
			}
			return p, nil
		}
		dest, err := os.Readlink(p)
		if err != nil {
			return "", err
		}
		if !filepath.IsAbs(dest) {
			dest = filepath.Join(filepath.Dir(p), dest)
		}
		dest = filepath.Clean(dest)
		for _, stream := range []string{"/proc/", "/dev/fd/"} {
			if strings.HasPrefix(dest+"/", stream) {
				return "", fmt.Errorf("%s: a link to %s, a stream of this process, not a file; to write to standard output leave out =PATH", path, dest)
			}
		}
		p = dest
	}
	return "", fmt.Errorf("%s: too many levels of symbolic links", path)
}

// refuseStreamDir is an error when p's folder is a folder of process
// descriptors (see Resolve); path is the name given, for the message.
func refuseStreamDir(path, p string) error {
	dir, err := filepath.Abs(filepath.Dir(p))
	if err != nil {
		return nil
	}
	if real, err := filepath.EvalSymlinks(dir); err == nil {
		dir = real
	}
	for _, stream := range []string{"/proc/", "/dev/fd/"} {
		if strings.HasPrefix(dir+"/", stream) {
			return fmt.Errorf("%s: in %s, a descriptor of a process, not a file; to write to standard output leave out =PATH", path, dir)
		}
	}
	if onProcFS(dir) {
		return fmt.Errorf("%s: in %s, on a proc file system, not a file", path, dir)
	}
	return nil
}

// Write writes to the new contents. After a first error every write fails
// with it, and so does Commit.
func (f *File) Write(p []byte) (int, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.err != nil {
		return 0, f.err
	}
	if f.done {
		return 0, fmt.Errorf("%s: write after Commit or Abort", f.path)
	}
	n, err := f.w.Write(p)
	if err == nil && n < len(p) {
		err = io.ErrShortWrite
	}
	if err != nil {
		f.err = fmt.Errorf("writing %s: %w", f.path, err)
	}
	return n, f.err
}

// Commit syncs the new contents and renames them over the file (on
// Linux, contents without a name are first linked beside it). When it
// fails, the file is as it was before Create.
func (f *File) Commit() error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.done {
		return fmt.Errorf("%s: Commit after Commit or Abort", f.path)
	}
	err := f.err
	if err == nil {
		err = f.tmp.Chmod(f.perm)
	}
	if err == nil && !f.noSync {
		err = f.tmp.Sync()
	}
	name := f.tmp.Name()
	if f.unnamed {
		name = "" // nothing to remove until it is linked
		if err == nil {
			name, err = f.link()
		}
	}
	if cerr := f.tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(name, f.path)
	}
	f.done = true
	if err != nil {
		if name != "" {
			os.Remove(name)
		}
		return err
	}
	if f.noSync {
		return nil
	}
	// Make the rename itself durable; a folder that cannot be synced
	// (some filesystems refuse) does not undo the write.
	if d, derr := os.Open(filepath.Dir(f.path)); derr == nil {
		d.Sync() //nolint:errcheck // see above
		d.Close()
	}
	return nil
}

// link names the unnamed tmp beside the file, with a name of its own,
// and returns the name ("" when it failed: nothing to remove).
func (f *File) link() (string, error) {
	dir, base := filepath.Split(f.path)
	var err error
	for range 100 {
		name := filepath.Join(dir, "."+base+".tmp-"+strconv.FormatUint(rand.Uint64(), 36))
		if err = linkUnnamed(f.tmp, name); err == nil {
			return name, nil
		}
		if !errors.Is(err, fs.ErrExist) {
			break
		}
	}
	return "", fmt.Errorf("naming the new contents of %s: %w", f.path, err)
}

// Abort drops the new contents and leaves the file as it was. It does
// nothing after Commit.
func (f *File) Abort() {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.done {
		return
	}
	f.done = true
	f.tmp.Close()
	if !f.unnamed {
		os.Remove(f.tmp.Name())
	}
}

// Write writes the file at path with what fill writes, atomically; see
// Create for perm. When fill or a write fails, the file is untouched.
func Write(path string, perm fs.FileMode, fill func(w io.Writer) error) error {
	f, err := Create(path, perm)
	if err != nil {
		return err
	}
	defer f.Abort()
	if err := fill(f); err != nil {
		return err
	}
	return f.Commit()
}

// WriteFile writes data to the file at path atomically; see Create for
// perm.
func WriteFile(path string, data []byte, perm fs.FileMode) error {
	return Write(path, perm, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}

// ResolveExisting follows the links of p: of the file when it exists
// (through Resolve, as a write would), else of its deepest existing
// folder.
func ResolveExisting(p string) (string, error) {
	target, err := Resolve(p)
	if err != nil {
		return "", err
	}
	if !filepath.IsAbs(target) {
		target, _ = filepath.Abs(target)
	}
	dir, rest := filepath.Dir(target), filepath.Base(target)
	for {
		if real, err := filepath.EvalSymlinks(dir); err == nil {
			return filepath.Join(real, rest), nil
		}
		if filepath.Dir(dir) == dir {
			return target, nil
		}
		rest = filepath.Join(filepath.Base(dir), rest)
		dir = filepath.Dir(dir)
	}
}
