//go:build !linux

package atomicfile

// onProcFS reports whether dir is on a proc file system: known on Linux
// only.
func onProcFS(string) bool { return false }
