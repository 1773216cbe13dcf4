package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
)

// event is one line of go test -json (see go doc test2json).
type event struct {
	Action     string
	Package    string
	Test       string
	Output     string
	ImportPath string
}

// skip is a test that skipped, and why.
type skip struct {
	pkg, test, reason string
}

func main() {
	os.Exit(run(os.Stdin, os.Stdout))
}

func run(in io.Reader, out io.Writer) int {
	w := bufio.NewWriter(out)
	defer w.Flush()
	sc := bufio.NewScanner(in)
	sc.Buffer(nil, 64<<20)
	type key struct{ pkg, test string }
	logs := map[key][]string{} // the output of each running test
	var skips []skip
	failed, packages := false, 0
	for sc.Scan() {
		var e event
		if err := json.Unmarshal(sc.Bytes(), &e); err != nil {
			// Not an event (go test's own error, before any package ran).
			fmt.Fprintln(w, sc.Text())
			failed = true
			continue
		}
		k := key{e.Package, e.Test}
		switch e.Action {
		case "build-output":
			fmt.Fprint(w, e.Output)
		case "build-fail":
			failed = true
		case "output":
			if e.Test == "" {
				// The package's own lines: ok, FAIL, panics, TestMain's
				// output. The "PASS"/"FAIL" line go test -v would print
				// before ok is dropped, as go test does without -v.
				if s := strings.TrimSpace(e.Output); s != "PASS" && s != "FAIL" {
					fmt.Fprint(w, e.Output)
				}
				continue
			}
			logs[k] = append(logs[k], e.Output)
		case "fail":
			if e.Test == "" {
				failed = true
				packages++
				continue
			}
			for _, l := range logs[k] {
				if !strings.HasPrefix(strings.TrimSpace(l), "=== ") {
					fmt.Fprint(w, l)
				}
			}
			delete(logs, k)
		case "skip":
			if e.Test == "" {
				packages++ // no test files, or every test filtered out
				continue
			}
			skips = append(skips, skip{e.Package, e.Test, reason(logs[k])})
			delete(logs, k)
		case "pass":
			if e.Test == "" {
				packages++
			}
			delete(logs, k)
		}
		w.Flush()
	}
	if err := sc.Err(); err != nil {
		fmt.Fprintf(w, "testsum: reading go test -json: %v\n", err)
		return 1
	}
	if len(skips) > 0 {
		sort.Slice(skips, func(i, j int) bool {
			if skips[i].pkg != skips[j].pkg {
				return skips[i].pkg < skips[j].pkg
			}
			return skips[i].test < skips[j].test
		})
		fmt.Fprintf(w, "\n%d %s skipped:\n", len(skips), plural(len(skips), "test", "tests"))
		for _, s := range skips {
			fmt.Fprintf(w, "  %s %s: %s\n", s.pkg, s.test, s.reason)
		}
	}
	if packages == 0 {
		fmt.Fprintln(w, "testsum: no package was tested")
		return 1
	}
	if failed {
		return 1
	}
	return 0
}

// reason is what a skipped test said last before it skipped: the
// message of its t.Skip, without the file and line.
func reason(lines []string) string {
	for i := len(lines) - 1; i >= 0; i-- {
		l := strings.TrimSpace(lines[i])
		if l == "" || strings.HasPrefix(l, "=== ") || strings.HasPrefix(l, "--- SKIP") {
			continue
		}
		if _, msg, ok := strings.Cut(l, ".go:"); ok {
			if _, rest, ok := strings.Cut(msg, ": "); ok {
				return rest
			}
		}
		return l
	}
	return "(no reason given)"
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
