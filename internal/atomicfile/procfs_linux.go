package atomicfile

import "syscall"

// onProcFS reports whether dir is on a proc file system (however it is
// mounted).
func onProcFS(dir string) bool {
	const procSuperMagic = 0x9fa0
	var st syscall.Statfs_t
	return syscall.Statfs(dir, &st) == nil && st.Type == procSuperMagic
}
