package tap

import (
	"io"
	"os"
	"syscall"
	"unsafe"
)

// unread returns the bytes waiting to be read in r, when r is a pipe (or
// another file FIONREAD answers for), and whether it could tell.
func unread(r io.Reader) (int, bool) {
	f, ok := r.(*os.File)
	if !ok {
		return 0, false
	}
	rc, err := f.SyscallConn()
	if err != nil {
		return 0, false
	}
	const fionread = 0x541B
	var n int32
	var errno syscall.Errno
	if err := rc.Control(func(fd uintptr) {
		_, _, errno = syscall.Syscall(syscall.SYS_IOCTL, fd, fionread, uintptr(unsafe.Pointer(&n)))
	}); err != nil || errno != 0 {
		return 0, false
	}
	return int(n), true
}
