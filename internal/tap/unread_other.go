//go:build !linux

package tap

import "io"

// unread cannot tell here: the tap waits only for the stdin pump to be
// in a Read (see settleStdin).
func unread(io.Reader) (int, bool) { return 0, false }
