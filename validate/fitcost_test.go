package validate

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/protocheck/protocheck/validate/internal/fastpath"
)

// costInputs are five-line transcripts with no init, made of real
// capture lines, and the version --cli-version names for each.
var costInputs = []struct {
	name, version string
	text          func(t testing.TB) []byte
}{
	{"2.1.330 valid", "2.1.330", func(t testing.TB) []byte { return captureHead(t, "2.1.330", "tool_bash.jsonl", 5, nil) }},
	{"2.1.330 invalid", "2.1.330", func(t testing.TB) []byte {
		return captureHead(t, "2.1.330", "tool_bash.jsonl", 5, func(l string) string {
			return strings.Replace(l, `"session_id":"`, `"session_id":7,"x":"`, 1)
		})
	}},
	{"1.0.128 valid", "1.0.128", func(t testing.TB) []byte { return captureHead(t, "1.0.128", "background_bash.jsonl", 5, nil) }},
}

// captureLines returns the first n lines of a committed capture that are
// not its init, each edited by edit when not nil.
func captureHead(t testing.TB, version, file string, n int, edit func(string) string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "corpus", "captures", version, file))
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	for l := range strings.Lines(string(data)) {
		if n == 0 {
			break
		}
		if isInit([]byte(l)) || strings.TrimSpace(l) == "" {
			continue
		}
		if edit != nil {
			l = edit(l)
		}
		b.WriteString(l)
		n--
	}
	return b.Bytes()
}

// TestNoInitCost: a short input with no init costs at most twice the CPU
// time and peak memory of the same input with --cli-version, each checked
// by a process of its own as the command line checks it (so that nothing
// is compiled ahead): the best of three runs each. Best fit reads the
// definitions of every set, but compiles only scan programs of the
// variants the input has, and a full schema of the chosen set alone.
func TestNoInitCost(t *testing.T) {
	if testing.Short() {
		t.Skip("timing")
	}
	if !haveRusage {
		t.Skip("no resource usage of a child process here")
	}
	for _, in := range costInputs {
		t.Run(in.name, func(t *testing.T) {
			file := filepath.Join(t.TempDir(), "in.jsonl")
			if err := os.WriteFile(file, in.text(t), 0o644); err != nil {
				t.Fatal(err)
			}
			// Memory is the bytes the child allocated (the same for the
			// same input and code, whatever the load), not its peak RSS,
			// which moves with the collector's timing; the peak is logged.
			measure := func(version string) (cpu time.Duration, alloc uint64, rss int64) {
				cpu, alloc, rss = time.Duration(1<<62), 1<<62, 1<<62
				for range 3 {
					cmd := exec.Command(os.Args[0], "-test.run=^TestNoInitCostChild$")
					cmd.Env = append(os.Environ(), "PROTOCHECK_COST_FILE="+file, "PROTOCHECK_COST_VERSION="+version)
					out, err := cmd.CombinedOutput()
					if err != nil {
						t.Fatalf("child: %v\n%s", err, out)
					}
					var a uint64
					if i := bytes.Index(out, []byte(costAllocPrefix)); i < 0 {
						t.Fatalf("child printed no allocation:\n%s", out)
					} else if _, err := fmt.Sscan(string(out[i+len(costAllocPrefix):]), &a); err != nil {
						t.Fatalf("child's allocation: %v\n%s", err, out)
					}
					c, kb := childUsage(cmd.ProcessState)
					cpu, alloc, rss = min(cpu, c), min(alloc, a), min(rss, kb)
				}
				return cpu, alloc, rss
			}
			autoCPU, autoAlloc, autoRSS := measure("")
			flagCPU, flagAlloc, flagRSS := measure(in.version)
			t.Logf("no init: %v CPU, %d B allocated, %d KB peak; --cli-version %s: %v CPU, %d B, %d KB (%.2fx, %.2fx, %.2fx; load %s)",
				autoCPU, autoAlloc, autoRSS, in.version, flagCPU, flagAlloc, flagRSS,
				float64(autoCPU)/float64(flagCPU), float64(autoAlloc)/float64(flagAlloc), float64(autoRSS)/float64(flagRSS), loadavg())
			if autoCPU > 2*flagCPU {
				t.Errorf("no init: %v of CPU, more than twice the %v with --cli-version %s", autoCPU, flagCPU, in.version)
			}
			if autoAlloc > 2*flagAlloc {
				t.Errorf("no init: %d bytes allocated, more than twice the %d with --cli-version %s", autoAlloc, flagAlloc, in.version)
			}
		})
	}
}

// TestNoInitCostChild is TestNoInitCost's child: it checks one file as
// validate does, and exits.
func TestNoInitCostChild(t *testing.T) {
	file := os.Getenv("PROTOCHECK_COST_FILE")
	if file == "" {
		t.Skip("run by TestNoInitCost")
	}
	if err := checkFile(file, os.Getenv("PROTOCHECK_COST_VERSION")); err != nil {
		t.Fatal(err)
	}
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	fmt.Printf("%s%d\n", costAllocPrefix, ms.TotalAlloc)
}

// costAllocPrefix starts the line on which TestNoInitCostChild prints the
// bytes it allocated.
const costAllocPrefix = "protocheck-cost-alloc "

func checkFile(file, version string) error {
	v, err := New(Options{CLIVersion: version})
	if err != nil {
		return err
	}
	in := Input{Name: file, Open: func() (io.ReadCloser, error) { return os.Open(file) }}
	sum, err := v.Run(context.Background(), []Input{in}, func(Finding) {})
	if err == nil && len(sum.FileSets) != 1 {
		err = fmt.Errorf("file sets %+v", sum.FileSets)
	}
	return err
}

// BenchmarkNoInit measures checking a short input with no init, and the
// same with --cli-version, from nothing compiled (the process-wide
// caches emptied each time), as a run of the command line does.
func BenchmarkNoInit(b *testing.B) {
	for _, in := range costInputs {
		text := in.text(b)
		for _, mode := range []string{"auto", "flag"} {
			b.Run(in.name+"/"+mode, func(b *testing.B) {
				version := ""
				if mode == "flag" {
					version = in.version
				}
				b.ReportAllocs()
				for b.Loop() {
					resetShared()
					v, err := New(Options{CLIVersion: version})
					if err != nil {
						b.Fatal(err)
					}
					in := Input{Name: "in", Open: func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(text)), nil }}
					if _, err := v.Run(context.Background(), []Input{in}, func(Finding) {}); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// resetShared empties the caches every run of the process shares.
func resetShared() {
	sharedSets.mu.Lock()
	sharedSets.m = map[string]*made[*Validator]{}
	sharedSets.mu.Unlock()
	sharedFit.mu.Lock()
	sharedFit.docs, sharedFit.progs, sharedFit.ids = map[string]*made[*setDoc]{}, map[string]*made[*fastpath.Node]{}, map[string]uint64{}
	sharedFit.mu.Unlock()
}

// TestNoInitCompilesOneSet: checking lines that fail, in an input with no
// init, compiles the validator (and full schemas) of the chosen set
// alone, not of every set it was scored against.
func TestNoInitCompilesOneSet(t *testing.T) {
	resetShared()
	defer resetShared()
	for _, in := range costInputs {
		text := in.text(t)
		fs, sum := runOn(t, Options{}, []Input{{Name: "in", Open: func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(text)), nil }}})
		if in.name == "2.1.330 invalid" && sum.Errors == 0 {
			t.Fatalf("%s: no error (%d findings)", in.name, len(fs))
		}
		sharedSets.mu.Lock()
		var built []string
		for k, m := range sharedSets.m {
			if m.val != nil {
				built = append(built, k)
			}
		}
		sharedSets.mu.Unlock()
		if len(built) > 1 {
			t.Errorf("%s: %d set validators built, want at most the chosen one (%s): %v", in.name, len(built), sum.FileSets[0].Set, built)
		}
		resetShared()
	}
}
