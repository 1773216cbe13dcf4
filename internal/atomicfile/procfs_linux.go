package atomicfile

import (
	"fmt"
	"os"
	"path/filepath"
	"syscall"
	"unsafe"
)

// onProcFS reports whether dir is on a proc file system (however it is
// mounted).
func onProcFS(dir string) bool {
	const procSuperMagic = 0x9fa0
	var st syscall.Statfs_t
	return syscall.Statfs(dir, &st) == nil && st.Type == procSuperMagic
}

// oTmpfile is O_TMPFILE: __O_TMPFILE (the same on every Linux port Go
// has) with O_DIRECTORY. A kernel without it sees O_DIRECTORY|O_RDWR and
// fails with EISDIR.
const oTmpfile = 0x400000 | syscall.O_DIRECTORY

// openUnnamed opens a new file without a name in dir (O_TMPFILE): one that
// a SIGKILL leaves nothing of. It fails where the kernel, the file system
// or a missing /proc (needed by linkUnnamed) does not allow it.
func openUnnamed(dir string) (*os.File, error) {
	if _, err := os.Stat("/proc/self/fd"); err != nil {
		return nil, err
	}
	fd, err := syscall.Open(dir, oTmpfile|syscall.O_RDWR|syscall.O_CLOEXEC, 0o600)
	if err != nil {
		return nil, &os.PathError{Op: "open O_TMPFILE", Path: dir, Err: err}
	}
	return os.NewFile(uintptr(fd), filepath.Join(dir, "(unnamed)")), nil
}

// linkUnnamed gives f, opened by openUnnamed, the name newpath (which
// must not exist): linkat through /proc/self/fd.
func linkUnnamed(f *os.File, newpath string) error {
	const atFdcwd, atSymlinkFollow = -100, 0x400
	old, err := syscall.BytePtrFromString(fmt.Sprintf("/proc/self/fd/%d", f.Fd()))
	if err != nil {
		return err
	}
	dst, err := syscall.BytePtrFromString(newpath)
	if err != nil {
		return err
	}
	fd := atFdcwd
	_, _, errno := syscall.Syscall6(syscall.SYS_LINKAT, uintptr(fd), uintptr(unsafe.Pointer(old)),
		uintptr(fd), uintptr(unsafe.Pointer(dst)), atSymlinkFollow, 0)
	if errno != 0 {
		return &os.LinkError{Op: "linkat", Old: f.Name(), New: newpath, Err: errno}
	}
	return nil
}
