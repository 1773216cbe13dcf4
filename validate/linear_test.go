package validate

import (
	"context"
	"fmt"
	"os"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/protocheck/protocheck/validate/internal/fastpath"
)

// usageLine is a valid result/success line; %s is the value of modelUsage.
const usageLine = `{"type":"result","subtype":"success","duration_ms":1,"duration_api_ms":1,"is_error":false,"num_turns":1,"result":"","total_cost_usd":0,"usage":{"input_tokens":1,"output_tokens":1},"modelUsage":%s,"permission_denials":[],"stop_reason":null,"uuid":"u","session_id":"s"}`

// hostileLines build lines of one shape in a size given by n: each row's
// cost must grow linearly with n.
var hostileLines = []struct {
	name string
	opts Options
	line func(n int) string
}{
	{"undeclared members", Options{}, func(n int) string {
		var b strings.Builder
		b.WriteString(`{"type":"keep_alive"`)
		for i := range n {
			fmt.Fprintf(&b, `,"u%d":0`, i)
		}
		b.WriteString("}")
		return b.String()
	}},
	{"undeclared members shown", Options{ShowUnknown: true}, func(n int) string {
		var b strings.Builder
		b.WriteString(`{"type":"keep_alive"`)
		for i := range n {
			fmt.Fprintf(&b, `,"u%d":0`, i)
		}
		b.WriteString("}")
		return b.String()
	}},
	{"findings: content blocks without a type, past the cap", Options{MaxFindingsPerLine: 100}, func(n int) string {
		return `{"type":"user","message":{"role":"user","content":[` +
			strings.TrimSuffix(strings.Repeat(`{},`, n), ",") + `]},"parent_tool_use_id":null}`
	}},
	{"findings: content blocks without text", Options{}, func(n int) string {
		return `{"type":"user","message":{"role":"user","content":[` +
			strings.TrimSuffix(strings.Repeat(`{"type":"text"},`, n), ",") + `]},"parent_tool_use_id":null}`
	}},
}

// TestLinearTime: checking a line costs time linear in its size, whatever
// its shape. Each row checks a line of n and of 8n units; a linear check
// takes about 8 times longer on the second, a quadratic one 64 times. The
// test fails above 24. The time is the CPU time of the checking thread
// (wall time where that is unknown), the best of five runs, after a
// collection: the machine's load does not move it. A row that still
// measures above 24 is measured again, up to three times, and fails only
// when every attempt does; each retry is logged with its figures and the
// load average.
func TestLinearTime(t *testing.T) {
	if testing.Short() {
		t.Skip("timing")
	}
	const n, attempts = 1000, 3
	for _, tt := range hostileLines {
		t.Run(tt.name, func(t *testing.T) {
			v, err := New(tt.opts)
			if err != nil {
				t.Fatal(err)
			}
			small, large := []byte(tt.line(n)), []byte(tt.line(8*n))
			perMB := func(d time.Duration, size int) float64 { return d.Seconds() / (float64(size) / (1 << 20)) }
			var why []string
			for a := range attempts {
				ts, clock := bestOf5(v, small)
				tl, _ := bestOf5(v, large)
				ratio := float64(tl) / float64(ts)
				t.Logf("%s time: n=%d: %d bytes in %v (%.3f s/MB); n=%d: %d bytes in %v (%.3f s/MB): %.1fx",
					clock, n, len(small), ts, perMB(ts, len(small)), 8*n, len(large), tl, perMB(tl, len(large)), ratio)
				if ratio <= 24 {
					return
				}
				why = append(why, fmt.Sprintf("attempt %d: 8x the size took %.1fx the %s time (%v, then %v; load %s)", a+1, ratio, clock, ts, tl, loadavg()))
				t.Logf("retrying: %s", why[len(why)-1])
			}
			t.Errorf("not linear on any of %d attempts:\n%s", attempts, strings.Join(why, "\n"))
		})
	}
}

// bestOf5 returns the least time of five checks of line, and the clock it
// read: "CPU" (the thread's) or "wall".
func bestOf5(v *Validator, line []byte) (time.Duration, string) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	var s scanner
	var r lineResult
	best := time.Duration(1 << 62)
	clock := "CPU"
	for range 5 {
		runtime.GC() // a collection the line did not cause is not its cost
		c0, ok := threadCPU()
		start := time.Now()
		v.checkLine(&s, "t", 1, line, &r)
		d := time.Since(start)
		if c1, ok1 := threadCPU(); ok && ok1 {
			d = c1 - c0
		} else {
			clock = "wall"
		}
		best = min(best, d)
	}
	return best, clock
}

// loadavg is the machine's load average, for the log of a timing test.
func loadavg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	f := strings.Fields(string(b))
	return strings.Join(f[:min(3, len(f))], " ")
}

// lineFinding is what tests assert of a finding: its rule and place.
type lineFinding struct {
	Rule, Pointer string
	Column        int
}

func checkOne(t *testing.T, v *Validator, line string) []lineFinding {
	t.Helper()
	var s scanner
	var r lineResult
	v.checkLineSafe(&s, "t", 1, []byte(line), &r)
	var out []lineFinding
	for _, f := range r.findings {
		out = append(out, lineFinding{f.Rule, f.Pointer, f.Column})
	}
	return out
}

// TestDuplicateUndeclared: a member name given twice is found among any
// number of undeclared members, in the object that has it only.
func TestDuplicateUndeclared(t *testing.T) {
	members := func(n int) string {
		var b strings.Builder
		for i := range n {
			fmt.Fprintf(&b, `,"u%d":0`, i)
		}
		return b.String()
	}
	tests := []struct {
		name, line string
		want       []string // pointers of input/duplicate-key findings
		reason     string
	}{
		{name: "few", line: `{"type":"keep_alive","a":1,"b":2,"a":3}`, want: []string{"/a"}},
		{name: "many", line: `{"type":"keep_alive"` + members(30) + `,"u20":1,"u29":1}`, want: []string{"/u20", "/u29"},
			reason: "past otherSetMin names, a set finds them"},
		{name: "just past the set", line: `{"type":"keep_alive"` + members(fastpath.OtherSetMin) + `,"u0":1,"x":1,"x":2}`, want: []string{"/u0", "/x"}},
		{name: "no duplicate", line: `{"type":"keep_alive"` + members(50) + `}`},
		{name: "same name in two objects", line: strings.Replace(fmt.Sprintf(usageLine, `{}`), `"output_tokens":1}`, `"output_tokens":1`+members(20)+`}`+members(20), 1),
			reason: "each object has its own names"},
	}
	v, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, f := range checkOne(t, v, tt.line) {
				if f.Rule == RuleDuplicateKey.ID {
					got = append(got, f.Pointer)
				}
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("checkLine(%.60s...) mismatch (-want +got): %s\n%s", tt.line, tt.reason, diff)
			}
		})
	}
}

// TestManyVersionsLinear: a run over init lines that each name another
// claude_code_version costs time linear in their number (the versions
// the summary lists are looked up, not searched). n lines and 4n are
// checked; a linear run takes about 4 times longer on the second, a
// quadratic one 16 times. The test fails above 8, on every one of three
// attempts. The time is the process's CPU time (wall time where that is
// unknown), the best of three runs.
func TestManyVersionsLinear(t *testing.T) {
	if testing.Short() {
		t.Skip("timing")
	}
	data, err := os.ReadFile("../corpus/captures/2.1.330/hello_text.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	init, _, _ := strings.Cut(string(data), "\n")
	if !strings.Contains(init, `"claude_code_version":"2.1.330"`) {
		t.Fatal("the capture's first line is not an init of 2.1.330")
	}
	v, err := New(Options{NoCrossLine: true})
	if err != nil {
		t.Fatal(err)
	}
	input := func(n int) string {
		var b strings.Builder
		for i := range n {
			b.WriteString(strings.Replace(init, `"claude_code_version":"2.1.330"`, fmt.Sprintf(`"claude_code_version":"2.1.330.%d"`, i), 1))
			b.WriteByte('\n')
		}
		return b.String()
	}
	run := func(text string) (time.Duration, string) {
		best, clock := time.Duration(1<<62), "CPU"
		for range 3 {
			runtime.GC()
			c0, ok := processCPU()
			start := time.Now()
			sum, err := v.Stream(context.Background(), "t.jsonl", strings.NewReader(text), func(Finding) {})
			d := time.Since(start)
			if c1, ok1 := processCPU(); ok && ok1 {
				d = c1 - c0
			} else {
				clock = "wall"
			}
			if err != nil || sum.Errors != 0 || len(sum.CLIVersions) != strings.Count(text, "\n") {
				t.Fatalf("%d errors, %d versions listed (%v)", sum.Errors, len(sum.CLIVersions), err)
			}
			best = min(best, d)
		}
		return best, clock
	}
	const n = 10000
	small, large := input(n), input(4*n)
	var why []string
	for a := range 3 {
		ts, clock := run(small)
		tl, _ := run(large)
		ratio := float64(tl) / float64(ts)
		t.Logf("%s time: %d versions in %v, %d in %v: %.1fx", clock, n, ts, 4*n, tl, ratio)
		if ratio <= 8 {
			return
		}
		why = append(why, fmt.Sprintf("attempt %d: 4 times the versions took %.1fx the %s time (%v, then %v; load %s)", a+1, ratio, clock, ts, tl, loadavg()))
	}
	t.Errorf("not linear in the versions on any attempt:\n%s", strings.Join(why, "\n"))
}
