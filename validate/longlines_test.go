package validate

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// TestLongLinesGated: -j does not multiply the memory long lines need.
// Checking a line takes memory in proportion to it, so lines longer than
// longBudget are checked one at a time whatever -j says: the reader may
// not read past the line after the one being reported until that one is
// done (at -j 4 it once read eight lines of 24 MiB ahead: 399 MB against
// 257 MB at -j 1).
//
// What is measured is bytes read, not peak memory: the peak of the same
// run moved by a whole line (103, 127 or 151 MB) with the timing of the
// garbage collector, more than the budget it had to hold. Bytes read are
// the same at any load: the check waits, while the first long line is
// being reported, for a state (the reader blocked on the budget, or the
// reader three lines ahead), never for a time.
func TestLongLinesGated(t *testing.T) {
	const lines = 6
	size := longBudget + longBudget/2 // a line that takes the whole budget
	text := strings.Repeat("x", size)
	var data bytes.Buffer
	data.WriteString(initLine + "\n")
	ends := []int64{int64(data.Len())} // ends[i]: the offset past line i+1
	for i := range lines {
		// No uuid: the full validator reads the whole line.
		fmt.Fprintf(&data, `{"type":"assistant","message":{"id":"m%d","type":"message","role":"assistant","model":"m","stop_reason":null,"stop_sequence":null,"usage":{"input_tokens":1,"output_tokens":1},"content":[{"type":"text","text":"%s"}]},"parent_tool_use_id":null,"session_id":"S"}`+"\n", i, text)
		ends = append(ends, int64(data.Len()))
	}
	v, err := New(Options{Jobs: 4, CLIVersion: "2.1.330"})
	if err != nil {
		t.Fatal(err)
	}
	in := &readCounter{r: bytes.NewReader(data.Bytes())}
	// While line 2 (the first long one) is reported it holds the budget:
	// line 3 may be read, and the read buffer's worth past it, no more.
	limit := ends[2] + readBuffer
	ahead := ends[4] // where a reader that ignores the budget gets to
	checked := 0
	_, err = v.RunEach(context.Background(), []Input{{Name: "long", Open: func() (io.ReadCloser, error) {
		return io.NopCloser(in), nil
	}}}, nil, func(lr LineResult) {
		checked++
		if lr.Line != 2 {
			return
		}
		for in.n.Load() < ahead && !blockedOn("(*gate).acquire") {
			time.Sleep(time.Millisecond)
		}
		n := in.n.Load()
		t.Logf("read %d bytes (into line %d) while line 2 was reported; limit %d", n, lineAt(ends, n), limit)
		if n > limit {
			t.Errorf("-j 4: the reader read past line 3 while line 2 was reported; want at most %d bytes (line 3 and a read buffer): long lines are not checked one at a time", limit)
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	if checked != lines+1 {
		t.Errorf("%d lines checked, want %d", checked, lines+1)
	}
}

// initLine is a system/init line of CLI 2.1.330.
const initLine = `{"type":"system","subtype":"init","cwd":"/x","session_id":"S","tools":[],"mcp_servers":[],"model":"m","permissionMode":"default","slash_commands":[],"apiKeySource":"none","claude_code_version":"2.1.330","output_style":"default","agents":[],"skills":[],"plugins":[],"uuid":"u-init"}`

// readCounter counts the bytes read from r.
type readCounter struct {
	r io.Reader
	n atomic.Int64
}

func (c *readCounter) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n.Add(int64(n))
	return n, err
}

// The state the test waits for names this method: renaming it breaks the
// build of the test rather than leaving it waiting.
var _ = (*gate).acquire

// blockedOn reports whether some goroutine is in the function named fn
// (a suffix of its qualified name) of this package.
func blockedOn(fn string) bool {
	buf := make([]byte, 1<<20)
	buf = buf[:runtime.Stack(buf, true)]
	return bytes.Contains(buf, []byte("protocheck/validate."+fn+"("))
}

// lineAt returns the 1-based line that offset n falls in.
func lineAt(ends []int64, n int64) int {
	for i, e := range ends {
		if n <= e {
			return i + 1
		}
	}
	return len(ends) + 1
}
